// References for the blackjack main bet, splits and resplits included: the exact expected result
// of playing a fixed chart (through `decide`, as AI players and the simulator play it) on a finite
// shoe, in plain floats. Written apart from lambdas/math: its own dealer enumeration, its own legal
// actions (as lambdas/engine/blackjack/turns.ts `legalActions`), no player-composition tables.
// Hands are played in the engine's order (R-MW-SPLIT-1): a split hand takes its second card when
// play reaches it; the first hand of a split (resplits included) is played out before the next
// one gets its card. Tests only.
//
// - `exactEv` enumerates every card the player draws, with every hand of a split drawing from the
//   shoe less every card dealt before (the other hands' cards included), memoised on the multiset
//   of cards removed, and settles every hand against the dealer's outcome probabilities for the shoe
//   less every card of the round (the dealer draws last). Nothing is assumed; it is exponential in
//   the shoe, so it runs on one deck with two hands at most, or on shoes of fewer cards.
// - `exactEvByHands` is the same number computed hand by hand. For a fixed chart, the expected
//   value of anything played from a shoe (a hand, the hands still to come, the dealer) is a
//   martingale in the cards drawn before it starts, so by optional stopping each hand can be valued
//   against the shoe as it stands when the hand starts or ends, and the hands after a split hand
//   against the shoe as it stands after that hand's first two cards. What is left is a recursion
//   over the pair cards a split draws (hands in play, hands waiting, cards removed): exact, and
//   small enough for 8 decks. The tests check that both give the same number where both run.

import type { BlackjackRules } from '../../lambdas/math/blackjack.ts';
import { type Action, type Chart, decide } from '../../lambdas/pack/chart.ts';

const V = 10; // card values: 0 = A, 1..8 = 2..9, 9 = T
const ACE = 0;
const TEN = 9;
/** Dealer outcomes: 17..21 (0..4), bust (5), blackjack (6). */
const D_BUST = 5;
const D_BJ = 6;
/** Hand classes at settlement: 0 = stood on 16 or less, 1..5 = stood on 17..21, 6 = bust, 7 = surrendered. */
const C_BUST = 6;
const C_SURRENDER = 7;
const CLASSES = 8;
const classOf = (total: number): number => (total > 21 ? C_BUST : total <= 16 ? 0 : total - 16);

const cardOf = (v: number): number => (v === TEN ? 36 : v * 4); // a card of value v (T as the ten)
const totalOf = (sum: number, ace: boolean): number => (ace && sum + 10 <= 21 ? sum + 10 : sum);

export interface ExactStats {
  /** Memoised player states and distinct shoes the dealer finished from. */
  states: number;
  dealerShoes: number;
}

/** Every way the dealer can finish from `up`: multisets of the cards drawn (hole included), flat. */
function dealerEndings(up: number, hitsSoft17: boolean) {
  const found = new Map<string, { outcome: number; drawn: number; orders: number; counts: number[] }>();
  const drawn = Array<number>(V).fill(0);
  const walk = (sum: number, ace: boolean, n: number): void => {
    const total = totalOf(sum, ace);
    const soft = total !== sum;
    let outcome = -1;
    if (n === 2 && total === 21) outcome = D_BJ;
    else if (total > 21) outcome = D_BUST;
    else if (total > 17 || (total === 17 && !(soft && hitsSoft17))) outcome = total - 17;
    if (outcome >= 0) {
      const key = drawn.join(',');
      const e = found.get(key);
      if (e) e.orders++;
      else found.set(key, { outcome, drawn: n - 1, orders: 1, counts: [...drawn] });
      return;
    }
    for (let v = 0; v < V; v++) {
      drawn[v]++;
      walk(sum + v + 1, ace || v === ACE, n + 1);
      drawn[v]--;
    }
  };
  walk(up + 1, up === ACE, 1);
  const list = [...found.values()];
  const start = new Int32Array(list.length + 1);
  const value: number[] = [];
  const count: number[] = [];
  list.forEach((e, i) => {
    start[i] = value.length;
    e.counts.forEach((m, v) => {
      if (m > 0) {
        value.push(v);
        count.push(m);
      }
    });
  });
  start[list.length] = value.length;
  const maxDrawn = Math.max(...list.map((e) => e.drawn));
  return {
    n: list.length,
    outcome: Int32Array.from(list, (e) => e.outcome),
    drawn: Int32Array.from(list, (e) => e.drawn),
    orders: Float64Array.from(list, (e) => e.orders),
    start,
    value: Int32Array.from(value),
    count: Int32Array.from(count),
    maxDrawn,
  };
}

/** One up card's game: the shoe as it stands (`rest`, `left`, key `rk`), the dealer, the settlement. */
class Table {
  readonly rest: number[];
  left: number;
  /** The multiset of cards removed, as one mixed-radix number. */
  rk = 0;
  readonly weight: number[] = [];
  private readonly endings: ReturnType<typeof dealerEndings>;
  private readonly ff: Float64Array;
  private readonly inv: Float64Array;
  private readonly dist = new Float64Array(7);
  private readonly settled = new Map<number, Float64Array>();
  /**
   * Joint with "no dealer blackjack" (the round's -1 counted at the deal) rather than a blackjack beating every hand.
   */
  readonly conditioned: boolean;
  readonly maySurrender: boolean;
  readonly upCard: number;
  dealerShoes = 0;

  constructor(
    readonly rules: BlackjackRules,
    readonly up: number,
  ) {
    const shoe = rules.shoe;
    let w = 1;
    for (let v = 0; v < V; v++) {
      this.weight.push(w);
      w *= shoe[v] + 1;
    }
    if (w > Number.MAX_SAFE_INTEGER) throw new Error('exact blackjack: shoe too large to key');
    this.rest = [...shoe];
    this.left = shoe.reduce((s, n) => s + n, 0);
    this.take(up);
    this.endings = dealerEndings(up, rules.hitsSoft17);
    this.ff = new Float64Array(V * (this.endings.maxDrawn + 1));
    this.inv = new Float64Array(this.endings.maxDrawn + 1);
    const canBj = up === ACE || up === TEN;
    this.conditioned = canBj && (rules.peek[up] || !rules.loseAll);
    this.maySurrender = rules.surrender !== null && !rules.surrender.notAgainst[up];
    this.upCard = cardOf(up);
  }

  take(v: number): void {
    this.rest[v]--;
    this.left--;
    this.rk += this.weight[v];
  }

  give(v: number): void {
    this.rest[v]++;
    this.left++;
    this.rk -= this.weight[v];
  }

  /** Dealer outcome probabilities for the shoe as it stands; throws when the dealer could run out of cards. */
  dealer(): Float64Array {
    const { endings: e, ff, inv, dist, rest } = this;
    const m = e.maxDrawn + 1;
    for (let v = 0; v < V; v++) {
      ff[v * m] = 1;
      for (let k = 1; k < m; k++) ff[v * m + k] = ff[v * m + k - 1] * Math.max(0, rest[v] - k + 1);
    }
    inv[0] = 1;
    for (let k = 1; k < m; k++) inv[k] = this.left - k + 1 > 0 ? inv[k - 1] / (this.left - k + 1) : 0;
    dist.fill(0);
    let sum = 0;
    for (let i = 0; i < e.n; i++) {
      let p = e.orders[i] * inv[e.drawn[i]];
      for (let j = e.start[i]; j < e.start[i + 1] && p > 0; j++) p *= ff[e.value[j] * m + e.count[j]];
      dist[e.outcome[i]] += p;
      sum += p;
    }
    if (Math.abs(sum - 1) > 1e-9)
      throw new Error(`exact blackjack: the dealer can run out of cards (${this.left} left)`);
    return dist;
  }

  /** Per hand class, the result of one unit of stake against the dealer drawing from the shoe as it stands. */
  settle(): Float64Array {
    const hit = this.settled.get(this.rk);
    if (hit) return hit;
    this.dealerShoes++;
    const d = this.dealer();
    const { winPays } = this.rules;
    const out = new Float64Array(CLASSES);
    const noBj = 1 - d[D_BJ];
    const bj = this.conditioned ? 0 : -d[D_BJ];
    for (let c = 0; c <= 5; c++) {
      const total = 16 + c;
      let r = d[D_BUST] * winPays + bj;
      for (let o = 0; o < 5; o++) r += d[o] * (total > 17 + o ? winPays : total === 17 + o ? 0 : -1);
      out[c] = r;
    }
    out[C_BUST] = this.conditioned ? -noBj : -1;
    out[C_SURRENDER] = this.conditioned ? -0.5 * noBj : -0.5;
    this.settled.set(this.rk, out);
    return out;
  }

  /** Σ over the next card of p(card) × f(card), with the card taken out while f runs. */
  draw(f: (v: number) => number): number {
    if (this.left === 0) throw new Error('exact blackjack: the player can run out of cards');
    const left = this.left;
    let sum = 0;
    for (let v = 0; v < V; v++) {
      const n = this.rest[v];
      if (n === 0) continue;
      this.take(v);
      sum += (n / left) * f(v);
      this.give(v);
    }
    return sum;
  }

  /** The legal actions on a hand of `n` ≥ 2 cards (lambdas/engine/blackjack/turns.ts `legalActions`, balance aside). */
  legal(hand: readonly number[], fromSplit: boolean, splitAces: boolean, canSplit: boolean): Action[] {
    const { double: d, split: s } = this.rules;
    const oneCard = splitAces && s!.splitAcesOneCard;
    const two = hand.length === 2;
    const total = totalOf(
      hand.reduce((a, v) => a + v + 1, 0),
      hand.includes(ACE),
    );
    const out: Action[] = oneCard || !this.rules.hit ? ['stand'] : ['hit', 'stand'];
    if (
      two &&
      !oneCard &&
      d &&
      (!fromSplit || d.afterSplit) &&
      (!splitAces || d.splitAces) &&
      (!d.totals || d.totals[total])
    )
      out.push('double');
    if (two && canSplit && hand[0] === hand[1]) out.push('split');
    if (two && this.maySurrender && !fromSplit) out.push('surrender');
    return out;
  }

  /** The initial deal for this up card: Σ over the two player cards of p × value(a, b, P(dealer blackjack)). */
  deal(value: (a: number, b: number, dealerBj: number) => number): number {
    let ev = 0;
    const canBj = this.up === ACE || this.up === TEN;
    for (let a = 0; a < V; a++) {
      if (this.rest[a] === 0) continue;
      const pa = this.rest[a] / this.left;
      this.take(a);
      for (let b = a; b < V; b++) {
        if (this.rest[b] === 0) continue;
        const p = pa * (this.rest[b] / this.left) * (b === a ? 1 : 2);
        this.take(b);
        const dBj = canBj ? this.dealer()[D_BJ] : 0;
        // A player blackjack pushes against a dealer blackjack; otherwise the dealer's takes the
        // original bet at the deal when `conditioned`, and every stake at the end when not.
        ev +=
          p *
          (a === ACE && b === TEN
            ? this.rules.blackjackPays * (1 - dBj)
            : (this.conditioned ? -dBj : 0) + value(a, b, dBj));
        this.give(b);
      }
      this.give(a);
    }
    return ev;
  }
}

const splitOf = (rules: BlackjackRules) => {
  if (rules.split?.byRank) throw new Error('exact blackjack: splits by rank are not modelled');
  return rules.split;
};

/** Σ over up cards of p(up) × f(table for up). */
function overUpCards(rules: BlackjackRules, f: (t: Table) => number): number {
  const size = rules.shoe.reduce((s, n) => s + n, 0);
  let ev = 0;
  for (let up = 0; up < V; up++) if (rules.shoe[up] > 0) ev += (rules.shoe[up] / size) * f(new Table(rules, up));
  return ev;
}

/**
 * The exact expected net result per unit of the main bet when every hand is played by `chart`
 * under `rules` on the shoe `rules.shoe`, by enumerating every card of every hand. Throws when a
 * deal could run the shoe out of cards.
 */
export function exactEv(rules: BlackjackRules, chart: Chart, stats?: ExactStats): number {
  const sp = splitOf(rules);
  const maxHands = sp ? sp.maxHands : 1;
  const H = maxHands + 1;
  const STATE = 32 * 2 * 3 * 2 * 2 * 2 * H * H * (V + 1);
  let states = 0;
  let dealerShoes = 0;
  const ev = overUpCards(rules, (t) => {
    // Memo: per removed multiset a dense index, then (index * STATE + state) -> slot of 1 + CLASSES
    // floats: the expected result of the hand in play and the hands after it, and per class the
    // expected result of one unit of stake settled once every hand is played (for hands finished
    // before this state).
    const shoeIndex = new Map<number, number>();
    const memo = new Map<number, number>();
    let store = new Float64Array(1 << 16);
    let used = 0;
    const hand: number[] = []; // values of the hand in play
    const W = CLASSES + 1;

    /** Settles the hand in play as `cls` with `stake` and goes on to the next hand; writes into `out`. */
    const finish = (
      cls: number,
      stake: number,
      pending: number,
      hands: number,
      sv: number,
      out: Float64Array,
    ): void => {
      if (pending === 0) {
        const s = t.settle();
        out[0] = stake * s[cls];
        out.set(s, 1);
        return;
      }
      const saved = hand.splice(0, hand.length, sv);
      const i = state(1, true, sv === ACE, pending - 1, hands, sv);
      hand.splice(0, hand.length, ...saved);
      out[0] = store[i] + stake * store[i + 1 + cls];
      for (let c = 0; c < CLASSES; c++) out[1 + c] = store[i + 1 + c];
    };
    const drawEach = (out: Float64Array, f: (v: number, into: Float64Array) => void): void => {
      const sub = new Float64Array(W);
      if (t.left === 0) throw new Error('exact blackjack: the player can run out of cards');
      const left = t.left;
      for (let v = 0; v < V; v++) {
        const n = t.rest[v];
        if (n === 0) continue;
        t.take(v);
        hand.push(v);
        f(v, sub);
        hand.pop();
        t.give(v);
        for (let c = 0; c < W; c++) out[c] += (n / left) * sub[c];
      }
    };
    const copy = (i: number, into: Float64Array) => into.set(store.subarray(i, i + W));

    /**
     * The slot of the state: the hand in play (`hand`; one card = a split hand waiting for its
     * second), `pending` split hands of value `sv` after it, `hands` hands in all.
     */
    function state(
      n: number,
      fromSplit: boolean,
      splitAces: boolean,
      pending: number,
      hands: number,
      sv: number,
    ): number {
      let sum = 0;
      let ace = false;
      for (const v of hand) {
        sum += v + 1;
        if (v === ACE) ace = true;
      }
      const pair = n === 2 && hand[0] === hand[1];
      let si = shoeIndex.get(t.rk);
      if (si === undefined) shoeIndex.set(t.rk, (si = shoeIndex.size));
      const sk =
        ((((((sum * 2 + +ace) * 3 + Math.min(n, 3) - 1) * 2 + +pair) * 2 + +fromSplit) * 2 + +splitAces) * H +
          pending) *
          H +
        hands;
      const key = si * STATE + sk * (V + 1) + (sv + 1);
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      states++;
      const out = new Float64Array(W);
      const total = totalOf(sum, ace);
      if (n === 1) {
        // The split hand's second card: 21 stands; split aces take one card (unless an ace may split again).
        drawEach(out, (v, into) => {
          const t2 = totalOf(sum + v + 1, ace || v === ACE);
          const mayResplit = splitAces && v === ACE && sp!.resplitAces && hands < maxHands;
          if (t2 === 21 || (splitAces && sp!.splitAcesOneCard && !mayResplit))
            finish(classOf(t2), 1, pending, hands, sv, into);
          else copy(state(2, fromSplit, splitAces, pending, hands, sv), into);
        });
      } else {
        const canSplit = sp !== null && hands < maxHands && (!splitAces || sp.resplitAces);
        const legal = t.legal(hand, fromSplit, splitAces, canSplit);
        const action = decide(chart, hand.map(cardOf), t.upCard, legal);
        if (!legal.includes(action))
          throw new Error(`exact blackjack: decide chose ${action}, not one of ${legal.join(', ')}`);
        if (action === 'stand') finish(classOf(total), 1, pending, hands, sv, out);
        else if (action === 'surrender') finish(C_SURRENDER, 1, pending, hands, sv, out);
        else if (action === 'double')
          drawEach(out, (v, into) =>
            finish(classOf(totalOf(sum + v + 1, ace || v === ACE)), 2, pending, hands, sv, into),
          );
        else if (action === 'hit')
          drawEach(out, (v, into) => {
            const t2 = totalOf(sum + v + 1, ace || v === ACE);
            if (t2 >= 21) finish(classOf(t2), 1, pending, hands, sv, into);
            else copy(state(n + 1, fromSplit, splitAces, pending, hands, sv), into);
          });
        else {
          // Split: two one-card hands; the first is played now, the other waits (R-MW-SPLIT-1).
          const v = hand[0];
          const saved = hand.splice(0, hand.length, v);
          copy(state(1, true, v === ACE, pending + 1, hands + 1, v), out);
          hand.splice(0, hand.length, ...saved);
        }
      }
      if (used + W > store.length) {
        const bigger = new Float64Array(store.length * 2);
        bigger.set(store);
        store = bigger;
      }
      const i = used;
      used += W;
      store.set(out, i);
      memo.set(key, i);
      return i;
    }

    const upEv = t.deal((a, b) => {
      hand.push(a, b);
      const i = state(2, false, false, 0, 1, -1);
      hand.length = 0;
      return store[i];
    });
    dealerShoes += t.dealerShoes;
    return upEv;
  });
  if (stats) Object.assign(stats, { states, dealerShoes });
  return ev;
}

/**
 * The same expected result as `exactEv`, hand by hand (see the file's head): each hand valued
 * against the dealer drawing from the shoe as it stands when the hand ends, and after a split the
 * hands still to come valued from the shoe as it stands after the current hand's first two cards.
 */
export function exactEvByHands(rules: BlackjackRules, chart: Chart, stats?: ExactStats): number {
  const sp = splitOf(rules);
  const maxHands = sp ? sp.maxHands : 1;
  let states = 0;
  let dealerShoes = 0;
  const ev = overUpCards(rules, (t) => {
    const handMemo = new Map<string, number>();
    const slotMemo = new Map<string, number>();
    const hand: number[] = [];
    const settle = (cls: number, stake: number) => stake * t.settle()[cls];

    /** The value of playing out the hand in play (two or more cards), which does not split. */
    function play(fromSplit: boolean, splitAces: boolean, canSplit: boolean): number {
      let sum = 0;
      let ace = false;
      for (const v of hand) {
        sum += v + 1;
        if (v === ACE) ace = true;
      }
      const n = hand.length;
      const pair = n === 2 && hand[0] === hand[1];
      const key = `${t.rk}:${sum}:${+ace}:${Math.min(n, 3)}:${+pair}:${+fromSplit}:${+splitAces}:${+canSplit}`;
      const hit = handMemo.get(key);
      if (hit !== undefined) return hit;
      states++;
      const total = totalOf(sum, ace);
      const legal = t.legal(hand, fromSplit, splitAces, canSplit);
      const action = decide(chart, hand.map(cardOf), t.upCard, legal);
      let r: number;
      if (action === 'stand') r = settle(classOf(total), 1);
      else if (action === 'surrender') r = settle(C_SURRENDER, 1);
      else if (action === 'double') r = t.draw((v) => settle(classOf(totalOf(sum + v + 1, ace || v === ACE)), 2));
      else if (action === 'hit')
        r = t.draw((v) => {
          const t2 = totalOf(sum + v + 1, ace || v === ACE);
          if (t2 >= 21) return settle(classOf(t2), 1);
          hand.push(v);
          const x = play(fromSplit, splitAces, false);
          hand.pop();
          return x;
        });
      else throw new Error('exact blackjack: split reached play()');
      handMemo.set(key, r);
      return r;
    }

    /**
     * The value of `count` split hands of value `sv` still to take their second card, `hands` hands
     * in all, from the shoe as it stands. The next hand draws c. If c is not a pair card it is
     * played out, and the hands after it go on from a shoe that, by optional stopping, is worth
     * the shoe less c; if the chart splits c again, the hand becomes two. Summed over c, the hands
     * after it are worth S(count - 1) of the shoe as it stands, less the share where c was the
     * pair card: S = Σ_{c≠v} p(c)·hand(v,c) + S(count-1) + p(v)·[S'(count+1, hands+1) - S'(count-1)],
     * S' from the shoe less one more pair card. Without a resplit every hand is alike: count × hand.
     */
    function slots(count: number, hands: number, sv: number): number {
      if (count === 0) return 0;
      const key = `${t.rk}:${count}:${hands}:${sv}`;
      const hit = slotMemo.get(key);
      if (hit !== undefined) return hit;
      const splitAces = sv === ACE;
      const mayResplit = hands < maxHands && (!splitAces || sp!.resplitAces);
      hand.push(sv, sv);
      const resplits =
        mayResplit && decide(chart, hand.map(cardOf), t.upCard, t.legal(hand, true, splitAces, true)) === 'split';
      hand.length = 0;
      /** A split hand whose second card is v, played out (a resplit aside). */
      const one = (v: number): number => {
        const total = totalOf(sv + v + 2, splitAces || v === ACE);
        if (total === 21 || (splitAces && sp!.splitAcesOneCard)) return settle(classOf(total), 1);
        hand.push(sv, v);
        const x = play(true, splitAces, mayResplit && v === sv);
        hand.length = 0;
        return x;
      };
      let r: number;
      if (!resplits) r = count * t.draw(one);
      else {
        r = t.draw((v) => (v === sv ? 0 : one(v))) + slots(count - 1, hands, sv);
        const q = t.rest[sv] / t.left;
        if (q > 0) {
          t.take(sv);
          r += q * (slots(count + 1, hands + 1, sv) - slots(count - 1, hands, sv));
          t.give(sv);
        }
      }
      slotMemo.set(key, r);
      return r;
    }

    const upEv = t.deal((a, b) => {
      hand.push(a, b);
      const canSplit = sp !== null && maxHands > 1;
      const legal = t.legal(hand, false, false, canSplit);
      if (decide(chart, hand.map(cardOf), t.upCard, legal) !== 'split') {
        const r = play(false, false, canSplit);
        hand.length = 0;
        return r;
      }
      hand.length = 0;
      return slots(2, 2, a);
    });
    dealerShoes += t.dealerShoes;
    return upEv;
  });
  if (stats) Object.assign(stats, { states, dealerShoes });
  return ev;
}
