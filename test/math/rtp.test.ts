import { afterEach, describe, expect, test, vi } from 'vitest';
import { run } from '../../cli/commands/rtp.ts';
import { declaredWarning } from '../../lambdas/math/declared.ts';
import { captureCli } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

const capture = (args: string[]) => captureCli(run, args);

describe('croupier rtp', () => {
  test('--json: one row per bet and mode offered, exact fractions, declared beside computed (R-AB-MODE-1, R-AB-RTP-1)', async () => {
    const { code, out, err } = await capture(['andar-bahar', '--json']);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.pack).toBe('andar-bahar');
    expect(doc.bets).toHaveLength(27); // 17 bets: andar, bahar, 10 card counts in both modes, 3 commission only
    const andar = doc.bets.find((b: { bet: string; mode: string }) => b.bet === 'andar' && b.mode === 'commission');
    expect(andar).toEqual({
      bet: 'andar',
      mode: 'commission',
      rtp: 8151 / 8330,
      fraction: '8151/8330',
      method: 'exact',
      declared: 0.9787,
      // Andar wins 429/833 of rounds, paying 0.9: E[net²] = 0.81·429/833 + 404/833, less the squared mean.
      stdDev: expect.closeTo(Math.sqrt((0.81 * 429 + 404) / 833 - (8151 / 8330 - 1) ** 2), 14),
      hitFrequency: 429 / 833,
    });
    // 97.85% computed against 97.87% declared: over 0.01 points, an honest warning.
    expect(err).toMatch(/andar \(commission\): declared RTP 97\.8700% but the rules give 97\.8511%/);
  });

  test('the blackjack main bet is analysed; bet behind is not a row; the rules give the declared 99.53% within the analysis accuracy (R-MW-RTP-1)', async () => {
    const { code, out, err } = await capture(['blackjack-mewah', '--json']);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.bets.map((b: { bet: string }) => b.bet)).toEqual(['main', 'pair']);
    expect(doc.bets[0]).toMatchObject({ method: 'analysis', fraction: null, declared: 0.9953 });
    // From the analysis under the same chart: doubles and splits spread the result past ±1.
    expect(doc.bets[0].stdDev).toBeGreaterThan(1.1);
    expect(doc.bets[0].hitFrequency).toBeGreaterThan(0.4);
    expect(Math.abs(doc.bets[0].rtp - 0.9953)).toBeLessThanOrEqual(0.0002);
    expect(err).not.toMatch(/main: declared/);
  });

  test('the same main-bet rules declared at 99.46% warn: the rules give about 99.515%, more than the declared maximum (R-TB-RTP-1)', async () => {
    const { code, out, err } = await capture(['blackjack-tanpa-batas', '--json']);
    expect(code).toBe(0);
    const main = JSON.parse(out).bets[0];
    expect(main).toMatchObject({ bet: 'main', method: 'analysis', declared: 0.9946 });
    expect(main.rtp - 0.9946).toBeGreaterThan(0.0002);
    expect(err).toMatch(
      /blackjack-tanpa-batas main: declared RTP 99\.4600% but the rules give 99\.51\d\d% \(\+0\.05\d\d points; accuracy ±0\.0200\)/,
    );
  });

  test('--lines: every pay-table line with its exact probability and share of the RTP (R-TB-SIDE-1 Pair); the main bet has none', async () => {
    const { code, out } = await capture(['blackjack-tanpa-batas', '--lines', '--json']);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.bets[0]).not.toHaveProperty('lines');
    const pair = doc.bets.find((b: { bet: string }) => b.bet === 'pair');
    // 8 decks: after any first card, 7 of the 415 left are identical, 8 the same colour's other suit, 16 the other
    // colour.
    expect(pair.lines).toEqual([
      { line: 'perfect pair', pays: '30:1', probability: 7 / 415, fraction: '7/415', rtpShare: (31 * 7) / 415 },
      { line: 'coloured pair', pays: '10:1', probability: 8 / 415, fraction: '8/415', rtpShare: (11 * 8) / 415 },
      { line: 'mixed pair', pays: '5:1', probability: 16 / 415, fraction: '16/415', rtpShare: (6 * 16) / 415 },
    ]);
    // Ratios read as the pack writes them.
    const ab = JSON.parse((await capture(['andar-bahar', '--lines', '--json'])).out);
    expect(
      ab.bets.find((b: { bet: string; mode: string }) => b.bet === 'andar' && b.mode === 'commission').lines,
    ).toEqual([
      { line: 'andar wins', pays: '0.9:1', probability: 429 / 833, fraction: '429/833', rtpShare: 8151 / 8330 },
    ]);
    const text = (await capture(['blackjack-tanpa-batas', '--lines'])).out;
    expect(pair.hitFrequency).toBeCloseTo(31 / 415, 15);
    expect(pair.stdDev).toBeCloseTo(Math.sqrt(3271664 / 172225), 12);
    expect(text).toMatch(/^pair: a line pays 7\.4699% of bets; standard deviation 4\.3585 per unit staked$/m);
    expect(text).toMatch(/^perfect pair +30:1 +1\.6867% +59\.29 +52\.2892% +7\/415$/m);
    expect(text).toMatch(/^\(no line: stake lost\) +92\.5301%/m);
  });

  test('usage errors exit 2 and say what is wrong: an option rtp does not take, two packs, none', async () => {
    expect(await capture(['andar-bahar', '--bogus'])).toMatchObject({
      code: 2,
      out: '',
      err: expect.stringMatching(/^unknown option --bogus\nusage: croupier rtp <pack>/),
    });
    expect(await capture(['andar-bahar', 'blackjack-mewah'])).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^one pack, not 2 \(andar-bahar, blackjack-mewah\)/),
    });
    expect(await capture(['--json'])).toMatchObject({ code: 2, err: expect.stringMatching(/^which pack\?/) });
  });

  test('warns beyond 0.01 points for exact bets and 0.02 for the main bet, not within', () => {
    const row = { bet: 'x', mode: null, fraction: null, declared: 0.99 } as const;
    expect(declaredWarning('p', { ...row, rtp: 0.99015, method: 'exact' })).toMatch(/warning/);
    expect(declaredWarning('p', { ...row, rtp: 0.99015, method: 'analysis' })).toBeNull();
    expect(declaredWarning('p', { ...row, rtp: 0.99005, method: 'exact' })).toBeNull();
  });
});
