// Side-bet conditions: the named primitives of the pay-table language, compiled once into plain
// predicates over a card group and the round's facts. Primitives are small and composable
// (total, suited, straight, …); a whole side bet is never a primitive.
import { bjTotal, type Card, colourOf, parseCard, parseRank, rankOf, suitOf } from '../core/cards.ts';
import type { ConditionSpec } from './schema.ts';

/** Facts of the round a line may look at besides the group's cards. Unknown facts are undefined. */
export interface Facts {
  dealerBlackjack?: boolean;
  /** Andar Bahar: 0 Andar, 1 Bahar. */
  winner?: 0 | 1;
  /** Andar Bahar: cards dealt to the sides to end the round. */
  cardsDealt?: number;
}

export type FactName = keyof Facts;
export type Predicate = (cards: ArrayLike<Card>, n: number, facts: Facts) => boolean;

export interface CountRange {
  min: number;
  max: number;
}

export function countRange(spec: number | { min?: number; max?: number }): CountRange {
  return typeof spec === 'number'
    ? { min: spec, max: spec }
    : { min: spec.min ?? 0, max: spec.max ?? Number.MAX_SAFE_INTEGER };
}

export function totalSet(spec: NonNullable<ConditionSpec['total']>): (t: number) => boolean {
  if (typeof spec === 'number') return (t) => t === spec;
  if (Array.isArray(spec)) return (t) => spec.includes(t);
  const { min, max } = countRange(spec);
  return (t) => t >= min && t <= max;
}

/** The blackjack total of a group (R-BJ-SCORE-1). */
export const groupTotal = (cards: ArrayLike<Card>, n: number): number => bjTotal(cards, n);

const all = (cards: ArrayLike<Card>, n: number, key: (c: Card) => number): boolean => {
  for (let i = 1; i < n; i++) if (key(cards[i]) !== key(cards[0])) return false;
  return n > 0;
};

/** Consecutive ranks with the ace low or high, never wrapping (A-2-3 and Q-K-A; not K-A-2). */
export function isStraight(cards: ArrayLike<Card>, n: number): boolean {
  if (n < 2) return false;
  const ranks = Array.from({ length: n }, (_, i) => rankOf(cards[i])).sort((a, b) => a - b);
  const consecutive = (rs: number[]) => rs.every((r, i) => i === 0 || r === rs[i - 1] + 1);
  if (consecutive(ranks)) return true;
  if (ranks[0] !== 0) return false;
  return consecutive([...ranks.slice(1), 13]); // the ace played high
}

const multisetKey = (values: number[]): string => values.sort((a, b) => a - b).join(',');

/** Compiles one condition: every primitive listed must hold. */
export function compileCondition(when: ConditionSpec): Predicate {
  const tests: Predicate[] = [];
  if (when.total !== undefined) {
    const ok = totalSet(when.total);
    tests.push((c, n) => ok(groupTotal(c, n)));
  }
  if (when.bust !== undefined) {
    const want = when.bust;
    tests.push((c, n) => groupTotal(c, n) > 21 === want);
  }
  if (when.sameRank !== undefined) pushBool(tests, when.sameRank, (c, n) => all(c, n, rankOf));
  if (when.suited !== undefined) pushBool(tests, when.suited, (c, n) => all(c, n, suitOf));
  if (when.sameColour !== undefined) pushBool(tests, when.sameColour, (c, n) => all(c, n, colourOf));
  if (when.identical !== undefined) pushBool(tests, when.identical, (c, n) => all(c, n, (x) => x));
  if (when.straight !== undefined) pushBool(tests, when.straight, isStraight);
  if (when.ranks !== undefined) {
    const want = multisetKey(when.ranks.map((r) => parseRank(r)!));
    const size = when.ranks.length;
    tests.push((c, n) => n === size && multisetKey(Array.from({ length: n }, (_, i) => rankOf(c[i]))) === want);
  }
  if (when.cards !== undefined) {
    const want = multisetKey(when.cards.map((t) => parseCard(t)!));
    const size = when.cards.length;
    tests.push((c, n) => n === size && multisetKey(Array.from({ length: n }, (_, i) => c[i])) === want);
  }
  if (when.cardCount !== undefined) {
    const { min, max } = countRange(when.cardCount);
    tests.push((_, n) => n >= min && n <= max);
  }
  if (when.dealerBlackjack !== undefined) {
    const want = when.dealerBlackjack;
    tests.push((_c, _n, f) => f.dealerBlackjack === want);
  }
  if (when.winner !== undefined) {
    const want = when.winner === 'andar' ? 0 : 1;
    tests.push((_c, _n, f) => f.winner === want);
  }
  if (when.cardsDealt !== undefined) {
    const { min, max } = countRange(when.cardsDealt);
    tests.push((_c, _n, f) => f.cardsDealt !== undefined && f.cardsDealt >= min && f.cardsDealt <= max);
  }
  return (cards, n, facts) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i](cards, n, facts)) return false;
    return true;
  };
}

function pushBool(tests: Predicate[], want: boolean, holds: Predicate): void {
  tests.push((c, n, f) => holds(c, n, f) === want);
}

/** The condition reads the cards only through their blackjack total and their count (and the dealer-blackjack fact). */
export function readsOnlyTotalAndCount(when: ConditionSpec): boolean {
  return Object.keys(when).every((k) => k === 'total' || k === 'bust' || k === 'cardCount' || k === 'dealerBlackjack');
}

/** The facts a condition reads, so the engine knows what must be known before it settles. */
export function factsRead(when: ConditionSpec): FactName[] {
  return (['dealerBlackjack', 'winner', 'cardsDealt'] as const).filter((f) => when[f] !== undefined);
}
