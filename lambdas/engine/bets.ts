// Bet placement rules shared by every family: limits with over-max and under-min handling
// (R-LL-LIMIT-2), round limits per shoe (R-TB-SIDE-2), balance, and the ledger rows themselves.
import type { CompiledBet } from '../pack/compiled.ts';
import { emit, ok } from './context.ts';
import { type Ledger, Seat, Status } from './ledger.ts';
import type { Ctx, Table } from './model.ts';
import { beforeWarningsChange } from './slip.ts';
import { type EngineError, fail, type MovementKind, type Result } from './types.ts';

export interface Stake {
  /** What is taken now. */
  accepted: number;
  /** Offered above the maximum and handed back (never debited). */
  excess: number;
  warning: string | null;
  /** A repeated under-minimum bet: the player's whole hand is voided (R-LL-LIMIT-2). */
  voidHand: boolean;
}

export const money = (ctx: Ctx, amount: number): string => formatMoney(ctx.pack.currency, amount);

/** Minor units as people read them: 1,050.00 USD. */
export function formatMoney(currency: { code: string; minorPerUnit: number }, amount: number): string {
  const unit = currency.minorPerUnit;
  const whole = Math.floor(amount / unit).toLocaleString('en-US');
  const frac = unit === 1 ? '' : `.${String(amount % unit).padStart(String(unit - 1).length, '0')}`;
  return `${whole}${frac} ${currency.code}`;
}

/** A seat column value as events and records show it: null for no seat. */
export const seatOrNull = (seat: number): number | null => (seat === Seat.NONE ? null : seat);

/**
 * Checks a stake (added to `existing` on the same spot) against the bet's rules and the balance.
 * The answer is written into `into` when given: a caller that uses it at once passes a reusable one.
 */
export function checkStake(
  ctx: Ctx,
  table: Table,
  player: number,
  bet: CompiledBet,
  existing: number,
  amount: number,
  into?: Stake,
): Stake | { ok: false; error: EngineError } {
  if (isUsualStake(table, player, bet, existing, amount)) return stakeOf(into, amount, 0, null, false);
  return checkUnusualStake(ctx, table, player, bet, existing, amount, into);
}

/**
 * The usual case, kept small so the compiler inlines it: a whole amount within the limits, the round limit and the
 * balance.
 */
function isUsualStake(table: Table, player: number, bet: CompiledBet, existing: number, amount: number): boolean {
  const total = existing + amount;
  return (
    Number.isSafeInteger(amount) &&
    amount > 0 &&
    total <= bet.max &&
    total >= bet.min &&
    (bet.roundLimit === null || table.round.roundInShoe <= bet.roundLimit) &&
    amount <= table.players.balance[player]
  );
}

function stakeOf(
  into: Stake | undefined,
  accepted: number,
  excess: number,
  warning: string | null,
  voidHand: boolean,
): Stake {
  if (!into) return { accepted, excess, warning, voidHand };
  into.accepted = accepted;
  into.excess = excess;
  into.warning = warning;
  into.voidHand = voidHand;
  return into;
}

/** checkStake for a stake outside the usual case: a refusal, or a limit's warning or void (R-LL-LIMIT-2). */
function checkUnusualStake(
  ctx: Ctx,
  table: Table,
  player: number,
  bet: CompiledBet,
  existing: number,
  amount: number,
  into?: Stake,
): Stake | { ok: false; error: EngineError } {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    return fail(
      'invalid-amount',
      `${bet.name}: the amount must be a whole number of minor units above 0 (got ${amount})`,
    );
  const round = table.round;
  if (bet.roundLimit !== null && round.roundInShoe > bet.roundLimit)
    return fail(
      'round-limit-reached',
      `${bet.name}: closed for the rest of this shoe; it may be placed in the first ${bet.roundLimit} rounds of a shoe and this is round ${round.roundInShoe}`,
    );
  let accepted = amount;
  let excess = 0;
  let warning: string | null = null;
  let voidHand = false;
  const total = existing + amount;
  if (total > bet.max) {
    if (bet.overMax === 'refuse' || existing >= bet.max)
      return fail(
        'above-maximum',
        `${bet.name}: ${money(ctx, total)} is above the maximum of ${money(ctx, bet.max)}; bets from ${money(ctx, bet.min)} to ${money(ctx, bet.max)}`,
      );
    accepted = bet.max - existing;
    excess = total - bet.max;
    warning = `${bet.name}: accepted ${money(ctx, bet.max)}, the table maximum; ${money(ctx, excess)} returned`;
  } else if (total < bet.min) {
    if (bet.underMin === 'refuse')
      return fail(
        'below-minimum',
        `${bet.name}: ${money(ctx, total)} is below the minimum of ${money(ctx, bet.min)}; bets from ${money(ctx, bet.min)} to ${money(ctx, bet.max)}`,
      );
    const warned = table.warnings[table.players.names[player]]?.[bet.name] ?? 0;
    if (warned > 0) voidHand = true;
    else
      warning = `${bet.name}: ${money(ctx, total)} is below the minimum of ${money(ctx, bet.min)}; accepted this once — a repeat voids your whole hand for the round`;
  }
  if (!voidHand && accepted > table.players.balance[player])
    return fail(
      'insufficient-balance',
      `${bet.name}: ${money(ctx, accepted)} is more than your balance of ${money(ctx, table.players.balance[player])}`,
    );
  return stakeOf(into, accepted, excess, warning, voidHand);
}

/** The usual bet (isUsualStake) on a spot with no open bet: a new row, the stake debited. */
function placeFresh(ctx: Ctx, table: Table, player: number, bet: CompiledBet, seat: number, amount: number): void {
  const round = table.round;
  const row = round.bets.open(round.nextBetId++, bet.index, player, seat, amount);
  move(ctx, table, 'stake', row, -amount, 'bet');
  if (ctx.events)
    emit(ctx, table, {
      type: 'bet-placed',
      player: table.players.names[player],
      bet: bet.key,
      seat: seatOrNull(seat),
      amount,
      total: amount,
    });
}

/** A Stake to pass to checkStake when the answer is used at once and dropped. */
export const scratchStake = (): Stake => ({ accepted: 0, excess: 0, warning: null, voidHand: false });

export const isRefusal = (s: Stake | { ok: false }): s is { ok: false; error: EngineError } => 'ok' in s;

/**
 * Records (or adds to) a bet and debits it; `existing` is the open row on the spot when the caller looked it up (-1 for
 * none).
 */
export function placeStake(
  ctx: Ctx,
  table: Table,
  player: number,
  bet: CompiledBet,
  seat: number,
  stake: Stake,
  existing = table.round.bets.findOpen(bet.index, player, seat),
): number {
  const round = table.round;
  const bets = round.bets;
  const row = existing >= 0 ? existing : bets.add(round.nextBetId++, bet.index, player, seat);
  bets.addStake(row, stake.accepted);
  move(ctx, table, 'stake', row, -stake.accepted, 'bet');
  if (stake.warning) noteWarning(ctx, table, player, bet, stake);
  if (ctx.events)
    emit(ctx, table, {
      type: 'bet-placed',
      player: table.players.names[player],
      bet: bet.key,
      seat: seatOrNull(seat),
      amount: stake.accepted,
      total: bets.amount(row),
    });
  return row;
}

/** A limit's warning goes to the player; one under the minimum is counted (a repeat voids the hand, R-LL-LIMIT-2). */
function noteWarning(ctx: Ctx, table: Table, player: number, bet: CompiledBet, stake: Stake): void {
  const name = table.players.names[player];
  if (ctx.events) emit(ctx, table, { type: 'warning', player: name, message: stake.warning! });
  if (stake.excess !== 0) return;
  beforeWarningsChange(table.slip, table, name);
  (table.warnings[name] ??= {})[bet.name] = (table.warnings[name]?.[bet.name] ?? 0) + 1;
}

/**
 * A bet on one spot with the bet's own limits: placed, or refused, or (a repeated under-minimum
 * bet) handed to `voidHand`, which voids the player's hand as the family does (R-LL-LIMIT-2).
 */
export function placeOnSpot(
  ctx: Ctx,
  table: Table,
  player: number,
  bet: CompiledBet,
  seat: number,
  amount: number,
  voidHand: (ctx: Ctx, table: Table, player: number, bet: CompiledBet) => Result,
): Result {
  const round = table.round;
  const bets = round.bets;
  // The usual bet, kept short: a spot the player has no bet on yet, and a stake within every limit.
  if (bets.openCount(bet.index) === 0 && isUsualStake(table, player, bet, 0, amount)) {
    placeFresh(ctx, table, player, bet, seat, amount);
    return ok(ctx);
  }
  const existing = bets.findOpen(bet.index, player, seat);
  const stake = checkStake(ctx, table, player, bet, existing < 0 ? 0 : bets.amount(existing), amount, STAKE);
  if (isRefusal(stake)) return stake;
  if (stake.voidHand) return voidHand(ctx, table, player, bet);
  placeStake(ctx, table, player, bet, seat, stake, existing);
  return ok(ctx);
}

const STAKE = scratchStake();

/** Debits an addition to a bet: its stake, a double, a split, a follow, insurance. */
export function stakeMore(ctx: Ctx, table: Table, row: number, amount: number, reason: string): void {
  table.round.bets.addStaked(row, amount);
  move(ctx, table, 'stake', row, -amount, reason);
}

export const keyOf = (ctx: Ctx, bets: Ledger, row: number): string => ctx.pack.bets[bets.bet(row)].key;

/**
 * Undoes a bet (void, a seat removed, a voided hand): the player gets back everything staked on it,
 * and anything it already paid is taken back, so the bet nets to zero (R-BJ-VOID-1). `kind` says
 * whether the round or the hand was voided (void-refund) or the bet alone could not stand (refund).
 */
export function returnBet(ctx: Ctx, table: Table, row: number, reason: string, kind: Refund = 'refund'): void {
  const bets = table.round.bets;
  if (bets.status(row) === Status.RETURNED) return;
  const delta = bets.staked(row) - bets.returned(row);
  bets.closeRow(row, Status.RETURNED);
  bets.addReturned(row, delta); // returned is now everything staked
  move(ctx, table, kind, row, delta, 'returned', reason);
  if (ctx.events)
    emit(ctx, table, {
      type: 'bet-returned',
      player: table.players.names[bets.player(row)],
      bet: keyOf(ctx, bets, row),
      seat: seatOrNull(bets.seat(row)),
      amount: bets.staked(row),
      reason,
    });
}

type Refund = Extract<MovementKind, 'refund' | 'void-refund'>;

/**
 * A repeated bet under the minimum voids the player's hand: every bet of theirs in the round returned (R-LL-LIMIT-2).
 */
export function voidPlayerBets(ctx: Ctx, table: Table, player: number, bet: CompiledBet): void {
  const bets = table.round.bets;
  for (let row = 0; row < bets.length; row++)
    if (bets.player(row) === player) returnBet(ctx, table, row, `${bet.name} under the minimum again`, 'void-refund');
  table.round.voidedPlayers.push(table.players.names[player]);
}

/** Returns every bet of the round (void, a shoe run dry). */
export function returnAll(ctx: Ctx, table: Table, reason: string): void {
  const bets = table.round.bets;
  for (let row = 0; row < bets.length; row++) returnBet(ctx, table, row, reason, 'void-refund');
}

/** The shoe ran out mid-round: the round is void and every bet returned (R-BJ-VOID-1). */
export function voidForShoe(ctx: Ctx, table: Table): void {
  const round = table.round;
  returnAll(ctx, table, 'the shoe ran out of cards');
  round.phase = 'void';
  round.deadline = null;
  if (ctx.events) emit(ctx, table, { type: 'round-void', round: round.no, reason: 'the shoe ran out of cards' });
}

/** Credits what a bet (or part of it) returns, stake included; 0 for a loss. */
export function credit(
  ctx: Ctx,
  table: Table,
  row: number,
  returned: number,
  outcome: string,
  hand: number | null = null,
): void {
  table.round.bets.addReturned(row, returned);
  paid(ctx, table, row, returned, outcome, hand);
}

/** Credits what a bet returns (0 for a loss) and closes it with its line code: a bet settled in one go. */
export function settleBet(ctx: Ctx, table: Table, row: number, returned: number, line: number, outcome: string): void {
  table.round.bets.settle(row, returned, line);
  paid(ctx, table, row, returned, outcome, null);
}

function paid(ctx: Ctx, table: Table, row: number, returned: number, outcome: string, hand: number | null): void {
  move(ctx, table, 'payout', row, returned, 'settle');
  if (!ctx.events) return;
  const bets = table.round.bets;
  emit(ctx, table, {
    type: 'settled',
    player: table.players.names[bets.player(row)],
    bet: keyOf(ctx, bets, row),
    seat: seatOrNull(bets.seat(row)),
    hand,
    stake: bets.amount(row),
    returned,
    outcome,
  });
}

/**
 * Moves money for the bet on `row` between its player's balance and the house (a stake is
 * negative). The wallet event says what moved and on which bet, so the store labels its ledger
 * from the kind and never from the text; `why` and `cause` word it for people.
 */
function move(
  ctx: Ctx,
  table: Table,
  kind: MovementKind,
  row: number,
  delta: number,
  why: string,
  cause?: string,
): void {
  if (delta === 0) return;
  const bets = table.round.bets;
  const player = bets.player(row);
  table.players.balance[player] += delta;
  if (ctx.events)
    emit(ctx, table, {
      type: 'wallet',
      player: table.players.names[player],
      delta,
      kind,
      bet: bets.id(row),
      seat: seatOrNull(bets.seat(row)),
      reason: `${why} ${keyOf(ctx, bets, row)}${cause ? `: ${cause}` : ''}`,
    });
}

/** Closes a bet once everything on it is credited; `line` is its line code (ledger.ts). */
export function close(table: Table, row: number, line: number): void {
  table.round.bets.close(row, line);
}
