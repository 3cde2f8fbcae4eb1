// Blackjack bets: seat bets with mirroring (R-MW-SEAT-1, R-MW-SEAT-2), bet behind (R-MW-BEHIND-1),
// side bets on a seat or per player, and the common-draw table where bets need no seat (R-TB-BET-1).
import { type CompiledBet, findBetFor, hasSeats } from '../../pack/compiled.ts';
import { checkStake, isRefusal, placeOnSpot, placeStake, type Stake, scratchStake, voidPlayerBets } from '../bets.ts';
import { emit, ok } from '../context.ts';
import { Seat, Status } from '../ledger.ts';
import type { Ctx, Table } from '../model.ts';
import { setSeat, soloHuman } from '../state.ts';
import { type BetSpec, fail, type Result } from '../types.ts';

const STAKE = /* @__PURE__ */ scratchStake();

/** The seats a player holds, in ascending order. */
export function seatsOf(table: Table, player: string): number[] {
  const out: number[] = [];
  for (const seat of table.occupied) if (table.seats[seat]!.owner === player) out.push(seat);
  return out;
}

/** The first open hand bet on `seat` (by `player` when given, a Players index); -1 for none. */
export function mainOn(ctx: Ctx, table: Table, seat: number, player = -1): number {
  const bets = table.round.bets;
  const compiled = ctx.pack.bets;
  for (let row = 0; row < bets.length; row++)
    if (
      bets.status(row) === Status.OPEN &&
      bets.seat(row) === seat &&
      compiled[bets.bet(row)].type === 'hand' &&
      (player < 0 || bets.player(row) === player)
    )
      return row;
  return -1;
}

/** The player's seat bet on `seat` so far (0 for none). */
function seatBetOn(ctx: Ctx, table: Table, seat: number, player: number): number {
  const row = mainOn(ctx, table, seat, player);
  return row < 0 ? 0 : table.round.bets.amount(row);
}

export function placeBet(ctx: Ctx, table: Table, player: number, cmd: BetSpec): Result {
  const pack = ctx.pack;
  if (cmd.mode !== undefined && !pack.modes)
    return fail('mode-not-offered', `this table has no betting modes; remove mode "${cmd.mode}"`);
  const bet = findBetFor(pack, cmd);
  if (!bet)
    return fail(
      'unknown-bet',
      `there is no bet "${cmd.bet}" at this table; bets offered: ${[...new Set(pack.bets.map((b) => b.name))].join(', ')}`,
    );
  if (!hasSeats(pack)) {
    if (cmd.seat !== undefined) return fail('no-seats', 'this table has no seats; omit seat');
    return placeCommon(ctx, table, player, bet, cmd.amount);
  }
  const name = table.players.names[player];
  const human = pack.table.kind === 'solo' && !table.players.ai[player] ? soloHuman(table) : undefined;
  if (human !== undefined && human !== name)
    return fail(
      'not-your-table',
      `this solo table is ${human}'s: one player plays at it, with AI players in the other seats; open a table of your own`,
    );
  if (cmd.seat === undefined)
    return fail('seat-required', `say which seat the ${bet.name} bet is on (1 to ${pack.table.seats})`);
  if (!Number.isInteger(cmd.seat) || cmd.seat < 1 || cmd.seat > pack.table.seats)
    return fail('no-such-seat', `there is no seat ${cmd.seat}; seats are 1 to ${pack.table.seats}`);
  const holder = table.seats[cmd.seat];
  switch (bet.type) {
    case 'hand':
      return placeSeatBet(ctx, table, player, cmd, bet, cmd.seat);
    case 'behind': {
      if (!holder) return fail('seat-empty', `seat ${cmd.seat} is empty; bet behind a seated player`);
      if (holder.owner === name)
        return fail('behind-own-seat', `you cannot bet behind your own seat ${cmd.seat} (R-MW-BEHIND-1)`);
      return single(ctx, table, player, bet, cmd.seat, cmd.amount);
    }
    default: {
      if (!holder && bet.withMain)
        return fail(
          'needs-main-bet',
          `${bet.name} is placed together with a main bet; place your main bet on seat ${cmd.seat} first`,
        );
      if (!holder) return fail('seat-empty', `seat ${cmd.seat} is empty; ${bet.name} is placed on an occupied seat`);
      if (bet.placement === 'player' && holder.owner !== name)
        return fail(
          'not-your-seat',
          `${bet.name} is placed by the seat's own player; seat ${cmd.seat} is ${holder.owner}'s`,
        );
      if (bet.withMain && mainOn(ctx, table, cmd.seat, player) < 0)
        return fail(
          'needs-main-bet',
          `${bet.name} is placed together with a main bet; place your main bet on seat ${cmd.seat} first`,
        );
      return single(ctx, table, player, bet, cmd.seat, cmd.amount);
    }
  }
}

function placeCommon(ctx: Ctx, table: Table, player: number, bet: CompiledBet, amount: number): Result {
  if (bet.type === 'behind') return fail('unknown-bet', 'there is no bet behind at a common-draw table');
  if (bet.withMain && mainOn(ctx, table, Seat.NONE, player) < 0)
    return fail('needs-main-bet', `${bet.name} is placed together with a main bet; place your main bet first`);
  return single(ctx, table, player, bet, Seat.NONE, amount);
}

/** A bet on one spot, with the bet's own limit handling. */
const single = (ctx: Ctx, table: Table, player: number, bet: CompiledBet, seat: number, amount: number): Result =>
  placeOnSpot(ctx, table, player, bet, seat, amount, voidPlayerHand);

/** A repeated bet under the minimum voids the player's whole hand for the round (R-LL-LIMIT-2). */
function voidPlayerHand(ctx: Ctx, table: Table, player: number, bet: CompiledBet): Result {
  voidPlayerBets(ctx, table, player, bet);
  if (ctx.events)
    emit(ctx, table, {
      type: 'warning',
      player: table.players.names[player],
      message: `${bet.name} under the minimum a second time: your hand is void for this round and every bet returned`,
    });
  return ok(ctx);
}

function placeSeatBet(ctx: Ctx, table: Table, player: number, cmd: BetSpec, bet: CompiledBet, seat: number): Result {
  const { table: rules } = ctx.pack;
  const players = table.players;
  const name = players.names[player];
  const holder = table.seats[seat];
  if (holder && holder.owner !== name) return fail('seat-taken', `seat ${seat} is taken by ${holder.owner}`);
  if (players.demo[player] && !rules.demoMaySit)
    return fail(
      'demo-cannot-sit',
      'demo accounts cannot occupy a seat; bet behind a seated player instead (R-MW-SEAT-1)',
    );
  if (!holder) {
    const mine = seatsOf(table, name);
    if (mine.length >= rules.seatsPerPlayer)
      return fail(
        'seat-limit',
        `you already hold ${mine.length} ${mine.length === 1 ? 'seat' : 'seats'} (seats ${mine.join(', ')}); a player may hold ${rules.seatsPerPlayer}`,
      );
    let current = 0;
    for (const s of mine) current = Math.max(current, seatBetOn(ctx, table, s, player));
    // A seat kept from the last round has no seat bet yet: the amount to match is unknown until it has.
    if (rules.mirrorSeatBets && mine.length > 0 && current === 0)
      return fail(
        'seat-bet-mismatch',
        `your seats carry the same seat bet: place this round's seat bet on seat ${mine.join(', ')} first, then take seat ${seat} with the same amount (R-MW-SEAT-2)`,
      );
    if (rules.mirrorSeatBets && current > 0 && cmd.amount !== current)
      return fail(
        'seat-bet-mismatch',
        `your seats carry the same seat bet: take seat ${seat} with ${current}, the bet on your other seat (R-MW-SEAT-2)`,
      );
    const stake = checkStake(ctx, table, player, bet, 0, cmd.amount, STAKE);
    if (isRefusal(stake)) return stake;
    if (stake.voidHand) return voidPlayerHand(ctx, table, player, bet);
    setSeat(table, seat, { owner: name, missed: 0 });
    if (ctx.events) emit(ctx, table, { type: 'seat-taken', seat, player: name });
    placeStake(ctx, table, player, bet, seat, stake);
    return ok(ctx);
  }

  // A bet on a held seat: on that seat alone, unless it mirrors to the player's other seats.
  if (betStaysOnSeat(ctx, table, name)) return single(ctx, table, player, bet, seat, cmd.amount);
  return raiseSeats(ctx, table, player, bet, cmd.amount, seatsOf(table, name));
}

/**
 * A seat the player holds, where their bets have only the spots' rules: not a demo account where
 * demos may not sit, the solo table's own human (or an AI player), and no other seat of theirs for
 * a seat bet to mirror to.
 */
export function isOwnSeat(ctx: Ctx, table: Table, player: number, seat: number): boolean {
  const name = table.players.names[player];
  const rules = ctx.pack.table;
  // The holder tested first: `?.owner !== name` compared a string with undefined as well, V8's generic equality on
  // every bet.
  const holder = table.seats[seat];
  if (!holder || holder.owner !== name || (table.players.demo[player] && !rules.demoMaySit)) return false;
  if (rules.kind === 'solo' && !table.players.ai[player] && soloHuman(table) !== name) return false;
  return betStaysOnSeat(ctx, table, name);
}

/**
 * A seat bet of `player` on a seat they hold stays there: the table mirrors none, or they hold no other seat
 * (R-MW-SEAT-2).
 */
const betStaysOnSeat = (ctx: Ctx, table: Table, player: string): boolean =>
  !ctx.pack.table.mirrorSeatBets || seatCount(table, player) === 1;

function seatCount(table: Table, player: string): number {
  let n = 0;
  const occupied = table.occupied;
  for (let i = 0; i < occupied.length; i++) if (table.seats[occupied[i]]!.owner === player) n++;
  return n;
}

/**
 * A raise on a held seat mirrors to the player's other seats; when the balance cannot cover every
 * seat, the amount is split evenly between them, rounded down (R-MW-SEAT-2).
 */
function raiseSeats(
  ctx: Ctx,
  table: Table,
  player: number,
  bet: CompiledBet,
  amount: number,
  targets: number[],
): Result {
  const balance = table.players.balance[player];
  let each = amount;
  if (amount * targets.length > balance) {
    if (amount > balance)
      return fail('insufficient-balance', `${bet.name}: ${amount} is more than your balance of ${balance}`);
    each = Math.floor(amount / targets.length);
    if (each === 0) return fail('invalid-amount', `${amount} cannot be split between your ${targets.length} seats`);
  }
  // Every seat is checked before any is debited.
  const stakes: Stake[] = [];
  let committed = 0;
  for (let i = 0; i < targets.length; i++) {
    const stake = checkStake(ctx, table, player, bet, seatBetOn(ctx, table, targets[i], player), each);
    if (isRefusal(stake)) return stake;
    if (stake.voidHand) return voidPlayerHand(ctx, table, player, bet);
    committed += stake.accepted;
    if (committed > balance)
      return fail(
        'insufficient-balance',
        `${bet.name}: ${committed} over your seats is more than your balance of ${balance}`,
      );
    stakes.push(stake);
  }
  for (let i = 0; i < targets.length; i++) placeStake(ctx, table, player, bet, targets[i], stakes[i]);
  return ok(ctx);
}
