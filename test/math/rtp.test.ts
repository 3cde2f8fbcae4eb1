import { afterEach, describe, expect, test, vi } from 'vitest';
import { run } from '../../cli/commands/rtp.ts';
import { declaredWarning } from '../../lambdas/math/rtp.ts';

afterEach(() => vi.restoreAllMocks());

async function capture(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(s));
  vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(s));
  const code = await run(args);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('croupier rtp', () => {
  test('--json: one row per bet and mode offered, exact fractions, declared beside computed (R-AB-MODE-1, R-AB-RTP-1)', async () => {
    const { code, out, err } = await capture(['andar-bahar', '--json']);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.pack).toBe('andar-bahar');
    expect(doc.bets).toHaveLength(27); // 17 bets: andar, bahar, 10 card counts in both modes, 3 commission only
    const andar = doc.bets.find((b: { bet: string; mode: string }) => b.bet === 'andar' && b.mode === 'commission');
    expect(andar).toEqual({ bet: 'andar', mode: 'commission', rtp: 8151 / 8330, fraction: '8151/8330', method: 'exact', declared: 0.9787 });
    // 97.85% computed against 97.87% declared: over 0.01 points, an honest warning.
    expect(err).toMatch(/andar \(commission\): declared RTP 97\.8700% but the rules give 97\.8511%/);
  });

  test('the blackjack main bet is analysed; bet behind is not a row (R-MW-RTP-1)', async () => {
    const { code, out } = await capture(['blackjack-mewah', '--json']);
    expect(code).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.bets.map((b: { bet: string }) => b.bet)).toEqual(['main', 'pair']);
    expect(doc.bets[0]).toMatchObject({ method: 'analysis', fraction: null, declared: 0.9953 });
    expect(doc.bets[0].rtp).toBeGreaterThan(0.994);
    expect(doc.bets[0].rtp).toBeLessThan(0.996);
  });

  test('warns beyond 0.01 points for exact bets and 0.02 for the main bet, not within', () => {
    const row = { bet: 'x', mode: null, fraction: null, declared: 0.99 } as const;
    expect(declaredWarning('p', { ...row, rtp: 0.99015, method: 'exact' })).toMatch(/warning/);
    expect(declaredWarning('p', { ...row, rtp: 0.99015, method: 'analysis' })).toBeNull();
    expect(declaredWarning('p', { ...row, rtp: 0.99005, method: 'exact' })).toBeNull();
  });
});
