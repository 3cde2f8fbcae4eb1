// `npm run bench` figures for `croupier report` (docs/targets.md: ≤ 30 s with 10 M simulated rounds on
// this machine with 2 workers): each pack's report made by the command in a process of its own, as
// a user runs it (compiled, as `npm run croupier` runs it), timed from start to the file written
// (start-up, the exact mathematics, the simulation and the page); the simulation's own seconds as
// the command prints them beside it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULES_DIR } from '../lambdas/pack/load.ts';
import { BENCH_RUN } from './bench-run.ts';

const TARGET_SECONDS = 30;
const ROUNDS = 10_000_000;

export async function benchReport({ quick = false }: { quick?: boolean } = {}) {
  // Quick: two sub-batches of 2,000 rounds (lambdas/sim/split.ts), so both workers play; it shows the command runs.
  const rounds = quick ? 4_000 : ROUNDS;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-report-'));
  const ids = readdirSync(RULES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''));
  const packs = [];
  try {
    for (const id of ids) {
      const out = join(dir, `${id}.html`);
      const args = ['report', id, '--rounds', String(rounds), '--seed', String(BENCH_RUN.seed), '--out', out];
      const started = performance.now();
      const run = spawnSync(process.execPath, [join(root, 'cli/launch.mjs'), ...args], {
        cwd: root,
        encoding: 'utf8',
      });
      const seconds = (performance.now() - started) / 1000;
      if (run.status !== 0) throw new Error(`croupier ${args.join(' ')} failed: ${run.stderr.slice(-500)}`);
      const simulated = /simulated in ([\d.]+) s/.exec(run.stdout);
      packs.push({
        pack: id,
        rounds,
        workers: 2,
        seconds,
        simulationSeconds: simulated ? Number(simulated[1]) : null,
        bytes: statSync(out).size,
        targetSeconds: TARGET_SECONDS,
        withinTarget: seconds <= TARGET_SECONDS,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { packs };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchReport(), null, 2));
