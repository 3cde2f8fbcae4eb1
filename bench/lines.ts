// Where a simulated round's time goes, by source line: `npx tsx bench/lines.ts <pack> [measured] [warm-up]`.
// bench/instructions.ts counts instructions, which repeat to within ~1% but miss what costs time
// without costing instructions (a mispredicted branch, a chain of dependent loads); this samples
// the clock instead. It runs the same program as instructions.ts (instructions-run.ts) under
// `perf record`, switched on only after the warm-up, with V8 writing its compiled code and source
// positions for perf (`--perf-prof`, then `perf inject --jit`), and prints the share of samples in
// optimised JavaScript per line of the bundled program and per function around it (found by
// reading the bundle, so an approximation). Samples skid: a line after a slow load or a
// mispredicted branch gets that instruction's samples. Needs perf (Debian's linux-perf); ~1 minute.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bestStrategy } from '../lambdas/math/index.ts';
import { isPath, loadPack, RULES_DIR } from '../lambdas/pack/load.ts';

const [ref, measuredArg, warmArg] = process.argv.slice(2);
if (!ref) {
  console.error('usage: npx tsx bench/lines.ts <pack> [measured rounds, 2000000] [warm-up rounds, 1000000]');
  process.exit(2);
}
const measured = Number(measuredArg ?? 2_000_000);
const warm = Number(warmArg ?? 1_000_000);
const packPath = resolve(isPath(ref) ? ref : join(RULES_DIR, `${ref}.yaml`));
const pack = loadPack(packPath);
const dir = mkdtempSync(join(tmpdir(), 'croupier-lines-'));

try {
  const chartPath = pack.family === 'blackjack' ? join(dir, 'chart.json') : '-';
  if (chartPath !== '-') writeFileSync(chartPath, JSON.stringify(bestStrategy(pack)));
  const program = join(dir, 'run.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./instructions-run.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: program,
    logLevel: 'silent',
    banner: { js: `import { createRequire as __croupierRequire } from 'node:module'; const require = __croupierRequire(import.meta.url);` },
  });
  const sync = join(dir, 'sync');
  const control = join(dir, 'control');
  spawnSync('mkfifo', [control]);
  const record = join(dir, 'perf.data');
  // Recording starts switched off (-D -1); "enable" on the control fifo switches it on after the warm-up.
  const args = ['record', '-k', 'mono', '-e', 'cpu-clock', '-F', '4000', '-D', '-1', '--control', `fifo:${control}`, '-o', record, '--', process.execPath, '--perf-prof', program, packPath, chartPath, String(warm), String(measured), sync];
  const child = spawn('perf', args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? 1)));
  while (!existsSync(`${sync}.warm`)) {
    if (child.exitCode !== null) throw new Error(`perf or the simulation stopped before the warm-up ended:\n${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  writeFileSync(control, 'enable\n');
  writeFileSync(`${sync}.go`, '');
  if ((await exited) !== 0) throw new Error(`perf record failed:\n${stderr.slice(-2000)}`);
  const injected = join(dir, 'perf.jit.data');
  const inject = spawnSync('perf', ['inject', '--jit', '-i', record, '-o', injected], { cwd: dir, encoding: 'utf8' });
  if (inject.status !== 0) throw new Error(`perf inject failed: ${inject.stderr.slice(-1000)}`);
  report(samplesByLine(injected, dir), readFileSync(program, 'utf8').split('\n'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

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

/** The function each line of the bundle is in: the nearest declaration above it. */
function enclosingFunctions(source: string[]): string[] {
  const declaration = /^\s*(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*([\w$]+)\s*\(|(?:var|const|let)\s+([\w$]+)\s*=\s*(?:\([^)]*\)|[\w$]+)\s*=>|(?:static\s+|get\s+|set\s+)?([\w$]+)\s*\([^)]*\)\s*\{)/;
  const owners: string[] = ['?'];
  let current = '?';
  for (const text of source) {
    const m = declaration.exec(text);
    if (m && !/^\s*(if|for|while|switch|return|catch)\b/.test(text)) current = m[1] ?? m[2] ?? m[3];
    owners.push(current);
  }
  return owners;
}

function report({ lines, total }: { lines: Map<number, number>; total: number }, source: string[]): void {
  const share = (n: number) => `${((100 * n) / total).toFixed(2).padStart(6)}%`;
  console.log(`${pack.id}: ${measured} rounds measured after ${warm}; ${total} samples in optimised JavaScript`);
  console.log('by line of the bundled program:');
  for (const [line, n] of [...lines].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${share(n)} ${String(line).padStart(6)}  ${line ? source[line - 1].trim().slice(0, 110) : '(no line)'}`);
  const owners = enclosingFunctions(source);
  const byFunction = new Map<string, number>();
  for (const [line, n] of lines) byFunction.set(owners[line] ?? '?', (byFunction.get(owners[line] ?? '?') ?? 0) + n);
  console.log('by function:');
  for (const [name, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${share(n)}  ${name}`);
}
