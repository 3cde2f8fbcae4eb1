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
// The bench's own run, in order: the sub-batches of its 3 M-round run with seed 1 (one-core.ts plays
// them so, ~11,700 rounds each, each on a new table), the warm-up first. V8 compiles the round as the
// rounds it has seen lead it to (which paths came up, which deopts, in what order), so these are the
// rounds that give the compile the bench measures: after a warm-up of other seeds, lucky-ladies'
// round was compiled into one function with its leaves called rather than inlined, unlike the bench's.
const batches = subBatches(3_000_000, 1);
let next = 0;
const play = (rounds: number) => {
  for (let done = 0; done < rounds; next++) {
    if (next === batches.length) throw new Error('warm-up and measured rounds together exceed the bench run of 3,000,000');
    const b = batches[next];
    const n = Math.min(b.rounds, rounds - done);
    simulateBatch(pack, chart, n, b.seed, progress);
    done += n;
  }
};
play(Number(warm));
writeFileSync(`${sync}.warm`, '');
const cell = new Int32Array(new SharedArrayBuffer(4));
while (!existsSync(`${sync}.go`)) Atomics.wait(cell, 0, 0, 50);
play(Number(measured));
