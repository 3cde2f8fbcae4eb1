// The dealer's drawing by card value (A, 2..9, T as 0..9), independent of any shoe: every way the
// dealer can finish from an up card, as a multiset of the cards drawn after it (hole card
// included) with the number of orders the dealer's rules allow. A shoe then gives each ending
// its probability by falling factorials, exactly or in floating point, without recursion.

export const VALUES = 10;
/** Dealer outcomes: totals 17..21, bust, natural blackjack. */
export const OUTCOMES = 7;
export const BUST = 5;
export const BLACKJACK = 6;

export interface DealerEndings {
  readonly up: number;
  /** Per ending: the outcome (index into OUTCOMES) and the cards in the final hand, up card included. */
  readonly outcome: Uint8Array;
  readonly cards: Uint8Array;
  /** Number of cards drawn after the up card. */
  readonly drawn: Uint8Array;
  /** Orders in which the dealer could have drawn the multiset under the rules. */
  readonly orders: Float64Array;
  /** Flat (value, multiplicity) pairs: ending e owns pairs start[e] .. start[e+1]-1. */
  readonly start: Uint32Array;
  readonly pairValue: Uint8Array;
  readonly pairCount: Uint8Array;
  /**
   * Per pair, its index in a falling-factorial table (value * (MAX_DRAWN + 1) + multiplicity) and in a value x outcome
   * table.
   */
  readonly pairFf: Uint16Array;
  readonly pairSlot: Uint8Array;
}

const cache = new Map<string, DealerEndings>();

/** Every ending from up card `up` (value index) for a dealer who stands on 17 (or hits soft 17). */
export function dealerEndings(up: number, hitsSoft17: boolean): DealerEndings {
  const key = `${up}:${hitsSoft17}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const byMultiset = new Map<string, { counts: number[]; outcome: number; cards: number; orders: number }>();
  const counts = new Array<number>(VALUES).fill(0);
  const walk = (sum: number, hasAce: boolean, cards: number): void => {
    const soft = hasAce && sum + 10 <= 21;
    const total = soft ? sum + 10 : sum;
    let outcome = -1;
    if (cards === 2 && total === 21) outcome = BLACKJACK;
    else if (total > 21) outcome = BUST;
    else if (total > 17 || (total === 17 && !(soft && hitsSoft17))) outcome = total - 17;
    if (outcome >= 0) {
      const id = counts.join(',');
      const entry = byMultiset.get(id);
      if (entry) entry.orders++;
      else byMultiset.set(id, { counts: [...counts], outcome, cards, orders: 1 });
      return;
    }
    for (let v = 0; v < VALUES; v++) {
      counts[v]++;
      walk(sum + v + 1, hasAce || v === 0, cards + 1);
      counts[v]--;
    }
  };
  walk(up + 1, up === 0, 1);

  const list = [...byMultiset.values()];
  const start = new Uint32Array(list.length + 1);
  const pairValue: number[] = [];
  const pairCount: number[] = [];
  const ownerOf: number[] = [];
  list.forEach((e, i) => {
    start[i] = pairValue.length;
    e.counts.forEach((m, v) => {
      if (m > 0) {
        pairValue.push(v);
        pairCount.push(m);
        ownerOf.push(i);
      }
    });
  });
  start[list.length] = pairValue.length;
  const endings: DealerEndings = {
    up,
    outcome: Uint8Array.from(list, (e) => e.outcome),
    cards: Uint8Array.from(list, (e) => e.cards),
    drawn: Uint8Array.from(list, (e) => e.cards - 1),
    orders: Float64Array.from(list, (e) => e.orders),
    start,
    pairValue: Uint8Array.from(pairValue),
    pairCount: Uint8Array.from(pairCount),
    pairFf: Uint16Array.from(pairValue, (v, j) => v * (MAX_DRAWN + 1) + pairCount[j]),
    pairSlot: Uint8Array.from(pairValue, (v, j) => v * OUTCOMES + list[ownerOf[j]].outcome),
  };
  cache.set(key, endings);
  return endings;
}

/** Largest multiplicity of one value in an ending, and cards drawn: sizes the factorial tables. */
export const MAX_DRAWN = 16;

const inv = new Float64Array(MAX_DRAWN + 1);

/**
 * Fills `ff` with each value's falling factorials (ways to draw m of its cards) and `inv` with
 * 1 / (N (N−1) … (N−k+1)) for a shoe of N cards; returns N.
 */
function drawOdds(counts: ArrayLike<number>, ff: Float64Array): number {
  let total = 0;
  for (let v = 0; v < VALUES; v++) {
    total += counts[v];
    const base = v * (MAX_DRAWN + 1);
    ff[base] = 1;
    for (let m = 1; m <= MAX_DRAWN; m++) ff[base + m] = ff[base + m - 1] * Math.max(0, counts[v] - m + 1);
  }
  inv[0] = 1;
  for (let k = 1; k <= MAX_DRAWN; k++) inv[k] = total - k + 1 > 0 ? inv[k - 1] / (total - k + 1) : 0;
  return total;
}

/**
 * Floating-point dealer outcome probabilities for a shoe of `counts` (the up card already out),
 * written into `out` (length OUTCOMES). `ff` is scratch of length VALUES * (MAX_DRAWN + 1).
 */
export function dealerOutcomes(
  endings: DealerEndings,
  counts: ArrayLike<number>,
  out: Float64Array,
  ff: Float64Array,
): void {
  drawOdds(counts, ff);
  out.fill(0);
  const { outcome, drawn, orders, start, pairFf } = endings;
  for (let e = 0; e < outcome.length; e++) {
    let p = orders[e] * inv[drawn[e]];
    for (let j = start[e]; j < start[e + 1]; j++) p *= ff[pairFf[j]];
    out[outcome[e]] += p;
  }
}

const invRest = new Float64Array(MAX_DRAWN + 1);
const share = new Float64Array(OUTCOMES);
const byValue = new Float64Array(VALUES * OUTCOMES);

/**
 * As `dealerOutcomes`, and in the same pass the outcome probabilities with one more card of each
 * value w out of the shoe, into `less[w * OUTCOMES + o]` (zeros where the shoe has no w). An ending
 * that draws k cards, m of them w, has P(shoe less w) = P(shoe) · (n_w − m)/n_w · N/(N − k) for a
 * shoe of N cards, n_w of them w; so two sums per outcome give every w at once.
 */
export function dealerOutcomesLess(
  endings: DealerEndings,
  counts: ArrayLike<number>,
  out: Float64Array,
  less: Float64Array,
  ff: Float64Array,
): void {
  const total = drawOdds(counts, ff);
  for (let k = 0; k <= MAX_DRAWN; k++) invRest[k] = total - k > 0 ? 1 / (total - k) : 0;
  out.fill(0);
  share.fill(0);
  byValue.fill(0);
  const { outcome, drawn, orders, start, pairCount, pairFf, pairSlot } = endings;
  for (let e = 0; e < outcome.length; e++) {
    const k = drawn[e];
    let p = orders[e] * inv[k];
    const from = start[e];
    const to = start[e + 1];
    for (let j = from; j < to; j++) p *= ff[pairFf[j]];
    const o = outcome[e];
    out[o] += p;
    const s = p * invRest[k];
    share[o] += s;
    for (let j = from; j < to; j++) byValue[pairSlot[j]] += s * pairCount[j];
  }
  for (let w = 0; w < VALUES; w++) {
    const n = counts[w];
    for (let o = 0; o < OUTCOMES; o++)
      less[w * OUTCOMES + o] = n > 0 ? (total / n) * (n * share[o] - byValue[w * OUTCOMES + o]) : 0;
  }
}
