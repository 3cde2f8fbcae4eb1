// `croupier report` for every shipped pack and for a YAML-only variant (docs/math-report.md):
// one self-contained file (nothing fetched, no script), the identity a lab checks (every YAML file's
// SHA-256 as sha256sum prints it, the content hash rounds record, the engine version, the command),
// the rules in plain words, every figure of `croupier rtp --json`, the strategy chart, and the
// simulation with one row per bet, a multiple-testing statement and one convergence plot per wager.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseArgs } from '../../cli/commands/report.ts';
import { ENGINE_VERSION } from '../../lambdas/engine/index.ts';
import { rtpRows } from '../../lambdas/math/rtp.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { wagerOf } from '../../lambdas/sim/batch.ts';
import { writeYamlVariant } from '../math/variant.ts';
import { makeReport, ROUNDS, SEED } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

/** The files each shipped pack is built from besides itself. */
const SOURCES: Record<string, string[]> = {
  'andar-bahar': [],
  'blackjack-mewah': [],
  'blackjack-tanpa-batas': [],
  'blackjack-eropa': [
    'rules/strategies/easy.yaml',
    'rules/strategies/normal.yaml',
    'rules/strategies/blackjack-eropa-hard.yaml',
  ],
  'blackjack-lucky-ladies': ['rules/side-bets/lucky-ladies.yaml'],
};

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The summary table's rows as the page writes them: bet, mode and every figure's full-precision value. */
function summaryRows(html: string) {
  const table = html.slice(
    html.indexOf('data-testid="summary"'),
    html.indexOf('</table>', html.indexOf('data-testid="summary"')),
  );
  return [...table.matchAll(/<tr data-bet="([^"]*)" data-mode="([^"]*)">([\s\S]*?)<\/tr>/g)].map((m) => ({
    bet: unescapeHtml(m[1]),
    mode: m[2] === '' ? null : unescapeHtml(m[2]),
    ...Object.fromEntries(
      [...m[3].matchAll(/data-field="(\w+)" data-value="([^"]+)"/g)].map((f) => [f[1], Number(f[2])]),
    ),
  }));
}

function checkReport(ref: string, html: string, args: string[], extraSources: string[]) {
  const pack = loadPack(ref);
  // One file, nothing to fetch, nothing to run.
  expect(html).toMatch(/^<!doctype html>/);
  expect(html).not.toMatch(/<script|<link|<img|<iframe|<object|\ssrc=|url\(|@import/i);
  expect(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/https?:\/\//);
  expect(html).toContain('@media print');
  // Identity: sha256sum lines that check, for the pack and every file it names.
  const block = /<pre class="hashes" data-testid="sha256sum">([^<]*)<\/pre>/.exec(html)![1];
  const lines = unescapeHtml(block).split('\n');
  const paths = lines.map((l) => {
    const [, hash, path] = /^([0-9a-f]{64}) {2}(.+)$/.exec(l)!;
    expect(sha256(path), path).toBe(hash);
    return path;
  });
  expect(paths[0]).toBe(ref.includes('/') ? ref : `rules/${ref}.yaml`);
  expect(paths.slice(1).sort()).toEqual([...extraSources].sort());
  expect(html).toContain(pack.sha256);
  expect(html).toContain(`<dt>Engine version</dt><dd>${ENGINE_VERSION}</dd>`);
  expect(html).toContain(`<dt>Command</dt><dd>croupier report ${args.join(' ')}</dd>`);
  expect(html).toContain(`<p class="subtitle">${pack.id} ${pack.version}`);
  // The rules in plain words, every section of the rules page but its rounded RTPs.
  expect(html).toContain('<section id="rules">');
  expect(html).toMatch(/<section id="(cards|deal-and-play|round)">/);
  // Every figure of rtp --json, full precision.
  const rows = rtpRows(pack);
  expect(summaryRows(html)).toEqual(
    rows.map((r) => ({
      bet: r.bet,
      mode: r.mode,
      rtp: r.rtp,
      houseEdge: 1 - r.rtp,
      stdDev: r.stdDev,
      hitFrequency: r.hitFrequency,
      ...(r.declared === null ? {} : { declared: r.declared }),
    })),
  );
  // Every pay-table line with its condition in the rules page's words.
  const lineRowsShown = [...html.matchAll(/<table class="lines">[\s\S]*?<\/table>/g)].flatMap((t) => [
    ...t[0].matchAll(/<tr><th scope="row">[^<]*<\/th><td>([^<]*)<\/td>/g),
  ]);
  expect(lineRowsShown.length).toBe(
    pack.bets.filter((b) => wagerOf(pack)[b.index] === b).reduce((n, b) => n + b.lines.length, 0),
  );
  for (const [, when] of lineRowsShown) expect(when).not.toBe('');
  // The strategy chart for blackjack, and nothing of the kind for Andar Bahar.
  expect(html.includes('<section id="strategy">')).toBe(pack.family === 'blackjack');
  // The simulation: one row per bet and mode placed, the multiple-testing statement, one plot per wager.
  const simulation = html.slice(html.indexOf('data-testid="simulation"'));
  expect([...simulation.slice(0, simulation.indexOf('</table>')).matchAll(/<tr data-bet=/g)]).toHaveLength(rows.length);
  expect(html).toContain(`${ROUNDS.toLocaleString('en-US')} rounds played through the interpreter`);
  expect(html).toContain(`seed\n${SEED}`);
  const wagers = new Set(wagerOf(pack).filter((b) => b.type !== 'behind'));
  expect(html).toContain(wagers.size === 1 ? 'One figure is tested.' : `${wagers.size} figures are tested at once`);
  expect(html.match(/<figure class="converge">/g)).toHaveLength(wagers.size);
  // Each convergence plot has its series and exact line; each pay table its line-share plot.
  expect(html.match(/class="series"/g)).toHaveLength(wagers.size);
  expect(html.match(/class="reference"/g)).toHaveLength(wagers.size);
  expect(html.match(/each line's share of the RTP<\/title>/g) ?? []).toHaveLength(
    [...wagers].filter((b) => b.type === 'paytable').length,
  );
}

// Each report runs the analysis and a short simulation: a wider timeout than the suite's.
describe('croupier report', { timeout: 180_000 }, () => {
  for (const [id, extra] of Object.entries(SOURCES))
    test(`${id}: a self-contained report whose figures are rtp --json's and whose hashes check`, async () => {
      const { html, args, stdout } = await makeReport(id);
      checkReport(id, html, args, extra);
      expect(stdout).toMatch(new RegExp(`${id} 1\\.0\\.0, ${ROUNDS.toLocaleString('en-US')} rounds simulated`));
    });

  test('a YAML-only variant: the same report, its own file hashed where it lies', async () => {
    const path = writeYamlVariant();
    const { html, args } = await makeReport(path);
    checkReport(path, html, args, []);
    expect(html).toContain('blackjack pays 1.2'); // its own rules, in the strategy's heading
    expect(html).toContain('suited trips with a dealer blackjack');
  });

  test('usage: defaults 10 M rounds; bad numbers and unknown options are refused with the reason', () => {
    expect(parseArgs(['andar-bahar'])).toEqual({ ref: 'andar-bahar', out: null, rounds: 10_000_000, seed: null });
    expect(parseArgs(['andar-bahar', '--rounds=1e6', '--seed', '7', '--out', 'x.html'])).toEqual({
      ref: 'andar-bahar',
      out: 'x.html',
      rounds: 1_000_000,
      seed: 7,
    });
    expect(parseArgs(['andar-bahar', '--rounds', '0'])).toMatch(/--rounds takes a whole number of rounds ≥ 1/);
    expect(parseArgs(['andar-bahar', '--workers', '3'])).toBe('unknown option --workers');
    expect(parseArgs([])).toMatch(/which pack\?/);
    expect(parseArgs(['a', 'b'])).toMatch(/one pack at a time/);
  });
});
