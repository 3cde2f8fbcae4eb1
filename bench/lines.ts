// Where a simulated round's time goes, by source line: `npx tsx bench/lines.ts <pack> [measured] [warm-up]`.
// bench/instructions.ts counts instructions, which repeat to within ~1% but miss what costs time
// without costing instructions (a mispredicted branch, a chain of dependent loads); this samples
// the clock instead. It runs the same program as instructions.ts (instructions-run.ts) under
// `perf record`, switched on only after the warm-up, with V8 writing its compiled code and source
// positions for perf (`--perf-prof`, then `perf inject --jit`), and prints the share of samples in
// optimised JavaScript per line of the bundled program and per function around it (found by
// reading the bundle, so an approximation). Samples skid: a line after a slow load or a
// mispredicted branch gets that instruction's samples. Needs perf (Debian's linux-perf); ~1 minute.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_RUN } from './bench-run.ts';
import { printByLineAndFunction } from './bundle-source.ts';
import { profileWarmRun, type WarmRun } from './warm-run.ts';

// Half the bench's measured rounds: a share of its sub-batches skips what is left of the last one it
// cuts (bench-run.ts), so the warm-up and the whole measured run do not both fit in its rounds.
await profileWarmRun('lines', { measured: BENCH_RUN.measured / 2, warm: BENCH_RUN.warmUp }, ['--perf-prof'], {
  command(node, dir) {
    spawnSync('mkfifo', [join(dir, 'control')]);
    // Recording starts switched off (-D -1); "enable" on the control fifo switches it on after the warm-up.
    return [
      'perf',
      'record',
      '-k',
      'mono',
      '-e',
      'cpu-clock',
      '-F',
      '4000',
      '-D',
      '-1',
      '--control',
      `fifo:${join(dir, 'control')}`,
      '-o',
      join(dir, 'perf.data'),
      '--',
      ...node,
    ];
  },
  switchOn: (run) => writeFileSync(join(run.dir, 'control'), 'enable\n'),
  report(run) {
    const injected = join(run.dir, 'perf.jit.data');
    const inject = spawnSync('perf', ['inject', '--jit', '-i', join(run.dir, 'perf.data'), '-o', injected], {
      cwd: run.dir,
      encoding: 'utf8',
    });
    if (inject.status !== 0) throw new Error(`perf inject failed: ${inject.stderr.slice(-1000)}`);
    report(samplesByLine(injected, run.dir), readFileSync(join(run.dir, 'run.mjs'), 'utf8').split('\n'), run);
  },
});

/** Samples of optimised JavaScript per line of the program (0: no line known), and their total. */
function samplesByLine(data: string, cwd: string): { lines: Map<number, number>; total: number } {
  const perf = (...args: string[]) => spawnSync('perf', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
  const symbols = new Set<string>();
  for (const line of perf('report', '-i', data, '--no-children', '--sort', 'sym', '--stdio').split('\n')) {
    const m = /^\s+[\d.]+%\s+\[\.\]\s+(JS:\*\S+ \S+)/.exec(line);
    if (m) symbols.add(m[1]);
  }
  const lines = new Map<number, number>();
  let total = 0;
  for (const symbol of symbols) {
    // One section per code object of that name (V8 may have compiled a function more than once);
    // each section's percentages are of its own samples.
    let samples = 0;
    let at = 0;
    for (const line of perf('annotate', '-i', data, '--stdio', '-l', symbol).split('\n')) {
      const section = /for cpu-clock \((\d+) samples/.exec(line);
      if (section) {
        samples = Number(section[1]);
        total += samples;
        at = 0;
        continue;
      }
      const source = /:\s*\d+\s+file:\/\/\S+:(\d+)\s*$/.exec(line);
      if (source) {
        at = Number(source[1]);
        continue;
      }
      const cost = /^\s*([\d.]+)\s*:\s+[0-9a-f]+:/.exec(line);
      if (cost) lines.set(at, (lines.get(at) ?? 0) + (Number(cost[1]) * samples) / 100);
    }
  }
  return { lines, total };
}

function report(
  { lines, total }: { lines: Map<number, number>; total: number },
  source: string[],
  { pack, measured, warm }: WarmRun,
): void {
  const share = (n: number) => `${((100 * n) / total).toFixed(2).padStart(6)}%`;
  console.log(`${pack.id}: ${measured} rounds measured after ${warm}; ${total} samples in optimised JavaScript`);
  printByLineAndFunction(lines, source, share);
}
