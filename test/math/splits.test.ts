// The blackjack main bet with splits and resplits, proven against exact enumeration (issue 5:
// "within 0.02 percentage points of an exact combinatorial analysis of the same rules", tested
// "against brute-force enumeration on tiny shoes where every deal can be listed"). Three
// references of the same number for a fixed chart: every deal listed (brute-blackjack.ts), the
// same enumeration memoised on the cards removed, and hand by hand (exact-blackjack.ts); then the
// analyser's EV against the exact one for the rules of each shipped pack.

import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { analyseMain, type BlackjackRules, rulesOf } from '../../lambdas/math/blackjack.ts';
import { loadChart } from '../../lambdas/math/chart-file.ts';
import { TOLERANCE } from '../../lambdas/math/declared.ts';
import type { Chart } from '../../lambdas/pack/chart.ts';
import { loadPack, RULES_DIR } from '../../lambdas/pack/load.ts';
import { bruteForceEv } from './brute-blackjack.ts';
import { exactEv, exactEvByHands } from './exact-blackjack.ts';

const mewah = rulesOf(loadPack('blackjack-mewah')); // 8D S17 peek, DAS, 2 hands, split aces one card, surrender not against A/T
const eropa = rulesOf(loadPack('blackjack-eropa')); // 6D S17 no peek (lose all), DAS, 4 hands, aces once, no surrender
const luckyLadies = rulesOf(loadPack('blackjack-lucky-ladies')); // 6D S17 peek, DAS, 4 hands, aces once, no surrender
/** The chart the analyser derives for the rules (as bestStrategy does for a pack). */
const chartOf = (r: BlackjackRules): Chart => ({
  id: 'derived',
  name: 'derived',
  source: 'analyser',
  ...analyseMain(r),
});
const withShoe = (r: BlackjackRules, shoe: number[]): BlackjackRules => ({ ...r, shoe });
const withMaxHands = (r: BlackjackRules, maxHands: number): BlackjackRules => ({
  ...r,
  split: { ...r.split!, maxHands },
});

describe('three references of the same EV agree on tiny shoes: every deal listed, memoised enumeration, hand by hand', () => {
  const cases: [string, BlackjackRules][] = [
    [
      'blackjack-mewah and blackjack-tanpa-batas rules: split by value to 2 hands, split aces one card, 21 after a split is not blackjack, double after split, surrender not against A or T, peek (R-MW-SPLIT-1, R-MW-STAND-1, R-BJ-SCORE-3, R-MW-DOUBLE-1, R-MW-SURR-1, R-MW-END-1, R-TB-ACT-1, R-TB-END-1)',
      withShoe(mewah, [2, 1, 1, 1, 1, 1, 2, 2, 1, 6]),
    ],
    [
      'blackjack-eropa rules: no peek, a dealer blackjack takes doubled and split stakes, resplits to 4 hands, aces split once, double after split (R-EU-DEAL-1, R-EU-SPLIT-1, R-EU-DOUBLE-1)',
      withShoe(eropa, [1, 0, 1, 0, 1, 0, 1, 4, 1, 6]),
    ],
    [
      'blackjack-lucky-ladies rules: peek, resplits to 4 hands, aces split once, double after split (R-LL-HOST-1)',
      withShoe(luckyLadies, [1, 1, 0, 1, 0, 1, 0, 4, 1, 6]),
    ],
    [
      'rules no pack ships: H17, split aces play on, double and resplit them, to 3 hands (R-BJ-DEALER-1 varied)',
      withShoe(
        {
          ...luckyLadies,
          hitsSoft17: true,
          double: { ...luckyLadies.double!, splitAces: true },
          split: { ...luckyLadies.split!, maxHands: 3, resplitAces: true, splitAcesOneCard: false },
        },
        [3, 1, 0, 1, 0, 1, 0, 1, 1, 6],
      ),
    ],
  ];
  for (const [name, r] of cases)
    test(name, () => {
      const chart = chartOf(r);
      const listed = bruteForceEv(r, chart);
      expect(exactEv(r, chart)).toBeCloseTo(listed, 13);
      expect(exactEvByHands(r, chart)).toBeCloseTo(listed, 13);
      // The case does exercise what it names: without splits, or with fewer hands, the result differs.
      expect(Math.abs(exactEv({ ...r, split: null }, chart) - listed)).toBeGreaterThan(1e-4);
      if (r.split!.maxHands > 2) expect(Math.abs(exactEv(withMaxHands(r, 2), chart) - listed)).toBeGreaterThan(1e-4);
    });
});

describe('memoised enumeration and hand by hand agree on larger shoes (R-MW-SPLIT-1, R-EU-SPLIT-1, R-LL-HOST-1)', () => {
  test('half a deck, blackjack-mewah rules (2 hands)', () => {
    const r = withShoe(mewah, [2, 2, 2, 2, 2, 2, 2, 2, 2, 8]);
    const chart = chartOf(r);
    expect(exactEvByHands(r, chart)).toBeCloseTo(exactEv(r, chart), 13);
  });

  test('23 cards with four 7s and four 8s, blackjack-eropa and blackjack-lucky-ladies rules (resplits to 4 hands)', () => {
    for (const rules of [eropa, luckyLadies]) {
      const r = withShoe(rules, [1, 1, 1, 1, 1, 1, 4, 4, 1, 8]);
      const chart = chartOf(r);
      expect(exactEvByHands(r, chart)).toBeCloseTo(exactEv(r, chart), 13);
    }
  });
});

describe("the analyser's main bet against the exact EV of the same chart (issue 5: within 0.02 points)", () => {
  // Measured, analyser − exact in points: 2-hand rules 0 (to rounding) at every shoe; 4-hand rules
  // −0.00007 on one deck, −0.00002 on two, < 0.000005 on six and eight (the resplit extrapolation).
  // Before splits were valued hand by hand: −0.023 / −0.032 / −0.026 (mewah / eropa / lucky ladies)
  // on one deck, −0.013 / −0.019 / −0.016 on two, −0.003 / −0.007 / −0.006 on the packs' own shoes.
  const packs: [string, string][] = [
    ['blackjack-mewah', 'R-MW-TABLE-1, R-MW-SPLIT-1, R-MW-DOUBLE-1, R-MW-SURR-1, R-MW-END-1, R-MW-RTP-1'],
    ['blackjack-tanpa-batas', 'R-TB-TABLE-1, R-TB-ACT-1, R-TB-DRAW-1, R-TB-END-1, R-TB-RTP-1'],
    ['blackjack-eropa', 'R-EU-TABLE-1, R-EU-DEAL-1, R-EU-SPLIT-1, R-EU-DOUBLE-1'],
    ['blackjack-lucky-ladies', 'R-LL-HOST-1'],
  ];
  /**
   * Analyser EV (what `croupier rtp` reports) minus the exact EV of the analyser's chart (for a pack, bestStrategy's),
   * in points.
   */
  const gap = (r: BlackjackRules): number => {
    const a = analyseMain(r);
    return (a.ev - exactEvByHands(r, { id: 'derived', name: 'derived', source: 'analyser', ...a })) * 100;
  };
  const points = TOLERANCE.analysis * 100;

  for (const [id, ruleIds] of packs)
    test(`${id}, its own shoe and best chart (${ruleIds})`, () => {
      const r = rulesOf(loadPack(id));
      const g = gap(r);
      expect(Math.abs(g)).toBeLessThanOrEqual(points);
      expect(Math.abs(g)).toBeLessThan(r.split!.maxHands > 2 ? 0.00002 : 1e-9);
    });

  // Removal effects grow as the shoe shrinks: one and two decks are where an approximation shows.
  for (const d of [1, 2])
    test(`${d} deck${d > 1 ? 's' : ''}: mewah / tanpa-batas rules exact, eropa and lucky-ladies rules (resplits) within 0.0002 points (R-MW-SPLIT-1, R-EU-SPLIT-1, R-LL-HOST-1)`, () => {
      for (const rules of [mewah, eropa, luckyLadies]) {
        const g = gap(withShoe(rules, [...Array<number>(9).fill(4 * d), 16 * d]));
        expect(Math.abs(g)).toBeLessThanOrEqual(points);
        expect(Math.abs(g)).toBeLessThan(rules.split!.maxHands > 2 ? 0.0002 : 1e-9);
      }
    });

  test('blackjack-eropa played by the published chart its normal AI players use (R-EU-AI-2)', () => {
    const normal = loadChart(join(RULES_DIR, 'strategies/normal.yaml'));
    expect(Math.abs(analyseMain(eropa, normal).ev - exactEvByHands(eropa, normal)) * 100).toBeLessThan(0.00002);
  });
});
