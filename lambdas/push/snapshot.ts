// Owns reading a table as push messages need it, and the messages themselves: the table item,
// the current round with the parts of the players named, their wallets (one BatchGetItem, warm);
// never the shoe handed on (a view needs no undealt card). Read-only and never refused while a transition is staged: a message is
// a snapshot of what is committed. Every view comes from the projection, per audience.
import type { Ctx, TableState } from '../engine/index.ts';
import type { PackShelf } from '../handlers/packs.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import {
  type Audience,
  OPERATOR,
  playerAudience,
  projectTable,
  SPECTATOR,
  type TableView,
} from '../projection/index.ts';
import { assembleState, isConflict, type RoundStore, walletVersionsAfter } from '../store/index.ts';
import type { ServerMessage } from './protocol.ts';

/** Tables whose players are unbounded: a push message carries one player's part at most (as a command loads it). */
export const unboundedPlayers = (pack: CompiledPack): boolean => pack.table.playersApart;

export interface Snapshot {
  tableId: string;
  /**
   * Orders every committed change of a table: the round's number, then the table item's and the
   * round item's versions (both only grow within a round; a round's version stays far below 10^6).
   */
  version: number;
  /** Every player's part was read (or only the named players'). */
  full: boolean;
  state: TableState;
  /** The version of each wallet read, which its balance in `state` is from. */
  wallets: Record<string, number>;
  ctx: Ctx;
}

export interface SnapshotDeps {
  store: RoundStore;
  packs: PackShelf;
  clock: () => number;
}

export async function readSnapshot(
  deps: SnapshotDeps,
  tableId: string,
  who: 'all' | readonly string[],
): Promise<Snapshot> {
  // One batch read, warm (the store's own read, as a view's); a table in a staged transition
  // reads what is committed item by item.
  const read = await deps.store.read(tableId, who, deps.clock()).catch((error: unknown) => {
    if (isConflict(error)) return null;
    throw error;
  });
  if (read?.loaded) {
    const { loaded } = read;
    // The shoe is read with the table but never handed on: a message needs no undealt card.
    const state = { ...loaded.state, shoe: null };
    const running = await deps.packs.forSha(state.packSha256);
    return {
      tableId,
      version: state.round.no * 1_000_000 + loaded.table.version + loaded.roundVersion,
      full: who === 'all',
      state,
      wallets: walletVersionsAfter(loaded.wallets, []),
      ctx: { pack: running.pack, charts: running.charts, env: { now: deps.clock(), newSeed: noSeed }, events: [] },
    };
  }
  const table = read?.table ?? (await deps.store.tableItem(tableId));
  // Every player of a table of few players: its seat holders and AI players (named in the table item).
  const players =
    who === 'all'
      ? [...new Set([...Object.values(table.core.seats).map((s) => s.owner), ...Object.keys(table.core.ai ?? {})])]
      : who;
  const [round, wallets] = await Promise.all([
    deps.store.round(table.currentRoundId, players),
    deps.store.wallets(players),
  ]);
  const balances = Object.fromEntries(Object.entries(wallets).map(([p, w]) => [p, w.balance]));
  const state = assembleState(table.core, round.round, null, round.parts, balances);
  const running = await deps.packs.forSha(state.packSha256);
  return {
    tableId,
    version: round.round.no * 1_000_000 + table.version + round.version,
    full: who === 'all',
    state,
    wallets: walletVersionsAfter(wallets, []),
    ctx: { pack: running.pack, charts: running.charts, env: { now: deps.clock(), newSeed: noSeed }, events: [] },
  };
}

const noSeed = (): Uint8Array => {
  throw new Error('a push snapshot never opens a shoe');
};

/** Whether the snapshot holds this player's own part of the round. */
const holds = (s: Snapshot, player: string): boolean => s.full || player in s.state.players;

/** What the table shows everyone now. */
export function publicMessage(s: Snapshot): ServerMessage {
  return message(s, 'table', projectTable(s.ctx, s.state, SPECTATOR, s.wallets));
}

/**
 * The message for one receiver: their own projection when the snapshot holds their part (an
 * operator's when it holds everyone's), or null when it holds nothing of theirs or they are a
 * spectator or the dealer (send the public one).
 */
export function ownMessage(s: Snapshot, audience: Audience): ServerMessage | null {
  if (audience.kind === 'operator')
    return s.full ? message(s, 'you', projectTable(s.ctx, s.state, OPERATOR, s.wallets)) : null;
  // A studio's dealer follows what the table shows everyone (what card is needed next is in their view).
  if (audience.kind !== 'player' || !holds(s, audience.player)) return null;
  return message(s, 'you', projectTable(s.ctx, s.state, playerAudience(audience.player), s.wallets));
}

const message = (s: Snapshot, audience: 'you' | 'table', view: TableView): ServerMessage => ({
  type: 'table',
  table: s.tableId,
  version: s.version,
  audience,
  view,
});
