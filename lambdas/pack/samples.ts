// Every kind of card group that can occur, for checking that a pay-table line can ever match.
// Fixed-size groups are listed in full (each multiset of cards once); a dealer's final hand is
// listed by rank sequence with suit patterns that cover "all one suit", "one colour" and "mixed".
import { BJ_VALUE, CARDS_PER_DECK, type Card } from '../core/cards.ts';

export function* groupSamples(group: string, decks: number, dealerStandsSoft17: boolean): Generator<Card[]> {
  switch (group) {
    case 'first-two':
      yield* multisets(2, decks);
      return;
    case 'first-two-and-up':
    case 'first-3':
      yield* multisets(3, decks);
      return;
    case 'dealer-final':
      yield* dealerHands(decks, dealerStandsSoft17);
      return;
    default:
      yield [];
  }
}

/** Card multisets of a given size in which no card appears more often than there are decks. */
function* multisets(size: number, decks: number, from = 0, prefix: Card[] = []): Generator<Card[]> {
  if (prefix.length === size) {
    yield prefix;
    return;
  }
  for (let c = from; c < CARDS_PER_DECK; c++) {
    const copies = prefix.filter((x) => x === c).length;
    if (copies >= decks) continue;
    yield* multisets(size, decks, c, [...prefix, c]);
  }
}

const SUIT_PATTERNS = [[0], [0, 3], [0, 1]]; // spades; spades/clubs (one colour); spades/hearts

/** Final dealer hands: draw while under 17 (and on soft 17 when the dealer hits it). */
function* dealerHands(decks: number, standsSoft17: boolean): Generator<Card[]> {
  const ranks: number[] = [];
  function* draw(): Generator<number[]> {
    const total = ranks.reduce((t, r) => t + BJ_VALUE[r * 4], 0);
    const soft = ranks.includes(0) && total + 10 <= 21;
    const best = soft ? total + 10 : total;
    if (ranks.length >= 2 && (best > 17 || (best === 17 && (standsSoft17 || !soft)))) {
      yield [...ranks];
      return;
    }
    for (let r = 0; r < 13; r++) {
      if (ranks.filter((x) => x === r).length >= decks * 4) continue;
      ranks.push(r);
      yield* draw();
      ranks.pop();
    }
  }
  for (const seq of draw())
    for (const pattern of SUIT_PATTERNS) {
      // Array.from, not map: map makes a holey array, and the hand totals these feed would then read
      // two kinds of card array in the simulator's hot path too (one more map check per card).
      const cards = Array.from(seq, (r, i) => r * 4 + pattern[i % pattern.length]);
      if (cards.every((c) => cards.filter((x) => x === c).length <= decks)) yield cards;
    }
}
