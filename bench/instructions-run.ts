// The program bench/instructions.ts and bench/lines.ts run under their profilers: warm a pack's
// simulation up, say so, wait until instrumentation is on, then play the measured rounds.
// Args: <pack path> <chart json path or -> <warm-up rounds> <measured rounds> <sync file prefix>.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Chart } from '../lambdas/pack/chart.ts';
import { loadPack } from '../lambdas/pack/load.ts';
import { simulateBatch } from '../lambdas/sim/batch.ts';
import { tuneForSimulation } from '../lambdas/sim/tuning.ts';
import { benchBatches } from './bench-run.ts';

const [packPath, chartPath, warm, measured, sync] = process.argv.slice(2);
// As every simulating process does (tuning.ts).
tuneForSimulation();
const pack = loadPack(packPath);
const chart: Chart | null = chartPath === '-' ? null : JSON.parse(readFileSync(chartPath, 'utf8'));
const progress = () => {};
// The bench's own run, in order (bench-run.ts; ~11,700 rounds a sub-batch, each on a new table),
// the warm-up first: after a warm-up of other seeds, lucky-ladies' round was compiled into one
// function with its leaves called rather than inlined, unlike the bench's.
const share = benchBatches();
const play = (rounds: number) => {
  for (const b of share(rounds)) simulateBatch(pack, chart, b.rounds, b.seed, progress);
};
play(Number(warm));
writeFileSync(`${sync}.warm`, '');
const cell = new Int32Array(new SharedArrayBuffer(4));
while (!existsSync(`${sync}.go`)) Atomics.wait(cell, 0, 0, 50);
play(Number(measured));
