// The local stream poller (server/stream-poller.ts) hands over every record written after it
// started, in order, on a table whose stream was just turned on. DynamoDB Local numbers stream
// records across all its tables: a LATEST iterator taken on an empty shard is refused
// (TrimmedDataAccessException) once other tables' records moved the numbers on before this shard's
// first record. The poller must take the shard again, not wedge, or push never hears of a change.

import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enableStream, pollStream, type StreamPoller } from '../../server/stream-poller.ts';
import { dynamoEndpoint, freshTable, type TestTable } from '../setup/dynamo.ts';

describe('stream poller on DynamoDB Local', () => {
  let table: TestTable;
  let other: TestTable;
  let poller: StreamPoller | undefined;
  beforeAll(async () => {
    // Another table's stream first, with a record: the table under test's shard starts further on.
    other = await freshTable('stream-other');
    await enableStream(other.doc, other.tableName);
    await other.doc.send(new PutCommand({ TableName: other.tableName, Item: { PK: 'P', SK: 'S' } }));
    table = await freshTable('stream');
  });
  afterAll(async () => {
    await poller?.stop();
    await table.drop();
    await other.drop();
  });

  test('a fresh table: every record written after the poller started, in order, none twice', async () => {
    const streamArn = await enableStream(table.doc, table.tableName);
    const seen: string[] = [];
    poller = pollStream({
      endpoint: dynamoEndpoint(),
      streamArn,
      onRecords: async (records: _Record[]) => {
        for (const r of records) seen.push(r.dynamodb!.Keys!.SK!.S!);
      },
    });
    // Let it take its first iterators on the empty stream, then write.
    await new Promise((done) => setTimeout(done, 1500));
    // Records of another table in between: the shard's first record comes numbers after its start.
    for (let i = 0; i < 5; i++)
      await other.doc.send(new PutCommand({ TableName: other.tableName, Item: { PK: 'P', SK: `S${i}` } }));
    const written = Array.from({ length: 30 }, (_, i) => `ITEM#${String(i).padStart(2, '0')}`);
    for (const sk of written)
      await table.doc.send(new PutCommand({ TableName: table.tableName, Item: { PK: 'P', SK: sk } }));
    await expect.poll(() => seen.length, { timeout: 20_000, interval: 100 }).toBe(written.length);
    expect(seen).toEqual(written);
  });
});
