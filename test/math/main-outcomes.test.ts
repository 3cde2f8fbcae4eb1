// The blackjack main bet's net result as a distribution (lambdas/math/main-outcomes.ts) for every
// shipped blackjack pack, under the chart its RTP assumes: a distribution, the analysis's expected
// value, and a spread past ±1 where doubles and splits reach. Exactness without splits is checked
// against full enumeration (blackjack.test.ts); the spread with splits against simulation
// (test/sim/main-spread.test.ts).
import { describe, expect, test } from 'vitest';
import { mainOdds } from '../../lambdas/math/rtp.ts';
import { mainAnalysisOf } from '../../lambdas/math/strategy.ts';
import { loadPack } from '../../lambdas/pack/load.ts';

const PACKS = ['blackjack-mewah', 'blackjack-tanpa-batas', 'blackjack-eropa', 'blackjack-lucky-ladies'];

describe('the main bet as a distribution of net results', () => {
  for (const id of PACKS)
    test(`${id}: probabilities add up to 1, mean = the analysis's EV (±0.001 points), ±2 per split hand`, () => {
      const pack = loadPack(id);
      const spread = mainOdds(pack);
      const total = spread.outcomes.reduce((s, o) => s + o.probability, 0);
      expect(total).toBeCloseTo(1, 12);
      expect(Math.abs(spread.ev - mainAnalysisOf(pack).ev) * 100).toBeLessThan(0.001);
      const hands = pack.blackjack!.actions.split!.maxHands;
      expect(spread.outcomes[0].net).toBe(-2 * hands); // every hand doubled and lost
      expect(spread.outcomes.at(-1)!.net).toBe(2 * hands);
      expect(spread.outcomes.find((o) => o.net === 1.5)!.probability).toBeGreaterThan(0.04); // blackjack 3:2
      expect(spread.hitFrequency).toBeCloseTo(
        spread.outcomes.filter((o) => o.net > 0).reduce((s, o) => s + o.probability, 0),
        15,
      );
    });
});
