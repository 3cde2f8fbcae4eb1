// The blackjack main bet by combinatorial analysis (issue 5): for each dealer up card, the exact
// dealer outcome probabilities for every player composition (cards removed from the finite shoe),
// then the best total-dependent basic strategy — hit/stand per total weighted over every
// composition that reaches it, double/surrender/split on the first two cards — and the EV of
// playing it. Splits use the usual approximation (each split hand drawn from the shoe less the
// pair and the up card; resplits by expected hand counts). The rules come from the pack only.
import type { CompiledPack } from '../pack/compiled.ts';
import { columnOfValue, PAIR_KEYS, type Chart, type Code } from './chart.ts';
import { playerComps, type Comps } from './comps.ts';
import { BLACKJACK, BUST, dealerEndings, dealerOutcomes, MAX_DRAWN, OUTCOMES, VALUES } from './dealer.ts';

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
  readonly double: null | { readonly totals: readonly boolean[] | null; readonly afterSplit: boolean; readonly splitAces: boolean };
  readonly split: null | { readonly byRank: boolean; readonly maxHands: number; readonly resplitAces: boolean; readonly splitAcesOneCard: boolean };
  /** Per up value: surrender refused against it. */
  readonly surrender: null | { readonly notAgainst: readonly boolean[] };
}

/** Rank sets are indexed by rank (A 0 … 9 8, T 9): the value index of A..9 and T is the same number. */
export function rulesOf(pack: CompiledPack): BlackjackRules {
  const bj = pack.blackjack;
  const main = pack.bets.find((b) => b.type === 'hand');
  if (!bj || !main?.blackjackPays || !main.winPays) throw new Error(`pack ${pack.id}: the main-bet analysis needs a blackjack pack with a hand bet`);
  const byValue = (set: readonly boolean[]) => Array.from({ length: VALUES }, (_, v) => set[v] === true);
  const a = bj.actions;
  return {
    shoe: Array.from({ length: VALUES }, (_, v) => (v === 9 ? 16 : 4) * pack.shoe.decks),
    hitsSoft17: bj.dealer.hitsSoft17,
    peek: byValue(bj.dealer.peekOn),
    loseAll: bj.dealer.onBlackjack === 'lose-all',
    blackjackPays: main.blackjackPays.num / main.blackjackPays.den,
    winPays: main.winPays.num / main.winPays.den,
    double: a.double ? { totals: a.double.totals, afterSplit: a.double.afterSplit, splitAces: a.double.splitAces } : null,
    split: a.split
      ? { byRank: a.split.match === 'rank', maxHands: a.split.maxHands, resplitAces: a.split.resplitAces, splitAcesOneCard: a.split.splitAcesOneCard }
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
const classOrder = (total: number, soft: boolean): number => (soft ? 200 - total : total >= 11 ? 100 - total : 300 - total);

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
  for (let t = 13; t <= 21; t++) decisions.soft[t] = Array<Code>(10).fill('S');
  for (const k of PAIR_KEYS) decisions.pairs[k] = Array<Code>(10).fill('S');
  const full = rules.shoe.reduce((s, n) => s + n, 0);
  let ev = 0;
  for (let up = 0; up < VALUES; up++) {
    if (rules.shoe[up] === 0) continue;
    ev += (rules.shoe[up] / full) * analyseUp(rules, comps, up, decisions, fixed);
  }
  return { ev, rtp: 1 + ev, ...decisions };
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
    dealerOutcomes(endings, rest, dist, ff);
    pbj[id] = dist[BLACKJACK];
    const row = comps.total[id] * OUTCOMES;
    let s = 0;
    for (let o = 0; o < OUTCOMES; o++) if (!(conditioned && o === BLACKJACK)) s += dist[o] * table[row + o];
    stand[id] = s;
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
  const mayDouble = (id: number): boolean => rules.double !== null && (rules.double.totals === null || rules.double.totals[comps.total[id]]);
  const maySurrender = rules.surrender !== null && !rules.surrender.notAgainst[up];
  const surrenderValue = (id: number) => -0.5 * (conditioned ? 1 - pbj[id] : 1);
  const isBlackjack = (id: number) => comps.size[id] === 2 && comps.counts[id * VALUES + ACE] === 1 && comps.counts[id * VALUES + TEN] === 1;
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
      // Charts have no soft-12 row (only A,A makes it): such a hand hits, as charts play it.
      const hits = fixed || (soft && total === 12) ? hitsOn(chartCode(fixed, soft, total, col)) : total < 21 && (gain !== 0 ? gain > 0 : fallbackGain > 0);
      hitsClass.set(key, hits);
      for (let k = i; k < j; k++) value[ids[k]] = hits ? hit[ids[k]] : stand[ids[k]];
      i = j;
    }
    codes.clear();
    for (const id of twoCard) {
      const key = keyOf(id);
      if (codes.has(key)) continue;
      if (fixed || (comps.soft[id] === 1 && comps.total[id] === 12)) {
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
      const continues = two ? code === 'H' || (code === 'D' && !mayDouble(id)) || (code === 'R' && !maySurrender) : hitsClass.get(keyOf(id)) === true;
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
  const classCode = (id: number): Code => codes.get(classOrder(comps.total[id], comps.soft[id] === 1)) ?? (value[id] === hit[id] ? 'H' : 'S');
  /** The value of a two-card hand played by its total's code, with what is legal in that hand. */
  const playTwo = (id: number, canDouble: boolean, canSurrender: boolean): number => {
    const code = classCode(id);
    if ((code === 'D' || code === 'Ds') && canDouble) return double[id];
    if ((code === 'R' || code === 'Rs') && canSurrender) return surrenderValue(id);
    return value[id];
  };

  // Pairs: split against playing the total.
  const initial = new Float64Array(n);
  for (const id of twoCard) initial[id] = playTwo(id, mayDouble(id), maySurrender);
  const splitCodes = new Map<number, boolean>();
  const sp = rules.split;
  for (let v = 0; v < VALUES; v++) {
    const pairCounts = Array<number>(VALUES).fill(0);
    pairCounts[v] = 2;
    const pair = comps.idOf(pairCounts);
    if (!feasible[pair] || !sp) continue;
    const splitEv = splitValue(v, pair);
    const share = sp.byRank && v === TEN ? sameRankShare(base[TEN] - 2 + 2) : 1;
    const splits = fixed ? pairCode(fixed, v, col) === 'P' : splitEv > initial[pair];
    splitCodes.set(v, splits);
    if (splits) initial[pair] = share * splitEv + (1 - share) * initial[pair];
  }

  function splitValue(v: number, pair: number): number {
    const s = sp!;
    const oneCard = v === ACE && s.splitAcesOneCard;
    const canDouble = (id: number) => rules.double !== null && rules.double.afterSplit && (v !== ACE || rules.double.splitAces) && mayDouble(id);
    // A split hand holds v and one drawn card; aces split for one card just stand.
    const handValue = (c: number): number => {
      const counts = Array<number>(VALUES).fill(0);
      counts[v]++;
      counts[c]++;
      const id = comps.idOf(counts);
      if (!feasible[id]) return 0;
      return oneCard ? stand[id] : playTwo(id, canDouble(id), false);
    };
    const total = left[pair];
    if (total === 0) return initial[pair];
    let nonPair = 0;
    for (let c = 0; c < VALUES; c++) if (c !== v) nonPair += ((base[c] - comps.counts[pair * VALUES + c]) / total) * handValue(c);
    const q = (base[v] - 2) / total;
    const resplit = s.maxHands > 2 && (v !== ACE || s.resplitAces);
    const { other, again } = expectedHands(q, resplit ? s.maxHands : 2);
    return (q < 1 ? (other * nonPair) / (1 - q) : 0) + again * handValue(v);
  }

  // The chart rows for this column.
  if (!fixed) {
    for (let t = 5; t <= 21; t++) out.hard[t][col] = codeOfClass(codes, hitsClass, t, false);
    for (let t = 13; t <= 21; t++) out.soft[t][col] = codeOfClass(codes, hitsClass, t, true);
    PAIR_KEYS.forEach((k, i) => {
      const v = i === 9 ? ACE : i === 8 ? TEN : i + 1;
      out.pairs[k][col] = splitCodes.get(v) ? 'P' : codeOfClass(codes, hitsClass, v === ACE ? 12 : 2 * (v + 1), v === ACE);
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

/**
 * Expected numbers of finished split hands whose drawn card was not the pair's value (`other`)
 * and that drew the pair's value when no further split was allowed (`again`), starting from two
 * hands, each drawing the pair's value with probability q, up to `maxHands` hands.
 */
export function expectedHands(q: number, maxHands: number): { other: number; again: number } {
  const memo = new Map<string, { other: number; again: number }>();
  const go = (hands: number, pending: number): { other: number; again: number } => {
    if (pending === 0) return { other: 0, again: 0 };
    const key = `${hands},${pending}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const done = go(hands, pending - 1);
    let other = (1 - q) * (1 + done.other);
    let again = (1 - q) * done.again;
    if (hands < maxHands) {
      const more = go(hands + 1, pending + 1);
      other += q * more.other;
      again += q * more.again;
    } else {
      other += q * done.other;
      again += q * (1 + done.again);
    }
    const r = { other, again };
    memo.set(key, r);
    return r;
  };
  return go(2, 2);
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
