// Owns reading a DynamoDB Local table's stream, as Lambda's event source mapping reads it in AWS:
// every shard in order, records handed over in batches, the next batch only once the last one
// was handled. `npm start` feeds the push fan-out from it, so local pushes follow the same path.
import { setTimeout as delay } from 'node:timers/promises';
import { DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DocumentClient } from '../lambdas/store/index.ts';

export interface StreamPoller {
  stop(): Promise<void>;
}

/** Turns the table's stream on (new images, as the CDK stack declares it) if it is off; returns its ARN. */
export async function enableStream(doc: DocumentClient, tableName: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { Table } = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.StreamSpecification?.StreamEnabled && Table.LatestStreamArn) return Table.LatestStreamArn;
    if (attempt === 0)
      await doc
        .send(
          new UpdateTableCommand({
            TableName: tableName,
            StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
          }),
        )
        .catch((error: unknown) => {
          // Another server on the same DynamoDB Local turned it on first: the next look finds it.
          if (!/already has an enabled stream/.test(String((error as Error).message))) throw error;
        });
    else await delay(100);
  }
  throw new Error(`the stream of ${tableName} did not turn on`);
}

export interface PollOptions {
  endpoint: string;
  streamArn: string;
  onRecords: (records: _Record[]) => Promise<unknown>;
  /** Pause after an empty read of every shard; it doubles while the stream stays quiet, up to `quietMs`. */
  idleMs?: number;
  /**
   * The longest pause: a quiet table is read about as often as Lambda reads a shard in AWS (four
   * times a second), so idle pollers do not keep DynamoDB Local busy from the commands they follow.
   */
  quietMs?: number;
  /** Records per read (Lambda's batch size). */
  batchSize?: number;
  onError?: (error: unknown) => void;
}

/**
 * Reads from the stream's current end on; new shards from their start. A shard's iterator that
 * DynamoDB Local refuses (TrimmedDataAccessException: it numbers records across tables, and refuses
 * a LATEST iterator taken on an empty shard once other tables' records came before its first;
 * ExpiredIteratorException after 15 minutes) is taken again after the last record read, so one
 * shard's refusal never stops the others.
 */
export function pollStream(options: PollOptions): StreamPoller {
  const client = new DynamoDBStreamsClient({
    region: 'us-east-1',
    endpoint: options.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const idle = options.idleMs ?? 10;
  const quiet = Math.max(idle, options.quietMs ?? 250);
  let pause = idle;
  const iterators = new Map<string, string>();
  /** Per shard, the sequence number of the last record handed over. */
  const lastRead = new Map<string, string>();
  const finished = new Set<string>();
  let stopped = false;
  let firstLook = true;

  const iteratorOf = async (shardId: string, type: ShardIteratorType, after?: string) =>
    (
      await client.send(
        new GetShardIteratorCommand({
          StreamArn: options.streamArn,
          ShardId: shardId,
          ShardIteratorType: after ? 'AFTER_SEQUENCE_NUMBER' : type,
          ...(after ? { SequenceNumber: after } : {}),
        }),
      )
    ).ShardIterator;

  async function discover(): Promise<void> {
    let start: string | undefined;
    do {
      const { StreamDescription } = await client.send(
        new DescribeStreamCommand({ StreamArn: options.streamArn, ExclusiveStartShardId: start }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (iterators.has(id) || finished.has(id)) continue;
        const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
        // At start only the open shards matter, from now on; a shard found later is read from its start.
        if (firstLook && !open) {
          finished.add(id);
          continue;
        }
        const iterator = await iteratorOf(id, firstLook ? 'LATEST' : 'TRIM_HORIZON');
        if (iterator) iterators.set(id, iterator);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    firstLook = false;
  }

  /** Reads one batch of a shard and hands it over; answers how many records it held. */
  async function readShard(id: string, iterator: string): Promise<number> {
    let out: GetRecordsCommandOutput;
    try {
      out = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: options.batchSize ?? 1000 }));
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw error;
      // After the last record read; a shard never read from: from its oldest record.
      const again = await iteratorOf(id, 'TRIM_HORIZON', lastRead.get(id));
      if (again) iterators.set(id, again);
      else iterators.delete(id);
      return 0;
    }
    if (out.NextShardIterator) iterators.set(id, out.NextShardIterator);
    else {
      iterators.delete(id);
      finished.add(id);
    }
    const records = out.Records ?? [];
    if (!records.length) return 0;
    lastRead.set(id, records[records.length - 1]!.dynamodb!.SequenceNumber!);
    await options.onRecords(records);
    return records.length;
  }

  const loop = (async () => {
    let lastLook = 0;
    while (!stopped) {
      let read = 0;
      try {
        if (Date.now() - lastLook > 1000 || iterators.size === 0) {
          lastLook = Date.now();
          await discover();
        }
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
      }
      for (const [id, iterator] of [...iterators]) {
        if (stopped) break;
        try {
          read += await readShard(id, iterator);
          if (finished.has(id)) lastLook = 0;
        } catch (error) {
          if (stopped) break;
          options.onError?.(error);
          await delay(200);
        }
      }
      if (read > 0) pause = idle;
      else {
        await delay(pause);
        pause = Math.min(quiet, pause * 2);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      await loop;
      client.destroy();
    },
  };
}
