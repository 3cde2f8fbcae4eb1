// `croupier simulate` as the README specifies it: stdout carries only the answer (the table, or the
// --json document with exactly the contract's keys), progress goes to stderr, bad arguments exit 2.
import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { formatTable, outsideNotes, parseArgs } from '../../cli/commands/simulate.ts';
import { progress } from '../../cli/progress.ts';

const croupier = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'simulate', ...args], { encoding: 'utf8' });

describe('croupier simulate', () => {
  test('--json prints exactly the contract document on stdout and progress on stderr', () => {
    const out = croupier('andar-bahar', '--rounds', '4000', '--seed', '12', '--workers', '2', '--json');
    expect(out.status, out.stderr).toBe(0);
    const doc = JSON.parse(out.stdout);
    expect(Object.keys(doc)).toEqual(['pack', 'rounds', 'seconds', 'roundsPerSecond', 'bets']);
    expect(doc.pack).toBe('andar-bahar');
    expect(doc.rounds).toBe(4000);
    expect(doc.seconds).toBeGreaterThan(0);
    expect(doc.roundsPerSecond).toBeCloseTo(4000 / doc.seconds, 6);
    expect(doc.bets).toHaveLength(27); // 17 bets, each in each of its modes
    for (const b of doc.bets) {
      expect(Object.keys(b)).toEqual([
        'bet',
        'mode',
        'placed',
        'rtp',
        'ci95',
        'stdDev',
        'hitFrequency',
        'exact',
        'exactInInterval',
      ]);
      expect(b.placed).toBe(4000);
      expect(b.ci95[0]).toBeLessThanOrEqual(b.rtp);
      expect(b.ci95[1]).toBeGreaterThanOrEqual(b.rtp);
      expect(b.hitFrequency).toBeGreaterThanOrEqual(0);
      expect(b.hitFrequency).toBeLessThanOrEqual(1);
      expect(typeof b.exact).toBe('number');
      expect(b.exactInInterval).toBe(b.exact >= b.ci95[0] && b.exact <= b.ci95[1]);
    }
    expect(
      doc.bets.find((b: { bet: string; mode: string }) => b.bet === 'andar' && b.mode === 'no-commission'),
    ).toBeDefined();
    expect(out.stderr).toMatch(/100% \(4,000\/4,000 rounds\)/);
  });

  test('bad arguments are named, with the usage, and exit 2', () => {
    for (const args of [
      ['andar-bahar'],
      ['--rounds', '10'],
      ['andar-bahar', '--rounds', '0'],
      ['andar-bahar', '--rounds', '10', '--workers', 'x'],
      ['andar-bahar', '--rounds', '10', '--seed', '1.5'],
      ['andar-bahar', '--rounds', '10', '--fast'],
    ]) {
      const parsed = parseArgs(args);
      expect(typeof parsed, args.join(' ')).toBe('string');
    }
    const out = croupier('andar-bahar');
    expect(out.status).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/--rounds N is required[\s\S]*usage: croupier simulate/);
  });

  test('arguments take separators, 1e6 and --flag=value', () => {
    expect(parseArgs(['blackjack-mewah', '--rounds=1_000_000', '--seed', '7', '--workers=3', '--json'])).toEqual({
      ref: 'blackjack-mewah',
      rounds: 1_000_000,
      seed: 7,
      workers: 3,
      json: true,
    });
    expect(parseArgs(['x.yaml', '--rounds', '1e6'])).toMatchObject({ ref: 'x.yaml', rounds: 1_000_000, seed: null });
  });

  test('the table shows every bet with its interval and whether the exact value lies in it', () => {
    const text = formatTable(
      {
        pack: 'p',
        rounds: 10,
        seconds: 2,
        roundsPerSecond: 5,
        bets: [
          {
            bet: 'main',
            mode: null,
            placed: 10,
            rtp: 0.99,
            ci95: [0.9, 1.08],
            stdDev: 1.1,
            hitFrequency: 0.43,
            exact: 0.995,
            exactInInterval: true,
          },
          {
            bet: 'pair',
            mode: null,
            placed: 0,
            rtp: null,
            ci95: null,
            stdDev: null,
            hitFrequency: null,
            exact: 0.96,
            exactInInterval: null,
          },
        ],
      },
      'Pack',
      7,
      2,
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('Pack (p): 10 rounds, seed 7, 2 workers, 2.00 s, 5 rounds/s');
    expect(lines[1]).toMatch(/^bet\s+mode\s+placed\s+rtp\s+95% interval\s+stdDev\s+hit freq\s+exact\s+in interval$/);
    expect(lines[2]).toMatch(/main .* 99\.000% .*90\.000% – 108\.000% .*1\.1000 .*43\.00% .*99\.5000% .*yes$/);
    expect(lines[3]).toMatch(/^pair .* 96\.0000%$/);
  });
  test('a NO row is explained: chance, and on a cut-card shoe the cut-card effect; no note when every exact value is inside', () => {
    const row = {
      bet: 'main',
      mode: null,
      placed: 10,
      rtp: 0.99,
      ci95: [0.98, 0.994] as [number, number],
      stdDev: 1.1,
      hitFrequency: 0.43,
      exact: 0.995,
      exactInInterval: false,
    };
    const doc = { pack: 'p', rounds: 10, seconds: 2, roundsPerSecond: 5, bets: [row] };
    const cutCard = outsideNotes(doc, { shoe: { decks: 8, reshuffle: 'cut-card', penetration: 0.8, burn: 'none' } });
    expect(cutCard[0]).toMatch(/^NO: .*1 bet in 20 .*chance/);
    expect(cutCard[1]).toMatch(/cut-card effect.*reshuffle: every-round/);
    expect(outsideNotes(doc, { shoe: { decks: 1, reshuffle: 'every-round', penetration: 1, burn: 'none' } })).toEqual([
      cutCard[0],
    ]);
    expect(
      outsideNotes(
        { ...doc, bets: [{ ...row, exactInInterval: true }] },
        { shoe: { decks: 8, reshuffle: 'cut-card', penetration: 0.8, burn: 'none' } },
      ),
    ).toEqual([]);
    expect(formatTable(doc, 'Pack', 7, 2, cutCard).split('\n').slice(-2)).toEqual(cutCard);
  });
});

describe('progress on stderr', () => {
  const capture = (isTTY: boolean) => {
    const stream = Object.assign(new PassThrough(), { isTTY, columns: 120 }) as unknown as NodeJS.WriteStream;
    let text = '';
    (stream as unknown as PassThrough).on('data', (c: Buffer) => (text += c.toString()));
    return { stream, text: () => text };
  };

  test('off a terminal: one plain line per tenth, ending at 100%', () => {
    const { stream, text } = capture(false);
    const bar = progress('sim', stream);
    for (let d = 0; d <= 1000; d += 50) bar.update(d, 1000);
    bar.finish();
    const lines = text().trim().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('sim: 0% (0/1,000 rounds)');
    expect(lines[10]).toBe('sim: 100% (1,000/1,000 rounds)');
  });

  test('on a terminal: a bar redrawn in place, cleared at the end', () => {
    const { stream, text } = capture(true);
    const bar = progress('sim', stream);
    bar.update(500, 1000);
    bar.update(1000, 1000);
    bar.finish();
    expect(text()).not.toContain('\n');
    expect(text()).toContain('[###############---------------]  50% 500/1,000');
    expect(text().endsWith('\r\x1b[K')).toBe(true);
  });
});
