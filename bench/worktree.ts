// What the bench tools that time one build against another (compare.ts, whole.ts) share: a
// checkout of a commit beside the working tree (a detached git worktree in a temporary directory,
// sharing this tree's node_modules, removed afterwards), and the median of their timings.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The working tree's root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs `use` with a checkout of `commit` (`tree`) and a scratch directory (`work`), then removes both. */
export async function withWorktree<T>(commit: string, use: (tree: string, work: string) => Promise<T>): Promise<T> {
  const git = (...args: string[]) => {
    const run = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`);
  };
  const work = mkdtempSync(join(tmpdir(), 'croupier-worktree-'));
  const tree = join(work, 'tree');
  git('worktree', 'add', '--detach', tree, commit);
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    return await use(tree, work);
  } finally {
    git('worktree', 'remove', '--force', tree);
    rmSync(work, { recursive: true, force: true });
  }
}

/** The median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
