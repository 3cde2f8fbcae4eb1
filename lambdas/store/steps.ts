// Owns reading a round's steps (what each request did to it) for recall. A player reads the steps
// everyone's commands share and their own, never the thousands of other players': a staged step
// (a deal or settlement of every player) keeps its shared events on its step item and each
// player's own events on an item of theirs filed under it, so a player's recall reads a bounded
// number of items; an operator's reads every player's steps and a staged step's whole journal.
import type { DocumentClient } from './client.ts';
import { readJournal } from './journal.ts';
import { partitions, prefixes } from './keys.ts';
import { queryItems } from './query.ts';
import type { Placed, Step } from './step.ts';

interface Read {
  at: number;
  seq: string;
  step: Step;
  /** A staged step: its journal, and its shared events with their places. */
  journal?: { tx: number; chunks: number };
  shared?: Placed;
  /** A player's own part of a staged step: the step's `seq`, and their events with their places. */
  partOf?: string;
  own?: Placed;
}

/**
 * A round's steps in time order, events included: the shared steps and, of the steps that were
 * one player's own, `player`'s only (every player's when omitted).
 */
export async function readSteps(
  doc: DocumentClient,
  tableName: string,
  roundId: string,
  player?: string,
): Promise<Step[]> {
  const [shared, own] = await Promise.all([
    stepsUnder(doc, tableName, roundId, prefixes.roundSteps),
    stepsUnder(doc, tableName, roundId, prefixes.roundPlayerSteps(player)),
  ]);
  const bySeq = new Map(shared.map((s) => [s.seq, s]));
  const parts = new Map<string, Placed>();
  const steps: Read[] = [...shared];
  for (const s of own) {
    if (s.partOf === undefined) steps.push(s);
    else if (player !== undefined && bySeq.has(s.partOf))
      parts.set(s.partOf, [...(parts.get(s.partOf) ?? []), ...s.own!]);
  }
  for (const s of shared) {
    if (!s.journal) continue;
    if (player === undefined)
      s.step.events = (await readJournal(doc, tableName, roundId, s.journal.tx, s.journal.chunks)).step.events;
    else
      s.step.events = [...(s.shared ?? []), ...(parts.get(s.seq) ?? [])].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
  }
  // By time, then by the order one process wrote them in within a millisecond (a virtual clock
  // in tests, or a command and the maintenance before it).
  return steps.sort((a, b) => a.at - b.at || (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0)).map((s) => s.step);
}

async function stepsUnder(doc: DocumentClient, tableName: string, roundId: string, prefix: string): Promise<Read[]> {
  const out: Read[] = [];
  for await (const item of queryItems(doc, {
    TableName: tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': partitions.round(roundId), ':p': prefix },
    ConsistentRead: true,
  })) {
    const seq = (item.seq as string | undefined) ?? '';
    if (item.partOf !== undefined) {
      out.push({
        at: item.at as number,
        seq,
        step: {} as Step,
        partOf: item.partOf as string,
        own: JSON.parse(item.data as string) as Placed,
      });
      continue;
    }
    const step = JSON.parse(item.data as string) as Step;
    const journal = item.journal ? (JSON.parse(item.journal as string) as { tx: number; chunks: number }) : undefined;
    const shared = item.shared ? (JSON.parse(item.shared as string) as Placed) : undefined;
    out.push({ at: step.at, seq, step, journal, shared });
  }
  return out;
}
