// The interpreter's entry: create a table, apply one command at a time. Pure: the state goes in,
// is changed in place only when the command is legal, and the events come out; no I/O, no clock,
// no randomness except what the context injects. Families plug in below; variants are data.
import type { Card } from '../core/cards.ts';
import { burn, fixedShoe, newShoe, reshuffleInPlace, type ShoeState } from '../core/shoe.ts';
import { hasOpenBet, recycleRound } from './records.ts';
import { returnBet } from './bets.ts';
import { emit, ok, type Ctx } from './context.ts';
import { andarBahar } from './andar-bahar.ts';
import { blackjack } from './blackjack/index.ts';
import { fail, type BetSpec, type Command, type EngineEvent, type Result, type RoundState, type TableState } from './types.ts';
import { restoreSlip, snapshotSlip } from './slip.ts';

export const ENGINE_VERSION = '1.0.0';

/** What a game family implements; the table does the rest. */
export interface Family {
  /** After a round opens (Andar Bahar draws its game card here). */
  opened(ctx: Ctx, state: TableState): void;
  bet(ctx: Ctx, state: TableState, player: string, spec: BetSpec): Result;
  act(ctx: Ctx, state: TableState, cmd: Extract<Command, { type: 'act' }>): Result;
  /** Betting closes and the cards come out. */
  deal(ctx: Ctx, state: TableState): Result;
  /** The open decision window expires (auto-play, unanswered = no). */
  timeout(ctx: Ctx, state: TableState): Result;
}

const families: Record<string, Family> = { blackjack, 'andar-bahar': andarBahar };
const familyOf = (ctx: Ctx): Family => families[ctx.pack.family];

export interface TableOptions {
  /** Scenarios and the CLI only: deal exactly these cards, in order, with no burn. */
  fixedShoe?: Card[];
  /** A solo table opened by a player: only they may play at it (AI players aside). */
  host?: string;
}

export function createTable(ctx: Ctx, tableId: string, options: TableOptions = {}): TableState {
  const pack = ctx.pack;
  const state: TableState = {
    tableId,
    packId: pack.id,
    packVersion: pack.version,
    packSha256: pack.sha256,
    engineVersion: ENGINE_VERSION,
    paused: false,
    players: {},
    seats: {},
    warnings: {},
    shoe: options.fixedShoe ? fixedShoe(pack.shoe.decks, options.fixedShoe) : null,
    retiredShoes: [],
    roundsPlayed: 0,
    round: undefined as unknown as RoundState,
    ...(options.host !== undefined ? { host: options.host } : {}),
  };
  openRound(ctx, state);
  return state;
}

/**
 * Applies one command. On an error the state is exactly as it was. The round's record (log and
 * events) is kept when the context collects events; the simulator turns both off.
 */
export function apply(ctx: Ctx, state: TableState, cmd: Command, actor = 'system'): Result {
  const round = state.round;
  const balance = ctx.events && 'player' in cmd ? state.players[cmd.player]?.balance : undefined;
  const result = dispatch(ctx, state, cmd);
  // The command is kept with the round it ran in. A tick logs each timeout it applies itself, and
  // opening the next round belongs to no round's record (the new round keeps its opening).
  if (result.ok && ctx.events && cmd.type !== 'tick' && cmd.type !== 'next-round') round.log.push({ at: ctx.env.now, actor, command: cmd, ...(balance !== undefined ? { balance } : {}) });
  return result;
}


function dispatch(ctx: Ctx, state: TableState, cmd: Command): Result {
  const round = state.round;
  if (state.ended) return fail('session-ended', `the session at table ${state.tableId} has ended; open a new table to play again`);
  switch (cmd.type) {
    case 'join': {
      if (state.players[cmd.player]) return fail('already-joined', `${cmd.player} is already at this table`);
      if (!Number.isSafeInteger(cmd.balance) || cmd.balance < 0) return fail('invalid-balance', `a balance is a whole number of minor units, 0 or more (got ${cmd.balance})`);
      state.players[cmd.player] = { balance: cmd.balance, demo: cmd.demo ?? false, ai: cmd.ai ?? null };
      return ok(ctx);
    }
    case 'bet':
      return bettingOpen(state, cmd.player) ?? familyOf(ctx).bet(ctx, state, cmd.player, cmd);
    case 'bets':
      return bettingOpen(state, cmd.player) ?? placeSlip(ctx, state, cmd.player, cmd.bets);
    case 'act':
      if (!state.players[cmd.player]) return fail('unknown-player', `${cmd.player} has not joined this table`);
      return familyOf(ctx).act(ctx, state, cmd);
    case 'deal':
      if (state.paused) return fail('table-paused', 'the table is paused');
      if (round.phase !== 'betting') return fail('not-betting', `the round is already dealt (phase ${round.phase})`);
      return familyOf(ctx).deal(ctx, state);
    case 'timeout':
      return timeout(ctx, state);
    case 'tick':
      return tick(ctx, state);
    case 'void':
      return voidRound(ctx, state, cmd.reason);
    case 'next-round':
      if (round.phase !== 'settled' && round.phase !== 'void') return fail('round-in-progress', `the current round is not finished (phase ${round.phase})`);
      openRound(ctx, state);
      return ok(ctx);
    case 'pause':
      state.paused = true;
      return ok(ctx);
    case 'resume':
      state.paused = false;
      if (state.round.phase === 'betting' && state.round.deadline !== null) state.round.deadline = Math.max(state.round.deadline, ctx.env.now + ctx.pack.timing.bettingMs);
      return ok(ctx);
    case 'end-session':
      return endSession(ctx, state);
  }
}

/**
 * The player ends the session at a solo table (R-EU-END-1). A round in play is finished as if
 * every window timed out (auto-play, unanswered = no), so nothing is left open; bets not yet
 * dealt are returned with the round void. The table then refuses every command.
 */
function endSession(ctx: Ctx, state: TableState): Result {
  if (ctx.pack.table.kind !== 'solo') return fail('not-solo', `a session ends on request only at a solo table; this is a ${ctx.pack.table.kind} table, which an operator pauses`);
  const round = state.round;
  if (round.phase === 'betting') {
    if (hasOpenBet(round.bets)) voidRound(ctx, state, 'the player ended the session before the deal');
  } else
    for (let guard = 0; round.phase !== 'settled' && round.phase !== 'void'; guard++) {
      // Every window of a dealt round times out, so neither can happen. Were it to, the state is
      // already changed and a refusal would break "refused means unchanged": it is a bug, thrown,
      // and the shell stores nothing of the command.
      if (guard === 1000) throw new Error(`end-session: round ${round.no} did not finish after 1000 timeouts (phase ${round.phase})`);
      const r = timeout(ctx, state);
      if (!r.ok) throw new Error(`end-session: a timeout was refused in phase ${round.phase}: ${r.error.message}`);
    }
  round.deadline = null;
  state.ended = true;
  if (ctx.events) emit(ctx, state, { type: 'session-ended', round: round.no });
  return ok(ctx);
}

/** Why `player` may not bet now, or undefined when they may. */
function bettingOpen(state: TableState, player: string): Result | undefined {
  const round = state.round;
  if (state.paused) return fail('table-paused', 'the table is paused; bets are taken again when an operator resumes it');
  if (round.phase !== 'betting') return fail('betting-closed', `betting is closed (the round is in its ${round.phase} phase); wait for the next round`);
  if (!state.players[player]) return fail('unknown-player', `${player} has not joined this table`);
  if (round.voidedPlayers.includes(player)) return fail('hand-voided', `${player}'s hand is voided for this round (a repeated bet under the minimum); bet again next round`);
  return undefined;
}

/** A bet slip: each bet as if placed alone, in order; a refusal undoes the ones before it. */
function placeSlip(ctx: Ctx, state: TableState, player: string, bets: readonly BetSpec[]): Result {
  if (!Array.isArray(bets) || bets.length === 0) return fail('empty-slip', 'a bet slip needs at least one bet');
  const family = familyOf(ctx);
  const before = snapshotSlip(ctx, state, player, bets);
  for (let i = 0; i < bets.length; i++) {
    // Only a voided hand can close betting to the player mid-slip.
    const r = (state.round.voidedPlayers.length > before.voided ? bettingOpen(state, player) : undefined) ?? family.bet(ctx, state, player, bets[i]);
    if (!r.ok) {
      restoreSlip(ctx, state, before);
      return bets.length === 1 ? r : fail(r.error.code, `bet ${i + 1} of ${bets.length} (${bets[i].bet}): ${r.error.message}; no bet of the slip was placed`);
    }
  }
  return ok(ctx);
}

function timeout(ctx: Ctx, state: TableState): Result {
  const phase = state.round.phase;
  if (phase === 'betting') {
    if (state.paused) return fail('table-paused', 'the table is paused');
    return familyOf(ctx).deal(ctx, state);
  }
  if (phase === 'settled' || phase === 'void' || phase === 'dealer') return fail('no-window-open', `no decision window is open (phase ${phase})`);
  return familyOf(ctx).timeout(ctx, state);
}

/** Applies whatever the clock says is due: expired windows, and the next round after settlement. */
function tick(ctx: Ctx, state: TableState): Result {
  for (let guard = 0; guard < 1000; guard++) {
    const round = state.round;
    if (round.phase === 'settled' || round.phase === 'void') {
      if (state.paused) break;
      openRound(ctx, state);
      continue;
    }
    if (round.deadline === null || ctx.env.now < round.deadline) break;
    if (round.phase === 'betting' && !hasOpenBet(round.bets)) {
      round.deadline = ctx.env.now + ctx.pack.timing.bettingMs; // nobody bet: the countdown starts again
      break;
    }
    const r = timeout(ctx, state);
    if (!r.ok) return r;
    if (ctx.events) round.log.push({ at: ctx.env.now, actor: 'clock', command: { type: 'timeout' } }); // so the record replays it
  }
  return ok(ctx);
}

/** An operator voids the round: every bet is returned, anything it paid taken back (R-BJ-VOID-1). */
function voidRound(ctx: Ctx, state: TableState, reason: string): Result {
  const round = state.round;
  if (round.phase === 'settled' || round.phase === 'void') return fail('round-finished', `round ${round.no} is already ${round.phase === 'void' ? 'void' : 'settled'}`);
  for (const record of round.bets) returnBet(ctx, state, record, `round void: ${reason}`);
  round.phase = 'void';
  round.deadline = null;
  round.follow = null;
  round.turnSeat = null;
  if (ctx.events) emit(ctx, state, { type: 'round-void', round: round.no, reason });
  return ok(ctx);
}

/**
 * Opens the next round under the context's pack. A round finishes under the pack it started with
 * (the shell gives it that pack); the table moves to a new pack only here, and then on a new shoe,
 * since the shoe rules may differ.
 */
function openRound(ctx: Ctx, state: TableState): void {
  const pack = ctx.pack;
  const packChanged = state.packSha256 !== pack.sha256;
  const shoe = state.shoe;
  const shoeDone = !shoe || (!shoe.fixed && (packChanged || shoe.cutCardOut || pack.shoe.reshuffle === 'every-round'));
  state.packId = pack.id;
  state.packVersion = pack.version;
  state.packSha256 = pack.sha256;
  const events: EngineEvent[] = ctx.events ? [] : NO_EVENTS;
  if (shoeDone) {
    // Simulator shoes are one generator stream, never shown or replayed: shuffled again in place.
    if (shoe && shoe.generator === 'xoshiro' && !packChanged) reshuffleInPlace(shoe);
    else {
      if (shoe) state.retiredShoes.push({ id: shoe.id, seed: shoe.seed, commitment: shoe.commitment });
      state.shoe = newShoe(pack.shoe, `${state.tableId}-shoe-${state.retiredShoes.length + 1}`, ctx.env.newSeed(), ctx.env.generator ?? 'chacha20');
    }
    const started = state.shoe!;
    if (ctx.events) events.push({ type: 'shoe-started', shoeId: started.id, commitment: started.commitment });
    if (pack.shoe.burn === 'shown-card-value') {
      const b = burn(started); // R-BJ-SHOE-2
      if (b && ctx.events) events.push({ type: 'burn', shown: b.shown, burned: b.burned });
    }
  }
  state.roundsPlayed += state.round ? 1 : 0;
  beginRound(ctx, state, state.roundsPlayed + 1, events);
}

const NO_EVENTS: EngineEvent[] = [];
/** The id of every round with events off: nothing is recorded, and making an id string per round costs ~10% of one. */
const UNRECORDED = 'unrecorded';

/** Starts round `no` on the shoe as it is; the opening is kept so the round can be replayed. */
function beginRound(ctx: Ctx, state: TableState, no: number, shoeEvents: EngineEvent[]): void {
  const now = ctx.env.now;
  const shoe = state.shoe!;
  const deadline = ctx.pack.table.kind === 'solo' ? null : now + ctx.pack.timing.bettingMs;
  // Nothing is recorded with events off (the simulator), so the finished round is reused in place.
  if (!ctx.events && state.round?.pack.sha256 === ctx.pack.sha256) recycleRound(state.round, no, now, deadline, shoe);
  else
    state.round = {
      id: ctx.events ? `${state.tableId}-r${no}` : UNRECORDED,
      no,
      pack: { id: ctx.pack.id, version: ctx.pack.version, sha256: ctx.pack.sha256 },
      engineVersion: ENGINE_VERSION,
      phase: 'betting',
      openedAt: now,
      deadline,
      shoeId: shoe.id,
      shoeCommitment: shoe.commitment,
      roundInShoe: shoe.roundsStarted + 1,
      lastOfShoe: false,
      bets: [],
      nextBetId: 1,
      seats: [],
      common: null,
      dealer: { cards: [], holeShown: false, blackjack: null },
      turnSeat: null,
      follow: null,
      followAdvance: {},
      voidedPlayers: [],
      andarBahar: null,
      // Kept for replay when the round is recorded; the simulator (events off) skips the copies.
      opening: ctx.events
        ? { shoePosition: shoe.position, players: structuredClone(state.players), seats: structuredClone(state.seats), warnings: structuredClone(state.warnings) }
        : { shoePosition: shoe.position, players: {}, seats: {}, warnings: {} },
      log: [],
      events: [],
    };
  shoe.roundsStarted++;
  for (const e of shoeEvents) emit(ctx, state, e);
  familyOf(ctx).opened(ctx, state);
  if (ctx.events) emit(ctx, state, { type: 'round-opened', round: no, deadline: state.round.deadline });
}

/**
 * Plays a recorded round again from its opening and its shoe (the seed is revealed once the shoe
 * is retired, R-BJ-SHOE-3): the same commands at the same times give the same round.
 */
export function replayRound(ctx: Ctx, tableId: string, record: RoundState, shoe: ShoeState): TableState {
  const state: TableState = {
    tableId,
    packId: ctx.pack.id,
    packVersion: ctx.pack.version,
    packSha256: ctx.pack.sha256,
    engineVersion: ENGINE_VERSION,
    paused: false,
    players: structuredClone(record.opening.players),
    seats: structuredClone(record.opening.seats),
    warnings: structuredClone(record.opening.warnings),
    shoe: { ...structuredClone(shoe), position: record.opening.shoePosition, roundsStarted: record.roundInShoe - 1, cutCardOut: false },
    retiredShoes: [],
    roundsPlayed: record.no - 1,
    round: undefined as unknown as RoundState,
  };
  ctx.env.now = record.openedAt;
  beginRound(ctx, state, record.no, []);
  for (const entry of record.log) {
    ctx.env.now = entry.at;
    const player = 'player' in entry.command ? entry.command.player : undefined;
    if (player && entry.balance !== undefined && state.players[player]) state.players[player].balance = entry.balance;
    apply(ctx, state, entry.command, entry.actor);
  }
  return state;
}
