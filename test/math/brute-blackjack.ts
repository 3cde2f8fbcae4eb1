// Full enumeration of blackjack rounds on a tiny shoe, played from a chart: every order of every
// card, with removal, no memo and no shortcut. The round is played as the engine plays it: the
// player's hands in a list, each split hand taking its second card when play reaches it
// (R-MW-SPLIT-1), then the dealer draws and every hand is settled (peek, or a blackjack found at
// the end taking every stake, R-EU-DEAL-1). The slow, obvious reference the faster ones in
// exact-blackjack.ts are checked against.

import type { BlackjackRules } from '../../lambdas/math/blackjack.ts';
import { type Action, type Chart, decide } from '../../lambdas/pack/chart.ts';

const card = (v: number) => (v === 9 ? 36 : v * 4); // a card of value index v (T for 9)
const score = (vs: readonly number[]) => {
  const sum = vs.reduce((s, v) => s + v + 1, 0);
  const soft = vs.includes(0) && sum + 10 <= 21;
  return { total: soft ? sum + 10 : sum, soft };
};

interface Hand {
  readonly cards: number[];
  stake: number;
  readonly fromSplit: boolean;
  readonly splitAces: boolean;
  done: boolean;
  surrendered: boolean;
}

/**
 * The expected net result of a round; `onRound`, when given, hears every way a round can end: its
 * probability and its net result per unit staked.
 */
export function bruteForceEv(rules: BlackjackRules, chart: Chart, onRound?: (p: number, net: number) => void): number {
  const counts = [...rules.shoe];
  let left = counts.reduce((s, n) => s + n, 0);
  let path = 1; // the probability of the cards drawn so far
  const end = (net: number): number => {
    onRound?.(path, net);
    return net;
  };
  /** Σ over the next card v of p(v) × f(v), with v out of the shoe while f runs. */
  const take = (f: (v: number) => number): number => {
    if (left === 0) throw new Error('brute force: the shoe ran out');
    let ev = 0;
    const total = left;
    const before = path;
    for (let v = 0; v < 10; v++) {
      const n = counts[v];
      if (n === 0) continue;
      counts[v]--;
      left--;
      path = (before * n) / total;
      ev += (n / total) * f(v);
      counts[v]++;
      left++;
    }
    path = before;
    return ev;
  };
  const sp = rules.split;
  const d = rules.double;
  const isBj = (cards: readonly number[]) => cards.length === 2 && score(cards).total === 21;

  /** The dealer draws to the end from `dealt`, then every hand is settled. */
  const dealer = (dealt: number[], hands: readonly Hand[]): number => {
    const { total, soft } = score(dealt);
    if (total < 17 || (total === 17 && soft && rules.hitsSoft17))
      return take((v) => {
        dealt.push(v);
        const r = dealer(dealt, hands);
        dealt.pop();
        return r;
      });
    const bj = isBj(dealt);
    let r = 0;
    for (const h of hands) {
      const t = score(h.cards).total;
      if (h.surrendered) r -= h.stake / 2;
      else if (t > 21 || bj)
        r -= h.stake; // a blackjack reached here (no peek) takes every stake
      else if (total > 21 || t > total) r += h.stake * rules.winPays;
      else if (t < total) r -= h.stake;
    }
    return end(r);
  };

  /** Plays hand i and the ones after it by the chart, then the dealer's turn from up and hole card. */
  const play = (up: number, hole: number, hands: Hand[], i: number): number => {
    if (i === hands.length) return dealer([up, hole], hands);
    const h = hands[i];
    if (h.done) return play(up, hole, hands, i + 1);
    /** Draws a card to hand i, marks it done by `done(hand)`, plays on from hand i, and undoes it all. */
    const drawTo = (done: (h: Hand, v: number) => boolean) =>
      take((v) => {
        h.cards.push(v);
        h.done = done(h, v);
        const r = play(up, hole, hands, i);
        h.done = false;
        h.cards.pop();
        return r;
      });
    if (h.cards.length === 1)
      return drawTo((n, v) => {
        const mayResplit = n.splitAces && v === 0 && sp!.resplitAces && hands.length < sp!.maxHands;
        return (n.splitAces && sp!.splitAcesOneCard && !mayResplit) || score(n.cards).total === 21;
      });
    const two = h.cards.length === 2;
    const { total } = score(h.cards);
    const oneCard = h.splitAces && sp!.splitAcesOneCard;
    const legal: Action[] = oneCard || !rules.hit ? ['stand'] : ['hit', 'stand'];
    if (
      two &&
      !oneCard &&
      d &&
      (!h.fromSplit || d.afterSplit) &&
      (!h.splitAces || d.splitAces) &&
      (!d.totals || d.totals[total])
    )
      legal.push('double');
    if (two && sp && h.cards[0] === h.cards[1] && hands.length < sp.maxHands && (!h.splitAces || sp.resplitAces))
      legal.push('split');
    if (two && rules.surrender && !rules.surrender.notAgainst[up] && hands.length === 1) legal.push('surrender');
    const action = decide(chart, h.cards.map(card), card(up), legal);
    let r: number;
    switch (action) {
      case 'stand':
      case 'surrender':
        h.done = true;
        h.surrendered = action === 'surrender';
        r = play(up, hole, hands, i + 1);
        h.done = h.surrendered = false;
        return r;
      case 'double':
        h.stake *= 2;
        r = drawTo(() => true);
        h.stake /= 2;
        return r;
      case 'hit':
        return drawTo((n) => score(n.cards).total >= 21);
      case 'split': {
        const v = h.cards[0];
        const part = (): Hand => ({
          cards: [v],
          stake: h.stake,
          fromSplit: true,
          splitAces: v === 0,
          done: false,
          surrendered: false,
        });
        hands.splice(i, 1, part(), part());
        r = play(up, hole, hands, i);
        hands.splice(i, 2, h);
        return r;
      }
    }
  };

  // Dealing order: player, up card, player, hole card.
  return take((a) =>
    take((up) =>
      take((b) =>
        take((hole) => {
          const dealerBj = isBj([up, hole]);
          if (isBj([a, b])) return end(dealerBj ? 0 : rules.blackjackPays);
          // The dealer peeks, or a blackjack takes only the original bet: the round ends at once.
          if (dealerBj && (rules.peek[up] || !rules.loseAll)) return end(-1);
          return play(
            up,
            hole,
            [{ cards: [a, b], stake: 1, fromSplit: false, splitAces: false, done: false, surrendered: false }],
            0,
          );
        }),
      ),
    ),
  );
}
