// `npm run bench` figures for the command line a product manager and CI run (issue 51: validate,
// rtp and diff answer in ≤ 0.5 s on a warm machine; simulate starts its first round in ≤ 1 s).
// Each command is timed the way it is run, as the compiled CLI (`node cli/launch.mjs`, what
// `npm run croupier` runs), against two befores:
// - ajvAtRunTime: the same CLI built with its rule-file validators compiled by Ajv at every start
//   (scripts/build-cli.mjs `precompile: false`), as it shipped before they were precompiled (run
//   without cli/launch.mjs's check that dist/ is current, a few milliseconds in its favour);
// - source: `tsx cli/croupier.ts`, transpiled on every run, as it shipped before it was compiled.
// warm: answers kept (cli/cache.ts) by a run before; cold: no answer kept (a pack version's first run).
// Wall time is the median of the runs; CPU time (user + system, from /usr/bin/time when there is
// one) says what the command costs whatever the machine's load, given beside the load.
// `--quick` (what test/bench/quick.test.ts runs) shows the section works: the compiled CLI, each
// command on Mewah once, with whatever answers are kept.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain JavaScript module, without types
import { buildCli } from '../scripts/build-cli.mjs';

const TIME = '/usr/bin/time';

interface Timing {
  wallSeconds: number;
  cpuSeconds: number | null;
}

function once(argv: string[], env: NodeJS.ProcessEnv = process.env): Timing {
  const timed = existsSync(TIME);
  const started = performance.now();
  const r = timed
    ? spawnSync(TIME, ['-f', 'CPU %U %S', ...argv], { encoding: 'utf8', env })
    : spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', env });
  const wallSeconds = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
  const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? '');
  return { wallSeconds, cpuSeconds: m ? Number(m[1]) + Number(m[2]) : null };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summary(all: Timing[]): Timing {
  const cpu = all.map((t) => t.cpuSeconds).filter((c): c is number => c !== null);
  return {
    wallSeconds: +median(all.map((t) => t.wallSeconds)).toFixed(3),
    cpuSeconds: cpu.length ? +median(cpu).toFixed(3) : null,
  };
}

/** Each run with an answer cache of its own, empty. */
function cold(argv: string[], runs: number): Timing {
  return summary(
    Array.from({ length: runs }, () => {
      const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-cache-'));
      try {
        return once(argv, { ...process.env, CROUPIER_CACHE_DIR: dir });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }),
  );
}

/** After one run that keeps the answers (and builds dist/ if needed, and warms the file cache). */
function warm(argv: string[], runs: number, cacheDir?: string): Timing {
  const env = cacheDir ? { ...process.env, CROUPIER_CACHE_DIR: cacheDir } : process.env;
  once(argv, env);
  return summary(Array.from({ length: runs }, () => once(argv, env)));
}

/** A 6:5 copy of Blackjack Mewah with a 25:1 perfect pair, as issue 51's product manager made it. */
function sixToFiveCopy(dir: string): string {
  const text = readFileSync('rules/blackjack-mewah.yaml', 'utf8')
    .replace('blackjack: "3:2", win: "1:1" }   # R-MW-PAY-1', 'blackjack: "6:5", win: "1:1" }   # R-MW-PAY-1')
    .replace('pays: "30:1", when: { identical', 'pays: "25:1", when: { identical');
  const path = join(dir, 'blackjack-mewah.yaml');
  writeFileSync(path, text);
  return path;
}

export async function benchCli({ quick }: { quick: boolean }) {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-'));
  const cleanUp = [dir];
  const copy = sixToFiveCopy(dir);
  const commands: Record<string, string[]> = {
    validate: ['validate'],
    validateSixToFive: ['validate', copy],
    rtp: ['rtp', 'blackjack-mewah'],
    rtpSixToFive: ['rtp', copy],
    diff: ['diff', 'rules/blackjack-mewah.yaml', copy],
    // One worker and a thousand rounds: the time is start-up (worker ready, first rounds played).
    simulateFirstRounds: ['simulate', 'blackjack-mewah', '--rounds', '1000', '--workers', '1', '--json'],
  };
  try {
    const out: Record<string, unknown> = { loadAverage: loadavg().map((l) => +l.toFixed(2)) };
    if (quick) {
      // The copy's own commands would only add its analysis, which diff makes anyway.
      for (const name of ['validate', 'rtp', 'diff', 'simulateFirstRounds'])
        out[name] = { compiled: { warm: summary([once(['node', 'cli/launch.mjs', ...commands[name]])]), cold: null } };
      return out;
    }
    const runs = 5;
    out.nodeStartSeconds = warm(['node', '-e', '0'], runs);
    // Built inside the repository, where its chunks find node_modules/.
    mkdirSync('node_modules/.cache', { recursive: true });
    const before = mkdtempSync(join('node_modules/.cache', 'croupier-bench-ajv-at-run-time-'));
    cleanUp.push(before);
    await buildCli({ outdir: before, precompile: false });
    const beforeCache = join(dir, 'ajv-at-run-time-cache');
    for (const [name, args] of Object.entries(commands)) {
      const compiled = ['node', 'cli/launch.mjs', ...args];
      const ajvAtRunTime = ['node', join(before, 'croupier.mjs'), ...args];
      out[name] = {
        compiled: { warm: warm(compiled, runs), cold: cold(compiled, 3) },
        ajvAtRunTime: { warm: warm(ajvAtRunTime, runs, beforeCache), cold: cold(ajvAtRunTime, 3) },
        source: warm(['npx', 'tsx', 'cli/croupier.ts', ...args], 1),
      };
    }
    return out;
  } finally {
    for (const d of cleanUp) rmSync(d, { recursive: true, force: true });
  }
}
