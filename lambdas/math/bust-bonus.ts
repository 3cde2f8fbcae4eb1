// Exact RTP of bets on the dealer's final hand (R-TB-SIDE-1 Bust Bonus): every way the dealer can
// draw from the full shoe composition, up card first, under the pack's dealer rules. A dealer
// blackjack is not bust, so it loses such a bet through the lines themselves.
import type { CompiledBet, CompiledPack } from '../pack/compiled.ts';
import type { ConditionSpec } from '../pack/schema.ts';
import { BLACKJACK, dealerEndings, VALUES } from './dealer.ts';
import { type BetOdds, LineTally, payingLine } from './paytable.ts';

/** Primitives that see only card values and counts: the dealer's drawing by value decides them exactly. */
const BY_VALUE = new Set<keyof ConditionSpec>(['total', 'bust', 'cardCount', 'dealerBlackjack']);

/** The bet's conditions as written, to check that enumerating by card value is exact for them. */
function conditionsOf(pack: CompiledPack, bet: CompiledBet): ConditionSpec[] {
  const bets = (pack.resolved as { spec: { bets: { name: string; lines?: { when: ConditionSpec }[] }[] } }).spec.bets;
  return bets.filter((b) => b.name === bet.name).flatMap((b) => (b.lines ?? []).map((l) => l.when));
}

const falling = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i++) r *= BigInt(Math.max(0, n - i));
  return r;
};

export function dealerFinalOdds(pack: CompiledPack, bet: CompiledBet): BetOdds {
  const rules = pack.blackjack;
  if (!rules) throw new Error(`bet ${bet.key}: a bet on the dealer's hand needs a blackjack pack`);
  for (const when of conditionsOf(pack, bet))
    for (const key of Object.keys(when) as (keyof ConditionSpec)[])
      if (!BY_VALUE.has(key))
        throw new Error(
          `bet ${bet.key}: "${key}" on the dealer's final hand has no exact analysis (only total, bust, cardCount, dealerBlackjack)`,
        );

  const d = pack.shoe.decks;
  const n = 52 * d;
  const full = Array.from({ length: VALUES }, (_, v) => (v === 9 ? 16 : 4) * d);
  const all = Array.from({ length: VALUES }, (_, up) => dealerEndings(up, rules.dealer.hitsSoft17));
  const maxDrawn = Math.max(...all.map((e) => Math.max(...e.drawn)));
  const tally = new LineTally(bet);
  const hand: number[] = [];
  for (let up = 0; up < VALUES; up++) {
    const counts = [...full];
    counts[up]--;
    const e = all[up];
    for (let i = 0; i < e.outcome.length; i++) {
      // Cards of a representative hand: value index v is rank v (A, 2..9, T), suit irrelevant here.
      hand.length = 0;
      hand.push(up * 4);
      let weight = BigInt(e.orders[i]) * BigInt(full[up]);
      for (let j = e.start[i]; j < e.start[i + 1]; j++) {
        const v = e.pairValue[j];
        const m = e.pairCount[j];
        for (let k = 0; k < m; k++) hand.push(v * 4);
        weight *= falling(counts[v], m);
      }
      if (weight === 0n) continue;
      weight *= falling(n - 1 - e.drawn[i], maxDrawn - e.drawn[i]); // common denominator n·(n-1)_maxDrawn
      tally.add(payingLine(bet, hand, e.cards[i], { dealerBlackjack: e.outcome[i] === BLACKJACK }), weight);
    }
  }
  return tally.odds(BigInt(n) * falling(n - 1, maxDrawn));
}
