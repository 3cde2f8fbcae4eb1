// Cards as small integers, so shoes are typed arrays and hot loops index lookup tables.
// A card is rank * 4 + suit: rank 0..12 = A 2 3 4 5 6 7 8 9 T J Q K, suit 0..3 = S H D C.

export const RANKS = 'A23456789TJQK';
export const SUITS = 'SHDC';
export const CARDS_PER_DECK = 52;

export type Card = number;

export const rankOf = (card: Card): number => card >> 2;
/** The card of a rank and suit; a rank's four cards are cardOf(rank, 0) to cardOf(rank, 3). */
export const cardOf = (rank: number, suit: number): Card => rank * 4 + suit;
export const suitOf = (card: Card): number => card & 3;
/** Hearts and diamonds are red (1); spades and clubs are black (0). */
export const colourOf = (card: Card): number => ((card & 3) === 1 || (card & 3) === 2 ? 1 : 0);

/**
 * Blackjack value with the ace as 1 (R-BJ-CARD-1); soft totals add 10 once. Computed, not looked up,
 * where every card of a simulated round passes: a table is a module variable, read with its checks.
 */
export const bjValue = (card: Card): number => (card < 36 ? (card >> 2) + 1 : 10);
export const BJ_VALUE: readonly number[] = Array.from({ length: 52 }, (_, c) => bjValue(c));

/**
 * A hand's shape, all its total depends on: its sum with aces as 1, doubled, plus 1 when it holds
 * an ace. One pass over the cards gives both the total and whether it is soft.
 */
export function shapeOf(cards: ArrayLike<Card>, n = cards.length): number {
  let sum = 0;
  let ace = 0;
  for (let i = 0; i < n; i++) {
    sum += bjValue(cards[i]);
    if (cards[i] < 4) ace = 1;
  }
  return sum * 2 + ace;
}

/** The shape once `card` is added. */
export const withCard = (shape: number, card: Card): number =>
  (shape & ~1) + bjValue(card) * 2 + ((shape & 1) | (card < 4 ? 1 : 0));

/** The blackjack total of a shape (R-BJ-SCORE-1): an ace counts 11 when that does not take it over 21. */
export function totalOf(shape: number): number {
  const sum = shape >> 1;
  return shape & 1 && sum + 10 <= 21 ? sum + 10 : sum;
}

/** Whether a shape's total counts an ace as 11 ("soft"). */
export const isSoftShape = (shape: number): boolean => (shape & 1) === 1 && (shape >> 1) + 10 <= 21;

/** The blackjack total (R-BJ-SCORE-1): an ace counts 11 when that does not take it over 21. */
export const bjTotal = (cards: ArrayLike<Card>, n = cards.length): number => totalOf(shapeOf(cards, n));

/** True when an ace is counted as 11 in the total ("soft"). */
export const bjSoft = (cards: ArrayLike<Card>, n = cards.length): boolean => isSoftShape(shapeOf(cards, n));

const CARD_PATTERN = /^(10|[A2-9TJQK])([SHDC])$/;

/** Parses `QH`, `TD` or `10D`; returns undefined when it is not a card. */
export function parseCard(text: string): Card | undefined {
  const m = CARD_PATTERN.exec(text.trim().toUpperCase());
  if (!m) return undefined;
  const rank = m[1] === '10' ? 9 : RANKS.indexOf(m[1]);
  return cardOf(rank, SUITS.indexOf(m[2]));
}

export function formatCard(card: Card): string {
  return RANKS[rankOf(card)] + SUITS[suitOf(card)];
}

/** Parses a rank written as in packs: `A`, `2`..`9`, `T` or `10`, `J`, `Q`, `K`. */
export function parseRank(text: string | number): number | undefined {
  const t = String(text).trim().toUpperCase();
  if (t === '10') return 9;
  const i = t.length === 1 ? RANKS.indexOf(t) : -1;
  return i >= 0 ? i : undefined;
}

export const parseSuit = (text: string): number | undefined => {
  const i = text.length === 1 ? SUITS.indexOf(text.toUpperCase()) : -1;
  return i >= 0 ? i : undefined;
};
