// The bench tools that time one build against another (bench/whole.ts, bench/compare.ts) must keep
// working, as docs/performance.md sends every change to the hot path to them: each, quick,
// checks out HEAD beside the working tree, times both, prints the lines its header describes, and
// removes the checkout. No figure is judged: a benchmark reports, it never fails on time.
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';

const worktrees = () => spawnSync('git', ['worktree', 'list', '--porcelain'], { encoding: 'utf8' }).stdout;
const tool = (name: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}`, ...args], { encoding: 'utf8', timeout: 150_000 });
const RATE = String.raw`[\d.]+ M/s`;

describe('bench tools that time a commit against the working tree', () => {
  test.each([
    [
      'whole.ts',
      new RegExp(
        String.raw`^andar-bahar: HEAD best [\d.]+, median ${RATE}; working tree best [\d.]+, median ${RATE}; working tree / HEAD: best [\d.]+, median [\d.]+$`,
        'm',
      ),
    ],
    ['compare.ts', /^andar-bahar: working tree \/ HEAD, median of 1 processes: [\d.]+ \(from [\d.]+ to [\d.]+\)$/m],
  ])(
    '%s times HEAD against the working tree and leaves no checkout behind',
    (name, summary) => {
      const before = worktrees();
      const run = tool(name, 'HEAD', 'andar-bahar', '1', '--quick');
      expect(run.status, run.stderr.slice(-2000)).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^CPU \\d: HEAD ${RATE}, working tree ${RATE}`, 'm'));
      expect(run.stdout).toMatch(summary);
      expect(worktrees()).toBe(before);
    },
    180_000,
  );

  test.each(['whole.ts', 'compare.ts'])('%s called without a pack says how to call it', (name) => {
    const run = tool(name, 'HEAD');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`usage: npx tsx bench/${name} <commit> <pack>`);
  });
});
