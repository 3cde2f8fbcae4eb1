// The simulate and aggregate Lambdas as the state machine calls them, with the pack and chart the
// CDK app bakes in given through the same environment names.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { BAKED, packDefines } from '../../infra/bundling.ts';
import { handler as aggregate, type SimulationReport } from '../../lambdas/handlers/aggregate.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { type BatchResult, simulateBatch } from '../../lambdas/sim/batch.ts';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

/** The handler module fresh, with the env the bundle would have baked in. */
async function simulateFor(packId: string) {
  const defines = packDefines(loadPack(packId), 'simulate');
  for (const [name, value] of Object.entries(defines))
    process.env[name.replace('process.env.', '')] = JSON.parse(value) as string;
  const { vi } = await import('vitest');
  vi.resetModules();
  return (await import('../../lambdas/handlers/simulate.ts')).handler;
}

describe('the simulate Lambda', () => {
  let mewah: Awaited<ReturnType<typeof simulateFor>>;
  beforeAll(async () => {
    mewah = await simulateFor('blackjack-mewah');
  }, 30_000);

  test('plays a batch of the baked-in pack with the baked-in chart; the same seed gives the same sums', async () => {
    const a = await mewah({ rounds: 500, seed: 3 });
    const b = await mewah({ rounds: 500, seed: 3 });
    expect(a.rounds).toBe(500);
    expect(a).toEqual(b);
    expect(a.tallies.find((t) => t.key === 'main')!.placed).toBe(500);
    expect(await mewah({ rounds: 500, seed: 4 })).not.toEqual(a);
  });

  test('an Andar Bahar pack needs no chart and matches the local batch function', async () => {
    const ab = await simulateFor('andar-bahar');
    expect(await ab({ rounds: 400, seed: 9 })).toEqual(simulateBatch(loadPack('andar-bahar'), null, 400, 9));
  });

  test('bad input and a missing artifact are refused with plain messages', async () => {
    await expect(mewah({ rounds: 0, seed: 1 })).rejects.toThrow('rounds must be a whole number from 1 to');
    await expect(mewah({ rounds: 10, seed: 1.5 })).rejects.toThrow('seed must be a whole number');
    delete process.env[BAKED.artifact.replace('process.env.', '')];
    const { vi } = await import('vitest');
    vi.resetModules();
    const bare = (await import('../../lambdas/handlers/simulate.ts')).handler;
    await expect(bare({ rounds: 1, seed: 1 })).rejects.toThrow('CROUPIER_PACK_ARTIFACT is not set');
  });
});

describe('the aggregate Lambda', () => {
  const pack = loadPack('andar-bahar');
  const batches: BatchResult[] = [1, 2, 3].map((seed) => simulateBatch(pack, null, 300, seed));

  test('merge sums a group of batches; summary reports RTP with a 95% CI per bet, with the pack id and hash', async () => {
    process.env.CROUPIER_PACK_ID = pack.id;
    process.env.CROUPIER_PACK_SHA256 = pack.sha256;
    const merged = (await aggregate({ mode: 'merge', results: batches.slice(0, 2) })) as BatchResult;
    expect(merged.rounds).toBe(600);
    const report = (await aggregate({ mode: 'summary', results: [merged, batches[2]] })) as SimulationReport;
    expect(report).toMatchObject({ pack: 'andar-bahar', sha256: pack.sha256, rounds: 900 });
    expect(report.bets).toHaveLength(pack.bets.length);
    for (const bet of report.bets.filter((b) => b.placed > 0)) expect(bet.ci95![0]).toBeLessThanOrEqual(bet.rtp!);
  });

  test('an unknown mode or missing results are refused', async () => {
    await expect(aggregate({ mode: 'sum', results: [] } as never)).rejects.toThrow('mode must be "merge" or "summary"');
    await expect(aggregate({ mode: 'merge' } as never)).rejects.toThrow('results must be an array');
  });
});
