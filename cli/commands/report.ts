// `croupier report <pack> [--out FILE] [--rounds N] [--seed S]` (README, docs/math-report.md): the pack's math report
// as one self-contained HTML file: identity and file hashes, the rules in plain words, every bet's
// exact figures, the basic-strategy chart and a simulation of N rounds (default 10 M, two worker
// threads) through the interpreter with its intervals and convergence. Progress goes to stderr.
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { rtpRows } from '../../lambdas/math/rtp.ts';
import { bestStrategy } from '../../lambdas/math/strategy.ts';
import { runSimulation } from '../../lambdas/sim/workers.ts';
import { loadPackOrExitCode } from '../pack-arg.ts';
import { progress } from '../progress.ts';
import { reportData } from '../report/data.ts';
import { renderReport } from '../report/html.ts';
import { wholeNumber } from './simulate.ts';

const USAGE = 'usage: croupier report <pack> [--out FILE] [--rounds N] [--seed S]';
export const DEFAULT_ROUNDS = 10_000_000;
/** The target (docs/targets.md) is set for two worker threads; the report says how many played. */
const WORKERS = 2;

interface Options {
  ref: string;
  out: string | null;
  rounds: number;
  seed: number | null;
}

export function parseArgs(args: string[]): Options | string {
  let ref: string | undefined;
  let out: string | null = null;
  let rounds = DEFAULT_ROUNDS;
  let seed: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--out') {
      const v = value();
      if (!v) return '--out takes a file name';
      out = v;
    } else if (flag === '--rounds') {
      const v = value();
      const n = wholeNumber(v);
      if (n === null || n < 1) return `--rounds takes a whole number of rounds ≥ 1; got ${JSON.stringify(v ?? '')}`;
      rounds = n;
    } else if (flag === '--seed') {
      const v = value();
      seed = wholeNumber(v);
      if (seed === null) return `--seed takes a whole number; got ${JSON.stringify(v ?? '')}`;
    } else if (a.startsWith('-')) return `unknown option ${a}`;
    else if (ref === undefined) ref = a;
    else return `one pack at a time; got ${JSON.stringify(ref)} and ${JSON.stringify(a)}`;
  }
  if (!ref) return 'which pack? give a pack id from rules/ or a path';
  return { ref, out, rounds, seed };
}

/** An argument as a POSIX shell reads it back. */
const shellWord = (a: string): string => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);

export async function run(args: string[]): Promise<number> {
  const options = parseArgs(args);
  if (typeof options === 'string') {
    console.error(`${options}\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  const pack = loadPackOrExitCode(options.ref);
  if (typeof pack === 'number') return pack;
  const seed = options.seed ?? randomInt(0, 2 ** 32);
  if (options.seed === null) console.error(`seed ${seed} (pass --seed ${seed} to repeat this run)`);
  const out = options.out ?? `${pack.id}-report.html`;
  // The mathematics first (the chart is what the simulated player plays), then the simulation.
  const chart = pack.family === 'blackjack' ? bestStrategy(pack) : null;
  rtpRows(pack);
  const bar = progress(pack.id);
  let sim: Awaited<ReturnType<typeof runSimulation>>;
  try {
    sim = await runSimulation(pack, chart, {
      rounds: options.rounds,
      seed,
      workers: WORKERS,
      onProgress: (d, t) => bar.update(d, t),
    });
  } finally {
    bar.finish();
  }
  const data = reportData(
    pack,
    { rounds: options.rounds, seed, workers: sim.workers, seconds: sim.seconds, batches: sim.batches },
    { date: new Date(), command: ['croupier', 'report', ...args].map(shellWord).join(' ') },
  );
  writeFileSync(out, renderReport(data));
  const inside = data.simulation.bets.filter((b) => b.exactInInterval).length;
  const rounds = options.rounds.toLocaleString('en-US');
  const total = (performance.now() - started) / 1000;
  console.log(
    `${out}: ${pack.id} ${pack.version}, ${rounds} rounds simulated in ${sim.seconds.toFixed(1)} s, ` +
      `${inside} of ${data.simulation.bets.length} exact RTPs inside their 95% intervals; ${total.toFixed(1)} s in all`,
  );
  return 0;
}
