// The program bench/instructions.ts and bench/lines.ts run under their profilers: warm a pack's
// simulation up, say so, wait until instrumentation is on, then play the measured rounds.
// Args: <pack path> <chart json path or -> <warm-up rounds> <measured rounds> <sync file prefix>.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Chart } from '../lambdas/math/chart.ts';
import { loadPack } from '../lambdas/pack/load.ts';
import { simulateBatch } from '../lambdas/sim/batch.ts';
import { subBatches, subBatchSeed } from '../lambdas/sim/split.ts';
import { tuneForSimulation } from '../lambdas/sim/tuning.ts';

const [packPath, chartPath, warm, measured, sync] = process.argv.slice(2);
// As every simulating process does (tuning.ts).
tuneForSimulation();
const pack = loadPack(packPath);
const chart: Chart | null = chartPath === '-' ? null : JSON.parse(readFileSync(chartPath, 'utf8'));
const progress = () => {};
// In sub-batches, as `croupier simulate` and `npm run bench` play a run: one long batch measures
// differently (its loop is compiled on the spot, inside the measured window). Of the size the bench's
// 3 M-round runs have (~11,700 rounds): each sub-batch opens a new table, and cut for 150,000 rounds
// alone (2,000 each) the per-table costs weighed six times as much as in the figure this explains.
const BENCH_SUB_BATCH = subBatches(3_000_000, 1)[0].rounds;
const play = (rounds: number, seed: number) => {
  for (let i = 0, done = 0; done < rounds; i++, done += BENCH_SUB_BATCH) simulateBatch(pack, chart, Math.min(BENCH_SUB_BATCH, rounds - done), subBatchSeed(seed, i), progress);
};
play(Number(warm), 7);
writeFileSync(`${sync}.warm`, '');
const cell = new Int32Array(new SharedArrayBuffer(4));
while (!existsSync(`${sync}.go`)) Atomics.wait(cell, 0, 0, 50);
play(Number(measured), 1);
