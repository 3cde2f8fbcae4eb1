// The program bench/instructions.ts runs under callgrind: warm a pack's simulation up in two batches
// (a new batch can deprecate maps the first one's code expected, so the second takes the deopts),
// say so, wait until instrumentation is on, then play the measured batch.
// Args: <pack path> <chart json path or -> <warm-up rounds> <measured rounds> <sync file prefix>.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Chart } from '../lambdas/math/chart.ts';
import { loadPack } from '../lambdas/pack/load.ts';
import { simulateBatch } from '../lambdas/sim/batch.ts';
import { tuneForSimulation } from '../lambdas/sim/tuning.ts';

const [packPath, chartPath, warm, measured, sync] = process.argv.slice(2);
// As every simulating process does (tuning.ts).
tuneForSimulation();
const pack = loadPack(packPath);
const chart: Chart | null = chartPath === '-' ? null : JSON.parse(readFileSync(chartPath, 'utf8'));
const progress = () => {};
simulateBatch(pack, chart, Number(warm) >> 1, 7, progress);
simulateBatch(pack, chart, Number(warm) >> 1, 8, progress);
writeFileSync(`${sync}.warm`, '');
const cell = new Int32Array(new SharedArrayBuffer(4));
while (!existsSync(`${sync}.go`)) Atomics.wait(cell, 0, 0, 50);
simulateBatch(pack, chart, Number(measured), 1, progress);
