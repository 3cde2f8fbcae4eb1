// Side bets settled as soon as their card group is complete and their facts are known
// (R-LL-SETTLE-1): after the deal, after the peek, and on the dealer's final hand.
import type { Card } from '../../core/cards.ts';
import type { CompiledBet } from '../../pack/compiled.ts';
import { multisetIndex } from '../../pack/line-table.ts';
import type { Ctx, Table } from '../model.ts';
import { type GroupView, settleDecided } from '../paytable.ts';
import { firstCardsAt } from '../state.ts';
import { settleFinalByShape, settleFromTables } from './side-tables.ts';

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
