// Side bets settled as soon as their card group is complete and their facts are known
// (R-LL-SETTLE-1): after the deal, after the peek, and on the dealer's final hand.
import type { Card } from '../../core/cards.ts';
import type { CompiledBet } from '../../pack/compiled.ts';
import type { Ctx, GroupView, Table } from '../model.ts';
import { settleDecided } from '../paytable.ts';
import { firstCardsAt } from '../state.ts';

/**
 * Side bets settle as soon as their card group is complete and their facts are known. `finalShape`
 * is the dealer's final hand's shape (shapeOf) once the dealer has played, null before.
 */
export function settleSideBets(ctx: Ctx, table: Table, finalShape: number | null): void {
  const round = table.round;
  // No group is complete before the dealer has two cards; every group reads the same facts.
  if (round.dealer.cards.length < 2 || ctx.pack.paytableBets.indices.length === 0) return;
  facts.dealerBlackjack = round.dealer.blackjack ?? undefined;
  if (ctx.fast?.settleSideBets(ctx, table, groupFor, finalShape, facts.dealerBlackjack)) return;
  settleDecided(ctx, table, groupFor, finalShape !== null);
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
