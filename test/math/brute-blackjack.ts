// Full enumeration of blackjack rounds on a tiny shoe, played from a chart: every order of every
// card, with removal, the dealer peeking or not. No splits (the analyser's splits are approximate).
import { codeFor, type Chart } from '../../lambdas/math/chart.ts';
import type { BlackjackRules } from '../../lambdas/math/blackjack.ts';

const card = (v: number) => (v === 9 ? 36 : v * 4); // a card of value index v (T for 9)
const score = (vs: number[]) => {
  const sum = vs.reduce((s, v) => s + v + 1, 0);
  const soft = vs.includes(0) && sum + 10 <= 21;
  return { total: soft ? sum + 10 : sum, soft };
};

export function bruteForceEv(rules: BlackjackRules, chart: Chart): number {
  const counts = [...rules.shoe];
  let left = counts.reduce((s, n) => s + n, 0);
  const take = <T>(f: (v: number, p: number) => T, each: (v: number, p: number) => void) => {
    for (let v = 0; v < 10; v++) {
      if (counts[v] === 0) continue;
      const p = counts[v] / left;
      counts[v]--;
      left--;
      each(v, p);
      counts[v]++;
      left++;
    }
    void f;
  };
  /** Dealer finishes from his cards; returns the result for a player standing on `total` with stake `stake`. */
  const dealer = (hand: number[], player: number, stake: number): number => {
    const { total, soft } = score(hand);
    if (total > 21) return stake * rules.winPays;
    if (total > 17 || (total === 17 && !(soft && rules.hitsSoft17))) return player > total ? stake * rules.winPays : player === total ? 0 : -stake;
    let ev = 0;
    take(() => 0, (v, p) => (ev += p * dealer([...hand, v], player, stake)));
    return ev;
  };
  const dealerBj = (up: number, hole: number) => (up === 0 && hole === 9) || (up === 9 && hole === 0);
  /** Player plays on from `hand` (after the first two cards when `first`), then the dealer. */
  const play = (hand: number[], up: number, hole: number, first: boolean): number => {
    const { total } = score(hand);
    if (total > 21) return -1;
    const code = codeFor(chart, hand.map(card), card(up), false);
    const canDouble = first && rules.double !== null && (rules.double.totals === null || rules.double.totals[total]);
    const canSurrender = first && rules.surrender !== null && !rules.surrender.notAgainst[up];
    const settle = (h: number[], stake: number) => {
      const t = score(h).total;
      if (t > 21) return -stake;
      if (dealerBj(up, hole)) return -stake; // only reached without peek, where it takes everything
      return dealer([up, hole], t, stake);
    };
    if ((code === 'R' || code === 'Rs') && canSurrender) return -0.5;
    if ((code === 'D' || code === 'Ds') && canDouble) {
      let ev = 0;
      take(() => 0, (v, p) => (ev += p * settle([...hand, v], 2)));
      return ev;
    }
    const hits = total < 21 && (code === 'H' || code === 'D' || code === 'R');
    if (!hits) return settle(hand, 1);
    let ev = 0;
    take(() => 0, (v, p) => (ev += p * play([...hand, v], up, hole, false)));
    return ev;
  };
  let ev = 0;
  // Dealing order: player, up card, player, hole card.
  take(() => 0, (a, pa) =>
    take(() => 0, (up, pu) =>
      take(() => 0, (b, pb) =>
        take(() => 0, (hole, ph) => {
          const p = pa * pu * pb * ph;
          const playerBj = score([a, b]).total === 21;
          const bj = dealerBj(up, hole);
          const peeks = rules.peek[up] || !rules.loseAll;
          if (playerBj) ev += p * (bj ? 0 : rules.blackjackPays);
          else if (bj && peeks) ev -= p; // the round ends at the peek (or only the original bet is lost)
          else ev += p * play([a, b], up, hole, true);
        }))));
  return ev;
}
