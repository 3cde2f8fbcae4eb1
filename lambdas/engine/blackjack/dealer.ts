// The dealer's hand: the hole card shown, insurance settled once the dealer's blackjack is known,
// and the dealer's draw (R-BJ-DEALER-1).
import { isSoftShape, rankOf, shapeOf, totalOf, withCard } from '../../core/cards.ts';
import { payout } from '../../core/money.ts';
import { credit } from '../bets.ts';
import { emit } from '../context.ts';
import { handTotal, isNatural } from '../hand.ts';
import { Insurance } from '../ledger.ts';
import type { Ctx, Table } from '../model.ts';
import { dealCard, upCard } from './players.ts';

/**
 * The dealer shows the hole card and draws only while a hand or a dealer-hand bet is live; answers the dealer's hand's
 * shape (shapeOf).
 */
export function dealerPlays(ctx: Ctx, table: Table): number {
  const dealer = table.round.dealer;
  showHole(ctx, table);
  let shape = shapeOf(dealer.cards);
  if (dealer.blackjack === null) dealer.blackjack = dealer.cards.length === 2 && totalOf(shape) === 21;
  settleInsurance(ctx, table);
  if (dealer.blackjack || !dealerNeeded(ctx, table)) return shape;
  const hitsSoft17 = ctx.pack.blackjack!.dealer.hitsSoft17;
  let t = totalOf(shape);
  while (t < 17 || (t === 17 && hitsSoft17 && isSoftShape(shape))) {
    const card = dealCard(ctx, table, 'dealer'); // R-BJ-DEALER-1
    dealer.cards.push(card);
    shape = withCard(shape, card);
    t = totalOf(shape);
  }
  return shape;
}

function dealerNeeded(ctx: Ctx, table: Table): boolean {
  const round = table.round;
  // A bet on the dealer's final hand (Bust Bonus) needs it whatever the hands did: one AND before the pass over them.
  if (round.bets.anyOpenOf(ctx.pack.dealerFinalBets)) return true;
  const holders = round.holders;
  for (let i = 0; i < holders.length; i++)
    for (let j = 0; j < holders[i].hands.length; j++) {
      const hand = holders[i].hands[j];
      const t = handTotal(hand);
      if (!hand.surrendered && t <= 21 && !(t === 21 && isNatural(hand))) return true;
    }
  return false;
}

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
