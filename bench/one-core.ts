// One pack's one-core simulation figure, run by simulate.ts in a process of its own pinned to one
// CPU (`taskset -c N`), so the figure says which core it was measured on. One worker plays warmUp +
// measured rounds through runSimulation, as `croupier simulate --workers 1` does; the rate is taken
// from the first progress report past warmUp to the end, and between successive reports (a worker
// reports at each sub-batch's end, and every 65,536 rounds within one) as segments. Prints one JSON object.
// A blackjack pack is played by the chart given (simulate.ts derives each pack's once for all its runs), else by
// the one derived here; either way before the simulation starts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bestStrategy } from '../lambdas/math/index.ts';
import type { Chart } from '../lambdas/pack/chart.ts';
import { loadPack } from '../lambdas/pack/load.ts';
import { runSimulation } from '../lambdas/sim/workers.ts';
import { BENCH_RUN } from './bench-run.ts';
import { runPinned } from './pinned.ts';

export interface OneCoreFigure {
  roundsPerSecond: number;
  measuredRounds: number;
  /** Rates between successive progress reports once warm: slowest, median, fastest. */
  segments: { count: number; slowest: number; median: number; fastest: number } | null;
}

export async function oneCore(
  packId: string,
  warmUp: number,
  measured: number,
  given?: Chart | null,
): Promise<OneCoreFigure> {
  const pack = loadPack(packId);
  const chart = given !== undefined ? given : pack.family === 'blackjack' ? bestStrategy(pack) : null;
  // When the warm-up was done: the first progress report at or past it.
  let warm: { at: number; done: number } | undefined;
  let last = { at: 0, done: 0 };
  const segments: number[] = [];
  const onProgress = (done: number) => {
    const now = { at: performance.now(), done };
    if (warm && now.done > last.done && now.at > last.at)
      segments.push((now.done - last.done) / ((now.at - last.at) / 1000));
    last = now;
    if (!warm && done >= warmUp) warm = last;
  };
  await runSimulation(pack, chart, { rounds: warmUp + measured, seed: BENCH_RUN.seed, workers: 1, onProgress });
  segments.sort((a, b) => a - b);
  return {
    roundsPerSecond: Math.round((last.done - warm!.done) / ((last.at - warm!.at) / 1000)),
    measuredRounds: last.done - warm!.done,
    segments: segments.length
      ? {
          count: segments.length,
          slowest: Math.round(segments[0]),
          median: Math.round(segments[segments.length >> 1]),
          fastest: Math.round(segments[segments.length - 1]),
        }
      : null,
  };
}

/**
 * oneCore in a process of its own pinned to `cpu` with taskset (the same Node and loader as this
 * one), run from the checkout at `tree` (this one unless given), playing `chart` when given; null where taskset is
 * missing.
 */
export function oneCorePinned(
  cpu: number,
  packId: string,
  warmUp: number,
  measured: number,
  { tree = fileURLToPath(new URL('..', import.meta.url)), chart }: { tree?: string; chart?: Chart | null } = {},
): OneCoreFigure | null {
  const args = [packId, String(warmUp), String(measured), ...(chart !== undefined ? ['-'] : [])];
  return runPinned<OneCoreFigure>(cpu, join(tree, 'bench/one-core.ts'), args, {
    cwd: tree,
    input: chart !== undefined ? JSON.stringify(chart) : undefined,
  });
}

// Run as a script: `one-core.ts <pack> <warmUp> <measured> [-]`; with `-`, the chart (JSON, null for none) on stdin.
if (process.argv[1]?.endsWith('one-core.ts')) {
  const [packId, warmUp, measured, stdin] = process.argv.slice(2);
  const chart = stdin === '-' ? (JSON.parse(readFileSync(0, 'utf8')) as Chart | null) : undefined;
  console.log(JSON.stringify(await oneCore(packId, Number(warmUp), Number(measured), chart)));
}
