// The blackjack main bet by combinatorial analysis (issue 5): for each dealer up card, the exact
// dealer outcome probabilities for every player composition (cards removed from the finite shoe),
// then the best total-dependent basic strategy — hit/stand per total weighted over every
// composition that reaches it, double/surrender/split on the first two cards — and the EV of
// playing it. A split is valued hand by hand as the engine deals it, each hand drawing from the
// shoe less the up card and both pair cards (exact for two hands), with resplits by the exact
// recursion over the pair cards they draw; after a resplit the hands are valued by extrapolating
// to the further pair cards out (within 0.0001 points of exact enumeration on one deck,
// test/math/splits.test.ts). The rules come from the pack only.
import { type Chart, type Code, columnOfValue, PAIR_KEYS } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { type Comps, playerComps } from './comps.ts';
import {
  BLACKJACK,
  BUST,
  dealerEndings,
  dealerOutcomes,
  dealerOutcomesLess,
  MAX_DRAWN,
  OUTCOMES,
  VALUES,
} from './dealer.ts';

/** Everything about a blackjack game the analysis reads; value index 0 = A, 1..8 = 2..9, 9 = T. */
export interface BlackjackRules {
  /** Cards per value in the full shoe. */
  readonly shoe: readonly number[];
  readonly hitsSoft17: boolean;
  /** Per up value: the dealer peeks for blackjack before the players act. */
  readonly peek: readonly boolean[];
  /** A dealer blackjack found at the end takes doubled and split stakes too (European no-peek). */
  readonly loseAll: boolean;
  readonly blackjackPays: number;
  readonly winPays: number;
  /** The pack allows hit: without it a hand stands on its cards (or doubles, splits, surrenders). */
  readonly hit: boolean;
  readonly double: null | {
    readonly totals: readonly boolean[] | null;
    readonly afterSplit: boolean;
    readonly splitAces: boolean;
  };
  readonly split: null | {
    readonly byRank: boolean;
    readonly maxHands: number;
    readonly resplitAces: boolean;
    readonly splitAcesOneCard: boolean;
  };
  /** Per up value: surrender refused against it. */
  readonly surrender: null | { readonly notAgainst: readonly boolean[] };
}

/** Rank sets are indexed by rank (A 0 … 9 8, T 9): the value index of A..9 and T is the same number. */
export function rulesOf(pack: CompiledPack): BlackjackRules {
  const bj = pack.blackjack;
  const main = pack.bets.find((b) => b.type === 'hand');
  if (!bj || !main?.blackjackPays || !main.winPays)
    throw new Error(`pack ${pack.id}: the main-bet analysis needs a blackjack pack with a hand bet`);
  const byValue = (set: readonly boolean[]) => Array.from({ length: VALUES }, (_, v) => set[v] === true);
  const a = bj.actions;
  return {
    shoe: Array.from({ length: VALUES }, (_, v) => (v === 9 ? 16 : 4) * pack.shoe.decks),
    hitsSoft17: bj.dealer.hitsSoft17,
    peek: byValue(bj.dealer.peekOn),
    loseAll: bj.dealer.onBlackjack === 'lose-all',
    blackjackPays: main.blackjackPays.num / main.blackjackPays.den,
    winPays: main.winPays.num / main.winPays.den,
    hit: a.hit,
    double: a.double
      ? { totals: a.double.totals, afterSplit: a.double.afterSplit, splitAces: a.double.splitAces }
      : null,
    split: a.split
      ? {
          byRank: a.split.match === 'rank',
          maxHands: a.split.maxHands,
          resplitAces: a.split.resplitAces,
          splitAcesOneCard: a.split.splitAcesOneCard,
        }
      : null,
    surrender: a.surrender ? { notAgainst: byValue(a.surrender.notAgainst) } : null,
  };
}

export interface MainAnalysis {
  /** Expected net result per unit of the main bet. */
  readonly ev: number;
  /** 1 + ev. */
  readonly rtp: number;
  /** Codes per row and up-card column (2..9, T, A), as in a Chart. */
  readonly hard: Record<string, Code[]>;
  readonly soft: Record<string, Code[]>;
  readonly pairs: Record<string, Code[]>;
}

const ACE = 0;
const TEN = 9;

/** Result of standing on `total` against each dealer outcome (17..21, bust, blackjack). */
function standTable(winPays: number): Float64Array {
  const t = new Float64Array(22 * OUTCOMES);
  for (let total = 0; total <= 21; total++)
    for (let o = 0; o < OUTCOMES; o++) {
      const r = o === BLACKJACK ? -1 : o === BUST ? winPays : total > 17 + o ? winPays : total === 17 + o ? 0 : -1;
      t[total * OUTCOMES + o] = r;
    }
  return t;
}

/** Which hit/stand class a composition is in, in an order where hitting only reaches earlier classes. */
const classOrder = (total: number, soft: boolean): number =>
  soft ? 200 - total : total >= 11 ? 100 - total : 300 - total;

interface Decisions {
  hard: Record<string, Code[]>;
  soft: Record<string, Code[]>;
  pairs: Record<string, Code[]>;
}

/**
 * The analysis: with `fixed` the EV of playing that chart; without, the best basic strategy
 * for the rules and its EV.
 */
export function analyseMain(rules: BlackjackRules, fixed?: Chart): MainAnalysis {
  const comps = playerComps();
  const decisions: Decisions = { hard: {}, soft: {}, pairs: {} };
  for (let t = 5; t <= 21; t++) decisions.hard[t] = Array<Code>(10).fill('S');
  for (let t = 12; t <= 21; t++) decisions.soft[t] = Array<Code>(10).fill('S');
  for (const k of PAIR_KEYS) decisions.pairs[k] = Array<Code>(10).fill('S');
  const full = rules.shoe.reduce((s, n) => s + n, 0);
  let ev = 0;
  for (let up = 0; up < VALUES; up++) {
    if (rules.shoe[up] === 0) continue;
    ev += (rules.shoe[up] / full) * analyseUp(rules, comps, up, decisions, fixed);
  }
  return { ev, rtp: 1 + ev, ...decisions };
}

/** The composition id of a two-card hand of values a and b. */
function twoCardId(comps: Comps, a: number, b: number): number {
  const counts = Array<number>(VALUES).fill(0);
  counts[a]++;
  counts[b]++;
  return comps.idOf(counts);
}

function analyseUp(rules: BlackjackRules, comps: Comps, up: number, out: Decisions, fixed?: Chart): number {
  const col = columnOfValue(up);
  const n = comps.count;
  const base = [...rules.shoe];
  base[up]--;
  const canBj = up === ACE || up === TEN;
  const bjHole = up === ACE ? TEN : ACE;
  // Conditioned: decisions are made knowing the dealer has no blackjack (peek), or a dealer
  // blackjack takes only the original bet; values are then "EV and no dealer blackjack".
  const conditioned = canBj && (rules.peek[up] || !rules.loseAll);
  const endings = dealerEndings(up, rules.hitsSoft17);
  const table = standTable(rules.winPays);

  const feasible = new Uint8Array(n);
  const left = new Int32Array(n); // cards left in the shoe
  const stand = new Float64Array(n);
  const pbj = new Float64Array(n); // P(dealer blackjack) with this composition out
  const weight = new Float64Array(n); // P(the first cards drawn are this composition)
  const bustValue = new Float64Array(n * VALUES); // value of busting by drawing v
  const dist = new Float64Array(OUTCOMES);
  const ff = new Float64Array(VALUES * (MAX_DRAWN + 1));
  const rest = new Int32Array(VALUES);
  // Split hands draw from the shoe less the other hand's card too: the stand value of composition
  // id with one more card v out, for each v in it (exact for the dealer, whatever the shoe).
  const anySplit = rules.split !== null;
  const less = new Float64Array(VALUES * OUTCOMES);
  const standLess = anySplit ? new Float64Array(n * VALUES) : new Float64Array(0);
  weight[0] = 1;
  for (let id = 0; id < n; id++) {
    let ok = true;
    let total = 0;
    for (let v = 0; v < VALUES; v++) {
      rest[v] = base[v] - comps.counts[id * VALUES + v];
      if (rest[v] < 0) ok = false;
      total += rest[v];
    }
    if (!ok) continue;
    feasible[id] = 1;
    left[id] = total;
    for (let v = 0; v < VALUES; v++) {
      const c = comps.child[id * VALUES + v];
      const p = total > 0 ? rest[v] / total : 0;
      if (c >= 0) weight[c] += weight[id] * p;
      else if (rest[v] > 0) {
        // Busting loses the stake; conditioned, only the share where the dealer has no blackjack counts.
        const holes = rest[bjHole] - (v === bjHole ? 1 : 0);
        bustValue[id * VALUES + v] = conditioned && total > 1 ? -(1 - holes / (total - 1)) : -1;
      }
    }
    if (comps.size[id] < 2) continue;
    if (anySplit) dealerOutcomesLess(endings, rest, dist, less, ff);
    else dealerOutcomes(endings, rest, dist, ff);
    pbj[id] = dist[BLACKJACK];
    const row = comps.total[id] * OUTCOMES;
    let s = 0;
    for (let o = 0; o < OUTCOMES; o++) if (!(conditioned && o === BLACKJACK)) s += dist[o] * table[row + o];
    stand[id] = s;
    if (anySplit)
      for (let v = 0; v < VALUES; v++) {
        if (comps.counts[id * VALUES + v] === 0) continue;
        let sv = 0;
        for (let o = 0; o < OUTCOMES; o++)
          if (!(conditioned && o === BLACKJACK)) sv += less[v * OUTCOMES + o] * table[row + o];
        standLess[id * VALUES + v] = sv;
      }
  }

  /** Σ over the next card of (value after it), `after` giving the value of a non-bust child. */
  const draw = (id: number, after: (child: number) => number, scale = 1): number => {
    const total = left[id];
    if (total === 0) return stand[id] * scale;
    let sum = 0;
    for (let v = 0; v < VALUES; v++) {
      const cnt = base[v] - comps.counts[id * VALUES + v];
      if (cnt === 0) continue;
      const c = comps.child[id * VALUES + v];
      sum += (cnt / total) * (c >= 0 ? after(c) : scale * bustValue[id * VALUES + v]);
    }
    return sum;
  };

  // Hit or stand per class, highest classes first; then double and surrender on two cards.
  const ids: number[] = [];
  for (let id = 0; id < n; id++) if (feasible[id] && comps.size[id] >= 2) ids.push(id);
  ids.sort((a, b) => classOrder(comps.total[a], comps.soft[a] === 1) - classOrder(comps.total[b], comps.soft[b] === 1));
  const value = new Float64Array(n); // playing on by hit/stand only (3+ cards, and the fallback of D/R codes)
  const hit = new Float64Array(n);
  const double = new Float64Array(n);
  const hitsClass = new Map<number, boolean>();
  const codes = new Map<number, Code>(); // two-card code per class
  const mayDouble = (id: number): boolean =>
    rules.double !== null && (rules.double.totals === null || rules.double.totals[comps.total[id]]);
  const maySurrender = rules.surrender !== null && !rules.surrender.notAgainst[up];
  const surrenderValue = (id: number) => -0.5 * (conditioned ? 1 - pbj[id] : 1);
  const isBlackjack = (id: number) =>
    comps.size[id] === 2 && comps.counts[id * VALUES + ACE] === 1 && comps.counts[id * VALUES + TEN] === 1;
  const twoCard = ids.filter((id) => comps.size[id] === 2 && !isBlackjack(id));
  const keyOf = (id: number) => classOrder(comps.total[id], comps.soft[id] === 1);

  /** Decisions that maximise the EV when composition id is reached with probability reach[id]. */
  const choose = (reach: Float64Array): void => {
    for (let i = 0; i < ids.length; ) {
      const key = keyOf(ids[i]);
      let j = i;
      let gain = 0;
      let fallbackGain = 0;
      for (; j < ids.length && keyOf(ids[j]) === key; j++) {
        const id = ids[j];
        hit[id] = draw(id, (c) => value[c]);
        gain += reach[id] * (hit[id] - stand[id]);
        fallbackGain += weight[id] * (hit[id] - stand[id]);
      }
      const total = comps.total[ids[i]];
      const soft = comps.soft[ids[i]] === 1;
      // A pack without hit never hits, whatever a chart says (the engine refuses it).
      const hits =
        rules.hit &&
        (fixed ? hitsOn(chartCode(fixed, soft, total, col)) : total < 21 && (gain !== 0 ? gain > 0 : fallbackGain > 0));
      hitsClass.set(key, hits);
      for (let k = i; k < j; k++) value[ids[k]] = hits ? hit[ids[k]] : stand[ids[k]];
      i = j;
    }
    codes.clear();
    for (const id of twoCard) {
      const key = keyOf(id);
      if (codes.has(key)) continue;
      if (fixed) {
        codes.set(key, chartCode(fixed, comps.soft[id] === 1, comps.total[id], col));
        continue;
      }
      const members = twoCard.filter((m) => keyOf(m) === key);
      const hits = hitsClass.get(key)!;
      const sum = (f: (m: number) => number) => members.reduce((s, m) => s + weight[m] * f(m), 0);
      let best: Code = hits ? 'H' : 'S';
      let bestValue = sum((m) => value[m]);
      if (mayDouble(id)) {
        const d = sum((m) => double[m]);
        if (d > bestValue) [best, bestValue] = [hits ? 'D' : 'Ds', d];
      }
      if (maySurrender) {
        const r = sum(surrenderValue);
        if (r > bestValue) [best, bestValue] = [hits ? 'R' : 'Rs', r];
      }
      codes.set(key, best);
    }
  };

  /** How often each composition is played on (hit/stand decided) under the current decisions. */
  const reachOf = (): Float64Array => {
    const reach = new Float64Array(n);
    for (const id of twoCard) reach[id] = weight[id];
    const byId = [...ids].sort((a, b) => a - b); // breadth-first ids: parents before children
    for (const id of byId) {
      const r = reach[id];
      if (r === 0) continue;
      const two = comps.size[id] === 2;
      const code = two ? codes.get(keyOf(id)) : undefined;
      const continues = two
        ? code === 'H' || (code === 'D' && !mayDouble(id)) || (code === 'R' && !maySurrender)
        : hitsClass.get(keyOf(id)) === true;
      if (!continues || left[id] === 0) continue;
      for (let v = 0; v < VALUES; v++) {
        const c = comps.child[id * VALUES + v];
        if (c >= 0) reach[c] += (r * (base[v] - comps.counts[id * VALUES + v])) / left[id];
      }
    }
    return reach;
  };

  for (const id of twoCard) if (mayDouble(id)) double[id] = 2 * draw(id, (c) => stand[c]);
  choose(weight);
  if (!fixed)
    for (let pass = 0; pass < 4; pass++) {
      const before = JSON.stringify([...hitsClass, ...codes]);
      choose(reachOf());
      if (JSON.stringify([...hitsClass, ...codes]) === before) break;
    }
  const classCode = (id: number): Code =>
    codes.get(classOrder(comps.total[id], comps.soft[id] === 1)) ?? (value[id] === hit[id] ? 'H' : 'S');
  /** The value of a two-card hand played by its total's code, with what is legal in that hand. */
  const playTwo = (id: number, canDouble: boolean, canSurrender: boolean): number => {
    const code = classCode(id);
    if ((code === 'D' || code === 'Ds') && canDouble) return double[id];
    if ((code === 'R' || code === 'Rs') && canSurrender) return surrenderValue(id);
    return value[id];
  };

  // Split hands of v (splitHands below): per composition with a v in it, its values with one more v
  // out of the shoe (the other hand's).
  const hitsOf = new Uint8Array(n);
  for (const id of ids) hitsOf[id] = hitsClass.get(keyOf(id)) ? 1 : 0;
  const standS = new Float64Array(anySplit ? n : 0);
  const valueS = new Float64Array(anySplit ? n : 0);
  const doubleS = new Float64Array(anySplit ? n : 0);

  // Pairs: split against playing the total.
  const initial = new Float64Array(n);
  for (const id of twoCard) initial[id] = playTwo(id, mayDouble(id), maySurrender);
  const splitCodes = new Map<number, boolean>();
  const sp = rules.split;
  for (let v = 0; v < VALUES; v++) {
    const pair = twoCardId(comps, v, v);
    if (!feasible[pair] || !sp) continue;
    const splitEv = splitValue(v, pair);
    const share = sp.byRank && v === TEN ? sameRankShare(base[TEN] - 2 + 2) : 1;
    const splits = fixed ? pairCode(fixed, v, col) === 'P' : splitEv > initial[pair];
    splitCodes.set(v, splits);
    if (splits) initial[pair] = share * splitEv + (1 - share) * initial[pair];
  }

  /**
   * The EV of splitting the pair of v's, exactly as the engine plays it for a fixed chart
   * (R-MW-SPLIT-1): a split hand takes its second card when play reaches it, the first hand is
   * played out (resplits included) before the next. For a chart that does not look at the shoe,
   * what a hand is worth is a martingale in the cards drawn before it starts, so each hand is
   * worth its play from the shoe less the up card, the pair and the v's resplits took out, and
   * the hands still to come are worth, summed over the current hand's second card c, their value
   * from the shoe as it stands less the share where c was a v:
   *   S(P, H, k) = A_k + S(P−1, H, k) + q_k·[S(P+1, H+1, k+1) − S(P−1, H, k+1)]
   * for P hands waiting, H in all, k extra v's out; A_k = Σ_{c≠v} p_k(c)·hand(v, c), q_k = p_k(v),
   * and without a further split S = P·(A_k + q_k·hand(v, v)). hand(v, c) is exact for k = 0 (the
   * other hand's v out of the shoe: exact with 2 hands); for k > 0 it is extrapolated linearly in
   * the v's out from k = -1 and k = 0, which keeps resplits within 0.0001 points of exact
   * enumeration on one deck (test/math/splits.test.ts) without a dealer pass per k.
   */
  function splitValue(v: number, pair: number): number {
    const s = sp!;
    const total = left[pair];
    if (total === 0) return initial[pair];
    const oneCard = v === ACE && s.splitAcesOneCard;
    const canDouble = (id: number) =>
      rules.double?.afterSplit === true && (v !== ACE || rules.double.splitAces) && mayDouble(id);
    const hand = splitHands(v, oneCard, canDouble);
    // The same hands with one v fewer out of the shoe (the other hand's), to extrapolate to k more.
    const fewer = new Float64Array(VALUES);
    for (let c = 0; c < VALUES; c++) {
      const id = twoCardId(comps, v, c);
      if (feasible[id]) fewer[c] = oneCard || comps.total[id] === 21 ? stand[id] : playTwo(id, canDouble(id), false);
    }
    const count = (c: number) => base[c] - comps.counts[pair * VALUES + c]; // cards of value c after the deal
    let nonPair = 0;
    let nonPairFewer = 0;
    for (let c = 0; c < VALUES; c++)
      if (c !== v) {
        nonPair += count(c) * hand[c];
        nonPairFewer += count(c) * fewer[c];
      }
    const resplits = s.maxHands > 2 && (v !== ACE || s.resplitAces);
    const memo = new Map<number, number>();
    const waiting = (hands: number, inAll: number, k: number): number => {
      const cards = total - k;
      if (hands === 0 || cards <= 0) return 0;
      const q = Math.max(0, count(v) - k) / cards;
      const a = (nonPair + k * (nonPair - nonPairFewer)) / cards;
      const again = hand[v] + k * (hand[v] - fewer[v]);
      if (!resplits || inAll >= s.maxHands) return hands * (a + q * again);
      const key = (hands * 16 + inAll) * 64 + k;
      let r = memo.get(key);
      if (r === undefined) {
        r =
          a +
          waiting(hands - 1, inAll, k) +
          (q > 0 ? q * (waiting(hands + 1, inAll + 1, k + 1) - waiting(hands - 1, inAll, k + 1)) : 0);
        memo.set(key, r);
      }
      return r;
    };
    return waiting(2, 2, 0);
  }

  /** Per second card c, the value of a split hand of v that drew c and does not split again. */
  function splitHands(v: number, oneCard: boolean, canDouble: (id: number) => boolean): Float64Array {
    const extraHole = v === bjHole ? 1 : 0;
    // Split aces that take one card stand on it: only their two-card stand values are wanted.
    if (!oneCard)
      for (const id of ids) {
        const at = id * VALUES;
        if (comps.counts[at + v] === 0) continue;
        const cards = left[id] - 1;
        if (base[v] - comps.counts[at + v] < 1 || cards < 0) {
          standS[id] = valueS[id] = doubleS[id] = 0; // no such shoe: never reached
          continue;
        }
        const st = standLess[at + v];
        standS[id] = valueS[id] = st;
        const hits = hitsOf[id] === 1;
        const doubles = comps.size[id] === 2 && canDouble(id);
        if (doubles) doubleS[id] = 2 * st;
        if ((!hits && !doubles) || cards === 0) continue;
        let hit = 0;
        let once = 0;
        const holes = base[bjHole] - comps.counts[at + bjHole] - extraHole;
        for (let w = 0; w < VALUES; w++) {
          const cnt = base[w] - comps.counts[at + w] - (w === v ? 1 : 0);
          if (cnt <= 0) continue;
          const p = cnt / cards;
          const c = comps.child[at + w];
          if (c >= 0) {
            hit += p * valueS[c];
            once += p * standS[c];
          } else {
            const r = conditioned && cards > 1 ? -(1 - (holes - (w === bjHole ? 1 : 0)) / (cards - 1)) : -1;
            hit += p * r;
            once += p * r;
          }
        }
        if (hits) valueS[id] = hit;
        if (doubles) doubleS[id] = 2 * once;
      }
    const out = new Float64Array(VALUES);
    for (let c = 0; c < VALUES; c++) {
      const id = twoCardId(comps, v, c);
      if (!feasible[id] || base[v] - (c === v ? 2 : 1) < 1) continue;
      const code = classCode(id);
      if (oneCard || comps.total[id] === 21) out[c] = standLess[id * VALUES + v];
      else out[c] = (code === 'D' || code === 'Ds') && canDouble(id) ? doubleS[id] : valueS[id];
    }
    return out;
  }

  // The chart rows for this column.
  if (!fixed) {
    for (let t = 5; t <= 21; t++) out.hard[t][col] = codeOfClass(codes, hitsClass, t, false);
    for (let t = 12; t <= 21; t++) out.soft[t][col] = codeOfClass(codes, hitsClass, t, true);
    PAIR_KEYS.forEach((k, i) => {
      const v = i === 9 ? ACE : i === 8 ? TEN : i + 1;
      out.pairs[k][col] = splitCodes.get(v)
        ? 'P'
        : codeOfClass(codes, hitsClass, v === ACE ? 12 : 2 * (v + 1), v === ACE);
    });
  }

  let ev = 0;
  for (const id of ids) {
    if (comps.size[id] !== 2) continue;
    const bjLoss = conditioned ? -pbj[id] : 0;
    ev += weight[id] * (isBlackjack(id) ? rules.blackjackPays * (1 - pbj[id]) : bjLoss + initial[id]);
  }
  return ev;
}

/** The share of ten-value pairs that are the same rank (for packs that split by rank only). */
function sameRankShare(tens: number): number {
  const perRank = tens / 4;
  return tens > 1 ? (4 * perRank * (perRank - 1)) / (tens * (tens - 1)) : 0;
}

const hitsOn = (code: Code): boolean => code === 'H' || code === 'D' || code === 'R' || code === 'P';

function chartCode(chart: Chart | undefined, soft: boolean, total: number, col: number): Code {
  const row = chart && (soft ? chart.soft : chart.hard)[String(total)];
  if (row) return row[col];
  return total < 12 || (soft && total < 18) ? 'H' : 'S';
}

function pairCode(chart: Chart, v: number, col: number): Code | undefined {
  return chart.pairs[PAIR_KEYS[columnOfValue(v)]]?.[col];
}

function codeOfClass(codes: Map<number, Code>, hits: Map<number, boolean>, total: number, soft: boolean): Code {
  const key = classOrder(total, soft);
  return codes.get(key) ?? (hits.get(key) ? 'H' : 'S');
}
