// A blackjack round from betting's close to the first decision: seats without a seat bet
// (R-MW-SEAT-3), the deal (R-MW-DEAL-1, R-TB-DEAL-1), the insurance window and the peek
// (R-MW-INS-1, R-MW-END-1), and side bets settled as soon as they are decided (R-LL-SETTLE-1).
import { type Card, rankOf } from '../../core/cards.ts';
import { payout } from '../../core/money.ts';
import { type CompiledBet, hasSeats } from '../../pack/compiled.ts';
import { multisetIndex } from '../../pack/line-table.ts';
import { credit, returnBet, voidForShoe } from '../bets.ts';
import { type Ctx, decidesItself, emit, ok } from '../context.ts';
import { addCard, handTotal, isDealerNatural } from '../hand.ts';
import { Insurance, Seat, Status } from '../ledger.ts';
import { madeFor } from '../made-for.ts';
import { type GroupView, settleDecided } from '../paytable.ts';
import { firstCardsAt, type Holder, holderOf, setSeat, type Table } from '../state.ts';
import { fail, type Result } from '../types.ts';
import { mainOn } from './betting.ts';
import { newCommon, newHolder } from './holders.ts';
import { dealCard, dealTo, ShoeExhausted, seatLabel, upCard } from './players.ts';
import { finish } from './settle.ts';
import { settleFinalByShape, settleFromTables } from './side-tables.ts';
import { advance } from './turns.ts';

/** Betting closes: seats without a seat bet lose their side bets, then the cards come out. */
export function deal(ctx: Ctx, table: Table): Result {
  return dealIn(ctx)(table);
}

const dealIn = /* @__PURE__ */ madeFor((ctx: Ctx) => (table: Table): Result => {
  const round = table.round;
  if (!round.bets.hasOpen()) return fail('no-bets', 'there are no bets to deal; place a bet first');
  try {
    closeBetting(ctx, table);
    if (!round.bets.hasOpen()) return (finish(ctx, table), ok(ctx));
    initialDeal(ctx, table);
    settleSideBets(ctx, table, null);
    openInsuranceOrPeek(ctx, table);
    advance(ctx, table);
  } catch (e) {
    if (e instanceof ShoeExhausted) return (voidForShoe(ctx, table), ok(ctx));
    throw e;
  }
  return ok(ctx);
});

function closeBetting(ctx: Ctx, table: Table): void {
  const round = table.round;
  const pack = ctx.pack;
  const bets = round.bets;
  if (hasSeats(pack)) {
    // In seat order, so the holders are in playing order (R-MW-TURN-1).
    const occupied = table.occupied;
    for (let i = 0; i < occupied.length; i++) {
      const seat = occupied[i];
      const holder = table.seats[seat]!;
      const main = mainOn(ctx, table, seat);
      if (main >= 0) {
        holder.missed = 0;
        round.holders.push(
          newHolder(round, seat, holder.owner, table.players.indexOf(holder.owner), bets.amount(main), main),
        );
        continue;
      }
      // No seat bet: everything on the seat goes back (R-MW-SEAT-3). A holder who cannot cover the
      // table minimum has no valid seat bet and leaves now; one who chose not to bet keeps the seat
      // for the rounds the pack allows (R-MW-SEAT-4).
      for (let row = 0; row < bets.length; row++)
        if (bets.seat(row) === seat) returnBet(ctx, table, row, `seat ${seat} has no seat bet`);
      holder.missed++;
      const short = table.players.balanceOf(holder.owner) < minimumSeatBet(ctx);
      if (short || holder.missed > (pack.table.seatRemoval?.roundsWithoutBet ?? 0))
        release(ctx, table, seat, short ? 'balance below the table minimum' : 'no seat bet');
    }
    if (bets.anyOpenOf(pack.behindBets) || bets.anyOpenOf(pack.withMainBets))
      for (let row = 0; row < bets.length; row++) {
        if (bets.status(row) !== Status.OPEN) continue;
        const bet = pack.bets[bets.bet(row)];
        if (bet.type === 'behind') bets.follows[row] = [{ hand: 0, stake: bets.amount(row) }];
        if (bet.withMain && mainOn(ctx, table, bets.seat(row), bets.player(row)) < 0)
          returnBet(ctx, table, row, `${bet.name} needs a main bet`);
      }
  } else {
    // One holder per player with a main bet, in the order their saved form (a JSON object keyed by name) keeps them.
    // The pass ends at the last open main bet: the side bets after it are not looked at.
    let mains = 0;
    for (let i = 0; i < pack.handBets.indices.length; i++) mains += bets.openCount(pack.handBets.indices[i]);
    for (let row = 0; row < bets.length && mains > 0; row++) {
      if (bets.status(row) !== Status.OPEN || pack.bets[bets.bet(row)].type !== 'hand') continue;
      mains--;
      const h = holderOf(round, bets.player(row));
      if (h) h.hands[0].stake = bets.amount(row);
      else
        round.holders.push(
          newHolder(round, Seat.NONE, table.players.names[bets.player(row)], bets.player(row), bets.amount(row), row),
        );
    }
    if (round.holders.length > 1 && round.holders.some((h) => isArrayIndex(h.owner))) inObjectKeyOrder(round.holders);
    round.common = newCommon(round);
  }
}

const isArrayIndex = (s: string): boolean => /^(0|[1-9]\d*)$/.test(s) && Number(s) < 4294967295;

/**
 * Sorts holders as a JSON object orders their owners' names: array indexes ascending first, then the rest as they came.
 */
function inObjectKeyOrder(holders: Holder[]): void {
  const numeric = holders.filter((h) => isArrayIndex(h.owner)).sort((a, b) => Number(a.owner) - Number(b.owner));
  const rest = holders.filter((h) => !isArrayIndex(h.owner));
  holders.splice(0, holders.length, ...numeric, ...rest);
}

/** The smallest seat bet the table takes. */
export const minimumSeatBet = (ctx: Ctx): number => ctx.pack.handBet!.min;

export function release(ctx: Ctx, table: Table, seat: number, reason: string): void {
  const holder = table.seats[seat];
  if (!holder) return;
  setSeat(table, seat, null);
  if (ctx.events) emit(ctx, table, { type: 'seat-released', seat, player: holder.owner, reason });
}

function initialDeal(ctx: Ctx, table: Table): void {
  const round = table.round;
  const dealer = round.dealer;
  const holders = round.holders;
  if (round.common) {
    const common = round.common;
    common.cards.push(dealCard(ctx, table, 'common'));
    dealer.cards.push(dealCard(ctx, table, 'dealer'));
    common.cards.push(dealCard(ctx, table, 'common'));
    dealer.cards.push(dealCard(ctx, table, 'dealer-hole', true));
    for (let i = 0; i < holders.length; i++) {
      addCard(holders[i].hands[0], common.cards[0]);
      addCard(holders[i].hands[0], common.cards[1]);
    }
  } else {
    for (let i = 0; i < holders.length; i++)
      addCard(holders[i].hands[0], dealTo(ctx, table, seatLabel, holders[i].seat));
    dealer.cards.push(dealCard(ctx, table, 'dealer'));
    for (let i = 0; i < holders.length; i++)
      addCard(holders[i].hands[0], dealTo(ctx, table, seatLabel, holders[i].seat));
    dealer.cards.push(dealCard(ctx, table, 'dealer-hole', true));
  }
  // A natural stands at once (R-MW-STAND-1); only a first hand exists yet.
  for (let i = 0; i < holders.length; i++) if (handTotal(holders[i].hands[0]) === 21) holders[i].hands[0].done = true;
}

// ------------------------------------------------------------------ insurance and peek

/** Whether a row may answer insurance: a hand bet, or a bet behind where the table insures those. */
export function isInsurable(ctx: Ctx, table: Table, row: number): boolean {
  const bets = table.round.bets;
  if (bets.status(row) !== Status.OPEN) return false;
  const type = ctx.pack.bets[bets.bet(row)].type;
  return type === 'hand' || (type === 'behind' && !!ctx.pack.table.betBehind?.insurance);
}

function openInsuranceOrPeek(ctx: Ctx, table: Table): void {
  const ins = ctx.pack.blackjack!.actions.insurance;
  const round = table.round;
  const bets = round.bets;
  if (ins?.offeredOn[rankOf(upCard(table))] && anyInsurable(ctx, table)) {
    round.phase = 'insurance';
    round.deadline = ctx.env.now + ctx.pack.timing.insuranceMs;
    // AI players (and the policy's) never buy insurance; their answer is "no" at once.
    for (let row = 0; row < bets.length; row++)
      if (isInsurable(ctx, table, row) && decidesItself(ctx, table, bets.player(row))) answerNo(table, row);
    if (ctx.events) emit(ctx, table, { type: 'window', window: 'insurance', deadline: round.deadline });
    return;
  }
  peek(ctx, table);
}

function anyInsurable(ctx: Ctx, table: Table): boolean {
  for (let row = 0; row < table.round.bets.length; row++) if (isInsurable(ctx, table, row)) return true;
  return false;
}

function answerNo(table: Table, row: number): void {
  table.round.bets.setInsurance(row, Insurance.SETTLED, 0);
}

/** Unanswered insurance counts as "no" (R-BJ-AUTO-1). */
export function closeInsurance(ctx: Ctx, table: Table): void {
  const bets = table.round.bets;
  for (let row = 0; row < bets.length; row++)
    if (isInsurable(ctx, table, row) && bets.insurance(row) === Insurance.NONE) answerNo(table, row);
  peek(ctx, table);
}

export function insuranceAnswered(ctx: Ctx, table: Table): boolean {
  const bets = table.round.bets;
  for (let row = 0; row < bets.length; row++)
    if (isInsurable(ctx, table, row) && bets.insurance(row) === Insurance.NONE) return false;
  return true;
}

/** The dealer checks for blackjack when the up card says so; a dealer blackjack ends the round. */
function peek(ctx: Ctx, table: Table): void {
  const round = table.round;
  const dealer = round.dealer;
  round.deadline = null;
  if (ctx.pack.blackjack!.dealer.peekOn[rankOf(upCard(table))]) {
    dealer.blackjack = isDealerNatural(dealer.cards);
    if (ctx.events) emit(ctx, table, { type: 'dealer-peek', blackjack: dealer.blackjack });
    settleInsurance(ctx, table);
    if (dealer.blackjack) {
      showHole(ctx, table);
      finish(ctx, table); // R-MW-END-1, R-TB-END-1
      return;
    }
  } else if (!canBeBlackjack(upCard(table))) {
    dealer.blackjack = false;
  }
  // The deal settled every side bet its cards decide; the peek adds only the dealer-blackjack fact.
  if (round.bets.anyOpenOf(ctx.pack.dealerBlackjackBets)) settleSideBets(ctx, table, null);
  round.phase = 'turns';
  round.turnSeat = null;
}

const canBeBlackjack = (up: Card): boolean => rankOf(up) === 0 || rankOf(up) >= 9;

export function settleInsurance(ctx: Ctx, table: Table): void {
  const ins = ctx.pack.blackjack!.actions.insurance;
  const round = table.round;
  // Insurance is bought only where the up card offers it.
  if (!ins || round.dealer.blackjack === null || !ins.offeredOn[rankOf(upCard(table))]) return;
  const bets = round.bets;
  for (let row = 0; row < bets.length; row++) {
    if (bets.insurance(row) !== Insurance.PENDING) continue;
    const cost = bets.insuranceCost(row);
    bets.setInsurance(row, Insurance.SETTLED, cost);
    const won = round.dealer.blackjack;
    credit(
      ctx,
      table,
      row,
      won ? cost + payout(cost, ins.pays, ctx.pack.rounding) : 0,
      won ? 'insurance wins' : 'insurance loses',
    );
  }
}

export function showHole(ctx: Ctx, table: Table): void {
  const dealer = table.round.dealer;
  if (dealer.holeShown) return;
  dealer.holeShown = true;
  if (ctx.events) emit(ctx, table, { type: 'hole-shown', card: dealer.cards[1] });
}

// ------------------------------------------------------------------ side bets

/**
 * Side bets settle as soon as their card group is complete and their facts are known. `finalShape`
 * is the dealer's final hand's shape (shapeOf) once the dealer has played, null before.
 */
export function settleSideBets(ctx: Ctx, table: Table, finalShape: number | null): void {
  const round = table.round;
  const final = finalShape !== null;
  // No group is complete before the dealer has two cards; every group reads the same facts.
  if (round.dealer.cards.length < 2 || ctx.pack.paytableBets.indices.length === 0) return;
  facts.dealerBlackjack = round.dealer.blackjack ?? undefined;
  // With events off, one spot's side bets before the dealer's final hand settle from memory by their
  // first two cards (stageKey), or, where one reads the up card too, from their lookup tables
  // (side-tables.ts: x1.07-1.12 on the clock for the common-draw pack with three-card side bets,
  // bench/compare.ts; for the seated pair bet the memory is faster).
  const early = !final && !ctx.events;
  const key = early ? stageKey(ctx, table) : -1;
  if (early && key < 0 && settleFromTables(ctx.pack, table, facts.dealerBlackjack)) return;
  // And on the dealer's final hand, the bets read by its shape alone (Bust Bonus) without the general way's pass.
  if (final && !ctx.events) {
    settleFinalByShape(ctx.pack, table, facts.dealerBlackjack, finalShape);
    if (!round.bets.anyOpenOf(ctx.pack.paytableBets)) return;
  }
  settleDecided(ctx, table, groupFor, final, -1, key);
}

/**
 * What decides every side bet of a block (one spot's bets, ledger.ts) before the dealer's final
 * hand (groupFor), where none reads the up card: the spot's first two cards (as a multiset: a
 * group's lines read its cards in any order, line-table.ts) and the dealer-blackjack fact (not
 * known, yes, no), one of 1,378 × 3 keys; -1 for none. With the up card there would be ~215,000
 * keys, whose memory (megabytes, read at random) missed the core's caches: the common-draw pack
 * with three-card side bets played ×0.87–0.92 as fast as without it (bench/compare.ts), for 7%
 * fewer instructions.
 */
function stageKey(ctx: Ctx, table: Table): number {
  const round = table.round;
  if (ctx.pack.upCardBets.indices.length > 0) return -1;
  const first = round.bets.length > 0 ? firstCardsAt(round, round.bets.seat(0)) : undefined;
  if (!first || first.length < 2) return -1;
  const blackjack = round.dealer.blackjack;
  return multisetIndex(first, 2) * 3 + (blackjack === null ? 0 : blackjack ? 1 : 2);
}

// One group of each kind and one set of facts, refilled per settlement: a bet reads them and lets go.
const facts: { dealerBlackjack: boolean | undefined } = { dealerBlackjack: undefined };
const firstTwo: GroupView = { cards: [], n: 2, facts, outcome: -1 };
const withUp: GroupView & { cards: Card[] } = { cards: [0, 0, 0], n: 3, facts, outcome: -1 };
const dealerFinal: GroupView = { cards: [], n: 0, facts, outcome: -1 };

/** A side bet's cards: the dealer's final hand, or the first two (and the up card) of its spot. */
function groupFor(_ctx: Ctx, table: Table, row: number, bet: CompiledBet, final: boolean): GroupView | null {
  const round = table.round;
  const dealer = round.dealer.cards;
  if (bet.group === 'dealer-final') {
    if (!final) return null;
    dealerFinal.cards = dealer;
    dealerFinal.n = dealer.length;
    return dealerFinal;
  }
  const first = firstCardsAt(round, round.bets.seat(row));
  if (!first) return null;
  if (bet.group !== 'first-two-and-up') {
    firstTwo.cards = first;
    return firstTwo;
  }
  withUp.cards[0] = first[0];
  withUp.cards[1] = first[1];
  withUp.cards[2] = dealer[0];
  return withUp;
}
