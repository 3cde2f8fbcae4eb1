// Owns the fan-out: told the table's committed changes (the DynamoDB stream in AWS, DynamoDB
// Local's stream locally), it sends every connection that follows a changed table what it may
// see of it, after the command that caused it has answered. Per batch and table: the table's
// subscribers (all of them for a shared change; for a change of players' own parts on a table of
// unbounded players, those players' connections only), one snapshot (players' parts only for
// players whose part changed and who are connected), one message per connection, posted
// concurrently; gone connections are removed.
import type { CompiledPack } from '../pack/compiled.ts';
import type { Connections, Subscriber } from './connections.ts';
import type { ServerMessage } from './protocol.ts';
import { ownMessage, publicMessage, readSnapshot, type SnapshotDeps, unboundedPlayers } from './snapshot.ts';

/** A stream record as Lambda and the DynamoDB Streams API both give it (key and new image attributes). */
export interface ChangeRecord {
  eventName?: string;
  dynamodb?: {
    Keys?: Record<string, { S?: string }>;
    NewImage?: Record<string, { S?: string }>;
  };
}

/** Sends one message to one connection; `gone` when the connection no longer exists (API Gateway's 410). */
export type Poster = (connectionId: string, data: string) => Promise<'sent' | 'gone'>;

export interface FanoutDeps extends SnapshotDeps {
  pack: CompiledPack;
  connections: Connections;
  post: Poster;
  /** Messages in flight at once. */
  concurrency?: number;
  log?: (entry: Record<string, unknown>) => void;
}

export interface FanoutResult {
  tables: number;
  sent: number;
  gone: number;
}

/** What changed of one table in a batch. */
interface TableChange {
  shared: boolean;
  players: Set<string>;
}

/** A key part as ./connections.ts and lambdas/store/keys.ts escape it, back to the id. */
const unescapePart = (p: string) => p.replace(/%23/g, '#').replace(/%25/g, '%');

/** Round id to table id: fixed for a round's life, so kept per process. */
const MAX_ROUNDS_KEPT = 10_000;

export function createFanout(deps: FanoutDeps): (records: readonly ChangeRecord[]) => Promise<FanoutResult> {
  const tableOfRound = new Map<string, string>();
  const concurrency = deps.concurrency ?? 64;
  const full = !unboundedPlayers(deps.pack);

  async function tableOf(roundId: string): Promise<string> {
    let tableId = tableOfRound.get(roundId);
    if (tableId === undefined) {
      tableId = (await deps.store.round(roundId, [])).tableId;
      if (tableOfRound.size >= MAX_ROUNDS_KEPT) tableOfRound.clear();
      tableOfRound.set(roundId, tableId);
    }
    return tableId;
  }

  async function changes(records: readonly ChangeRecord[]): Promise<Map<string, TableChange>> {
    const byTable = new Map<string, TableChange>();
    const changeOf = (tableId: string) => {
      let c = byTable.get(tableId);
      if (!c) byTable.set(tableId, (c = { shared: false, players: new Set() }));
      return c;
    };
    const playerRecords: [string, string][] = [];
    for (const r of records) {
      if (r.eventName === 'REMOVE') continue;
      const pk = r.dynamodb?.Keys?.PK?.S;
      const sk = r.dynamodb?.Keys?.SK?.S;
      if (!pk || !sk) continue;
      if (sk === 'TABLE' && pk.startsWith('TABLE#')) changeOf(unescapePart(pk.slice(6))).shared = true;
      else if (sk === 'ROUND' && pk.startsWith('ROUND#')) {
        const roundId = unescapePart(pk.slice(6));
        const tableId = r.dynamodb?.NewImage?.tableId?.S ?? (await tableOf(roundId));
        tableOfRound.set(roundId, tableId);
        changeOf(tableId).shared = true;
      } else if (sk.startsWith('PLAYER#') && pk.startsWith('ROUND#'))
        playerRecords.push([unescapePart(pk.slice(6)), unescapePart(sk.slice(7))]);
    }
    for (const [roundId, player] of playerRecords) changeOf(await tableOf(roundId)).players.add(player);
    return byTable;
  }

  async function send(tableId: string, change: TableChange, result: FanoutResult): Promise<void> {
    const own = (s: Subscriber) =>
      s.audience.kind === 'player' ? change.players.has(s.audience.player) : full && s.audience.kind === 'operator';
    // A change of players' own parts only: their connections (and, on a seated table, operators').
    const receivers = change.shared
      ? await deps.connections.subscribers(tableId)
      : full
        ? (await deps.connections.subscribers(tableId)).filter(own)
        : await deps.connections.playerSubscribers(tableId, change.players);
    if (!receivers.length) return;
    const who = full
      ? 'all'
      : [...new Set(receivers.flatMap((s) => (s.audience.kind === 'player' && own(s) ? [s.audience.player] : [])))];
    const snapshot = await readSnapshot(deps, tableId, who);
    result.tables++;
    let shared: string | undefined;
    const text = (m: ServerMessage) => JSON.stringify(m);
    const messageFor = (s: Subscriber): string | null => {
      const mine = ownMessage(snapshot, s.audience);
      if (mine) return text(mine);
      return change.shared ? (shared ??= text(publicMessage(snapshot))) : null;
    };
    let next = 0;
    const worker = async () => {
      while (next < receivers.length) {
        const s = receivers[next++]!;
        const data = messageFor(s);
        if (data === null) continue;
        const outcome = await deps.post(s.connectionId, data).catch((error: unknown) => {
          deps.log?.({ level: 'WARN', message: 'push failed', connectionId: s.connectionId, error: String(error) });
          return 'failed' as const;
        });
        if (outcome === 'sent') result.sent++;
        if (outcome === 'gone') {
          result.gone++;
          await deps.connections.drop(tableId, s);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, receivers.length) }, worker));
  }

  return async (records) => {
    const result: FanoutResult = { tables: 0, sent: 0, gone: 0 };
    const byTable = await changes(records);
    await Promise.all([...byTable].map(([tableId, change]) => send(tableId, change, result)));
    return result;
  };
}
