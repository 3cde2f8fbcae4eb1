// Owns the journal of a staged transition (keys.ts: `TX#<tx>#<chunk>`): the per-player results of
// a transition too big for one transaction, written before its commit point and applied after in
// pages (./staged.ts). Stored as one JSON text, its UTF-8 bytes cut into chunks well under
// DynamoDB's 400 KB item whatever the characters of the players' names.
import type { EngineEvent } from '../engine/index.ts';
import { batchPut } from './batch.ts';
import type { DocumentClient } from './client.ts';
import { keys, partitions, prefixes } from './keys.ts';
import { queryItems } from './query.ts';
import type { StepInput } from './step.ts';

/** Bytes per journal chunk: an item stays far below 400 KB whatever the number of players. */
export const CHUNK_BYTES = 300_000;

/** One player's result of a staged transition. */
export interface JournalEntry {
  player: string;
  /** Their round item's version before the transition (0: none). */
  version: number;
  data: string;
  amount: number;
  /** A bet of theirs was handed back (the ledger says refund, not payout). */
  refunded?: boolean;
  reasons: string[];
  /** Their first bet of the round: the transition writes their history entry. */
  history: boolean;
  /** Their own events of the transition, each at its index in the transition's events. */
  events: [number, EngineEvent][];
}

export interface Journal {
  entries: JournalEntry[];
  /** The step, its events complete (an operator's recall reads them from here). */
  step: StepInput;
  /** The shared step item's `seq`: the players' own parts of the step are filed under it. */
  seq: string;
  openedAt: number;
  tableId: string;
}

/** Writes a journal; returns its number of chunks. */
export async function writeJournal(
  doc: DocumentClient,
  tableName: string,
  roundId: string,
  tx: number,
  journal: Journal,
): Promise<number> {
  const payload = Buffer.from(JSON.stringify(journal), 'utf8');
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < payload.length; i += CHUNK_BYTES) pieces.push(payload.subarray(i, i + CHUNK_BYTES));
  await batchPut(
    doc,
    tableName,
    pieces.map((data, i) => ({ ...keys.roundJournal(roundId, tx, i), type: 'journal', roundId, tx, chunk: i, data })),
  );
  return pieces.length;
}

export async function readJournal(
  doc: DocumentClient,
  tableName: string,
  roundId: string,
  tx: number,
  chunks: number,
): Promise<Journal> {
  const items: Record<string, unknown>[] = [];
  for await (const item of queryItems(doc, {
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': partitions.round(roundId), ':p': prefixes.roundJournal(tx) },
    ConsistentRead: true,
  }))
    items.push(item);
  if (items.length !== chunks) throw new Error(`journal ${roundId}/${tx} has ${items.length} of ${chunks} chunks`);
  return JSON.parse(Buffer.concat(items.map((i) => i.data as Uint8Array)).toString('utf8')) as Journal;
}
