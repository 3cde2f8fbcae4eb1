// Blackjack hand arithmetic (R-BJ-SCORE-1..3): totals, soft hands, naturals.
import { bjSoft, bjTotal, type Card } from '../core/cards.ts';
import type { Hand } from './types.ts';

/** Best total: an ace counts 11 when that does not take the total over 21. */
export const total = (cards: readonly Card[]): number => bjTotal(cards);

/** True when an ace is counted as 11. */
export const isSoft = (cards: readonly Card[]): boolean => bjSoft(cards);

/** Ace plus a 10-value card as a hand's first two cards (R-BJ-SCORE-2); never after a split (R-BJ-SCORE-3). */
export const isNatural = (hand: Hand): boolean => !hand.fromSplit && hand.cards.length === 2 && total(hand.cards) === 21;

export const isDealerNatural = (cards: readonly Card[]): boolean => cards.length === 2 && total(cards) === 21;

export const isBust = (cards: readonly Card[]): boolean => total(cards) > 21;
