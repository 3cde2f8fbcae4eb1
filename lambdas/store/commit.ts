// Owns committing a caller's write set as ONE TransactWriteItems: never split (atomicity is the
// point), at most 100 items, and a failed condition turned into a typed ConflictError.
import { TransactionCanceledException, TransactionConflictException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';
import { ConflictError, StoreError } from './errors.ts';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const MAX_TRANSACTION_ITEMS = 100;

function itemIdentity(item: TransactItem): string | undefined {
  const op = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
  if (!op) return undefined;
  const key = 'Item' in op ? op.Item : op.Key;
  return key ? `${op.TableName}|${String(key.PK)}|${String(key.SK)}` : undefined;
}

export interface CommitOptions {
  /** Makes a retried call of the same commit a no-op within DynamoDB's 10-minute window. */
  clientRequestToken?: string;
}

export async function commit(doc: DocumentClient, items: TransactItem[], options: CommitOptions = {}): Promise<void> {
  if (items.length === 0) return;
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new StoreError(
      'transaction-too-large',
      `a transaction holds at most ${MAX_TRANSACTION_ITEMS} items; this one has ${items.length} (batch the work, e.g. settle players in pages)`,
    );
  }
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const id = itemIdentity(item);
    if (id === undefined) return;
    const first = seen.get(id);
    if (first !== undefined) {
      throw new StoreError('duplicate-transaction-item', `items ${first} and ${index} both write ${id}; merge them`);
    }
    seen.set(id, index);
  });

  try {
    await doc.send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: options.clientRequestToken }));
  } catch (error) {
    throw toConflict(error) ?? error;
  }
}

// Both a failed condition and a concurrent transaction on the same item mean "someone else wrote
// first": the caller reloads and re-applies. Anything else (validation, throttling) stays as is.
function toConflict(error: unknown): ConflictError | undefined {
  if (error instanceof TransactionConflictException) {
    return new ConflictError('another transaction is writing the same items');
  }
  if (!(error instanceof TransactionCanceledException)) return undefined;
  const reasons = error.CancellationReasons ?? [];
  const failed: number[] = [];
  let retryable = reasons.length > 0;
  reasons.forEach((reason, index) => {
    const code = reason.Code ?? 'None';
    if (code === 'None') return;
    failed.push(index);
    if (code !== 'ConditionalCheckFailed' && code !== 'TransactionConflict') retryable = false;
  });
  if (!retryable || failed.length === 0) return undefined;
  const codes = reasons.map((reason) => reason.Code ?? 'None');
  return new ConflictError(
    `the transaction was cancelled: ${failed.map((i) => `item ${i} ${codes[i]}`).join(', ')}`,
    failed,
    codes,
  );
}
