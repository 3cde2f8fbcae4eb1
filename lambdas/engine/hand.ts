// Blackjack hand arithmetic (R-BJ-SCORE-1..3): totals, soft hands, naturals.
import { bjSoft, bjTotal, type Card, totalOf, withCard } from '../core/cards.ts';
import type { WorkingHand } from './model.ts';

/** Best total: an ace counts 11 when that does not take the total over 21. */
export const total = (cards: readonly Card[]): number => bjTotal(cards);

/** True when an ace is counted as 11. */
export const isSoft = (cards: readonly Card[]): boolean => bjSoft(cards);

/** A working hand's best total, from the shape its cards keep. */
export const handTotal = (hand: WorkingHand): number => totalOf(hand.shape);

/** Adds a card to a working hand: the only way its cards grow, so its shape stays theirs. */
export function addCard(hand: WorkingHand, card: Card): void {
  hand.cards.push(card);
  hand.shape = withCard(hand.shape, card);
}

/** Ace plus a 10-value card as a hand's first two cards (R-BJ-SCORE-2); never after a split (R-BJ-SCORE-3). */
export const isNatural = (hand: WorkingHand): boolean =>
  !hand.fromSplit && hand.cards.length === 2 && handTotal(hand) === 21;

export const isDealerNatural = (cards: readonly Card[]): boolean => cards.length === 2 && total(cards) === 21;
