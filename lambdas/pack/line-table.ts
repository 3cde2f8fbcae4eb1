// Which pay-table line a group matches, as one function per bet. Groups of a fixed size (two or
// three cards) switch to a lookup table over every card combination once a bet has been evaluated
// often (the simulator); a live table never pays for building one. The table is filled per card
// multiset, so it costs one evaluation per multiset, not per ordering.
import { CARDS_PER_DECK, shapeOf, type Card } from '../core/cards.ts';
import type { Facts, FactName } from './conditions.ts';
import type { CardGroupName } from './schema.ts';

export type LineOf = (cards: ArrayLike<Card>, n: number, facts: Facts) => number;

interface Line {
  matches: (cards: ArrayLike<Card>, n: number, facts: Facts) => boolean;
  totalAndCountOnly?: boolean;
}

const GROUP_SIZE: Partial<Record<CardGroupName, number>> = { 'first-two': 2, 'first-two-and-up': 3, 'first-3': 3 };
/** Evaluations before a lookup table is worth building (~0.1 s for three cards). */
export const TABLE_AFTER = 20_000;

export function lineFunction(lines: readonly Line[], group: CardGroupName | null, facts: readonly FactName[]): LineOf {
  const slow: LineOf = (cards, n, f) => {
    for (let i = 0; i < lines.length; i++) if (lines[i].matches(cards, n, f)) return i;
    return -1;
  };
  const size = group ? GROUP_SIZE[group] : undefined;
  // Tables cover the card-only lines, plus the dealer-blackjack fact as a second half.
  if (facts.some((f) => f !== 'dealerBlackjack')) return slow;
  if (!size) return lines.length && lines.every((l) => l.totalAndCountOnly) ? byShape(slow) : slow;
  const byFact = facts.includes('dealerBlackjack');
  let calls = 0;
  let table: Int8Array | null = null;
  return (cards, n, f) => {
    if (table && n === size && (!byFact || f.dealerBlackjack !== undefined)) {
      let index = 0;
      for (let i = 0; i < size; i++) index = index * CARDS_PER_DECK + cards[i];
      return table[byFact && f.dealerBlackjack ? index + CARDS_PER_DECK ** size : index];
    }
    if (!table && ++calls >= TABLE_AFTER) table = buildTable(slow, size, byFact);
    return slow(cards, n, f);
  };
}

// A memo key: the group's count, its shape (shapeOf: sum with aces as 1, doubled, plus the ace bit), and the dealer-blackjack fact.
const SHAPE_CARDS = 24;
const SHAPE_SUMS = SHAPE_CARDS * 10 + 1;
const UNKNOWN = -2;

/**
 * Lines that read a group only through its blackjack total and count (Bust Bonus on the dealer's
 * final hand) give the same line for every hand of one shape: the answer is kept per shape, filled
 * in as shapes come up, so a group of any size costs one walk over its cards.
 */
function byShape(slow: LineOf): LineOf {
  const memo = new Int8Array(SHAPE_CARDS * SHAPE_SUMS * 2 * 3).fill(UNKNOWN);
  return (cards, n, f) => {
    if (n >= SHAPE_CARDS) return slow(cards, n, f);
    const k = (n * SHAPE_SUMS * 2 + shapeOf(cards, n)) * 3 + (f.dealerBlackjack === undefined ? 0 : f.dealerBlackjack ? 1 : 2);
    const known = memo[k];
    return known !== UNKNOWN ? known : (memo[k] = slow(cards, n, f));
  };
}

function buildTable(slow: LineOf, size: number, byFact: boolean): Int8Array {
  const combos = CARDS_PER_DECK ** size;
  const table = new Int8Array(byFact ? combos * 2 : combos);
  const cards = new Array<number>(size);
  const fill = (dealerBlackjack: boolean, offset: number) => {
    const facts: Facts = byFact ? { dealerBlackjack } : {};
    const visit = (depth: number, from: number) => {
      if (depth === size) {
        const line = slow(cards, size, facts);
        for (const order of permutations(cards)) {
          let index = 0;
          for (const c of order) index = index * CARDS_PER_DECK + c;
          table[offset + index] = line;
        }
        return;
      }
      for (let c = from; c < CARDS_PER_DECK; c++) {
        cards[depth] = c;
        visit(depth + 1, c);
      }
    };
    visit(0, 0);
  };
  fill(false, 0);
  if (byFact) fill(true, combos);
  return table;
}

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  const out: number[][] = [];
  items.forEach((x, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([x, ...rest]);
  });
  return out;
}

/**
 * Outcome bets (Andar Bahar) read no cards, only the winner and the count dealt: the paying line
 * for every winner and count a shoe of `cards` cards allows, at `outcomeIndex`. Settling one is
 * then a typed-array read, not a walk over closures; null for a bet that reads anything else.
 */
export function outcomeTable(lines: readonly Line[], group: CardGroupName | null, facts: readonly FactName[], cards: number): Int8Array | null {
  if (group !== 'outcome' || facts.includes('dealerBlackjack')) return null;
  const table = new Int8Array(2 * (cards + 1));
  const f: Facts = {};
  for (const winner of [0, 1] as const)
    for (let dealt = 0; dealt <= cards; dealt++) {
      f.winner = winner;
      f.cardsDealt = dealt;
      let line = -1;
      for (let i = 0; i < lines.length && line < 0; i++) if (lines[i].matches([], 0, f)) line = i;
      table[outcomeIndex(cards, winner, dealt)] = line;
    }
  return table;
}

/** Where an outcome table keeps the line for a winner and a count dealt from a shoe of `cards` cards. */
export const outcomeIndex = (cards: number, winner: 0 | 1, dealt: number): number => winner * (cards + 1) + dealt;
