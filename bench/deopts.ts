// Where V8 throws a simulated round's compiled code away: `npx tsx bench/deopts.ts <pack> [rounds]`.
// A deopt of the function a round is compiled into costs a recompile on the simulating thread
// (100-400 ms), and the round comes back compiled as the functions optimised by then allow: at
// 164,066 rounds of lucky-ladies a big win's net squared overflows the tally's small-integer
// multiply (ledger.ts, addNet), and the recompile inlines dispatch into playRounds (7,875
// instructions a round); squared with `**`, without that deopt, dispatch stays compiled apart and
// is called three times a round (8,044), so the multiply stays as it is. This plays the bench's own
// run (the sub-batches of its 3 M-round run with seed 1, in order, the first `rounds` of them, under
// the simulation's V8 flags) in a process of its own with --trace-deopt-verbose, and lists every
// deopt with the rounds played when it happened and the chain of inlined functions it came from,
// outermost first. A few early ones are normal (a path seen for the first time); one after the
// bench's warm-up is worth a look. About ten seconds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isPath, RULES_DIR } from '../lambdas/pack/load.ts';
import { SIMULATION_V8_FLAGS } from '../lambdas/sim/tuning.ts';
import { BENCH_RUN } from './bench-run.ts';
import { SIMULATION_PROGRAM } from './warm-run.ts';

const BENCH_ROUNDS = BENCH_RUN.warmUp + BENCH_RUN.measured;

interface Deopt {
  /**
   * Rounds played when it happened; -1 before the first sub-batch ended (start-up, a blackjack pack's strategy chart).
   */
  rounds: number;
  fn: string;
  reason: string;
  /** Inlined frames, outermost first. */
  frames: string[];
}

/**
 * The program run under the trace: the run's sub-batches in order, each followed by a line saying how many rounds are
 * done.
 */
const PROGRAM = `
  import { loadPack } from './lambdas/pack/load.ts';
  import { bestStrategy } from './lambdas/math/index.ts';
  import { simulateBatch } from './lambdas/sim/batch.ts';
  import { benchBatches } from './bench/bench-run.ts';
  const [packPath, rounds] = process.argv.slice(2);
  const pack = loadPack(packPath);
  const chart = pack.family === 'blackjack' ? bestStrategy(pack) : null;
  let done = 0;
  for (const b of benchBatches()(Number(rounds))) {
    simulateBatch(pack, chart, b.rounds, b.seed);
    done += b.rounds;
    console.log('ROUNDS ' + done);
  }`;

function deopts(trace: string): Deopt[] {
  const found: Deopt[] = [];
  let rounds = -1;
  let current: Deopt | null = null;
  for (const line of trace.split('\n')) {
    const done = /^ROUNDS (\d+)$/.exec(line);
    if (done) rounds = Number(done[1]);
    const bailout = /^\[bailout \(kind: [^,]+, reason: ([^)]*)\): begin\. deoptimizing \S+ <JSFunction ([^ >]*)/.exec(
      line,
    );
    if (bailout) found.push((current = { rounds, fn: bailout[2] || '(anonymous)', reason: bailout[1], frames: [] }));
    const frame = /^\s+reading input frame (\S*) =>/.exec(line);
    if (frame && current) current.frames.push(frame[1] || '(anonymous)');
  }
  return found;
}

const [ref, roundsArg = String(BENCH_ROUNDS)] = process.argv.slice(2);
if (!ref || !(Number(roundsArg) >= 1 && Number(roundsArg) <= BENCH_ROUNDS)) {
  console.error(`usage: npx tsx bench/deopts.ts <pack> [rounds, up to the bench's ${BENCH_ROUNDS}]`);
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const packPath = resolve(isPath(ref) ? ref : join(RULES_DIR, `${ref}.yaml`));
const dir = mkdtempSync(join(tmpdir(), 'croupier-deopts-'));
try {
  const program = join(dir, 'run.mjs');
  await build({
    ...SIMULATION_PROGRAM,
    stdin: { contents: PROGRAM, resolveDir: root, loader: 'ts' },
    outfile: program,
    logLevel: 'error',
  });
  const run = spawnSync(
    process.execPath,
    [...SIMULATION_V8_FLAGS, '--trace-deopt-verbose', program, packPath, roundsArg],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  if (run.status !== 0) throw new Error(`the simulation failed: ${run.stderr.slice(-1000)}`);
  const all = deopts(run.stdout);
  const inRounds = all.filter((d) => d.rounds >= 0);
  console.log(
    `${ref}: ${roundsArg} rounds; ${all.length} deopts, ${all.length - inRounds.length} before the first sub-batch ended (start-up, a blackjack pack's strategy chart), ${inRounds.filter((d) => d.rounds >= BENCH_RUN.warmUp).length} after the bench's warm-up of ${BENCH_RUN.warmUp}`,
  );
  for (const d of inRounds)
    console.log(`  ${String(d.rounds).padStart(9)} rounds  ${d.fn}: ${d.reason}  (${d.frames.join(' > ')})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
