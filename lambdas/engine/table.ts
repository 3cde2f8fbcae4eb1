// The interpreter's entry: create a table, apply one command at a time. Pure: the state goes in,
// is changed in place only when the command is legal, and the events come out; no I/O, no clock,
// no randomness except what the context injects. Families plug in below; variants are data.
//
// Two doors to the same interpreter: `applyNow` takes and updates the saved form (TableState: what
// the Lambda handlers, scenarios and tests hold, through apply.ts), by loading its working form,
// running the command there and saving it back only when the command is accepted; `execute` runs a command on a
// working form kept between commands (the simulator, which never saves a round).
import type { Card } from '../core/cards.ts';
import { dealerShoe, fixedShoe, newShoe, Shoe, type ShoeState } from '../core/shoe.ts';
import { returnAll } from './bets.ts';
import { BURN_NEED, CardNeeded, staticNeed } from './card-source.ts';
import { decodeTable, savePlayers, saveSeats, saveTable, saveTableInto } from './codec.ts';
import { emit, ok } from './context.ts';
import { familyOf } from './families.ts';
import { Ledger } from './ledger.ts';
import type { Ctx, Round, Table } from './model.ts';
import { Players } from './players.ts';
import { emptySnapshot, restoreSlip, snapshotSlip } from './slip.ts';
import { emptySeats, setSeat } from './state.ts';
import {
  type BetSpec,
  type Command,
  type EngineEvent,
  fail,
  type Result,
  type RoundState,
  type TableState,
} from './types.ts';
import { dealingOf, type TableView, viewOf } from './view.ts';

export const ENGINE_VERSION = '1.0.0';

export interface TableOptions {
  /** Scenarios and the CLI only: deal exactly these cards, in order, with no burn. */
  fixedShoe?: Card[];
  /** A solo table opened by a player: only they may play at it (AI players aside). */
  host?: string;
  /** Where the cards come from: the seeded CSPRNG shoe (default) or a dealer's scanner, as the pack allows. */
  cardSource?: 'rng' | 'dealer';
}

// ------------------------------------------------------------------ the saved form's door

export function createTable(ctx: Ctx, tableId: string, options: TableOptions = {}): TableState {
  const state = saveTable(ctx.pack, openTable(ctx, tableId, options));
  if (options.cardSource === 'dealer') state.feed = { pending: null, need: staticNeed(state), since: null };
  return state;
}

/**
 * Applies one command to a saved state and runs it to its end (apply.ts sends a dealer-fed table's
 * commands through its feed first; a dealer-fed shoe short of a card throws CardNeeded). On an error
 * the state is exactly as it was. The round's record (log and events) is kept when the context
 * collects events.
 */
export function applyNow(ctx: Ctx, state: TableState, cmd: Command, actor = 'system'): Result {
  const table = loadTable(ctx, state);
  const result = execute(ctx, table, cmd, actor);
  if (result.ok) saveTableInto(ctx.pack, table, state);
  return result;
}

/** The working form of a saved table. */
export const loadTable = (ctx: Ctx, state: TableState): Table => decodeTable(ctx, state, familyOf(ctx.pack));

/**
 * The view of `viewer` (a player name), or an operator's view with every bet when viewer is null.
 * `hole`: the dealer console's view (viewer null), which shows the hole card as scanned; never a player's.
 */
export const playerView = (
  ctx: Ctx,
  state: TableState,
  viewer: string | null,
  options: { hole?: boolean } = {},
): TableView => ({
  ...viewOf(ctx, loadTable(ctx, state), viewer, options.hole === true),
  dealing: dealingOf(state),
});

/**
 * Plays a recorded round again from its opening and its shoe (the seed is revealed once the shoe
 * is retired, R-BJ-SHOE-3): the same commands at the same times give the same round.
 */
export function replayRound(ctx: Ctx, tableId: string, record: RoundState, shoe: ShoeState): TableState {
  const table = blankTable(ctx, tableId);
  for (const [name, p] of Object.entries(record.opening.players)) table.players.join(name, p.balance, p.demo, p.ai);
  for (const [seat, holder] of Object.entries(record.opening.seats)) setSeat(table, Number(seat), { ...holder });
  table.warnings = structuredClone(record.opening.warnings);
  table.shoe = new Shoe({
    ...structuredClone(shoe),
    position: record.opening.shoePosition,
    roundsStarted: record.roundInShoe - 1,
    cutCardOut: false,
  });
  table.roundsPlayed = record.no - 1;
  ctx.env.now = record.openedAt;
  beginRound(ctx, table, record.no, []);
  for (const entry of record.log) {
    ctx.env.now = entry.at;
    const player = 'player' in entry.command ? table.players.joinedIndex(entry.command.player) : -1;
    if (player >= 0 && entry.balance !== undefined) table.players.balance[player] = entry.balance;
    execute(ctx, table, entry.command, entry.actor);
  }
  return saveTable(ctx.pack, table);
}

// ------------------------------------------------------------------ the working form's door

/** A new table in its working form, its first round open. */
export function openTable(ctx: Ctx, tableId: string, options: TableOptions = {}): Table {
  const table = blankTable(ctx, tableId);
  if (options.cardSource === 'dealer') {
    if (!ctx.pack.cardSources.includes('dealer'))
      throw new Error(
        `pack ${ctx.pack.id} does not allow a dealer-fed table (shoe.sources: ${ctx.pack.cardSources.join(', ')})`,
      );
    table.shoe = new Shoe(newDealerShoe(ctx, tableId, 1));
  } else if (options.fixedShoe) table.shoe = new Shoe(fixedShoe(ctx.pack.shoe.decks, options.fixedShoe));
  table.host = options.host;
  openRound(ctx, table);
  return table;
}

function blankTable(ctx: Ctx, tableId: string): Table {
  const pack = ctx.pack;
  return {
    tableId,
    packId: pack.id,
    packVersion: pack.version,
    packSha256: pack.sha256,
    engineVersion: ENGINE_VERSION,
    paused: false,
    players: new Players(),
    seats: emptySeats(pack.table.seats),
    occupied: [],
    warnings: {},
    shoe: null,
    retiredShoes: [],
    roundsPlayed: 0,
    round: undefined as unknown as Round,
    host: undefined,
    ended: false,
    slip: null,
    family: familyOf(pack),
    left: [],
  };
}

/** Applies one command to a working form; on an error it is exactly as it was. */
export function execute(ctx: Ctx, table: Table, cmd: Command, actor = 'system'): Result {
  if (table.left.length) table.left.length = 0;
  const round = table.round;
  // The command is kept with the round it ran in, where events are kept. A tick logs each timeout
  // it applies itself, and opening the next round belongs to no round's record (the new round keeps
  // its opening).
  const logged = !!ctx.events && cmd.type !== 'tick' && cmd.type !== 'next-round';
  const balance = logged && 'player' in cmd ? balanceIfJoined(table, cmd.player) : undefined;
  const result = dispatch(ctx, table, cmd);
  if (logged && result.ok)
    round.log.push({ at: ctx.env.now, actor, command: cmd, ...(balance !== undefined ? { balance } : {}) });
  return result;
}

function balanceIfJoined(table: Table, name: string): number | undefined {
  const i = table.players.joinedIndex(name);
  return i < 0 ? undefined : table.players.balance[i];
}

function dispatch(ctx: Ctx, table: Table, cmd: Command): Result {
  const round = table.round;
  if (table.ended)
    return fail('session-ended', `the session at table ${table.tableId} has ended; open a new table to play again`);
  // The commands of every round first: a switch on strings tries its cases in order.
  switch (cmd.type) {
    case 'bets': {
      const player = table.players.joinedIndex(cmd.player);
      return bettingOpen(table, cmd.player, player) ?? placeSlip(ctx, table, player, cmd.bets);
    }
    case 'deal':
      if (table.paused) return fail('table-paused', 'the table is paused');
      if (round.phase !== 'betting') return fail('not-betting', `the round is already dealt (phase ${round.phase})`);
      if (table.shoe?.dealer?.burnDue && round.bets.hasOpen()) burnDealerShoe(ctx, table);
      return table.family.deal(ctx, table);
    case 'next-round':
      if (round.phase !== 'settled' && round.phase !== 'void')
        return fail('round-in-progress', `the current round is not finished (phase ${round.phase})`);
      openRound(ctx, table);
      return ok(ctx);
    case 'join': {
      if (table.players.joinedIndex(cmd.player) >= 0)
        return fail('already-joined', `${cmd.player} is already at this table`);
      if (!Number.isSafeInteger(cmd.balance) || cmd.balance < 0)
        return fail('invalid-balance', `a balance is a whole number of minor units, 0 or more (got ${cmd.balance})`);
      table.players.join(cmd.player, cmd.balance, cmd.demo ?? false, cmd.ai ?? null);
      return ok(ctx);
    }
    case 'bet': {
      const player = table.players.joinedIndex(cmd.player);
      return bettingOpen(table, cmd.player, player) ?? table.family.bet(ctx, table, player, cmd);
    }
    case 'act': {
      const player = table.players.joinedIndex(cmd.player);
      if (player < 0) return fail('unknown-player', `${cmd.player} has not joined this table`);
      if (cmd.round !== undefined && cmd.round !== round.no) return wrongRound(cmd.round, round);
      return suspended(table) ?? table.family.act(ctx, table, player, cmd);
    }
    case 'timeout':
      return timeout(ctx, table);
    case 'tick':
      return tick(ctx, table);
    case 'void':
      return voidRound(ctx, table, cmd.reason);
    case 'pause':
      return pause(ctx, table);
    case 'resume':
      return resume(ctx, table);
    case 'end-session':
      return suspended(table) ?? endSession(ctx, table);
    case 'burn':
      if (!table.shoe?.dealer?.burnDue) return fail('no-burn-due', 'no burn is due: the shoe has been burned');
      burnDealerShoe(ctx, table);
      return ok(ctx);
    case 'game-card':
      return table.family.gameCard?.(ctx, table) ?? fail('no-game-card-due', 'this game has no game card');
    case 'new-shoe':
    case 'cut-card': {
      const shoe = table.shoe;
      if (!shoe?.dealer)
        return fail(
          'not-dealer-fed',
          'this table deals from a seeded shoe; only a dealer-fed table takes dealer commands',
        );
      // R-BJ-SHOE-1: the round the cut card comes out in is the shoe's last; a new shoe starts with the next round.
      shoe.cutCardOut = true;
      if (cmd.type === 'cut-card' || round.phase !== 'betting') round.lastOfShoe = true;
      return ok(ctx);
    }
    case 'card':
    case 'misdeal':
      return fail('not-dealer-fed', `${cmd.type}: only a dealer-fed table takes it`);
  }
}

const inPlay = (round: Round): boolean => round.phase !== 'settled' && round.phase !== 'void';

/** Why nothing of the round may move now: it is paused (R-BJ-PAUSE-1); undefined when it is not. */
function suspended(table: Table): Result | undefined {
  if (!table.paused || !inPlay(table.round)) return undefined;
  return fail(
    'round-paused',
    `round ${table.round.no} is paused while a supervisor looks into a fault; nothing is played until an operator resumes it or voids it (every bet returned)`,
  );
}

/**
 * An operator pauses the table (R-BJ-PAUSE-1): the round in play stops where it is. Its open window's
 * clock stops with it (the time left is kept for the resume), so no timeout and no auto-play can fire;
 * no bet, deal or player action is taken; between rounds, the next round waits.
 */
function pause(ctx: Ctx, table: Table): Result {
  if (table.paused) return fail('already-paused', `table ${table.tableId} is already paused; an operator resumes it`);
  const round = table.round;
  table.paused = true;
  if (inPlay(round)) {
    round.timeLeft = round.deadline === null ? null : Math.max(0, round.deadline - ctx.env.now);
    round.deadline = null;
  }
  return ok(ctx);
}

/** The round goes on where it stopped: its open window gets back exactly the time it had left. */
function resume(ctx: Ctx, table: Table): Result {
  if (!table.paused) return fail('not-paused', `table ${table.tableId} is not paused`);
  const round = table.round;
  table.paused = false;
  if (inPlay(round) && round.timeLeft != null) round.deadline = ctx.env.now + round.timeLeft;
  if (round.timeLeft != null) round.timeLeft = null;
  return ok(ctx);
}

/** The burn of a new dealer-fed shoe (R-BJ-SHOE-2): the shown card is scanned, the rest burned face down. */
function burnDealerShoe(ctx: Ctx, table: Table): void {
  const b = table.shoe!.burn();
  if (!b) throw new CardNeeded(BURN_NEED);
  if (ctx.events) emit(ctx, table, { type: 'burn', shown: b.shown, burned: b.burned });
}

const newDealerShoe = (ctx: Ctx, tableId: string, n: number): ShoeState =>
  dealerShoe(ctx.pack.shoe.decks, `${tableId}-dealer-shoe-${n}`, ctx.pack.shoe.burn === 'shown-card-value');

/**
 * The player ends the session at a solo table (R-EU-END-1). A round in play is finished as if
 * every window timed out (auto-play, unanswered = no), so nothing is left open; bets not yet
 * dealt are returned with the round void. The table then refuses every command.
 */
function endSession(ctx: Ctx, table: Table): Result {
  if (ctx.pack.table.kind !== 'solo')
    return fail(
      'not-solo',
      `a session ends on request only at a solo table; this is a ${ctx.pack.table.kind} table, which an operator pauses`,
    );
  const round = table.round;
  if (round.phase === 'betting') {
    if (round.bets.hasOpen()) voidRound(ctx, table, 'the player ended the session before the deal');
  } else
    for (let guard = 0; round.phase !== 'settled' && round.phase !== 'void'; guard++) {
      // Every window of a dealt round times out, so neither can happen. Were it to, the state is
      // already changed and a refusal would break "refused means unchanged": it is a bug, thrown,
      // and the shell stores nothing of the command.
      if (guard === 1000)
        throw new Error(`end-session: round ${round.no} did not finish after 1000 timeouts (phase ${round.phase})`);
      const r = timeout(ctx, table);
      if (!r.ok) throw new Error(`end-session: a timeout was refused in phase ${round.phase}: ${r.error.message}`);
    }
  round.deadline = null;
  table.ended = true;
  if (ctx.events) emit(ctx, table, { type: 'session-ended', round: round.no });
  return ok(ctx);
}

/**
 * An action meant for another round: one that finished while the request was on its way (its
 * window timed out, or the dealer played on) must not land on the round that opened after it.
 */
function wrongRound(meant: number, round: Round): Result {
  return meant < round.no
    ? fail(
        'round-finished',
        `round ${meant} is finished; the table is on round ${round.no} (${round.phase}); nothing was done`,
      )
    : fail('round-not-started', `round ${meant} has not started; the table is on round ${round.no}`);
}

/** Why `name` (player index `player`, -1 when not joined) may not bet now, or undefined when they may. */
function bettingOpen(table: Table, name: string, player: number): Result | undefined {
  const round = table.round;
  if (table.paused)
    return fail('table-paused', 'the table is paused; bets are taken again when an operator resumes it');
  if (round.phase !== 'betting')
    return fail(
      'betting-closed',
      `betting is closed (the round is in its ${round.phase} phase); wait for the next round`,
    );
  if (player < 0) return fail('unknown-player', `${name} has not joined this table`);
  if (round.voidedPlayers.length && round.voidedPlayers.includes(name))
    return fail(
      'hand-voided',
      `${name}'s hand is voided for this round (a repeated bet under the minimum); bet again next round`,
    );
  return undefined;
}

const SLIP = emptySnapshot();

/** A bet slip: each bet as if placed alone, in order; a refusal undoes the ones before it. */
function placeSlip(ctx: Ctx, table: Table, player: number, bets: readonly BetSpec[]): Result {
  if (!Array.isArray(bets) || bets.length === 0) return fail('empty-slip', 'a bet slip needs at least one bet');
  if (ctx.fast?.placeSlip(ctx, table, player, bets)) return ok(ctx);
  const family = table.family;
  const before = snapshotSlip(ctx, table, player, bets, SLIP);
  const name = table.players.names[player];
  table.slip = before;
  try {
    for (let i = 0; i < bets.length; i++) {
      // Only a voided hand can close betting to the player mid-slip.
      const r =
        (table.round.voidedPlayers.length > before.voided ? bettingOpen(table, name, player) : undefined) ??
        family.bet(ctx, table, player, bets[i]);
      if (!r.ok) {
        restoreSlip(ctx, table, before);
        return bets.length === 1
          ? r
          : fail(
              r.error.code,
              `bet ${i + 1} of ${bets.length} (${bets[i].bet}): ${r.error.message}; no bet of the slip was placed`,
            );
      }
    }
    return ok(ctx);
  } finally {
    table.slip = null;
  }
}

function timeout(ctx: Ctx, table: Table): Result {
  const phase = table.round.phase;
  const paused = suspended(table);
  if (paused) return paused;
  if (phase === 'betting') return table.family.deal(ctx, table);
  if (phase === 'settled' || phase === 'void' || phase === 'dealer')
    return fail('no-window-open', `no decision window is open (phase ${phase})`);
  return table.family.timeout(ctx, table);
}

/** Applies whatever the clock says is due: expired windows, and the next round after settlement. */
function tick(ctx: Ctx, table: Table): Result {
  for (let guard = 0; guard < 1000; guard++) {
    const round = table.round;
    if (!inPlay(round)) {
      if (table.paused) break;
      openRound(ctx, table);
      continue;
    }
    // A paused round has no deadline (pause): nothing is due.
    if (round.deadline === null || ctx.env.now < round.deadline) break;
    if (round.phase === 'betting' && !round.bets.hasOpen()) {
      round.deadline = ctx.env.now + ctx.pack.timing.bettingMs; // nobody bet: the countdown starts again
      break;
    }
    const r = timeout(ctx, table);
    if (!r.ok) return r;
    if (ctx.events) round.log.push({ at: ctx.env.now, actor: 'clock', command: { type: 'timeout' } }); // so the record replays it
  }
  return ok(ctx);
}

/** An operator voids the round: every bet is returned, anything it paid taken back (R-BJ-VOID-1). */
function voidRound(ctx: Ctx, table: Table, reason: string): Result {
  const round = table.round;
  if (round.phase === 'settled' || round.phase === 'void')
    return fail('round-finished', `round ${round.no} is already ${round.phase === 'void' ? 'void' : 'settled'}`);
  returnAll(ctx, table, `round void: ${reason}`);
  round.phase = 'void';
  round.deadline = null;
  if (round.timeLeft != null) round.timeLeft = null; // a paused round voided: the table stays paused until resumed
  round.follow = null;
  round.turnSeat = null;
  if (ctx.events) emit(ctx, table, { type: 'round-void', round: round.no, reason });
  return ok(ctx);
}

/**
 * Opens the next round under the context's pack. A round finishes under the pack it started with
 * (the shell gives it that pack); the table moves to a new pack only here, and then on a new shoe,
 * since the shoe rules may differ.
 */
function openRound(ctx: Ctx, table: Table): void {
  const pack = ctx.pack;
  const packChanged = table.packSha256 !== pack.sha256;
  const shoe = table.shoe;
  const shoeDone =
    !shoe ||
    (shoe.dealer
      ? shoe.roundsStarted > 0 && (packChanged || shoe.cutCardOut || pack.shoe.reshuffle === 'every-round')
      : !shoe.fixed && (packChanged || shoe.cutCardOut || pack.shoe.reshuffle === 'every-round'));
  table.packId = pack.id;
  table.packVersion = pack.version;
  table.packSha256 = pack.sha256;
  const events: EngineEvent[] = ctx.events ? [] : NO_EVENTS;
  if (shoeDone) {
    // Simulator shoes are one generator stream, never shown or replayed: shuffled again in place.
    if (shoe && shoe.generator === 'xoshiro' && !packChanged) shoe.reshuffleInPlace();
    else if (shoe?.dealer) {
      // A dealer-fed shoe has no seed to reveal; the next one is burned as its first cards are scanned.
      table.retiredShoes.push({ id: shoe.id, seed: '', commitment: '' });
      table.shoe = new Shoe(newDealerShoe(ctx, table.tableId, table.retiredShoes.length + 1));
    } else {
      if (shoe) table.retiredShoes.push({ id: shoe.id, seed: shoe.seed, commitment: shoe.commitment });
      table.shoe = new Shoe(
        newShoe(
          pack.shoe,
          `${table.tableId}-shoe-${table.retiredShoes.length + 1}`,
          ctx.env.newSeed(),
          ctx.env.generator ?? 'chacha20',
        ),
      );
    }
    const started = table.shoe!;
    if (ctx.events) events.push({ type: 'shoe-started', shoeId: started.id, commitment: started.commitment });
    if (pack.shoe.burn === 'shown-card-value' && !started.dealer) {
      const b = started.burn(); // R-BJ-SHOE-2
      if (b && ctx.events) events.push({ type: 'burn', shown: b.shown, burned: b.burned });
    }
  }
  table.roundsPlayed += table.round ? 1 : 0;
  beginRound(ctx, table, table.roundsPlayed + 1, events);
}

const NO_EVENTS: EngineEvent[] = [];
/** The id of every round with events off: nothing is recorded, so no id string is built for it. */
const UNRECORDED = 'unrecorded';

/** Starts round `no` on the shoe as it is; the opening is kept so the round can be replayed. */
function beginRound(ctx: Ctx, table: Table, no: number, shoeEvents: EngineEvent[]): void {
  const now = ctx.env.now;
  const shoe = table.shoe!;
  const deadline = ctx.pack.table.kind === 'solo' ? null : now + ctx.pack.timing.bettingMs;
  const fast = ctx.fast;
  if (fast === undefined || !fast.reuseRound(ctx, table, no, deadline)) {
    const old = table.round;
    if (old) table.left.push(old);
    table.round = {
      id: ctx.events ? `${table.tableId}-r${no}` : UNRECORDED,
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
      bets: fast === undefined ? new Ledger(ctx.pack.bets.length) : fast.newLedger(ctx.pack),
      nextBetId: 1,
      holders: [],
      common: null,
      dealer: { cards: [], holeShown: false, blackjack: null },
      turnSeat: null,
      follow: null,
      followAdvance: null,
      voidedPlayers: [],
      andarBahar: null,
      // Kept for replay when the round is recorded; the simulator (events off) skips the copies.
      opening: ctx.events
        ? { shoePosition: shoe.position, ...openingOf(table) }
        : { shoePosition: shoe.position, players: {}, seats: {}, warnings: {} },
      log: [],
      events: [],
      spare: { holders: [], hands: [], common: null },
      ...(shoe.dealer ? { dealerFed: true as const } : {}),
    };
  }
  shoe.roundsStarted++;
  for (let i = 0; i < shoeEvents.length; i++) emit(ctx, table, shoeEvents[i]);
  table.family.opened(ctx, table);
  if (ctx.events) emit(ctx, table, { type: 'round-opened', round: no, deadline: table.round.deadline });
}

/** The table's players, seats and warnings as the round opens, in their saved form. */
function openingOf(table: Table): Pick<RoundState['opening'], 'players' | 'seats' | 'warnings'> {
  return { players: savePlayers(table.players), seats: saveSeats(table), warnings: structuredClone(table.warnings) };
}
