// `npm run bench` figures for `croupier simulate`, per pack, through the worker threads (bundled
// code, as `croupier simulate` and the cloud function run it; under tsx the same loop ran 40–50%
// slower here, so no figure comes from this process):
// - oneCoreByCpu: the target's figure, rounds per second on one core once V8 has warmed up, taken
//   on each CPU in turn, RUNS_PER_CPU times, by a process pinned to it (one-core.ts), every pack's
//   first runs before any pack's second. The cores of one virtual machine need not run alike: on
//   this machine kind one core was measured ~35% slower than the other for the same code, alone
//   and at the same time, for stretches of an hour (which one changed), and an unpinned run lands
//   on either. It needs ~1 M rounds, and a figure from fewer than ~2 M understates (docs/targets.md).
// - roundsPerSecondOneCoreWarm: the fastest run's figure; oneCoreWarmSegments its rate between
//   successive progress reports as slowest, median and fastest.
// - w1, w2: whole runs with one and two workers, unpinned, warm-up included (start-up excluded).
// - targetOneCore, ofTarget: docs/targets.md's target for the pack's family, and the fastest run's figure
//   as a share of it.
// - host: a fixed plain-JavaScript workload timed on each CPU before the packs and after them
//   (host.ts), to read a day's figures against another day's.
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { bestStrategy } from '../lambdas/math/index.ts';
import type { Chart } from '../lambdas/pack/chart.ts';
import { loadPack, RULES_DIR } from '../lambdas/pack/load.ts';
import { wagerOf } from '../lambdas/sim/batch.ts';
import { SIMULATION_V8_FLAGS } from '../lambdas/sim/tuning.ts';
import { runSimulation } from '../lambdas/sim/workers.ts';
import { BENCH_RUN } from './bench-run.ts';
import { hostOnCpu } from './host.ts';
import { type OneCoreFigure, oneCore, oneCorePinned } from './one-core.ts';

/**
 * Whole one-core runs per CPU, taken in turns (CPU 0, 1, 0, 1, ...); the fastest is the figure. The
 * rest of the host only ever slows a run down: on a busy day the same code on the same core played
 * mewah at 0.57 and 0.99 M rounds a second in consecutive runs, as Python's timeit takes the
 * minimum of its repeats for the same reason. Every run is listed (oneCoreByCpu).
 */
const RUNS_PER_CPU = 3;

/** docs/targets.md: rounds per second on one core with every bet of the pack settled. */
const TARGET_ONE_CORE = { blackjack: 1_500_000, 'andar-bahar': 3_000_000 } as const;

/**
 * The one-core figure on `cpu`, from a process pinned there with taskset (the same Node and loader
 * as this one); where taskset is missing or `pin` is false, measured here, on whichever core the system picks (cpu
 * null).
 */
async function onCpu(
  cpu: number,
  packId: string,
  chart: Chart | null,
  warmUp: number,
  measured: number,
  pin: boolean,
): Promise<OneCoreFigure & { cpu: number | null }> {
  const figure = pin ? oneCorePinned(cpu, packId, warmUp, measured, { chart }) : null;
  return figure ? { cpu, ...figure } : { cpu: null, ...(await oneCore(packId, warmUp, measured, chart)) };
}

export async function benchSimulate({ quick = false }: { quick?: boolean } = {}) {
  // Quick: two sub-batches of 2,000 rounds (lambdas/sim/split.ts), so each of two workers plays one; its figures
  // only show that every run works.
  const warmUp = quick ? 2_000 : BENCH_RUN.warmUp;
  const measured = quick ? 2_000 : BENCH_RUN.measured;
  const cores = availableParallelism();
  const ids = readdirSync(RULES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''));
  // Each pack and the chart it is played by, derived once for all its runs (a pinned run is handed it).
  const played = new Map(
    ids.map((id) => {
      const pack = loadPack(id);
      return [id, { pack, chart: pack.family === 'blackjack' ? bestStrategy(pack) : null }];
    }),
  );
  const cpus = Array.from({ length: quick ? 1 : cores }, (_, cpu) => cpu);
  const hostNow = () => cpus.map(hostOnCpu);
  const hostBefore = hostNow();
  // Each run of every pack before the next run of any: a core's slow stretch lasts seconds to
  // minutes here, and a pack's runs taken back to back could all fall in one.
  const byPack = new Map(ids.map((id) => [id, [] as (OneCoreFigure & { cpu: number | null })[]]));
  // A quick run (the test of this bench) checks that a pinned run works once, the first pack's on the first CPU;
  // every other pack's one run is taken here, unpinned (cpu null), by the same code.
  for (let run = 0; run < (quick ? 1 : RUNS_PER_CPU); run++)
    for (const [id, byCpu] of byPack)
      for (let cpu = 0; cpu < (quick ? 1 : cores); cpu++) {
        if (byCpu[0]?.cpu === null) break; // unpinned: one figure is all there is
        byCpu.push(await onCpu(cpu, id, played.get(id)!.chart, warmUp, measured, !quick || id === ids[0]));
      }
  const packs = [];
  for (const [id, byCpu] of byPack) {
    const { pack, chart } = played.get(id)!;
    const best = byCpu.reduce((a, b) => (b.roundsPerSecond > a.roundsPerSecond ? b : a));
    const w1 = await runSimulation(pack, chart, { rounds: warmUp + measured, seed: BENCH_RUN.seed, workers: 1 });
    const w2 = await runSimulation(pack, chart, { rounds: warmUp + measured, seed: BENCH_RUN.seed, workers: 2 });
    const wagers = wagerOf(pack);
    const settled = pack.bets.filter((b) => b.type !== 'behind');
    packs.push({
      pack: id,
      // A bet with the same lines in several modes is one wager, settled under each of its keys.
      wagersPlaced: settled.filter((b) => wagers[b.index] === b).length,
      betKeysSettled: settled.length,
      roundsPerSecondOneCoreWarm: best.roundsPerSecond,
      targetOneCore: TARGET_ONE_CORE[pack.family],
      ofTarget: Math.round((best.roundsPerSecond / TARGET_ONE_CORE[pack.family]) * 100) / 100,
      oneCoreWarmSegments: best.segments,
      oneCoreByCpu: byCpu.map((f) => ({
        cpu: f.cpu,
        roundsPerSecond: f.roundsPerSecond,
        medianSegment: f.segments?.median ?? null,
      })),
      warmUpRounds: warmUp,
      measuredRounds: best.measuredRounds,
      roundsPerSecondW1: Math.round((warmUp + measured) / w1.seconds),
      roundsPerSecondW2: Math.round((warmUp + measured) / w2.seconds),
    });
  }
  // The V8 flags every simulating process runs with (lambdas/sim/tuning.ts), so a figure can be reproduced.
  return { cores, v8Flags: SIMULATION_V8_FLAGS, host: { before: hostBefore, after: hostNow() }, packs };
}
