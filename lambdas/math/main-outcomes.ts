// The blackjack main bet's net result per unit staked as a distribution, for a fixed chart (the
// best basic strategy the RTP assumes): every result a round can end with (a loss, a push, a win,
// a blackjack, a surrender, a double, the sum of split hands) and its probability. From it the
// bet's standard deviation and hit frequency (`croupier rtp --json`, the math report), which an expected value alone
// cannot give: they need the second moment over doubles and splits.
//
// A hand is carried as the joint probability of (dealer outcome, its result), so that the hands of
// a split, which face the same dealer, can be combined: given the dealer's outcome they are taken
// as independent, and their results are convolved. For a round without a split every figure is
// exact (each hand's path through the shoe is enumerated as the main analysis does); a split hand
// draws from the shoe less the up card and both pair cards, and resplits draw their pair cards by
// the analysis's recursion (lambdas/math/blackjack.ts). The expected value this gives matches the
// analysis (test/math/main-outcomes.test.ts), and the spread is checked against simulation.

import { type Chart, type Code, columnOfValue, PAIR_KEYS } from '../pack/chart.ts';
import type { BlackjackRules } from './blackjack.ts';
import { type Comps, playerComps } from './comps.ts';
import { BLACKJACK, BUST, dealerEndings, dealerOutcomesLess, OUTCOMES, VALUES } from './dealer.ts';

/** One net result of a round per unit staked, and how likely it is. */
export interface NetOutcome {
  readonly net: number;
  readonly probability: number;
}

export interface MainOutcomes {
  /** Every net result with a non-zero probability, lowest first; the probabilities add up to 1. */
  readonly outcomes: readonly NetOutcome[];
  /** Expected net result per unit staked (the RTP less 1). */
  readonly ev: number;
  readonly variance: number;
  readonly stdDev: number;
  /** Probability of a net win. */
  readonly hitFrequency: number;
}

const ACE = 0;
const TEN = 9;
/** A hand's results: lose a doubled stake, lose, push, win, win a doubled stake. */
const RESULTS = 5;
const LOSE2 = 0;
const LOSE = 1;
const PUSH = 2;
const WIN = 3;
/** A hand's joint (dealer outcome, result) probabilities: OUTCOMES × RESULTS numbers. */
const HAND = OUTCOMES * RESULTS;

const hitsOn = (code: Code): boolean => code === 'H' || code === 'D' || code === 'R' || code === 'P';

/** The distribution of the main bet's net result when every hand is played by `chart`. */
export function mainOutcomes(rules: BlackjackRules, chart: Chart): MainOutcomes {
  const comps = playerComps();
  const tally = new Map<number, number>();
  const full = rules.shoe.reduce((s, n) => s + n, 0);
  for (let up = 0; up < VALUES; up++)
    if (rules.shoe[up] > 0) playUp(rules, chart, comps, up, rules.shoe[up] / full, tally);
  return summarise(tally);
}

/** Mean, variance and hit frequency of a tally of net results. */
function summarise(tally: ReadonlyMap<number, number>): MainOutcomes {
  const outcomes = [...tally]
    .filter(([, p]) => p > 0)
    .map(([net, probability]) => ({ net, probability }))
    .sort((a, b) => a.net - b.net);
  let ev = 0;
  let squares = 0;
  let hitFrequency = 0;
  for (const { net, probability } of outcomes) {
    ev += probability * net;
    squares += probability * net * net;
    if (net > 0) hitFrequency += probability;
  }
  const variance = Math.max(0, squares - ev * ev);
  return { outcomes, ev, variance, stdDev: Math.sqrt(variance), hitFrequency };
}

/** Net results are sums of a few payout ratios: rounded to 1e-9 they key the tally without float noise. */
const keyOf = (net: number): number => Math.round(net * 1e9) / 1e9;
const addTo = (tally: Map<number, number>, net: number, p: number): void => {
  if (p === 0) return;
  const k = keyOf(net);
  tally.set(k, (tally.get(k) ?? 0) + p);
};

function playUp(
  rules: BlackjackRules,
  chart: Chart,
  comps: Comps,
  up: number,
  weight: number,
  tally: Map<number, number>,
): void {
  const col = columnOfValue(up);
  const n = comps.count;
  const base = [...rules.shoe];
  base[up]--;
  const cards = base.reduce((s, c) => s + c, 0);
  const bjHole = up === ACE ? TEN : ACE;
  // As in the analysis: with a peek, or when a dealer blackjack takes only the original bet, hands
  // are valued jointly with "no dealer blackjack" and the blackjack's -1 is counted at the deal.
  const conditioned = (up === ACE || up === TEN) && (rules.peek[up] || !rules.loseAll);
  const values = [-2, -1, 0, rules.winPays, 2 * rules.winPays];
  const endings = dealerEndings(up, rules.hitsSoft17);

  // Per composition: cards left, dealer outcomes, and dealer outcomes with one more card of each value out.
  const left = new Int32Array(n).fill(-1);
  const dist = new Float64Array(n * OUTCOMES);
  const less = new Float64Array(n * VALUES * OUTCOMES);
  const rest = new Int32Array(n * VALUES);
  const one = new Float64Array(OUTCOMES);
  const byValue = new Float64Array(VALUES * OUTCOMES);
  const ff = new Float64Array(VALUES * 17);
  for (let id = 0; id < n; id++) {
    if (comps.size[id] < 2) continue;
    let total = 0;
    let ok = true;
    for (let v = 0; v < VALUES; v++) {
      const r = base[v] - comps.counts[id * VALUES + v];
      if (r < 0) ok = false;
      rest[id * VALUES + v] = r;
      total += r;
    }
    if (!ok) continue;
    left[id] = total;
    dealerOutcomesLess(endings, rest.subarray(id * VALUES, (id + 1) * VALUES), one, byValue, ff);
    dist.set(one, id * OUTCOMES);
    less.set(byValue, id * VALUES * OUTCOMES);
  }

  const codeOf = (id: number): Code => {
    const total = comps.total[id];
    const soft = comps.soft[id] === 1;
    const row = (soft ? chart.soft : chart.hard)[String(total)];
    return row ? row[col] : total < 12 || (soft && total < 18) ? 'H' : 'S';
  };
  const hits = (id: number): boolean => rules.hit && comps.total[id] < 21 && hitsOn(codeOf(id));
  const mayDouble = (id: number): boolean =>
    rules.double !== null && (rules.double.totals === null || rules.double.totals[comps.total[id]]);

  /** Adds a standing hand of `total` against dealer outcomes `d` (from `at`) into `out` at `to`, times `scale`. */
  const stand = (out: Float64Array, to: number, total: number, d: Float64Array, at: number, scale: number) => {
    for (let o = 0; o < OUTCOMES; o++) {
      if (conditioned && o === BLACKJACK) continue;
      const p = d[at + o] * scale;
      if (p === 0) continue;
      const r = o === BLACKJACK ? LOSE : o === BUST ? WIN : total > 17 + o ? WIN : total === 17 + o ? PUSH : LOSE;
      out[to + o * RESULTS + r] += p;
    }
  };
  /**
   * Adds a bust, `mass` of it (the share with no dealer blackjack, when conditioned), the dealer's
   * outcomes shaped as `d`.
   */
  const bust = (out: Float64Array, to: number, d: Float64Array, at: number, mass: number) => {
    const norm = conditioned ? 1 - d[at + BLACKJACK] : 1;
    if (norm <= 0) return;
    for (let o = 0; o < OUTCOMES; o++)
      if (!(conditioned && o === BLACKJACK)) out[to + o * RESULTS + LOSE] += (mass * d[at + o]) / norm;
  };

  /**
   * Hands played by hit and stand from every composition, drawing from the shoe less `extra` (one card of that value
   * out beyond the hand's own, or -1 for none): `standing[id]` and `playing[id]` as joint (outcome, result) tables.
   */
  const handTables = (extra: number) => {
    const standing = new Float64Array(n * HAND);
    const playing = new Float64Array(n * HAND);
    const shoeOf = (id: number, v: number) => rest[id * VALUES + v] - (v === extra ? 1 : 0);
    const usable = (id: number) =>
      left[id] >= 0 && (extra < 0 || (comps.counts[id * VALUES + extra] > 0 && shoeOf(id, extra) >= 0));
    // Dealer outcomes for the composition's shoe: with the extra card out, `less` has them exactly.
    const dealerAt = (id: number) =>
      extra < 0 ? { d: dist, at: id * OUTCOMES } : { d: less, at: (id * VALUES + extra) * OUTCOMES };
    /** One more card to `id`, each child valued by `child` (its table and offset), busts as lost. */
    const draw = (
      out: Float64Array,
      to: number,
      id: number,
      child: (c: number) => [Float64Array, number],
      scale: number,
    ) => {
      const total = left[id] - (extra < 0 ? 0 : 1);
      if (total <= 0) {
        const { d, at } = dealerAt(id);
        stand(out, to, comps.total[id], d, at, scale);
        return;
      }
      const holes = shoeOf(id, bjHole);
      for (let w = 0; w < VALUES; w++) {
        const cnt = shoeOf(id, w);
        if (cnt <= 0) continue;
        const p = (scale * cnt) / total;
        const c = comps.child[id * VALUES + w];
        if (c >= 0) {
          const [table, at] = child(c);
          for (let i = 0; i < HAND; i++) out[to + i] += p * table[at + i];
        } else {
          // Busting loses; conditioned, only where the dealer has no blackjack (as the analysis counts it).
          const mass = conditioned && total > 1 ? 1 - (holes - (w === bjHole ? 1 : 0)) / (total - 1) : 1;
          bust(out, to, less, (id * VALUES + w) * OUTCOMES, p * mass);
        }
      }
    };
    for (let id = n - 1; id >= 0; id--) {
      if (comps.size[id] < 2 || !usable(id)) continue;
      const { d, at } = dealerAt(id);
      stand(standing, id * HAND, comps.total[id], d, at, 1);
      if (hits(id)) draw(playing, id * HAND, id, (c) => [playing, c * HAND], 1);
      else playing.set(standing.subarray(id * HAND, (id + 1) * HAND), id * HAND);
    }
    /** A hand that doubles: one card, then it stands, for twice the stake. */
    const doubled = (id: number): Float64Array => {
      const once = new Float64Array(HAND);
      draw(once, 0, id, (c) => [standing, c * HAND], 1);
      const out = new Float64Array(HAND);
      for (let o = 0; o < OUTCOMES; o++) {
        const from = o * RESULTS;
        out[from + LOSE2] = once[from + LOSE];
        out[from + PUSH] = once[from + PUSH];
        out[from + WIN + 1] = once[from + WIN];
      }
      return out;
    };
    /** The hand hit once and played on (a two-card hand whose code hits where its total's class would stand). */
    const hitOnce = (id: number): Float64Array => {
      const out = new Float64Array(HAND);
      draw(out, 0, id, (c) => [playing, c * HAND], 1);
      return out;
    };
    return { standing, playing, doubled, hitOnce };
  };

  const normal = handTables(-1);
  const twoCardId = (a: number, b: number) => comps.child[comps.child[a] * VALUES + b];
  const pairId = (v: number) => twoCardId(v, v);
  const maySurrender = rules.surrender !== null && !rules.surrender.notAgainst[up];
  const sp = rules.split;

  /** Adds a hand's joint table, as net results, to the tally. */
  const addHand = (hand: Float64Array, at: number, p: number) => {
    for (let o = 0; o < OUTCOMES; o++)
      for (let r = 0; r < RESULTS; r++) addTo(tally, values[r], p * hand[at + o * RESULTS + r]);
  };

  for (let a = 0; a < VALUES; a++)
    for (let b = a; b < VALUES; b++) {
      const ways = a === b ? base[a] * (base[a] - 1) : 2 * base[a] * base[b];
      if (ways <= 0) continue;
      const p = (weight * ways) / (cards * (cards - 1));
      const id = twoCardId(a, b);
      const pbj = dist[id * OUTCOMES + BLACKJACK];
      if ((a === ACE && b === TEN) || (a === TEN && b === ACE)) {
        addTo(tally, rules.blackjackPays, p * (1 - pbj));
        addTo(tally, 0, p * pbj);
        continue;
      }
      if (conditioned) addTo(tally, -1, p * pbj); // the dealer's blackjack takes the original bet
      // A pair of tens split by rank: only same-rank tens may split.
      const splitShare = a === b && sp !== null ? (sp.byRank && a === TEN ? sameRankShare(base[TEN]) : 1) : 0;
      const pairCode = splitShare > 0 ? chart.pairs[PAIR_KEYS[columnOfValue(a)]]?.[col] : undefined;
      if (pairCode === 'P') {
        splitRound(a, p * splitShare);
        if (splitShare < 1) playTwo(id, codeOf(id), p * (1 - splitShare));
      } else playTwo(id, pairCode ?? codeOf(id), p);
    }

  /** A two-card hand that is not split, played by `code` with what is legal on it. */
  function playTwo(id: number, code: Code, p: number): void {
    if ((code === 'R' || code === 'Rs') && maySurrender)
      addTo(tally, -0.5, p * (conditioned ? 1 - dist[id * OUTCOMES + BLACKJACK] : 1));
    else if ((code === 'D' || code === 'Ds') && mayDouble(id)) addHand(normal.doubled(id), 0, p);
    else if (!hitsOn(code) || comps.total[id] >= 21) addHand(normal.standing, id * HAND, p);
    else if (hits(id)) addHand(normal.playing, id * HAND, p);
    else addHand(normal.hitOnce(id), 0, p);
  }

  /**
   * A split pair of v's: each hand takes its second card from the shoe less the up card and both
   * pair cards; a v may split again up to the pack's hands. Given the dealer's outcome the hands are
   * independent, so the round's result is their convolution, outcome by outcome.
   */
  function splitRound(v: number, p: number): void {
    const s = sp!;
    const pair = pairId(v);
    const split = handTables(v);
    const oneCard = v === ACE && s.splitAcesOneCard;
    const canDouble = (id: number) =>
      rules.double?.afterSplit === true && (v !== ACE || rules.double.splitAces) && mayDouble(id);
    const shoe = (c: number) => rest[pair * VALUES + c];
    const cardsLeft = left[pair];
    /** A finished split hand that drew c: its joint table. */
    const handWith = (c: number): Float64Array => {
      const id = twoCardId(v, c);
      const at = id * HAND;
      if (oneCard || comps.total[id] === 21) return split.standing.subarray(at, at + HAND);
      const code = codeOf(id);
      if ((code === 'D' || code === 'Ds') && canDouble(id)) return split.doubled(id);
      if (!hitsOn(code)) return split.standing.subarray(at, at + HAND);
      return hits(id) ? split.playing.subarray(at, at + HAND) : split.hitOnce(id);
    };
    // The two kinds of finished hand: one that drew another card than v, and one that drew a v it could not split.
    const other = new Float64Array(HAND);
    for (let c = 0; c < VALUES; c++)
      if (c !== v && shoe(c) > 0) {
        const h = handWith(c);
        for (let i = 0; i < HAND; i++) other[i] += shoe(c) * h[i];
      }
    const again = shoe(v) > 0 ? handWith(v) : new Float64Array(HAND);
    // How many hands of each kind the split ends with (resplits as the analysis draws them).
    const resplits = s.maxHands > 2 && (v !== ACE || s.resplitAces);
    const ends = new Map<number, number>(); // finished (others × 16 + agains) → probability
    const walk = (waiting: number, hands: number, k: number, others: number, agains: number, q: number): void => {
      if (waiting === 0) {
        const key = others * 16 + agains;
        ends.set(key, (ends.get(key) ?? 0) + q);
        return;
      }
      const pv = Math.max(0, shoe(v) - k) / (cardsLeft - k);
      if (pv > 0) {
        if (resplits && hands < s.maxHands) walk(waiting + 1, hands + 1, k + 1, others, agains, q * pv);
        else walk(waiting - 1, hands, k + 1, others, agains + 1, q * pv);
      }
      if (pv < 1) walk(waiting - 1, hands, k, others + 1, agains, q * (1 - pv));
    };
    walk(2, 2, 0, 0, 0, 1);
    for (let o = 0; o < OUTCOMES; o++) {
      if (conditioned && o === BLACKJACK) continue;
      const po = dist[pair * OUTCOMES + o];
      if (po === 0) continue;
      // A hand's results given this outcome of the dealer's.
      const given = (h: Float64Array) => {
        let sum = 0;
        for (let r = 0; r < RESULTS; r++) sum += h[o * RESULTS + r];
        return Array.from({ length: RESULTS }, (_, r) => (sum > 0 ? h[o * RESULTS + r] / sum : 0));
      };
      const otherGiven = given(other);
      const againGiven = given(again);
      for (const [key, q] of ends) {
        let sums = new Map<number, number>([[0, 1]]);
        const fold = (kind: number[], times: number) => {
          for (let t = 0; t < times; t++) {
            const next = new Map<number, number>();
            for (const [x, px] of sums)
              for (let r = 0; r < RESULTS; r++)
                if (kind[r] > 0) {
                  const k = keyOf(x + values[r]);
                  next.set(k, (next.get(k) ?? 0) + px * kind[r]);
                }
            sums = next;
          }
        };
        fold(otherGiven, Math.floor(key / 16));
        fold(againGiven, key % 16);
        for (const [x, px] of sums) addTo(tally, x, p * q * po * px);
      }
    }
  }
}

/** The share of ten-value pairs that are the same rank (for packs that split by rank only). */
function sameRankShare(tens: number): number {
  const perRank = tens / 4;
  return tens > 1 ? (4 * perRank * (perRank - 1)) / (tens * (tens - 1)) : 0;
}
