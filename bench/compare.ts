// Whether a change plays a pack faster on the clock: `npx tsx bench/compare.ts <commit> <pack> [runs]`.
// This machine's speed drifts by up to 45% within minutes, more than most changes, so two builds
// timed one after the other in processes of their own cannot be compared. This bundles the
// simulator from a worktree of <commit> and from the working tree, loads both into one process
// pinned to one CPU and, once both are warm, times them in turns, A B B A (300,000 rounds each):
// each such quartet's ratio cancels the drift, and the same build twice gives 1.000 ± 0.003 in one
// process. What one process cannot cancel is how V8 compiled and laid out each build's round in
// it: the same code in both builds still differs by up to ±5% from one process to the next. So it
// runs `runs` processes (8 unless given), alternating CPUs, and prints each one's ratio and their
// median. ~25 s a process. Both builds run under the working tree's simulation V8 flags.
// `--quick` plays a few rounds only: it shows the tool works (its test), not a figure to trust.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SIMULATION_V8_FLAGS } from '../lambdas/sim/tuning.ts';
import { runPinned, TASKSET_MISSING } from './pinned.ts';
import { SIMULATION_PROGRAM } from './warm-run.ts';
import { median, ROOT, withWorktree } from './worktree.ts';

/** Rounds a slice, slices of warm-up and quartets timed. */
interface Sizes {
  slice: number;
  warmSlices: number;
  quartets: number;
}
const FULL: Sizes = { slice: 300_000, warmSlices: 6, quartets: 10 };
const QUICK: Sizes = { slice: 20_000, warmSlices: 1, quartets: 1 };

/** The simulator of the tree at `tree`, bundled: `prepare(packPath)` answers a function that plays n rounds. */
async function bundle(tree: string, out: string): Promise<void> {
  const entry = `
    import { loadPack } from './lambdas/pack/load.ts';
    import { bestStrategy } from './lambdas/math/index.ts';
    import { simulateBatch } from './lambdas/sim/batch.ts';
    export function prepare(path) {
      const pack = loadPack(path);
      const chart = pack.family === 'blackjack' ? bestStrategy(pack) : null;
      let seed = 1;
      return (rounds) => simulateBatch(pack, chart, rounds, seed++).rounds;
    }`;
  await build({
    ...SIMULATION_PROGRAM,
    stdin: { contents: entry, resolveDir: tree, loader: 'ts' },
    outfile: out,
    logLevel: 'error',
  });
}

interface Run {
  base: number;
  changed: number;
  ratio: number;
}

/** In the child: both builds warm, then the quartets; rates in rounds a second and the median quartet's ratio. */
async function child(
  baseFile: string,
  changedFile: string,
  packPath: string,
  { slice, warmSlices, quartets: count }: Sizes,
): Promise<Run> {
  const base = (await import(baseFile)).prepare(packPath) as (n: number) => number;
  const changed = (await import(changedFile)).prepare(packPath) as (n: number) => number;
  const time = (play: (n: number) => number) => {
    const start = performance.now();
    play(slice);
    return performance.now() - start;
  };
  for (let i = 0; i < warmSlices; i++) time(base), time(changed);
  const quartets: { base: number; changed: number }[] = [];
  for (let i = 0; i < count; i++) {
    const a1 = time(base);
    const b1 = time(changed);
    const b2 = time(changed);
    const a2 = time(base);
    quartets.push({ base: a1 + a2, changed: b1 + b2 });
  }
  const rate = (ms: number[]) => (2 * slice) / (median(ms) / 1000);
  return {
    base: rate(quartets.map((q) => q.base)),
    changed: rate(quartets.map((q) => q.changed)),
    ratio: median(quartets.map((q) => q.base / q.changed)),
  };
}

const millions = (n: number): string => `${(n / 1e6).toFixed(3)} M/s`;

async function main(commit: string, pack: string, runs: number, quick: boolean): Promise<void> {
  await withWorktree(commit, async (baseTree, work) => {
    const [baseFile, changedFile] = [join(work, 'base.mjs'), join(work, 'changed.mjs')];
    await bundle(baseTree, baseFile);
    await bundle(ROOT, changedFile);
    const packPath = join(ROOT, 'rules', `${pack}.yaml`);
    const ratios: number[] = [];
    for (let i = 0; i < runs; i++) {
      const cpu = i % availableParallelism();
      const result = runPinned<Run>(
        cpu,
        fileURLToPath(import.meta.url),
        ['--child', baseFile, changedFile, packPath, ...(quick ? ['--quick'] : [])],
        { nodeFlags: SIMULATION_V8_FLAGS },
      );
      if (!result) throw new Error(TASKSET_MISSING);
      ratios.push(result.ratio);
      console.log(
        `CPU ${cpu}: ${commit} ${millions(result.base)}, working tree ${millions(result.changed)}, ratio ${result.ratio.toFixed(3)}`,
      );
    }
    ratios.sort((a, b) => a - b);
    console.log(
      `${pack}: working tree / ${commit}, median of ${runs} processes: ${median(ratios).toFixed(3)} (from ${ratios[0].toFixed(3)} to ${ratios[ratios.length - 1].toFixed(3)})`,
    );
  });
}

const quick = process.argv.includes('--quick');
const args = process.argv.slice(2).filter((a) => a !== '--quick');
if (args[0] === '--child') {
  console.log(JSON.stringify(await child(args[1], args[2], args[3], quick ? QUICK : FULL)));
} else {
  const [commit, pack, runs = '8'] = args;
  if (!commit || !pack || !(Number(runs) >= 1 && Number.isInteger(Number(runs)))) {
    console.error('usage: npx tsx bench/compare.ts <commit> <pack> [runs: a whole number, at least 1] [--quick]');
    process.exit(2);
  }
  await main(commit, pack, Number(runs), quick);
}
