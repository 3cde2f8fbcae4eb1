// Bet placement rules shared by every family: limits with over-max and under-min handling
// (R-LL-LIMIT-2), round limits per shoe (R-TB-SIDE-2), balance, and the bet records themselves.
import type { CompiledBet } from '../pack/compiled.ts';
import { emit, pay, type Ctx } from './context.ts';
import { newBetRecord, openBet } from './records.ts';
import { fail, type BetRecord, type EngineError, type TableState } from './types.ts';

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

/**
 * Checks a stake (added to `existing` on the same spot) against the bet's rules and the balance.
 * The answer is written into `into` when given: a caller that uses it at once passes a reusable one.
 */
export function checkStake(ctx: Ctx, state: TableState, player: string, bet: CompiledBet, existing: number, amount: number, into?: Stake): Stake | { ok: false; error: EngineError } {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    return fail('invalid-amount', `${bet.name}: the amount must be a whole number of minor units above 0 (got ${amount})`);
  if (bet.roundLimit !== null && state.round.roundInShoe > bet.roundLimit)
    return fail('round-limit-reached', `${bet.name}: closed for the rest of this shoe; it may be placed in the first ${bet.roundLimit} rounds of a shoe and this is round ${state.round.roundInShoe}`);
  let accepted = amount;
  let excess = 0;
  let warning: string | null = null;
  let voidHand = false;
  const total = existing + amount;
  if (total > bet.max) {
    if (bet.overMax === 'refuse' || existing >= bet.max)
      return fail('above-maximum', `${bet.name}: ${money(ctx, total)} is above the maximum of ${money(ctx, bet.max)}; bets from ${money(ctx, bet.min)} to ${money(ctx, bet.max)}`);
    accepted = bet.max - existing;
    excess = total - bet.max;
    warning = `${bet.name}: accepted ${money(ctx, bet.max)}, the table maximum; ${money(ctx, excess)} returned`;
  } else if (total < bet.min) {
    if (bet.underMin === 'refuse')
      return fail('below-minimum', `${bet.name}: ${money(ctx, total)} is below the minimum of ${money(ctx, bet.min)}; bets from ${money(ctx, bet.min)} to ${money(ctx, bet.max)}`);
    const warned = state.warnings[player]?.[bet.name] ?? 0;
    if (warned > 0) voidHand = true;
    else warning = `${bet.name}: ${money(ctx, total)} is below the minimum of ${money(ctx, bet.min)}; accepted this once — a repeat voids your whole hand for the round`;
  }
  if (!voidHand && accepted > state.players[player].balance)
    return fail('insufficient-balance', `${bet.name}: ${money(ctx, accepted)} is more than your balance of ${money(ctx, state.players[player].balance)}`);
  if (!into) return { accepted, excess, warning, voidHand };
  into.accepted = accepted;
  into.excess = excess;
  into.warning = warning;
  into.voidHand = voidHand;
  return into;
}

/** A Stake to pass to checkStake when the answer is used at once and dropped. */
export const scratchStake = (): Stake => ({ accepted: 0, excess: 0, warning: null, voidHand: false });

/** Records (or adds to) a bet and debits it; `existing` is the open bet on the spot when the caller looked it up. */
export function placeStake(ctx: Ctx, state: TableState, player: string, bet: CompiledBet, seat: number | null, stake: Stake, existing = openBet(ctx.pack, state.round, player, bet, seat)): BetRecord {
  const round = state.round;
  let record = existing;
  if (!record) {
    record = newBetRecord(ctx.pack, round, player, bet, seat);
    round.bets.push(record);
  }
  record.amount += stake.accepted;
  record.staked += stake.accepted;
  move(ctx, state, player, -stake.accepted, 'bet', bet.key);
  if (stake.warning) {
    if (ctx.events) emit(ctx, state, { type: 'warning', player, message: stake.warning });
    if (stake.excess === 0) ((state.warnings[player] ??= {})[bet.name] = (state.warnings[player]?.[bet.name] ?? 0) + 1);
  }
  if (ctx.events) emit(ctx, state, { type: 'bet-placed', player, bet: bet.key, seat, amount: stake.accepted, total: record.amount });
  return record;
}

/** Debits an addition to a bet: its stake, a double, a split, a follow, insurance. */
export function stakeMore(ctx: Ctx, state: TableState, record: BetRecord, amount: number, reason: string): void {
  record.staked += amount;
  pay(ctx, state, record.player, -amount, reason);
}

/**
 * Undoes a bet (void, a seat removed, a voided hand): the player gets back everything staked on it,
 * and anything it already paid is taken back, so the bet nets to zero (R-BJ-VOID-1).
 */
export function returnBet(ctx: Ctx, state: TableState, record: BetRecord, reason: string): void {
  if (record.status === 'returned') return;
  const delta = record.staked - record.returned;
  record.status = 'returned';
  record.returned = record.staked;
  pay(ctx, state, record.player, delta, `returned ${record.key}: ${reason}`);
  if (ctx.events) emit(ctx, state, { type: 'bet-returned', player: record.player, bet: record.key, seat: record.seat, amount: record.staked, reason });
}

/** The shoe ran out mid-round: the round is void and every bet returned (R-BJ-VOID-1). */
export function voidForShoe(ctx: Ctx, state: TableState): void {
  const round = state.round;
  for (const b of round.bets) returnBet(ctx, state, b, 'the shoe ran out of cards');
  round.phase = 'void';
  round.deadline = null;
  if (ctx.events) emit(ctx, state, { type: 'round-void', round: round.no, reason: 'the shoe ran out of cards' });
}

/** Credits what a bet (or part of it) returns, stake included; 0 for a loss. */
export function credit(ctx: Ctx, state: TableState, record: BetRecord, returned: number, outcome: string, hand: number | null = null): void {
  record.returned += returned;
  move(ctx, state, record.player, returned, 'settle', record.key);
  if (ctx.events) emit(ctx, state, { type: 'settled', player: record.player, bet: record.key, seat: record.seat, hand, stake: record.amount, returned, outcome });
}

/** `pay`, with the wallet event's reason (`verb key`) built only when events are kept. */
function move(ctx: Ctx, state: TableState, player: string, delta: number, verb: string, key: string): void {
  if (ctx.events) pay(ctx, state, player, delta, `${verb} ${key}`);
  else state.players[player].balance += delta;
}

/** Closes a bet once everything on it is credited. */
export function close(record: BetRecord, line: string | null): void {
  record.status = 'settled';
  record.line = line;
}
