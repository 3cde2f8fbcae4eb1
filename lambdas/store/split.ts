// Owns how one in-memory TableState (what the interpreter works on) is cut into the items the
// store keeps, and put back together. Pure: no I/O.
//
//   table item   the table's own state: pause flag, seat holders, counters; no round, no shoe, no
//                players (those grow with the number of players), no retired seeds (they grow with
//                every shoe: the shoe items say which are retired)
//   round item   the round's shared part: phase, deadline, dealer, seats, common cards and stream,
//                Andar Bahar's sides; no bets, no common-draw hands, no log or events
//   shoe item    ShoeState, seed included: never read by a view
//   player part  one per player of the round: their bets, their common-draw hands, their table
//                entry (demo, AI level), their under-minimum warnings, whether their hand is voided
//   step         the log entries and events one request added (written as step items)
//
// Balances are not stored here at all: the wallet is the only balance, and the shell copies it
// into `players[p].balance` before each command. AI players (solo practice tables) are table data:
// their names and levels sit in the table item (`core.ai`), their balances in their own wallets.
import type { Card } from '../core/cards.ts';
import type { ShoeState } from '../core/shoe.ts';
import type {
  AiLevel,
  BetRecord,
  CommonPlayer,
  EngineEvent,
  PlayerState,
  RoundLogEntry,
  RoundState,
  TableState,
} from '../engine/index.ts';

/** The table's own item: the engine's table fields minus players, shoe and round, which live apart. */
export type TableCore = Pick<
  TableState,
  | 'tableId'
  | 'packId'
  | 'packVersion'
  | 'packSha256'
  | 'engineVersion'
  | 'paused'
  | 'seats'
  | 'roundsPlayed'
  | 'warnings'
  | 'host'
  | 'ended'
  | 'feed'
> & {
  /** How many shoes this table has retired (the engine numbers new shoes from it). */
  retiredCount: number;
  /** AI players seated at the table (a solo practice table holds a few): name to level. */
  ai?: Record<string, AiLevel>;
};

export type RoundShared = Omit<RoundState, 'bets' | 'log' | 'events' | 'voidedPlayers' | 'common'> & {
  common: { cards: Card[]; stream: Card[] } | null;
};

export interface PlayerPart {
  /** Demo account (the only table-level player data a round needs; balances are the wallet's). */
  demo: boolean;
  bets: BetRecord[];
  common: CommonPlayer | null;
  voided: boolean;
}

export interface Split {
  core: TableCore;
  round: RoundShared;
  shoe: ShoeState | null;
  /** Every player that appears anywhere in the state. */
  parts: Record<string, PlayerPart>;
  /** Shoes retired by this state beyond `retiredCount` of the loaded table. */
  retired: { id: string; seed: string; commitment: string }[];
  log: RoundLogEntry[];
  events: EngineEvent[];
}

/** A placeholder for retired shoes the table no longer carries (their seeds are in shoe items). */
const RETIRED = { id: '', seed: '', commitment: '' };

export function playersOf(state: TableState): string[] {
  const names = new Set<string>(Object.keys(state.players));
  for (const b of state.round.bets) names.add(b.player);
  if (state.round.common) for (const p of Object.keys(state.round.common.players)) names.add(p);
  return [...names];
}

export function partOf(state: TableState, player: string): PlayerPart {
  return {
    demo: state.players[player]?.demo ?? false,
    bets: state.round.bets.filter((b) => b.player === player),
    common: state.round.common?.players[player] ?? null,
    voided: state.round.voidedPlayers.includes(player),
  };
}

/** The table's AI players, present only when there are some (tables without AI keep their items as they were). */
function aiOf(state: TableState): { ai?: Record<string, AiLevel> } {
  const ai = Object.entries(state.players).filter(([, p]) => p.ai !== null);
  return ai.length ? { ai: Object.fromEntries(ai.map(([name, p]) => [name, p.ai!])) } : {};
}

/** Cuts a state into items. `retiredBefore` is the retired count the table item had when loaded. */
export function splitState(state: TableState, retiredBefore: number): Split {
  const { bets: _b, log, events, voidedPlayers: _v, common, ...rest } = state.round;
  const round: RoundShared = { ...rest, common: common ? { cards: common.cards, stream: common.stream } : null };
  const parts: Record<string, PlayerPart> = {};
  for (const name of playersOf(state)) parts[name] = partOf(state, name);
  return {
    core: {
      tableId: state.tableId,
      packId: state.packId,
      packVersion: state.packVersion,
      packSha256: state.packSha256,
      engineVersion: state.engineVersion,
      paused: state.paused,
      seats: state.seats,
      retiredCount: state.retiredShoes.length,
      roundsPlayed: state.roundsPlayed,
      warnings: state.warnings,
      ...aiOf(state),
      ...(state.host !== undefined ? { host: state.host } : {}),
      ...(state.ended ? { ended: true } : {}),
      ...(state.feed ? { feed: state.feed } : {}),
    },
    round,
    shoe: state.shoe,
    parts,
    retired: state.retiredShoes.slice(retiredBefore),
    log,
    events,
  };
}

/**
 * Puts a state together from its items. `parts` may be every player of the round or only some
 * (a player's own command on a table with unbounded players); `balances` come from wallets.
 */
export function assembleState(
  core: TableCore,
  round: RoundShared,
  shoe: ShoeState | null,
  parts: Record<string, PlayerPart>,
  balances: Record<string, number>,
): TableState {
  const players: Record<string, PlayerState> = {};
  const bets: BetRecord[] = [];
  const commons: [string, CommonPlayer, number][] = [];
  const voided: string[] = [];
  for (const [name, level] of Object.entries(core.ai ?? {}))
    players[name] = { balance: balances[name] ?? 0, demo: false, ai: level };
  // A seat holder with no part in this round is still at the table (R-MW-SEAT-4 reads their balance).
  for (const { owner } of Object.values(core.seats))
    if (!players[owner] && owner in balances) players[owner] = { balance: balances[owner], demo: false, ai: null };
  for (const [name, part] of Object.entries(parts)) {
    players[name] = { balance: balances[name] ?? 0, demo: part.demo, ai: core.ai?.[name] ?? null };
    bets.push(...part.bets);
    if (part.common)
      commons.push([name, part.common, Math.min(...part.bets.map((b) => b.id), Number.MAX_SAFE_INTEGER)]);
    if (part.voided) voided.push(name);
  }
  bets.sort((a, b) => a.id - b.id);
  commons.sort((a, b) => a[2] - b[2]);
  const { common, ...rest } = round;
  const full: RoundState = {
    ...rest,
    bets,
    voidedPlayers: voided,
    common: common
      ? { cards: common.cards, stream: common.stream, players: Object.fromEntries(commons.map(([n, p]) => [n, p])) }
      : null,
    log: [],
    events: [],
  };
  return {
    tableId: core.tableId,
    packId: core.packId,
    packVersion: core.packVersion,
    packSha256: core.packSha256,
    engineVersion: core.engineVersion,
    paused: core.paused,
    players,
    seats: core.seats,
    warnings: core.warnings,
    shoe,
    retiredShoes: Array.from({ length: core.retiredCount }, () => RETIRED),
    roundsPlayed: core.roundsPlayed,
    round: full,
    ...(core.host !== undefined ? { host: core.host } : {}),
    ...(core.ended ? { ended: true } : {}),
    ...(core.feed ? { feed: core.feed } : {}),
  };
}
