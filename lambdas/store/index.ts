// The store's public surface: handlers import from here. Key design and access patterns: ./keys.ts.
export { type ClientOptions, createDocumentClient, type DocumentClient } from './client.ts';
export { type CommitOptions, commit, MAX_TRANSACTION_ITEMS, type TransactItem } from './commit.ts';
export { OperatorCredits } from './credits.ts';
export { ConflictError, isConflict, StoreError, type StoreErrorCode } from './errors.ts';
export {
  type BeginResult,
  Idempotency,
  type IdempotencyClaim,
  type IdempotencyOptions,
  type IdempotencyRequest,
  type Plan,
} from './idempotency.ts';
export {
  type ItemKey,
  keys,
  part,
  partitions,
  prefixes,
  TABLE_KEY_SCHEMA,
  TTL_ATTRIBUTE,
  type WalletSpace,
} from './keys.ts';
export type { Lease } from './lease.ts';
export { assertMinorUnits, assertPositiveMinorUnits } from './money.ts';
export { PackArtifacts } from './packs.ts';
export { type Steps, type WritePlan, walletVersionsAfter } from './plan.ts';
export { queryItems } from './query.ts';
export { type RetryOptions, retryOnConflict } from './retry.ts';
export { RoundStore, type RoundStoreOptions } from './rounds.ts';
export type { Loaded, TableItem } from './snapshot.ts';
export { assembleState, type PlayerPart, type RoundShared, splitState } from './split.ts';
export type { Step, StepInput } from './step.ts';
export { createTable, deleteTable } from './table.ts';
export {
  type CreditInput,
  DynamoWallet,
  type LedgerEntry,
  type WalletChange,
  type WalletPort,
  type WalletState,
} from './wallet.ts';
