// The store's public surface: handlers import from here. Key design and access patterns: ./keys.ts.
export { createDocumentClient, type ClientOptions, type DocumentClient } from './client.ts';
export { commit, MAX_TRANSACTION_ITEMS, type CommitOptions, type TransactItem } from './commit.ts';
export { ConflictError, StoreError, isConflict, type StoreErrorCode } from './errors.ts';
export {
  Idempotency,
  type BeginResult,
  type IdempotencyClaim,
  type IdempotencyOptions,
  type IdempotencyRequest,
  type Plan,
} from './idempotency.ts';
export { keys, part, partitions, prefixes, TTL_ATTRIBUTE, type ItemKey } from './keys.ts';
export { assertMinorUnits, assertPositiveMinorUnits } from './money.ts';
export { retryOnConflict, type RetryOptions } from './retry.ts';
export { createTable, deleteTable, TABLE_KEY_SCHEMA } from './table.ts';
export {
  DynamoWallet,
  type CreditInput,
  type LedgerEntry,
  type WalletChange,
  type WalletPort,
  type WalletState,
} from './wallet.ts';
