// Which pay-table line a group matches, as one finder per bet. Groups of a fixed size (two or
// three cards) switch to a lookup table over every card multiset once a bet has been evaluated
// often (the simulator); a live table never pays for building one. Every condition of a group reads
// its cards in any order, so the table holds one line per multiset (24,804 for three cards, small
// enough to stay in the core's first-level cache), read at the group's cards sorted.
import { CARDS_PER_DECK, type Card, shapeOf } from '../core/cards.ts';
import type { FactName, Facts } from './conditions.ts';
import type { CardGroupName } from './schema.ts';

interface Line {
  matches: (cards: ArrayLike<Card>, n: number, facts: Facts) => boolean;
  totalAndCountOnly?: boolean;
}

const GROUP_SIZE: Partial<Record<CardGroupName, number>> = { 'first-two': 2, 'first-two-and-up': 3, 'first-3': 3 };
/** Evaluations before a lookup table is worth building (~0.1 s for three cards). */
export const TABLE_AFTER = 20_000;

/**
 * How a finder answers: by its lines' conditions only, by a table over card multisets, or by a memo per hand shape.
 * (Enums: see Status, ledger.ts.)
 */
enum How {
  SLOW = 0,
  BY_MULTISET = 1,
  BY_SHAPE = 2,
}

/**
 * Which line of a bet's pay table a group matches (-1 for none). One class for every bet, so the
 * settlement's call is to one method V8 can inline, not to one closure per bet.
 */
export class LineFinder {
  private readonly how: number;
  /**
   * How.BY_MULTISET: the group's size, whether the dealer-blackjack fact picks a second half, and the table once built
   * (null before).
   */
  private readonly size: number;
  private readonly byFact: boolean;
  private readonly half: number;
  private table: Int8Array | null = null;
  private calls = 0;
  /** How.BY_SHAPE: the line per group count, shape and fact, filled in as they come up (ShapeMemo.UNKNOWN before). */
  private readonly memo: Int8Array | null;

  constructor(
    private readonly lines: readonly Line[],
    group: CardGroupName | null,
    facts: readonly FactName[],
  ) {
    const size = group ? (GROUP_SIZE[group] ?? 0) : 0;
    // Tables cover the card-only lines, plus the dealer-blackjack fact as a second half.
    const cardsOnly = facts.every((f) => f === 'dealerBlackjack');
    this.how = !cardsOnly
      ? How.SLOW
      : size
        ? How.BY_MULTISET
        : lines.length && lines.every((l) => l.totalAndCountOnly)
          ? How.BY_SHAPE
          : How.SLOW;
    this.size = size;
    this.byFact = facts.includes('dealerBlackjack');
    this.half = size ? multisetCount(size) : 0;
    this.memo =
      this.how === How.BY_SHAPE
        ? new Int8Array(ShapeMemo.CARDS * ShapeMemo.SUMS * 2 * 3).fill(ShapeMemo.UNKNOWN)
        : null;
  }

  lineOf(cards: ArrayLike<Card>, n: number, facts: Facts): number {
    const table = this.table;
    if (table !== null && n === this.size && (!this.byFact || facts.dealerBlackjack !== undefined))
      return table[multisetIndex(cards, n) + (this.byFact && facts.dealerBlackjack ? this.half : 0)];
    if (this.how === How.BY_SHAPE) return this.byShape(cards, n, facts);
    if (this.how === How.BY_MULTISET && table === null && ++this.calls >= TABLE_AFTER)
      this.table = buildTable(this, this.size, this.byFact);
    return this.slow(cards, n, facts);
  }

  /**
   * The line the group pays whether the dealer has blackjack or not, or Paying.UNDECIDED when the answer
   * changes it (R-LL-SETTLE-1): with a table, both halves are read at one multiset index.
   */
  lineEitherWay(cards: ArrayLike<Card>, n: number): number {
    const table = this.table;
    let yes: number;
    let no: number;
    if (table !== null && n === this.size && this.byFact) {
      const i = multisetIndex(cards, n);
      yes = table[i + this.half];
      no = table[i];
    } else {
      yes = this.lineOf(cards, n, DEALER_BLACKJACK_FACTS);
      no = this.lineOf(cards, n, NO_DEALER_BLACKJACK_FACTS);
    }
    return yes === no ? yes : Paying.UNDECIDED;
  }

  /**
   * The line of the group at multiset index `i` (multisetIndex, of the finder's group size) from the
   * lookup table: as lineOf when the fact is known, as lineEitherWay when not; Paying.NO_TABLE
   * while there is no table (not built yet, or not a finder by multiset).
   */
  lineAt(i: number, dealerBlackjack: boolean | undefined): number {
    const table = this.table;
    if (table === null) return Paying.NO_TABLE;
    if (!this.byFact) return table[i];
    if (dealerBlackjack !== undefined) return table[dealerBlackjack ? i + this.half : i];
    const yes = table[i + this.half];
    return yes === table[i] ? yes : Paying.UNDECIDED;
  }

  /** Whether the lookup table lineAt reads is built. */
  get hasTable(): boolean {
    return this.table !== null;
  }

  /** Whether the finder answers by hand shape (lineByShape): its lines read only a group's total and card count. */
  get byShapeOnly(): boolean {
    return this.how === How.BY_SHAPE;
  }

  /**
   * lineOf for a finder by shape (byShapeOnly), the group's shape (shapeOf) given: one walk over the cards for every
   * such bet.
   */
  lineByShape(cards: ArrayLike<Card>, n: number, shape: number, facts: Facts): number {
    if (n >= ShapeMemo.CARDS) return this.slow(cards, n, facts);
    const memo = this.memo!;
    const k =
      (n * ShapeMemo.SUMS * 2 + shape) * 3 + (facts.dealerBlackjack === undefined ? 0 : facts.dealerBlackjack ? 1 : 2);
    const known = memo[k];
    return known !== ShapeMemo.UNKNOWN ? known : (memo[k] = this.slow(cards, n, facts));
  }

  /** The group size of a finder by multiset (lineAt), 0 for any other. */
  get multisetSize(): number {
    return this.how === How.BY_MULTISET ? this.size : 0;
  }

  /** The first line whose conditions hold: the highest pay, lines being sorted by it. */
  slow(cards: ArrayLike<Card>, n: number, facts: Facts): number {
    const lines = this.lines;
    for (let i = 0; i < lines.length; i++) if (lines[i].matches(cards, n, facts)) return i;
    return -1;
  }

  /**
   * Lines that read a group only through its blackjack total and count (Bust Bonus on the dealer's
   * final hand) give the same line for every hand of one shape: the answer is kept per shape, filled
   * in as shapes come up, so a group of any size costs one walk over its cards.
   */
  private byShape(cards: ArrayLike<Card>, n: number, facts: Facts): number {
    return this.lineByShape(cards, n, n >= ShapeMemo.CARDS ? 0 : shapeOf(cards, n), facts);
  }
}

export enum Paying {
  /** No line can be named yet: an unknown fact could still change it. */
  UNDECIDED = -2,
  /** lineAt: no lookup table to read. */
  NO_TABLE = -3,
}
/** The dealer-blackjack fact, known, as one object each (a settlement's reads of it stay monomorphic). */
export const DEALER_BLACKJACK_FACTS: Facts = { dealerBlackjack: true };
export const NO_DEALER_BLACKJACK_FACTS: Facts = { dealerBlackjack: false };

/**
 * A memo key: the group's count, its shape (shapeOf: sum with aces as 1, doubled, plus the ace bit), and the
 * dealer-blackjack fact.
 */
enum ShapeMemo {
  CARDS = 24,
  SUMS = CARDS * 10 + 1,
  UNKNOWN = -2,
}

// C(x + 1, 2) and C(x + 2, 3): a sorted group's second and third cards' terms of its colex rank.
const PAIR_TERM = Int32Array.from({ length: CARDS_PER_DECK }, (_, x) => (x * (x + 1)) / 2);
const TRIPLE_TERM = Int32Array.from({ length: CARDS_PER_DECK }, (_, x) => (x * (x + 1) * (x + 2)) / 6);

/** How many multisets of `size` (2 or 3) cards one deck's 52 cards make. */
const multisetCount = (size: number): number =>
  size === 2
    ? PAIR_TERM[CARDS_PER_DECK - 1] + CARDS_PER_DECK
    : TRIPLE_TERM[CARDS_PER_DECK - 1] + PAIR_TERM[CARDS_PER_DECK - 1] + CARDS_PER_DECK;

/**
 * A group's place among the card multisets of its size (2 or 3): its cards sorted a ≤ b ≤ c, ranked a + C(b+1,2) +
 * C(c+2,3).
 */
export function multisetIndex(cards: ArrayLike<Card>, size: number): number {
  return size === 2 ? pairIndex(cards[0], cards[1]) : tripleIndex(cards[0], cards[1], cards[2]);
}

/** multisetIndex of two cards, given apart (no array to write them into first). */
export const pairIndex = (first: Card, second: Card): number =>
  first < second ? first + PAIR_TERM[second] : second + PAIR_TERM[first];

/** multisetIndex of three cards, given apart. */
export function tripleIndex(first: Card, second: Card, x: Card): number {
  const a = first < second ? first : second;
  const b = first < second ? second : first;
  if (x >= b) return a + PAIR_TERM[b] + TRIPLE_TERM[x];
  if (x >= a) return a + PAIR_TERM[x] + TRIPLE_TERM[b];
  return x + PAIR_TERM[a] + TRIPLE_TERM[b];
}

function buildTable(finder: LineFinder, size: number, byFact: boolean): Int8Array {
  const half = multisetCount(size);
  const table = new Int8Array(byFact ? half * 2 : half);
  // Filled, not `new Array(size)`: a holey array here would make the hot path's reads of a group's cards polymorphic.
  const cards = Array.from({ length: size }, () => 0);
  const fill = (dealerBlackjack: boolean, offset: number) => {
    const facts: Facts = byFact ? { dealerBlackjack } : {};
    // Every non-decreasing run of cards: each multiset once.
    const visit = (depth: number, from: number) => {
      if (depth === size) {
        table[offset + multisetIndex(cards, size)] = finder.slow(cards, size, facts);
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
  if (byFact) fill(true, half);
  return table;
}

/**
 * Outcome bets (Andar Bahar) read no cards, only the winner and the count dealt: the paying line
 * for every winner and count a shoe of `cards` cards allows, at `outcomeIndex`. Settling one is
 * then a typed-array read, not a walk over closures; null for a bet that reads anything else.
 */
export function outcomeTable(
  lines: readonly Line[],
  group: CardGroupName | null,
  facts: readonly FactName[],
  cards: number,
): Int8Array | null {
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
