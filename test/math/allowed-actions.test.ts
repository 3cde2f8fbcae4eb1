// `rtp` and `strategy` follow exactly the actions a pack allows (issue 51): a copy of Blackjack
// Mewah that forbids hitting and one that forbids doubling, written as YAML here. Each pack's
// analysis is checked against brute force that knows nothing of the analyser: every deal of a
// small shoe enumerated, and for the game without hit the best play found by trying both of its
// choices (stand, double) on every hand.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { run as rtp } from '../../cli/commands/rtp.ts';
import { run as strategy } from '../../cli/commands/strategy.ts';
import { analyseMain, type BlackjackRules, rulesOf } from '../../lambdas/math/blackjack.ts';
import { mainOutcomes } from '../../lambdas/math/main-outcomes.ts';
import { bestStrategy } from '../../lambdas/math/strategy.ts';
import type { Chart } from '../../lambdas/pack/chart.ts';
import { checkFile, loadPackFile } from '../../lambdas/pack/load.ts';
import { bruteForceEv } from './brute-blackjack.ts';
import { captureCli } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

const dir = mkdtempSync(join(tmpdir(), 'croupier-actions-'));

/** Blackjack Mewah with its actions edited, as a product manager would write the copy. */
function mewahWith(name: string, edit: (actions: ReturnType<typeof parseDocument>) => void): string {
  const doc = parseDocument(readFileSync('rules/blackjack-mewah.yaml', 'utf8'));
  edit(doc);
  const path = join(mkdtempSync(join(dir, `${name}-`)), 'blackjack-mewah.yaml');
  writeFileSync(path, doc.toString());
  return path;
}

const noHit = mewahWith('no-hit', (doc) => {
  doc.deleteIn(['spec', 'actions', 'hit']);
  // Falling back to a hit when short is a hit too: refused instead (validate insists, below).
  doc.setIn(['spec', 'actions', 'double', 'whenShort'], 'refuse');
  doc.setIn(['spec', 'actions', 'split', 'whenShort'], 'refuse');
});
const noDouble = mewahWith('no-double', (doc) => {
  doc.deleteIn(['spec', 'actions', 'double']);
  doc.setIn(['spec', 'table', 'betBehind', 'followDouble'], false);
});

/** A small shoe (26 cards: two of each value, eight tens) the brute force enumerates in full. */
const small = (r: BlackjackRules): BlackjackRules => ({ ...r, shoe: [2, 2, 2, 2, 2, 2, 2, 2, 2, 8] });
const chartOf = (r: BlackjackRules): Chart => ({ id: 't', name: 't', source: 't', ...analyseMain(r) });
/** The chart as `croupier strategy` prints it, its legend (which names every code) left out. */
const chartRows = ({ out }: { out: string }) => out.split('\n').slice(0, -1).join('\n');
const codes = (c: Chart) => new Set([c.hard, c.soft, c.pairs].flatMap((rows) => Object.values(rows).flat()));

/**
 * The best EV of a game where a hand may only stand or double (no hit, split or surrender), by
 * enumeration: every deal of player, up, player, hole card; per hand class (up card, total, soft)
 * the sum of what standing and what doubling win over every deal in it, and the better of the two.
 */
function bestWithoutHit(r: BlackjackRules): number {
  const counts = [...r.shoe];
  const value = (vs: number[]) => {
    const sum = vs.reduce((s, v) => s + v + 1, 0);
    const soft = vs.includes(0) && sum + 10 <= 21;
    return { total: soft ? sum + 10 : sum, soft };
  };
  /** Σ p × net of the dealer drawing out from `dealer` against a hand of `total` staking `stake`. */
  const settle = (dealer: number[], total: number, stake: number): number => {
    const d = value(dealer);
    if (d.total < 17 || (d.total === 17 && d.soft && r.hitsSoft17)) {
      const left = counts.reduce((s, n) => s + n, 0);
      let ev = 0;
      for (let v = 0; v < 10; v++) {
        if (!counts[v]) continue;
        const p = counts[v] / left;
        counts[v]--;
        ev += p * settle([...dealer, v], total, stake);
        counts[v]++;
      }
      return ev;
    }
    const dealerBj = dealer.length === 2 && d.total === 21;
    if (dealerBj) return r.loseAll ? -stake : -1; // found at the end: lose-all takes the double too
    if (total > 21) return -stake;
    if (d.total > 21 || total > d.total) return stake * r.winPays;
    return total === d.total ? 0 : -stake;
  };
  const byClass = new Map<string, { stand: number; double: number }>();
  let fixed = 0; // blackjacks and rounds a peek ends
  const draw = (f: (v: number, p: number) => void) => {
    const left = counts.reduce((s, n) => s + n, 0);
    for (let v = 0; v < 10; v++) {
      if (!counts[v]) continue;
      const p = counts[v] / left;
      counts[v]--;
      f(v, p);
      counts[v]++;
    }
  };
  draw((a, pa) =>
    draw((up, pu) =>
      draw((b, pb) =>
        draw((hole, ph) => {
          const p = pa * pu * pb * ph;
          const player = value([a, b]);
          const dealerBj = value([up, hole]).total === 21;
          if (player.total === 21) return void (fixed += p * (dealerBj ? 0 : r.blackjackPays));
          if (dealerBj && (r.peek[up] || !r.loseAll)) return void (fixed += -p);
          const key = `${up} ${player.total} ${player.soft}`;
          const c = byClass.get(key) ?? { stand: 0, double: 0 };
          byClass.set(key, c);
          c.stand += p * settle([up, hole], player.total, 1);
          if (r.double && (r.double.totals === null || r.double.totals[player.total]))
            draw((v, pv) => {
              c.double += p * pv * settle([up, hole], value([a, b, v]).total, 2);
            });
          else c.double = Number.NEGATIVE_INFINITY;
        }),
      ),
    ),
  );
  return fixed + [...byClass.values()].reduce((s, c) => s + Math.max(c.stand, c.double), 0);
}

describe('a pack that forbids hitting', { timeout: 120_000 }, () => {
  test('validate: a fallback to a hit when short is refused, with where and what to write', () => {
    const short = mewahWith('no-hit-short', (doc) => doc.deleteIn(['spec', 'actions', 'hit']));
    const problems = checkFile(short).map((d) => `${d.line}:${d.col}: ${d.message}`);
    expect(problems).toEqual([
      expect.stringMatching(
        /^\d+:18: spec\.actions\.double\.whenShort: "hit" .* no hit action .*; use refuse, or allow hit$/,
      ),
      expect.stringMatching(/^\d+:18: spec\.actions\.split\.whenShort: "hit-or-stand" .* no hit action/),
    ]);
    expect(checkFile(noHit)).toEqual([]);
  });

  test('the analysis never hits: its best play equals a brute force over standing and doubling', () => {
    const rules = rulesOf(loadPackFile(noHit));
    expect(rules.hit).toBe(false);
    // Without split and surrender every choice is stand or double, per hand class.
    const plain = small({ ...rules, split: null, surrender: null });
    expect(analyseMain(plain).ev).toBeCloseTo(bestWithoutHit(plain), 12);
    // With Mewah's split and surrender too: the analysis's EV is what playing its chart gives when
    // every deal is enumerated with the pack's legal actions (no hit among them).
    const full = small(rules);
    const chart = chartOf(full);
    expect(analyseMain(full).ev).toBeCloseTo(bruteForceEv(full, chart), 12);
    expect(mainOutcomes(full, chart).ev).toBeCloseTo(analyseMain(full).ev, 12);
  });

  test('rtp and strategy: no hit in the chart, and the RTP of a game without hit (far below the 99.52% of hitting)', async () => {
    const pack = loadPackFile(noHit);
    const chart = bestStrategy(pack);
    for (const code of codes(chart)) expect(['S', 'Ds', 'Rs', 'P']).toContain(code);
    expect(chartRows(await captureCli(strategy, [noHit]))).not.toMatch(/\bH\b|\bD\b|\bR\b/);
    expect(chart.source).toContain('no hit');
    const { out } = await captureCli(rtp, [noHit, '--json']);
    const main = JSON.parse(out).bets.find((b: { bet: string }) => b.bet === 'main');
    expect(main.rtp).toBe(analyseMain(rulesOf(pack)).rtp);
    // Doubling is the only way to draw a third card, and surrender cuts the worst hands: about 93%.
    expect(main.rtp).toBeGreaterThan(0.92);
    expect(main.rtp).toBeLessThan(0.94);
  });
});

describe('a pack that forbids doubling', { timeout: 120_000 }, () => {
  test('the analysis never doubles: its EV equals every deal enumerated with the legal actions', () => {
    const rules = rulesOf(loadPackFile(noDouble));
    expect(rules.double).toBeNull();
    // Splits left out: with hits, every order of every card of a split is too many to list here
    // (test/math/splits.test.ts checks splits on smaller shoes).
    const full = small({ ...rules, split: null });
    const chart = chartOf(full);
    for (const code of codes(chart)) expect(code).not.toMatch(/^D/);
    expect(analyseMain(full).ev).toBeCloseTo(bruteForceEv(full, chart), 12);
    // Doubling is worth something: the same shoe with Mewah's double is better for the player.
    const withDouble = small(rulesOf(loadPackFile('rules/blackjack-mewah.yaml')));
    expect(analyseMain(withDouble).ev).toBeGreaterThan(analyseMain(full).ev);
  });

  test('rtp and strategy on 8 decks: no double in the chart, and the RTP it costs', async () => {
    const chart = bestStrategy(loadPackFile(noDouble));
    for (const code of codes(chart)) expect(code).not.toMatch(/^D/);
    expect(chartRows(await captureCli(strategy, [noDouble]))).not.toMatch(/\bDs?\b/);
    const { out } = await captureCli(rtp, [noDouble, '--json']);
    const main = JSON.parse(out).bets.find((b: { bet: string }) => b.bet === 'main');
    // Doubling is worth about 1.5–1.7 points to a basic-strategy player (Mewah: 99.515%).
    expect(main.rtp).toBeGreaterThan(0.975);
    expect(main.rtp).toBeLessThan(0.985);
  });
});
