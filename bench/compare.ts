// Whether a change plays a pack faster on the clock: `npx tsx bench/compare.ts <commit> <pack> [pairs]`.
// One bench run cannot show a change under ~7% here (a core's speed drifts by that from hour to
// hour), and fewer instructions need not mean faster (bench/instructions.ts). So this takes the
// pack's one-core figure (one-core.ts: pinned, 1 M rounds of warm-up, 2 M measured) for <commit>,
// from a worktree of it, and for the working tree, one right after the other on the same CPU,
// `pairs` times on each CPU (3 unless given), and prints each pair and the median ratio. ~15 s a pair.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oneCorePinned } from './one-core.ts';

const [commit, pack, pairs = '3'] = process.argv.slice(2);
if (!commit || !pack) {
  console.error('usage: npx tsx bench/compare.ts <commit> <pack> [pairs per CPU]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));

function git(...args: string[]): void {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`);
}

/** Rounds a second on `cpu` for the code in `tree`. */
function roundsPerSecond(tree: string, cpu: number): number {
  const figure = oneCorePinned(cpu, pack, 1_000_000, 2_000_000, tree);
  if (!figure) throw new Error('taskset is missing (Debian package util-linux): the runs must be pinned to compare');
  return figure.roundsPerSecond;
}

const millions = (n: number): string => `${(n / 1e6).toFixed(3)} M/s`;

const base = mkdtempSync(join(tmpdir(), 'croupier-compare-'));
git('worktree', 'add', '--detach', base, commit);
try {
  symlinkSync(join(root, 'node_modules'), join(base, 'node_modules'));
  const ratios: number[] = [];
  for (let i = 0; i < Number(pairs); i++)
    for (let cpu = 0; cpu < availableParallelism(); cpu++) {
      const before = roundsPerSecond(base, cpu);
      const after = roundsPerSecond(root, cpu);
      ratios.push(after / before);
      console.log(`CPU ${cpu}: ${commit} ${millions(before)}, working tree ${millions(after)}, ratio ${(after / before).toFixed(3)}`);
    }
  ratios.sort((a, b) => a - b);
  const mid = ratios.length >> 1;
  const median = ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
  console.log(`${pack}: working tree / ${commit}, median of ${ratios.length}: ${median.toFixed(3)} (from ${ratios[0].toFixed(3)} to ${ratios[ratios.length - 1].toFixed(3)})`);
} finally {
  git('worktree', 'remove', '--force', base);
}
