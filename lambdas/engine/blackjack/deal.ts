// A blackjack round from betting's close to the first decision: seats without a seat bet
// (R-MW-SEAT-3), the deal (R-MW-DEAL-1, R-TB-DEAL-1), the insurance window and the peek
// (R-MW-INS-1, R-MW-END-1), and side bets settled as soon as they are decided (R-LL-SETTLE-1).
import { rankOf, type Card } from '../../core/cards.ts';
import { payout } from '../../core/money.ts';
import type { CompiledBet } from '../../pack/compiled.ts';
import { credit, returnBet, voidForShoe } from '../bets.ts';
import { emit, ok, type Ctx } from '../context.ts';
import { isDealerNatural, newHand, total } from '../hand.ts';
import { settleDecided, type GroupView } from '../paytable.ts';
import { fail, type BetRecord, type CommonPlayer, type Result, type SeatRound, type TableState } from '../types.ts';
import { hasSeats } from '../../pack/compiled.ts';
import { betOf, hasOpenBet } from '../records.ts';
import { mainOn } from './betting.ts';
import { ShoeExhausted, dealCard, everyone, forgetEveryone, handsOf, upCard, seatLabel } from './players.ts';
import { advance } from './turns.ts';
import { finish } from './settle.ts';

/** Betting closes: seats without a seat bet lose their side bets, then the cards come out. */
export function deal(ctx: Ctx, state: TableState): Result {
  const round = state.round;
  if (!hasOpenBet(round.bets)) return fail('no-bets', 'there are no bets to deal; place a bet first');
  try {
    closeBetting(ctx, state);
    if (!hasOpenBet(round.bets)) return finish(ctx, state), ok(ctx);
    initialDeal(ctx, state);
    settleSideBets(ctx, state, false);
    openInsuranceOrPeek(ctx, state);
    advance(ctx, state);
  } catch (e) {
    if (e instanceof ShoeExhausted) return voidForShoe(ctx, state), ok(ctx);
    throw e;
  }
  return ok(ctx);
}

function closeBetting(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const pack = ctx.pack;
  if (hasSeats(ctx.pack)) {
    // In seat order, so round.seats is in playing order (R-MW-TURN-1).
    for (let seat = 1; seat <= pack.table.seats; seat++) {
      const holder = state.seats[seat];
      if (!holder) continue;
      const main = mainOn(ctx, state, seat);
      if (main) {
        holder.missed = 0;
        round.seats.push({ seat, owner: holder.owner, initial: [], hands: [newHand([], main.amount)], active: 0, preselect: null });
        continue;
      }
      // No seat bet: everything on the seat goes back (R-MW-SEAT-3). A holder who cannot cover the
      // table minimum has no valid seat bet and leaves now; one who chose not to bet keeps the seat
      // for the rounds the pack allows (R-MW-SEAT-4).
      for (const b of round.bets) if (b.seat === seat) returnBet(ctx, state, b, `seat ${seat} has no seat bet`);
      holder.missed++;
      const short = (state.players[holder.owner]?.balance ?? 0) < minimumSeatBet(ctx);
      if (short || holder.missed > (pack.table.seatRemoval?.roundsWithoutBet ?? 0)) release(ctx, state, seat, short ? 'balance below the table minimum' : 'no seat bet');
    }
    for (const b of round.bets) {
      if (b.status !== 'open') continue;
      const bet = betOf(ctx.pack, b);
      if (bet.type === 'behind') b.follows = [{ hand: 0, stake: b.amount }];
      if (bet.withMain && !round.bets.some((m) => m.status === 'open' && m.seat === b.seat && m.player === b.player && m.type === 'hand'))
        returnBet(ctx, state, b, `${bet.name} needs a main bet`);
    }
  } else {
    const players: Record<string, CommonPlayer> = {};
    for (const b of round.bets)
      if (b.status === 'open' && b.type === 'hand') players[b.player] = { hands: [newHand([], b.amount)], active: 0, draws: 0, preselect: null };
    round.common = { cards: [], stream: [], players };
  }
  forgetEveryone(round);
}

/** The smallest seat bet the table takes. */
export const minimumSeatBet = (ctx: Ctx): number => ctx.pack.handBet!.min;

export function release(ctx: Ctx, state: TableState, seat: number, reason: string): void {
  const holder = state.seats[seat];
  if (!holder) return;
  delete state.seats[seat];
  if (ctx.events) emit(ctx, state, { type: 'seat-released', seat, player: holder.owner, reason });
}

function initialDeal(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const dealer = round.dealer;
  if (round.common) {
    const common = round.common;
    common.cards.push(dealCard(ctx, state, 'common'));
    dealer.cards.push(dealCard(ctx, state, 'dealer'));
    common.cards.push(dealCard(ctx, state, 'common'));
    dealer.cards.push(dealCard(ctx, state, 'dealer-hole', true));
    for (const name in common.players) common.players[name].hands[0].cards = [...common.cards];
  } else {
    for (const s of round.seats) s.hands[0].cards.push(dealCard(ctx, state, seatLabel(s.seat)));
    dealer.cards.push(dealCard(ctx, state, 'dealer'));
    for (const s of round.seats) s.hands[0].cards.push(dealCard(ctx, state, seatLabel(s.seat)));
    dealer.cards.push(dealCard(ctx, state, 'dealer-hole', true));
    for (const s of round.seats) s.initial = [...s.hands[0].cards];
  }
  // A natural stands at once (R-MW-STAND-1).
  for (const who of everyone(state)) for (const h of handsOf(who)) if (total(h.cards) === 21) h.done = true;
}

// ------------------------------------------------------------------ insurance and peek

/** Who may answer insurance: seats (or common players) with a hand, and insurable bets behind. */
export function insurable(ctx: Ctx, state: TableState): BetRecord[] {
  return state.round.bets.filter((b) => {
    if (b.status !== 'open') return false;
    const type = b.type;
    return type === 'hand' || (type === 'behind' && !!ctx.pack.table.betBehind?.insurance);
  });
}

function openInsuranceOrPeek(ctx: Ctx, state: TableState): void {
  const ins = ctx.pack.blackjack!.actions.insurance;
  const round = state.round;
  if (ins && ins.offeredOn[rankOf(upCard(state))] && insurable(ctx, state).length) {
    round.phase = 'insurance';
    round.deadline = ctx.env.now + ctx.pack.timing.insuranceMs;
    // AI players never buy insurance; their answer is "no" at once.
    for (const b of insurable(ctx, state)) if (state.players[b.player].ai) b.insurance = { cost: 0, settled: true };
    if (ctx.events) emit(ctx, state, { type: 'window', window: 'insurance', deadline: round.deadline });
    return;
  }
  peek(ctx, state);
}

/** Unanswered insurance counts as "no" (R-BJ-AUTO-1). */
export function closeInsurance(ctx: Ctx, state: TableState): void {
  for (const b of insurable(ctx, state)) b.insurance ??= { cost: 0, settled: true };
  peek(ctx, state);
}

export const insuranceAnswered = (ctx: Ctx, state: TableState): boolean => insurable(ctx, state).every((b) => b.insurance !== undefined);

/** The dealer checks for blackjack when the up card says so; a dealer blackjack ends the round. */
function peek(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const dealer = round.dealer;
  round.deadline = null;
  if (ctx.pack.blackjack!.dealer.peekOn[rankOf(upCard(state))]) {
    dealer.blackjack = isDealerNatural(dealer.cards);
    if (ctx.events) emit(ctx, state, { type: 'dealer-peek', blackjack: dealer.blackjack });
    settleInsurance(ctx, state);
    if (dealer.blackjack) {
      showHole(ctx, state);
      finish(ctx, state); // R-MW-END-1, R-TB-END-1
      return;
    }
  } else if (!canBeBlackjack(upCard(state))) {
    dealer.blackjack = false;
  }
  settleSideBets(ctx, state, false);
  round.phase = 'turns';
  round.turnSeat = null;
}

const canBeBlackjack = (up: Card): boolean => rankOf(up) === 0 || rankOf(up) >= 9;

export function settleInsurance(ctx: Ctx, state: TableState): void {
  const ins = ctx.pack.blackjack!.actions.insurance;
  if (!ins || state.round.dealer.blackjack === null) return;
  for (const b of state.round.bets) {
    if (!b.insurance || b.insurance.settled) continue;
    b.insurance.settled = true;
    const won = state.round.dealer.blackjack;
    credit(ctx, state, b, won ? b.insurance.cost + payout(b.insurance.cost, ins.pays, ctx.pack.rounding) : 0, won ? 'insurance wins' : 'insurance loses');
  }
}

export function showHole(ctx: Ctx, state: TableState): void {
  const dealer = state.round.dealer;
  if (dealer.holeShown) return;
  dealer.holeShown = true;
  if (ctx.events) emit(ctx, state, { type: 'hole-shown', card: dealer.cards[1] });
}

// ------------------------------------------------------------------ side bets

/** Side bets settle as soon as their card group is complete and their facts are known. */
export function settleSideBets(ctx: Ctx, state: TableState, final: boolean): void {
  settleDecided(ctx, state, groupFor, final);
}

// One group and one set of facts, refilled per settlement: a bet reads them and lets go.
const facts: { dealerBlackjack: boolean | undefined } = { dealerBlackjack: undefined };
const group: GroupView = { cards: [], n: 0, facts, outcome: -1 };
const withUp: Card[] = [0, 0, 0];

/** A side bet's cards: the dealer's final hand, or the first two (and the up card) of its spot. */
function groupFor(_ctx: Ctx, state: TableState, record: BetRecord, bet: CompiledBet, final: boolean): GroupView | null {
  const round = state.round;
  const dealer = round.dealer;
  if (dealer.cards.length < 2) return null;
  facts.dealerBlackjack = dealer.blackjack ?? undefined;
  if (bet.group === 'dealer-final') {
    if (!final) return null;
    group.cards = dealer.cards;
  } else {
    const first = round.common ? round.common.cards : seatOf(round.seats, record.seat)?.initial;
    if (!first) return null;
    if (bet.group === 'first-two-and-up') {
      withUp[0] = first[0];
      withUp[1] = first[1];
      withUp[2] = dealer.cards[0];
      group.cards = withUp;
    } else group.cards = first;
  }
  group.n = group.cards.length;
  return group;
}

function seatOf(seats: readonly SeatRound[], seat: number | null): SeatRound | undefined {
  for (let i = 0; i < seats.length; i++) if (seats[i].seat === seat) return seats[i];
  return undefined;
}
