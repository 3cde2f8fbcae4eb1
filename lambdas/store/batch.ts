// Owns DynamoDB's batch calls: every item at a list of keys (100 keys a call, unprocessed keys asked
// again), and writing a list of items (25 a call). Consistent reads: a command computes from them.
import { BatchGetCommand, type BatchGetCommandInput, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';
import type { ItemKey } from './keys.ts';

export type Item = Record<string, unknown>;

export function chunked<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** `PK|SK`: how a batch's answers are matched to the keys asked for. */
export const keyId = (key: ItemKey | Item): string => `${key.PK as string}|${key.SK as string}`;

/** The items at `keyList` (missing ones are simply absent), whole or only the named `attributes`. */
export async function batchGet(
  doc: DocumentClient,
  tableName: string,
  keyList: readonly ItemKey[],
  attributes?: readonly string[],
): Promise<Item[]> {
  const out: Item[] = [];
  const unique = [...new Map(keyList.map((k) => [keyId(k), k])).values()];
  // Names go through placeholders: some (data) are DynamoDB reserved words.
  const projection = attributes && {
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
  };
  for (const batch of chunked(unique, 100)) {
    let request: BatchGetCommandInput['RequestItems'] = {
      [tableName]: { Keys: batch, ConsistentRead: true, ...projection },
    };
    for (let attempt = 0; request && Object.keys(request).length && attempt < 20; attempt++) {
      const res = await doc.send(new BatchGetCommand({ RequestItems: request }));
      out.push(...(res.Responses?.[tableName] ?? []));
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return out;
}

/** Writes whole items (idempotent puts only: a batch write has no conditions). */
export async function batchPut(doc: DocumentClient, tableName: string, items: readonly Item[]): Promise<void> {
  for (const batch of chunked(items, 25)) {
    let request: Record<string, { PutRequest: { Item: Item } }[]> | undefined = {
      [tableName]: batch.map((Item) => ({ PutRequest: { Item } })),
    };
    for (let attempt = 0; request && Object.keys(request).length && attempt < 20; attempt++) {
      const res = await doc.send(new BatchWriteCommand({ RequestItems: request }));
      request = res.UnprocessedItems as typeof request;
    }
  }
}
