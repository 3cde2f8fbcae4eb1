// The Lambda entry of a variant's fan-out: the table's DynamoDB stream (filtered to table, round
// and round-player items) in, push messages out (./fanout.ts). A batch that fails is retried by
// the event source mapping (bisected, bounded); messages carry versions, so a repeat is harmless.
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { type ChangeRecord, createFanout, type FanoutResult } from './fanout.ts';
import { pushDeps } from './lambda-deps.ts';

let cached: ((records: readonly ChangeRecord[]) => Promise<FanoutResult>) | undefined;

export async function handler(event: DynamoDBStreamEvent): Promise<FanoutResult> {
  cached ??= createFanout({ ...pushDeps(), concurrency: 100 });
  return cached(event.Records as ChangeRecord[]);
}
