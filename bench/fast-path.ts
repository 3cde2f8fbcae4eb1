// `npm run bench`'s check of the fast path (fastPath in its report): the differential check of
// fast-path-check.ts over 1 M rounds of every shipped pack and every YAML-only variant
// (test/fixtures/variants.ts), each in a process of its own running the bundled code under the
// simulator's V8 flags, as the simulator runs. It reports whether every round was the same on both
// paths, and the first that was not.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { SIMULATION_V8_FLAGS } from '../lambdas/sim/tuning.ts';
import { variantPacks } from '../test/fixtures/variants.ts';
import type { FastPathCheck } from './fast-path-check.ts';
import { SIMULATION_PROGRAM } from './warm-run.ts';
import { ROOT } from './worktree.ts';

/** Rounds the bench checks per pack. */
const BENCH_ROUNDS = 1_000_000;

/** `npm run bench`'s section: every shipped pack and every variant, checked over BENCH_ROUNDS rounds each. */
export async function benchFastPath({ quick = false }: { quick?: boolean } = {}) {
  const rounds = quick ? 2_000 : BENCH_ROUNDS;
  const dir = mkdtempSync(join(tmpdir(), 'croupier-fast-path-'));
  const variants = variantPacks();
  try {
    const program = join(dir, 'check.mjs');
    await build({
      ...SIMULATION_PROGRAM,
      stdin: {
        contents: `
          import { checkFastPath } from './bench/fast-path-check.ts';
          import { bestStrategy } from './lambdas/math/index.ts';
          import { loadPack } from './lambdas/pack/load.ts';
          const [path, rounds] = process.argv.slice(2);
          const pack = loadPack(path);
          const chart = pack.family === 'blackjack' ? bestStrategy(pack) : null;
          console.log(JSON.stringify(checkFastPath(pack, chart, Number(rounds))));`,
        resolveDir: ROOT,
        loader: 'ts',
      },
      outfile: program,
      logLevel: 'error',
    });
    const shipped = readdirSync(join(ROOT, 'rules'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => join(ROOT, 'rules', f));
    const all = [...shipped, ...variants.packs.map((p) => p.path)];
    // A quick run (the bench's test) shows the check works: one shipped pack and one variant.
    const paths = quick ? [shipped[0], variants.packs[0].path] : all;
    const packs = paths.map((path): FastPathCheck => {
      const run = spawnSync(process.execPath, [...SIMULATION_V8_FLAGS, program, path, String(rounds)], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      if (run.status !== 0) throw new Error(`the fast path's check of ${path} failed: ${run.stderr.slice(-1000)}`);
      return JSON.parse(run.stdout) as FastPathCheck;
    });
    return { rounds, identical: packs.every((p) => p.identical), packs };
  } finally {
    variants.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}
