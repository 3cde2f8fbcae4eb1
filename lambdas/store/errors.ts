// Owns the store's one error type. Codes are stable: lambdas/http/errors.ts maps them to statuses.
export type StoreErrorCode =
  | 'conflict' // a version condition failed or another transaction held an item: reload and re-apply
  | 'transaction-too-large' // a caller built more than 100 items: a programming error, never split silently
  | 'duplicate-transaction-item' // two writes to one item in one transaction: a programming error
  | 'invalid-amount' // money that is not a safe integer of minor units, or of the wrong sign
  | 'invalid-input' // a required field is missing or empty (e.g. an operator credit without a reason)
  | 'insufficient-funds'
  | 'idempotency-in-progress' // the first request with this key is still running
  | 'idempotency-key-reused' // same key, different request
  | 'table-not-found'
  | 'table-exists'
  | 'table-limit' // a player already has the most solo tables of their own
  | 'round-not-found'
  | 'pack-not-found'; // a round started under a pack that was never stored: a 500 (it should not happen)

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export class ConflictError extends StoreError {
  constructor(
    message: string,
    /** Indexes (in the committed list) of the items whose condition failed or that were contended. */
    readonly failedItems: number[] = [],
    /** DynamoDB's cancellation reason per item (`None`, `ConditionalCheckFailed`, `TransactionConflict`). */
    readonly reasons: string[] = [],
  ) {
    super('conflict', message);
    this.name = 'ConflictError';
  }
}

export function isConflict(error: unknown): error is ConflictError {
  return error instanceof ConflictError;
}
