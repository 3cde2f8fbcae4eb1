// `npm run bench` figures for the command line a product manager and CI run (issue 51: validate,
// rtp and diff answer in ≤ 0.5 s on a warm machine; simulate starts its first round in ≤ 1 s).
// Each command is timed the way it is run: `node cli/launch.mjs` (the compiled CLI, what
// `npm run croupier` runs), after one warm-up run that builds dist/ if needed and keeps the
// answers, against `tsx cli/croupier.ts` (the source, transpiled on every run, as it shipped
// before). Wall time is the median of the runs; CPU time (user + system, from /usr/bin/time when
// there is one) says what the command costs whatever the machine's load, given beside the load.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const TIME = '/usr/bin/time';

interface Timing {
  wallSeconds: number;
  cpuSeconds: number | null;
}

function once(argv: string[]): Timing {
  const timed = existsSync(TIME);
  const started = performance.now();
  const r = timed
    ? spawnSync(TIME, ['-f', 'CPU %U %S', ...argv], { encoding: 'utf8' })
    : spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
  const wallSeconds = (performance.now() - started) / 1000;
  const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? '');
  return { wallSeconds, cpuSeconds: m ? Number(m[1]) + Number(m[2]) : null };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timed(argv: string[], runs: number): Timing {
  once(argv); // warm-up: builds dist/ when stale, fills the answer cache, warms the file cache
  const all = Array.from({ length: runs }, () => once(argv));
  const cpu = all.map((t) => t.cpuSeconds).filter((c): c is number => c !== null);
  return {
    wallSeconds: +median(all.map((t) => t.wallSeconds)).toFixed(3),
    cpuSeconds: cpu.length ? +median(cpu).toFixed(3) : null,
  };
}

/** A 6:5 copy of Blackjack Mewah with a 25:1 perfect pair, as issue 51's product manager made it. */
function sixToFiveCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-'));
  const text = readFileSync('rules/blackjack-mewah.yaml', 'utf8')
    .replace('blackjack: "3:2", win: "1:1" }   # R-MW-PAY-1', 'blackjack: "6:5", win: "1:1" }   # R-MW-PAY-1')
    .replace('pays: "30:1", when: { identical', 'pays: "25:1", when: { identical');
  const path = join(dir, 'blackjack-mewah.yaml');
  writeFileSync(path, text);
  return path;
}

/** `--quick` (what test/bench/quick.test.ts runs) times the compiled CLI once each and skips the source. */
export async function benchCli({ quick }: { quick: boolean }) {
  const runs = quick ? 1 : 5;
  const copy = sixToFiveCopy();
  const commands: Record<string, string[]> = {
    validate: ['validate'],
    rtp: ['rtp', 'blackjack-mewah'],
    diff: ['diff', 'rules/blackjack-mewah.yaml', copy],
    // One worker and a thousand rounds: the time is start-up (worker ready, first rounds played).
    simulateFirstRounds: ['simulate', 'blackjack-mewah', '--rounds', '1000', '--workers', '1', '--json'],
  };
  const out: Record<string, unknown> = {
    loadAverage: loadavg().map((l) => +l.toFixed(2)),
    nodeStartSeconds: timed(['node', '-e', '0'], runs),
  };
  for (const [name, args] of Object.entries(commands))
    out[name] = {
      compiled: timed(['node', 'cli/launch.mjs', ...args], runs),
      source: quick ? null : timed(['npx', 'tsx', 'cli/croupier.ts', ...args], 3),
    };
  return out;
}
