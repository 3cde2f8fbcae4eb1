// Owns what the sweep reads: the stack's tables (operators' tables only: a practice table a player
// opens is not listed) and which of them have something due at a time.
import { batchGet } from './batch.ts';
import type { DocumentClient } from './client.ts';
import { keys, partitions } from './keys.ts';
import { queryItems } from './query.ts';
import type { TableCore } from './split.ts';

export async function tableIds(doc: DocumentClient, tableName: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const item of queryItems(doc, {
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partitions.tableIndex() },
  }))
    ids.push(item.tableId as string);
  return ids;
}

/** Tables whose round has something due at `now` (a deadline passed, a finished round, a pending transition). */
export async function dueTables(doc: DocumentClient, tableName: string, now: number): Promise<string[]> {
  const ids = await tableIds(doc, tableName);
  // Only what decides it: a round's data (its bets, cards, log) can run to hundreds of KB.
  const tables = await batchGet(
    doc,
    tableName,
    ids.map((id) => keys.table(id)),
    ['tableId', 'currentRoundId', 'core', 'pending', 'lockId', 'lockedUntil'],
  );
  const rounds = await batchGet(
    doc,
    tableName,
    tables.map((t) => keys.round(t.currentRoundId as string)),
    ['roundId', 'phase', 'deadline'],
  );
  const roundBy = new Map(rounds.map((r) => [r.roundId as string, r]));
  const due: string[] = [];
  for (const t of tables) {
    const r = roundBy.get(t.currentRoundId as string);
    const paused = (JSON.parse(t.core as string) as TableCore).paused;
    const deadline = (r?.deadline as number | null | undefined) ?? null;
    const phase = r?.phase as string | undefined;
    if (
      t.pending ||
      (t.lockId && (t.lockedUntil as number) <= now) ||
      (deadline !== null && deadline <= now) ||
      (!paused && (phase === 'settled' || phase === 'void'))
    )
      due.push(t.tableId as string);
  }
  return due;
}
