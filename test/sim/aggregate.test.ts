import { describe, expect, test } from 'vitest';
import { loadPack } from '../../lambdas/pack/load.ts';
import { aggregate, mergeBatches, summarizeTally, Z95 } from '../../lambdas/sim/aggregate.ts';
import { type BatchResult, type BetTally, simulateBatch } from '../../lambdas/sim/batch.ts';

const tally = (over: Partial<BetTally> = {}): BetTally => ({
  key: 'main',
  name: 'main',
  mode: null,
  placed: 0,
  net: 0,
  netSquared: 0,
  wins: 0,
  ...over,
});

describe('aggregate', () => {
  test('merging batches sums every bet by key and keeps first-seen order', () => {
    const a: BatchResult = {
      rounds: 10,
      tallies: [
        tally({ placed: 10, net: -1, netSquared: 9, wins: 4 }),
        tally({
          key: 'andar/commission',
          name: 'andar',
          mode: 'commission',
          placed: 3,
          net: 1,
          netSquared: 3,
          wins: 2,
        }),
      ],
    };
    const b: BatchResult = {
      rounds: 5,
      tallies: [
        tally({
          key: 'andar/commission',
          name: 'andar',
          mode: 'commission',
          placed: 5,
          net: -1,
          netSquared: 5,
          wins: 2,
        }),
        tally({ placed: 5, net: 2, netSquared: 4, wins: 3 }),
      ],
    };
    const merged = mergeBatches([a, b]);
    expect(merged.rounds).toBe(15);
    expect(merged.tallies).toEqual([
      tally({ placed: 15, net: 1, netSquared: 13, wins: 7 }),
      tally({ key: 'andar/commission', name: 'andar', mode: 'commission', placed: 8, net: 0, netSquared: 8, wins: 4 }),
    ]);
  });

  test('merging does not mutate the batches it was given', () => {
    const a: BatchResult = { rounds: 1, tallies: [tally({ placed: 1, net: 1, netSquared: 1, wins: 1 })] };
    mergeBatches([a, a]);
    expect(a.tallies[0].placed).toBe(1);
  });

  test('an even-money coin flip: RTP 1 + mean, sample stdDev, CI of z·s/√n, hit frequency', () => {
    // 6 wins of +1 and 4 losses of -1: mean 0.2, sample variance (10 - 10·0.04)/9.
    const s = summarizeTally(tally({ placed: 10, net: 2, netSquared: 10, wins: 6 }));
    const sd = Math.sqrt((10 - 10 * 0.04) / 9);
    expect(s.rtp).toBeCloseTo(1.2, 12);
    expect(s.stdDev).toBeCloseTo(sd, 12);
    expect(s.ci95![0]).toBeCloseTo(1.2 - (Z95 * sd) / Math.sqrt(10), 12);
    expect(s.ci95![1]).toBeCloseTo(1.2 + (Z95 * sd) / Math.sqrt(10), 12);
    expect(s.hitFrequency).toBe(0.6);
  });

  test('a bet never placed has no statistics instead of NaN', () => {
    expect(summarizeTally(tally())).toEqual({
      bet: 'main',
      mode: null,
      placed: 0,
      rtp: null,
      ci95: null,
      stdDev: null,
      hitFrequency: null,
    });
  });

  test('a constant result has a zero-width interval, never a negative variance', () => {
    const s = summarizeTally(tally({ placed: 3, net: -0.3, netSquared: 0.03, wins: 0 }));
    expect(s.stdDev).toBe(0);
    expect(s.ci95![0]).toBeCloseTo(0.9, 12);
    expect(s.ci95![1]).toBeCloseTo(0.9, 12);
  });

  test('an exact value says whether it lies in the interval', () => {
    const batches = [{ rounds: 10, tallies: [tally({ placed: 10, net: 2, netSquared: 10, wins: 6 })] }];
    expect(aggregate(batches, { main: 1.1 }).bets[0]).toMatchObject({ exact: 1.1, exactInInterval: true });
    expect(aggregate(batches, { main: 0.5 }).bets[0]).toMatchObject({ exact: 0.5, exactInInterval: false });
  });

  test('splitting a simulation into batches gives the same sums as merging them in any grouping', () => {
    const pack = loadPack('andar-bahar');
    const batches = [1, 2, 3, 4].map((seed) => simulateBatch(pack, null, 2_000, seed));
    const flat = aggregate(batches);
    const nested = aggregate([mergeBatches(batches.slice(0, 2)), mergeBatches(batches.slice(2))]);
    expect(nested.rounds).toBe(8_000);
    for (const [i, bet] of flat.bets.entries()) {
      expect(nested.bets[i].placed).toBe(bet.placed);
      expect(nested.bets[i].rtp).toBeCloseTo(bet.rtp!, 12);
      expect(nested.bets[i].stdDev).toBeCloseTo(bet.stdDev!, 12);
    }
  });
});
