// Blackjack bets: seat bets with mirroring (R-MW-SEAT-1, R-MW-SEAT-2), bet behind (R-MW-BEHIND-1),
// side bets on a seat or per player, and the common-draw table where bets need no seat (R-TB-BET-1).
import { findBetFor, hasSeats, type CompiledBet } from '../../pack/compiled.ts';
import { checkStake, placeStake, returnBet, scratchStake, type Stake } from '../bets.ts';
import { openBet } from '../records.ts';
import { emit, ok, type Ctx } from '../context.ts';
import { fail, type BetRecord, type BetSpec, type Result, type TableState } from '../types.ts';


const STAKE = scratchStake();
const isFail = (s: Stake | { ok: false }): s is { ok: false; error: { code: string; message: string } } => 'ok' in s;


/** Seats a player holds at the table, in seat order. */
/** The seats a player holds, in ascending order (by number: for-in would make a string per seat). */
export function seatsOf(ctx: Ctx, state: TableState, player: string): number[] {
  const out: number[] = [];
  for (let seat = 1; seat <= ctx.pack.table.seats; seat++) if (state.seats[seat]?.owner === player) out.push(seat);
  return out;
}

export function mainOn(ctx: Ctx, state: TableState, seat: number | null, player?: string): BetRecord | undefined {
  const bets = state.round.bets;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i];
    if (b.status === 'open' && b.seat === seat && b.type === 'hand' && (player === undefined || b.player === player)) return b;
  }
  return undefined;
}


export function placeBet(ctx: Ctx, state: TableState, player: string, cmd: BetSpec): Result {
  const pack = ctx.pack;
  if (cmd.mode !== undefined && !pack.modes) return fail('mode-not-offered', `this table has no betting modes; remove mode "${cmd.mode}"`);
  const bet = findBetFor(pack, cmd);
  if (!bet) return fail('unknown-bet', `there is no bet "${cmd.bet}" at this table; bets offered: ${[...new Set(pack.bets.map((b) => b.name))].join(', ')}`);
  if (!hasSeats(ctx.pack)) {
    if (cmd.seat !== undefined) return fail('no-seats', 'this table has no seats; omit seat');
    return placeCommon(ctx, state, player, bet, cmd.amount);
  }
  const human = ctx.pack.table.kind === 'solo' && !state.players[player]?.ai ? soloHuman(ctx, state) : undefined;
  if (human !== undefined && human !== player) return fail('not-your-table', `this solo table is ${human}'s: one player plays at it, with AI players in the other seats; open a table of your own`);
  if (cmd.seat === undefined) return fail('seat-required', `say which seat the ${bet.name} bet is on (1 to ${pack.table.seats})`);
  if (!Number.isInteger(cmd.seat) || cmd.seat < 1 || cmd.seat > pack.table.seats) return fail('no-such-seat', `there is no seat ${cmd.seat}; seats are 1 to ${pack.table.seats}`);
  const holder = state.seats[cmd.seat];
  switch (bet.type) {
    case 'hand':
      return placeSeatBet(ctx, state, player, cmd, bet, cmd.seat);
    case 'behind': {
      if (!holder) return fail('seat-empty', `seat ${cmd.seat} is empty; bet behind a seated player`);
      if (holder.owner === player) return fail('behind-own-seat', `you cannot bet behind your own seat ${cmd.seat} (R-MW-BEHIND-1)`);
      return single(ctx, state, player, bet, cmd.seat, cmd.amount);
    }
    default: {
      if (!holder && bet.withMain) return fail('needs-main-bet', `${bet.name} is placed together with a main bet; place your main bet on seat ${cmd.seat} first`);
      if (!holder) return fail('seat-empty', `seat ${cmd.seat} is empty; ${bet.name} is placed on an occupied seat`);
      if (bet.placement === 'player' && holder.owner !== player) return fail('not-your-seat', `${bet.name} is placed by the seat's own player; seat ${cmd.seat} is ${holder.owner}'s`);
      if (bet.withMain && !mainOn(ctx, state, cmd.seat, player)) return fail('needs-main-bet', `${bet.name} is placed together with a main bet; place your main bet on seat ${cmd.seat} first`);
      return single(ctx, state, player, bet, cmd.seat, cmd.amount);
    }
  }
}

/** The one human of a solo table: its host, else the first human who holds a seat; undefined while none. */
export function soloHuman(ctx: Ctx, state: TableState): string | undefined {
  if (state.host !== undefined) return state.host;
  for (let seat = 1; seat <= ctx.pack.table.seats; seat++) {
    const owner = state.seats[seat]?.owner;
    if (owner !== undefined && !state.players[owner]?.ai) return owner;
  }
  return undefined;
}

function placeCommon(ctx: Ctx, state: TableState, player: string, bet: CompiledBet, amount: number): Result {
  if (bet.type === 'behind') return fail('unknown-bet', 'there is no bet behind at a common-draw table');
  if (bet.withMain && !mainOn(ctx, state, null, player)) return fail('needs-main-bet', `${bet.name} is placed together with a main bet; place your main bet first`);
  return single(ctx, state, player, bet, null, amount);
}

/** A bet on one spot, with the bet's own limit handling. */
function single(ctx: Ctx, state: TableState, player: string, bet: CompiledBet, seat: number | null, amount: number): Result {
  const existing = openBet(ctx.pack, state.round, player, bet, seat);
  const stake = checkStake(ctx, state, player, bet, existing?.amount ?? 0, amount, STAKE);
  if (isFail(stake)) return stake;
  if (stake.voidHand) return voidPlayerHand(ctx, state, player, bet);
  placeStake(ctx, state, player, bet, seat, stake, existing);
  return ok(ctx);
}

/** A repeated bet under the minimum voids the player's whole hand for the round (R-LL-LIMIT-2). */
function voidPlayerHand(ctx: Ctx, state: TableState, player: string, bet: CompiledBet): Result {
  for (const record of state.round.bets) if (record.player === player) returnBet(ctx, state, record, `${bet.name} under the minimum again`);
  state.round.voidedPlayers.push(player);
  if (ctx.events) emit(ctx, state, { type: 'warning', player, message: `${bet.name} under the minimum a second time: your hand is void for this round and every bet returned` });
  return ok(ctx);
}

function placeSeatBet(ctx: Ctx, state: TableState, playerName: string, cmd: BetSpec, bet: CompiledBet, seat: number): Result {
  const { table } = ctx.pack;
  const player = state.players[playerName];
  const holder = state.seats[seat];
  if (holder && holder.owner !== playerName) return fail('seat-taken', `seat ${seat} is taken by ${holder.owner}`);
  if (player.demo && !table.demoMaySit) return fail('demo-cannot-sit', 'demo accounts cannot occupy a seat; bet behind a seated player instead (R-MW-SEAT-1)');
  const amountOn = (s: number) => mainOn(ctx, state, s, playerName)?.amount ?? 0;

  if (!holder) {
    const mine = seatsOf(ctx, state, playerName);
    if (mine.length >= table.seatsPerPlayer) return fail('seat-limit', `you already hold ${mine.length} ${mine.length === 1 ? 'seat' : 'seats'} (seats ${mine.join(', ')}); a player may hold ${table.seatsPerPlayer}`);
    const current = Math.max(0, ...mine.map(amountOn));
    // A seat kept from the last round has no seat bet yet: the amount to match is unknown until it has.
    if (table.mirrorSeatBets && mine.length > 0 && current === 0)
      return fail('seat-bet-mismatch', `your seats carry the same seat bet: place this round's seat bet on seat ${mine.join(', ')} first, then take seat ${seat} with the same amount (R-MW-SEAT-2)`);
    if (table.mirrorSeatBets && current > 0 && cmd.amount !== current)
      return fail('seat-bet-mismatch', `your seats carry the same seat bet: take seat ${seat} with ${current}, the bet on your other seat (R-MW-SEAT-2)`);
    const stake = checkStake(ctx, state, playerName, bet, 0, cmd.amount);
    if (isFail(stake)) return stake;
    if (stake.voidHand) return voidPlayerHand(ctx, state, playerName, bet);
    state.seats[seat] = { owner: playerName, missed: 0 };
    if (ctx.events) emit(ctx, state, { type: 'seat-taken', seat, player: playerName });
    placeStake(ctx, state, playerName, bet, seat, stake);
    return ok(ctx);
  }

  // A raise on a held seat mirrors to the player's other seats; when the balance cannot cover
  // every seat, the amount is split evenly between them, rounded down (R-MW-SEAT-2).
  const targets = table.mirrorSeatBets ? seatsOf(ctx, state, playerName) : [seat];
  let each = cmd.amount;
  if (targets.length > 1 && cmd.amount * targets.length > player.balance) {
    if (cmd.amount > player.balance) return fail('insufficient-balance', `${bet.name}: ${cmd.amount} is more than your balance of ${player.balance}`);
    each = Math.floor(cmd.amount / targets.length);
    if (each === 0) return fail('invalid-amount', `${cmd.amount} cannot be split between your ${targets.length} seats`);
  }
  // Every seat is checked before any is debited.
  const stakes: Stake[] = [];
  let committed = 0;
  for (let i = 0; i < targets.length; i++) {
    const stake = checkStake(ctx, state, playerName, bet, amountOn(targets[i]), each);
    if (isFail(stake)) return stake;
    if (stake.voidHand) return voidPlayerHand(ctx, state, playerName, bet);
    committed += stake.accepted;
    if (committed > player.balance) return fail('insufficient-balance', `${bet.name}: ${committed} over your seats is more than your balance of ${player.balance}`);
    stakes.push(stake);
  }
  for (let i = 0; i < targets.length; i++) placeStake(ctx, state, playerName, bet, targets[i], stakes[i]);
  return ok(ctx);
}
