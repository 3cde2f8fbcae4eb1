import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { analyseMain, type BlackjackRules, rulesOf } from '../../lambdas/math/blackjack.ts';
import { loadChart } from '../../lambdas/math/chart-file.ts';
import { mainOutcomes } from '../../lambdas/math/main-outcomes.ts';
import { bestStrategy } from '../../lambdas/math/strategy.ts';
import type { Chart, Code } from '../../lambdas/pack/chart.ts';
import { loadPack, RULES_DIR } from '../../lambdas/pack/load.ts';
import { bruteForceEv } from './brute-blackjack.ts';

const luckyLadies = rulesOf(loadPack('blackjack-lucky-ladies')); // 6D S17 DAS, split to 4, no RSA, peek, no surrender
const withDecks = (r: BlackjackRules, decks: number): BlackjackRules => ({
  ...r,
  shoe: r.shoe.map((n) => (n / (r.shoe[0] / 4)) * decks),
});
const analysed = new Map<BlackjackRules, number>(); // each rule set analysed once (~0.7 s each)
const edge = (r: BlackjackRules): number => {
  if (!analysed.has(r)) analysed.set(r, -analyseMain(r).ev * 100);
  return analysed.get(r)!;
};
const fullSurrender: BlackjackRules['surrender'] = { notAgainst: Array(10).fill(false) };
/** The analyser's best chart for a rule set. */
const chartOf = (r: BlackjackRules): Chart => ({ id: 't', name: 't', source: 't', ...analyseMain(r) });

describe('main bet against published house edges (3:2, peek, split to 4, no resplit aces)', () => {
  test('6 decks S17 DAS, no surrender: 0.40–0.45% (Wizard of Odds 0.42%)', () => {
    expect(edge(luckyLadies)).toBeGreaterThan(0.4);
    expect(edge(luckyLadies)).toBeLessThan(0.45);
  });

  test('8 decks S17 DAS, no surrender: 0.43–0.46%', () => {
    const e = edge(withDecks(luckyLadies, 8));
    expect(e).toBeGreaterThan(0.43);
    expect(e).toBeLessThan(0.46);
  });

  test('no double after split costs 6 decks about 0.14 points', () => {
    const d = edge({ ...luckyLadies, double: { ...luckyLadies.double!, afterSplit: false } }) - edge(luckyLadies);
    expect(d).toBeGreaterThan(0.12);
    expect(d).toBeLessThan(0.16);
  });

  test('late surrender gains 6 decks S17 about 0.07 points', () => {
    const d = edge(luckyLadies) - edge({ ...luckyLadies, surrender: fullSurrender });
    expect(d).toBeGreaterThan(0.05);
    expect(d).toBeLessThan(0.09);
  });

  test('H17 costs about 0.2 points', () => {
    const d = edge({ ...luckyLadies, hitsSoft17: true }) - edge(luckyLadies);
    expect(d).toBeGreaterThan(0.18);
    expect(d).toBeLessThan(0.24);
  });

  test('European no-peek where a dealer blackjack takes all bets costs about 0.11 points (R-EU-DEAL-1)', () => {
    const eropa = rulesOf(loadPack('blackjack-eropa'));
    const d = edge(eropa) - edge(luckyLadies);
    expect(d).toBeGreaterThan(0.09);
    expect(d).toBeLessThan(0.14);
  });

  test('no peek with only the original bet lost to a blackjack equals peeking', () => {
    const noPeek = { ...luckyLadies, peek: Array(10).fill(false) };
    expect(edge(noPeek)).toBeCloseTo(edge(luckyLadies), 10);
  });
});

// Wizard of Odds, Blackjack Appendix 9: a recursive combinatorial analysis that plays every initial
// hand by its exact composition (resplit to 4 except aces, one card to split aces, no surrender).
// Ours plays a basic strategy by total, so it returns a little less; 0.01 points at 5 decks or more.
describe('main bet against published combinatorial analyses (Wizard of Odds, Blackjack Appendix 9)', () => {
  const noPeekLoseAll = { peek: Array(10).fill(false), loseAll: true };
  const published: [string, BlackjackRules, number, number][] = [
    ['5 decks S17, peek', withDecks(luckyLadies, 5), -0.3804, -0.5225],
    [
      '6 decks H17, no hole card, lose all (R-EU-DEAL-1)',
      { ...withDecks(luckyLadies, 6), hitsSoft17: true, ...noPeekLoseAll },
      -0.72705,
      -0.86975,
    ],
    [
      '8 decks H17, no hole card, lose all',
      { ...withDecks(luckyLadies, 8), hitsSoft17: true, ...noPeekLoseAll },
      -0.7562,
      -0.89865,
    ],
  ];
  for (const [name, rules, das, noDas] of published)
    test(`${name}: ${das}% with double after split, ${noDas}% without`, () => {
      const returned = (r: BlackjackRules) => -edge(r);
      expect(Math.abs(returned(rules) - das)).toBeLessThan(0.01);
      expect(Math.abs(returned({ ...rules, double: { ...rules.double!, afterSplit: false } }) - noDas)).toBeLessThan(
        0.01,
      );
      // Never above the composition-dependent figure: a strategy by total cannot beat it.
      expect(returned(rules)).toBeLessThanOrEqual(das);
    });

  test('8 decks S17: no double after split costs about 0.14 points, late surrender gains about 0.08', () => {
    const eight = withDecks(luckyLadies, 8);
    const noDas = edge({ ...eight, double: { ...eight.double!, afterSplit: false } }) - edge(eight);
    const surrender = edge(eight) - edge({ ...eight, surrender: fullSurrender });
    expect(noDas).toBeGreaterThan(0.12);
    expect(noDas).toBeLessThan(0.16);
    expect(surrender).toBeGreaterThan(0.05);
    expect(surrender).toBeLessThan(0.09);
  });
});

describe('main bet against full enumeration on tiny shoes (no splits)', () => {
  const tiny = (overrides: Partial<BlackjackRules>): BlackjackRules => ({
    ...luckyLadies,
    shoe: [2, 2, 2, 2, 2, 2, 2, 2, 2, 8],
    split: null,
    ...overrides,
  });
  const cases: [string, Partial<BlackjackRules>][] = [
    ['peek, S17, double any two', {}],
    ['peek, H17, late surrender', { hitsSoft17: true, surrender: fullSurrender }],
    ['no peek, a dealer blackjack takes all (R-EU-DEAL-1)', { peek: Array(10).fill(false), loseAll: true }],
    [
      'double on 10 and 11 only',
      {
        double: {
          totals: Array.from({ length: 32 }, (_, t) => t === 10 || t === 11),
          afterSplit: false,
          splitAces: false,
        },
      },
    ],
  ];
  for (const [name, overrides] of cases)
    test(`${name}: the analyser's EV, and the distribution of the net result, equal every deal listed`, () => {
      const r = tiny(overrides);
      const chart = chartOf(r);
      const listed = new Map<number, number>();
      const ev = bruteForceEv(r, chart, (p, net) => listed.set(net, (listed.get(net) ?? 0) + p));
      expect(analyseMain(r).ev).toBeCloseTo(ev, 12);
      expect(analyseMain(r, chart).ev).toBeCloseTo(analyseMain(r).ev, 12);
      // Without splits every figure of the distribution is exact: each net result's probability,
      // so the second moment (standard deviation) and the hit frequency too (to float rounding
      // over some 10^5 paths summed in another order).
      const spread = mainOutcomes(r, chart);
      expect(spread.outcomes.map((o) => o.net)).toEqual(
        [...listed.keys()].filter((k) => listed.get(k)! > 0).sort((a, b) => a - b),
      );
      for (const o of spread.outcomes) expect(o.probability, `net ${o.net}`).toBeCloseTo(listed.get(o.net)!, 10);
      const moments = [...listed].reduce(
        (m, [net, p]) => ({ ev: m.ev + p * net, squares: m.squares + p * net * net, wins: m.wins + (net > 0 ? p : 0) }),
        { ev: 0, squares: 0, wins: 0 },
      );
      expect(spread.stdDev).toBeCloseTo(Math.sqrt(moments.squares - moments.ev ** 2), 10);
      expect(spread.hitFrequency).toBeCloseTo(moments.wins, 10);
    });
});

describe('strategy charts (R-EU-AI-2)', () => {
  const rows = (c: Chart) => ({ hard: c.hard, soft: c.soft, pairs: c.pairs });

  test('rules/strategies/blackjack-eropa-hard.yaml is the chart the analyser derives for blackjack-eropa', () => {
    const kept = loadChart(join(RULES_DIR, 'strategies/blackjack-eropa-hard.yaml'));
    expect(kept.id).toBe('blackjack-eropa-hard');
    expect(rows(kept)).toEqual(rows(bestStrategy(loadPack('blackjack-eropa'))));
  });

  test('the derived 6-deck S17 DAS chart is the published one (normal.yaml without surrender)', () => {
    const normal = loadChart(join(RULES_DIR, 'strategies/normal.yaml'));
    const noSurrender = (r: Record<string, readonly Code[]>) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, v.map((c) => (c === 'R' ? 'H' : c === 'Rs' ? 'S' : c))]),
      );
    const derived = bestStrategy(loadPack('blackjack-lucky-ladies'));
    expect(derived.hard).toEqual(noSurrender(normal.hard));
    // The published chart has no soft-12 row: it always splits aces.
    const { '12': unsplitAces, ...soft } = derived.soft;
    expect(soft).toEqual(noSurrender(normal.soft));
    expect(derived.pairs).toEqual(normal.pairs);
    // Aces that cannot be split (a hand limit, a short balance): double against a 6, else hit.
    expect(unsplitAces.join(' ')).toBe('H H H H D H H H H H');
  });

  test('without splits, A,A is a soft 12 chosen like any hand: the derived row is worth more than always hitting it', () => {
    const rules = { ...rulesOf(loadPack('blackjack-lucky-ladies')), split: null };
    const best = chartOf(rules);
    expect(best.soft['12'].join(' ')).toBe('H H H H D H H H H H');
    const alwaysHit = { ...best, soft: { ...best.soft, '12': Array<Code>(10).fill('H') } };
    expect(analyseMain(rules, best).ev).toBeCloseTo(analyseMain(rules).ev, 12);
    expect(analyseMain(rules, best).ev).toBeGreaterThan(analyseMain(rules, alwaysHit).ev);
  });

  test('no peek with lose-all: hit 11 against a ten, do not split 8s or aces against an ace (R-EU-DEAL-1)', () => {
    const c = bestStrategy(loadPack('blackjack-eropa'));
    expect(c.hard['11'][8]).toBe('H');
    expect(c.pairs['8'][9]).toBe('H');
    expect(c.pairs.A[9]).toBe('H');
  });

  test('a chart the analyser plays is worth what it derives; the easy chart is worth much less', () => {
    const pack = loadPack('blackjack-eropa');
    const best = analyseMain(rulesOf(pack));
    const easy = analyseMain(rulesOf(pack), loadChart(join(RULES_DIR, 'strategies/easy.yaml')));
    expect(analyseMain(rulesOf(pack), bestStrategy(pack)).ev).toBeCloseTo(best.ev, 12);
    expect(easy.ev).toBeLessThan(best.ev - 0.02);
  });
});
