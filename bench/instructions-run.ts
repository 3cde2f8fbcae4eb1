// The program bench/instructions.ts and bench/lines.ts run under their profilers: warm a pack's
// simulation up, say so, wait until instrumentation is on, then play the measured rounds.
// Args: <pack path> <chart json path or -> <warm-up rounds> <measured rounds> <sync file prefix>.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Chart } from '../lambdas/math/chart.ts';
import { loadPack } from '../lambdas/pack/load.ts';
import { simulateBatch } from '../lambdas/sim/batch.ts';
import { subBatches } from '../lambdas/sim/split.ts';
import { tuneForSimulation } from '../lambdas/sim/tuning.ts';

const [packPath, chartPath, warm, measured, sync] = process.argv.slice(2);
// As every simulating process does (tuning.ts).
tuneForSimulation();
const pack = loadPack(packPath);
const chart: Chart | null = chartPath === '-' ? null : JSON.parse(readFileSync(chartPath, 'utf8'));
const progress = () => {};
// In sub-batches, as `croupier simulate` and `npm run bench` play a run: one long batch measures
// differently (its loop is compiled on the spot, inside the measured window).
const play = (rounds: number, seed: number) => {
  for (const b of subBatches(rounds, seed)) simulateBatch(pack, chart, b.rounds, b.seed, progress);
};
play(Number(warm), 7);
writeFileSync(`${sync}.warm`, '');
const cell = new Int32Array(new SharedArrayBuffer(4));
while (!existsSync(`${sync}.go`)) Atomics.wait(cell, 0, 0, 50);
play(Number(measured), 1);
