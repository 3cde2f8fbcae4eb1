// Whether a change plays a pack faster in whole runs: `npx tsx bench/whole.ts <commit> <pack> [pairs]`.
// compare.ts times both builds in one process, which cancels the machine's drift, but there they
// share V8's code space and compile beside each other, and for some changes its ratio has been ~8%
// off what whole runs in processes of their own gave (docs/performance.md). This runs the figure
// `npm run bench` reports, a pinned one-core run (one-core.ts: 1 M rounds of warm-up, 2 M measured),
// from a checkout of <commit> and from the working tree in turns (each first in every other pair),
// on each CPU, `pairs` times a CPU (3 unless given), and prints each build's best and median rate
// and their ratios. ~15 s a pair. `--quick` plays a few rounds only: it shows the tool works (its
// test), not a figure to trust.
import { availableParallelism } from 'node:os';
import { oneCorePinned } from './one-core.ts';
import { TASKSET_MISSING } from './pinned.ts';
import { median, ROOT, withWorktree } from './worktree.ts';

const quick = process.argv.includes('--quick');
const WARM_UP = quick ? 20_000 : 1_000_000;
const MEASURED = quick ? 20_000 : 2_000_000;

async function main(commit: string, pack: string, pairs: number): Promise<void> {
  await withWorktree(commit, async (baseTree) => {
    const rates = { base: [] as number[], changed: [] as number[] };
    for (let i = 0; i < pairs; i++)
      for (let cpu = 0; cpu < availableParallelism(); cpu++) {
        const run = (tree: string) => {
          const figure = oneCorePinned(cpu, pack, WARM_UP, MEASURED, { tree });
          if (!figure) throw new Error(TASKSET_MISSING);
          return figure.roundsPerSecond;
        };
        // Each build goes first in turn: a CPU can run its second process of a pair faster or slower.
        let base: number;
        let changed: number;
        if (i % 2 === 0) {
          base = run(baseTree);
          changed = run(ROOT);
        } else {
          changed = run(ROOT);
          base = run(baseTree);
        }
        rates.base.push(base);
        rates.changed.push(changed);
        console.log(
          `CPU ${cpu}: ${commit} ${(base / 1e6).toFixed(3)} M/s, working tree ${(changed / 1e6).toFixed(3)} M/s`,
        );
      }
    const best = (r: number[]) => Math.max(...r);
    console.log(
      `${pack}: ${commit} best ${(best(rates.base) / 1e6).toFixed(3)}, median ${(median(rates.base) / 1e6).toFixed(3)} M/s; ` +
        `working tree best ${(best(rates.changed) / 1e6).toFixed(3)}, median ${(median(rates.changed) / 1e6).toFixed(3)} M/s; ` +
        `working tree / ${commit}: best ${(best(rates.changed) / best(rates.base)).toFixed(3)}, median ${(median(rates.changed) / median(rates.base)).toFixed(3)}`,
    );
  });
}

const [commit, pack, pairs = '3'] = process.argv.slice(2).filter((a) => a !== '--quick');
if (!commit || !pack || !(Number(pairs) >= 1 && Number.isInteger(Number(pairs)))) {
  console.error('usage: npx tsx bench/whole.ts <commit> <pack> [pairs: a whole number, at least 1] [--quick]');
  process.exit(2);
}
await main(commit, pack, Number(pairs));
