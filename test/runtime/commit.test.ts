// commit() never splits a transaction and says clearly when a caller built a wrong one.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ConflictError, commit, keys, MAX_TRANSACTION_ITEMS, type TransactItem } from '../../lambdas/store/index.ts';
import { freshTable, type TestTable } from '../setup/dynamo.ts';

let table: TestTable;
beforeAll(async () => {
  table = await freshTable('commit');
});
afterAll(async () => table?.drop());

const put = (roundId: string, condition?: string): TransactItem => ({
  Put: { TableName: table.tableName, Item: { ...keys.round(roundId), version: 1 }, ConditionExpression: condition },
});

test('100 items commit as one transaction', async () => {
  await commit(
    table.doc,
    Array.from({ length: MAX_TRANSACTION_ITEMS }, (_, i) => put(`r${i}`)),
  );
  for (const id of ['r0', `r${MAX_TRANSACTION_ITEMS - 1}`]) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.round(id), ConsistentRead: true }),
    );
    expect(Item?.version).toBe(1);
  }
});

test('101 items are refused with a clear error and nothing is written', async () => {
  const items = Array.from({ length: 101 }, (_, i) => put(`big${i}`));
  await expect(commit(table.doc, items)).rejects.toMatchObject({
    code: 'transaction-too-large',
    message: expect.stringContaining('at most 100'),
  });
});

test('two writes to one item are refused before DynamoDB sees them', async () => {
  await expect(commit(table.doc, [put('dup'), put('dup')])).rejects.toMatchObject({
    code: 'duplicate-transaction-item',
  });
});

test('a failed condition becomes a ConflictError naming the item, and nothing is written', async () => {
  await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { ...keys.round('taken'), version: 3 } }));
  const error = await commit(table.doc, [put('fresh'), put('taken', 'attribute_not_exists(PK)')]).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConflictError);
  expect((error as ConflictError).failedItems).toEqual([1]);
  const fresh = await table.doc.send(new GetCommand({ TableName: table.tableName, Key: keys.round('fresh') }));
  expect(fresh.Item).toBeUndefined();
});

test('an id containing the key separator cannot forge another key', () => {
  expect(keys.wallet('a#WALLET', 'real').PK).not.toBe(keys.wallet('a', 'real').PK);
  expect(keys.idempotency('a#b', 'c').PK).not.toBe(keys.idempotency('a', 'b#c').PK);
});
