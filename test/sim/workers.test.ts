// The parallel run: its cut into sub-batches depends on rounds and seed only, so the same seed gives
// the same result with any number of workers.
import { describe, expect, test } from 'vitest';
import { mergeBatches } from '../../lambdas/sim/aggregate.ts';
import { simulateBatch, wagerOf } from '../../lambdas/sim/batch.ts';
import { simulationDocument } from '../../lambdas/sim/report.ts';
import { MAX_SUB_BATCHES, MIN_SUB_BATCH_ROUNDS, subBatches } from '../../lambdas/sim/split.ts';
import { runSimulation } from '../../lambdas/sim/workers.ts';
import { packWithChart } from './helpers.ts';

describe('sub-batches', () => {
  test('cover exactly the rounds asked for, in sizes at most one apart', () => {
    for (const rounds of [1, 1_999, 2_000, 2_001, 123_457, 10_000_000, 3_000_000_001]) {
      const batches = subBatches(rounds, 9);
      expect(batches.reduce((s, b) => s + b.rounds, 0)).toBe(rounds);
      const sizes = batches.map((b) => b.rounds);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(batches.length).toBe(Math.min(MAX_SUB_BATCHES, Math.ceil(rounds / MIN_SUB_BATCH_ROUNDS)));
      expect(batches.map((b) => b.index)).toEqual(batches.map((_, i) => i));
    }
  });

  test('take distinct 32-bit seeds that depend on the run seed, the same for the same seed', () => {
    const a = subBatches(1_000_000, 42);
    expect(subBatches(1_000_000, 42)).toEqual(a);
    expect(new Set(a.map((b) => b.seed)).size).toBe(a.length);
    for (const b of a) expect(b.seed >>> 0).toBe(b.seed);
    const other = subBatches(1_000_000, 43).map((b) => b.seed);
    expect(a.filter((b, i) => b.seed === other[i])).toEqual([]);
    // Seeds beyond 32 bits still count.
    expect(subBatches(10_000, 2 ** 32 + 42)[0].seed).not.toBe(subBatches(10_000, 42)[0].seed);
  });

  test('refuse a run of no rounds or a fractional seed', () => {
    expect(() => subBatches(0, 1)).toThrow(RangeError);
    expect(() => subBatches(10, 1.5)).toThrow(RangeError);
  });
});

describe('running on worker threads', () => {
  test('the same seed gives the same result with one worker and with two', async () => {
    const { pack, chart } = packWithChart('blackjack-tanpa-batas');
    const one = await runSimulation(pack, chart, { rounds: 9_000, seed: 77, workers: 1 });
    const two = await runSimulation(pack, chart, { rounds: 9_000, seed: 77, workers: 2 });
    expect(one.workers).toBe(1);
    expect(two.workers).toBe(2);
    const doc = (r: typeof one) => simulationDocument(pack, r.result, 1, {});
    expect(JSON.stringify(doc(two).bets)).toBe(JSON.stringify(doc(one).bets));
    expect(two.result.rounds).toBe(9_000);
  });

  test('the workers play exactly the sub-batches simulateBatch plays in the main thread', async () => {
    const { pack } = packWithChart('andar-bahar');
    const run = await runSimulation(pack, null, { rounds: 4_001, seed: 3, workers: 2 });
    const local = mergeBatches(subBatches(4_001, 3).map((b) => simulateBatch(pack, null, b.rounds, b.seed)));
    expect(run.result).toEqual(local);
  });

  test('progress rises to the number of rounds and never beyond', async () => {
    const { pack } = packWithChart('andar-bahar');
    const seen: number[] = [];
    const totals = new Set<number>();
    await runSimulation(pack, null, {
      rounds: 6_000,
      seed: 1,
      workers: 2,
      onProgress: (done, total) => (seen.push(done), totals.add(total)),
    });
    expect([...totals]).toEqual([6_000]);
    expect(seen.at(-1)).toBe(6_000);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(Math.max(...seen)).toBe(6_000);
  });

  test('a different seed gives a different result', async () => {
    const { pack } = packWithChart('andar-bahar');
    const a = await runSimulation(pack, null, { rounds: 2_000, seed: 1, workers: 1 });
    const b = await runSimulation(pack, null, { rounds: 2_000, seed: 2, workers: 1 });
    expect(a.result.tallies[0].net).not.toBe(b.result.tallies[0].net);
  });
});

describe('wagers', () => {
  test('a bet with the same lines in both modes is placed once and tallied under each mode; different lines are separate wagers (R-AB-MODE-1, R-AB-PAY-1)', () => {
    const { pack } = packWithChart('andar-bahar');
    const wagers = wagerOf(pack);
    const key = (k: string) => pack.betByKey.get(k)!;
    expect(wagers[key('bahar/no-commission').index]).toBe(key('bahar/commission'));
    expect(wagers[key('cards-1-5/no-commission').index]).toBe(key('cards-1-5/commission'));
    expect(wagers[key('andar/no-commission').index]).toBe(key('andar/no-commission'));
    expect(wagers[key('andar/commission').index]).toBe(key('andar/commission'));
    const batch = simulateBatch(pack, null, 2_000, 5);
    const tally = (k: string) => batch.tallies.find((t) => t.key === k)!;
    expect(tally('bahar/no-commission')).toEqual({
      ...tally('bahar/commission'),
      key: 'bahar/no-commission',
      mode: 'no-commission',
    });
    expect(tally('andar/no-commission').net).not.toBe(tally('andar/commission').net);
    expect(batch.tallies.map((t) => t.key).sort()).toEqual(pack.bets.map((b) => b.key).sort());
  });
});
