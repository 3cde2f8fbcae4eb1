// `croupier diff` (the README's command-line contract): a product manager's copy of Blackjack Mewah whose
// blackjack pays 6:5 and whose perfect pair pays 25:1, built from YAML here, compared with the
// shipped pack: every change in plain words, every bet's exact RTP before and after, a pull-request
// table, and the exit code CI reads.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { run } from '../../cli/commands/diff.ts';
import { diffPacks } from '../../lambdas/math/diff.ts';
import { frac, sub, toNumber } from '../../lambdas/math/fraction.ts';
import { loadPackFile } from '../../lambdas/pack/load.ts';
import { captureCli } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

const SHIPPED = 'rules/blackjack-mewah.yaml';
const dir = mkdtempSync(join(tmpdir(), 'croupier-diff-'));

/** The shipped pack edited as a product manager would (the YAML Document API keeps comments). */
function copyOfMewah(edit: (doc: ReturnType<typeof parseDocument>) => void, name = 'blackjack-mewah.yaml'): string {
  const doc = parseDocument(readFileSync(SHIPPED, 'utf8'));
  edit(doc);
  const path = join(mkdtempSync(join(dir, 'v-')), name);
  writeFileSync(path, doc.toString());
  return path;
}

const sixToFive = copyOfMewah((doc) => {
  doc.set('version', '1.1.0');
  doc.setIn(['spec', 'bets', 0, 'payouts', 'blackjack'], '6:5');
  doc.setIn(['spec', 'bets', 2, 'lines', 2, 'pays'], '25:1'); // perfect pair, was 30:1
});

describe('croupier diff on a 6:5 copy of Mewah with a 25:1 perfect pair', { timeout: 120_000 }, () => {
  test('--json: the changes in plain words at their pointers, each bet RTP before and after, the files hashed', async () => {
    const { code, out } = await captureCli(run, [SHIPPED, sixToFive, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(out);
    const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
    expect(report.old).toEqual({ id: 'blackjack-mewah', version: '1.0.0', sha256: sha(SHIPPED) });
    expect(report.new).toEqual({ id: 'blackjack-mewah', version: '1.1.0', sha256: sha(sixToFive) });
    expect(report.changes).toEqual([
      { pointer: '/version', before: '1.0.0', after: '1.1.0', text: 'version 1.1.0, was 1.0.0' },
      {
        pointer: '/spec/bets/0/payouts/blackjack',
        before: '3:2',
        after: '6:5',
        text: 'main: blackjack pays 6:5, was 3:2',
      },
      {
        pointer: '/spec/bets/2/lines/2/pays',
        before: '30:1',
        after: '25:1',
        text: 'pair: perfect pair pays 25:1, was 30:1',
      },
    ]);
    expect(report.bets.map((b: { bet: string }) => b.bet)).toEqual(['main', 'behind', 'pair']);
    const [main, behind, pair] = report.bets;
    // 6:5 costs the main bet about 1.36 points (a blackjack is 4.7% of hands: 0.3 × 4.5%).
    expect(main.rtpBefore).toBeCloseTo(0.99515, 4);
    expect(main.deltaPP).toBeCloseTo(-1.358, 2);
    expect(main.deltaPP).toBeCloseTo((main.rtpAfter - main.rtpBefore) * 100, 10);
    // Bet behind keeps its own 3:2: its RTP does not move (validate warns about it).
    expect(behind.deltaPP).toBe(0);
    // Perfect pair on 8 decks is 7/415: 5 units fewer per hit take 35/415 of the RTP, exactly.
    expect(pair).toMatchObject({ mode: null, rtpBefore: 401 / 415, rtpAfter: 366 / 415 });
    expect(pair.deltaPP).toBe(toNumber(sub(frac(366, 415), frac(401, 415))) * 100);
  });

  test('text: the rules changed and an RTP table; --lines: each pay line share before and after', async () => {
    const { code, out } = await captureCli(run, [SHIPPED, sixToFive, '--lines']);
    expect(code).toBe(0);
    expect(out).toContain('main: blackjack pays 6:5, was 3:2');
    expect(out).toContain('pair: perfect pair pays 25:1, was 30:1');
    expect(out).toMatch(/main\s+99\.5150%\s+98\.15\d\d%\s+−1\.35\d\d pp/);
    expect(out).toMatch(/pair\s+96\.6265%\s+88\.1928%\s+−8\.4337 pp/);
    expect(out).toMatch(/pair\s+perfect pair\s+52\.2892%\s+43\.8554%\s+−8\.4337 pp/);
    expect(out).toMatch(/pair\s+mixed pair\s+23\.1325%\s+23\.1325%\s+±0\.0000 pp/);
  });

  test('--markdown: a list of the changes and a table fit for a pull-request comment', async () => {
    const { code, out } = await captureCli(run, [SHIPPED, sixToFive, '--markdown']);
    expect(code).toBe(0);
    expect(out).toContain('- main: blackjack pays 6:5, was 3:2');
    expect(out).toContain('| bet | RTP before | RTP after | change |');
    expect(out).toContain('| pair | 96.6265% | 88.1928% | −8.4337 pp |');
  });

  test('--max-rtp-change: exit 1 when a bet moves more than the points allowed, 0 within them', async () => {
    const over = await captureCli(run, [SHIPPED, sixToFive, '--max-rtp-change', '1', '--json']);
    expect(over.code).toBe(1);
    expect(over.err).toMatch(/moved by 8\.4337 percentage points, more than --max-rtp-change 1/);
    expect(JSON.parse(over.out).changes).toHaveLength(3); // the report is still printed
    expect((await captureCli(run, [SHIPPED, sixToFive, '--max-rtp-change', '8.5'])).code).toBe(0);
    expect((await captureCli(run, [SHIPPED, SHIPPED, '--max-rtp-change', '0'])).code).toBe(0);
    expect((await captureCli(run, [SHIPPED, sixToFive, '--max-rtp-change', 'lots'])).code).toBe(2);
  });
});

describe('croupier diff: what else a change can be', { timeout: 120_000 }, () => {
  test('an invalid pack: exit 1 with its positioned errors, nothing compared', async () => {
    const broken = copyOfMewah((doc) => doc.setIn(['spec', 'bets', 0, 'payouts', 'win'], 1));
    const { code, out, err } = await captureCli(run, [SHIPPED, broken]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/blackjack-mewah\.yaml:\d+:\d+: .*win/);
  });

  test('rules, actions, bets and lines added and removed, each in plain words', () => {
    const changed = copyOfMewah((doc) => {
      doc.setIn(['spec', 'dealer', 'hitsSoft17'], true);
      doc.deleteIn(['spec', 'actions', 'surrender']);
      doc.setIn(['spec', 'bets', 0, 'limits', 'min'], 500);
      doc.deleteIn(['spec', 'bets', 2, 'lines', 0]); // mixed pair
      doc.addIn(
        ['spec', 'bets', 2, 'lines'],
        doc.createNode({ name: 'any pair', pays: '1:1', when: { sameRank: true } }),
      );
    });
    const diff = diffPacks(loadPackFile(SHIPPED), loadPackFile(changed));
    expect(diff.changes.map((c) => c.text)).toEqual([
      'the dealer hits soft 17, was stands on soft 17',
      'players may no longer surrender',
      'main: minimum stake 5.00 USD, was 1.00 USD',
      'pair: new line "any pair" pays 1:1 when {"sameRank":true}',
      'pair: line "mixed pair" removed (paid 5:1)',
    ]);
    const pair = diff.bets.find((b) => b.bet === 'pair')!;
    expect(pair.deltaPP).toBeLessThan(0); // 1:1 on every pair for 5:1 on a mixed one
  });
});
