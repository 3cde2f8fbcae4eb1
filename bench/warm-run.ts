// What bench/instructions.ts and bench/lines.ts share: a pack's simulation (instructions-run.ts,
// bundled) run under a profiler that is switched on only once the warm-up is done, in a temporary
// directory removed afterwards.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ESM_BANNER } from '../infra/bundling.ts';
import { bestStrategy } from '../lambdas/math/index.ts';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { isPath, loadPack, RULES_DIR } from '../lambdas/pack/load.ts';

/** How the bench's tools bundle a simulation program to run under plain `node` (this one, compare.ts). */
export const SIMULATION_PROGRAM = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: ESM_BANNER },
} as const;

export interface WarmRun {
  pack: CompiledPack;
  measured: number;
  warm: number;
  /** The temporary directory the program runs in. */
  dir: string;
  /** The simulation's process id (the profiler's child, or the profiler itself when it is the simulation). */
  pid: number;
}

export interface Profiler {
  /** The command line that runs `node` (its flags, the program and its arguments) under the profiler. */
  command(node: string[], dir: string): [string, ...string[]];
  /** Switches measuring on once the warm-up is done. */
  switchOn(run: WarmRun): Promise<void> | void;
  /** Reads what the profiler wrote, once the run has ended. */
  report(run: WarmRun): void;
}

/**
 * Runs `<tool> <pack> [measured] [warm-up]` from the command line under `profiler`; `nodeFlags` are
 * the flags the simulation's node needs for the profiler to name V8's compiled code.
 */
export async function profileWarmRun(
  tool: string,
  defaults: { measured: number; warm: number },
  nodeFlags: string[],
  profiler: Profiler,
): Promise<void> {
  const [ref, measuredArg, warmArg] = process.argv.slice(2);
  if (!ref) {
    console.error(
      `usage: npx tsx bench/${tool}.ts <pack> [measured rounds, ${defaults.measured}] [warm-up rounds, ${defaults.warm}]`,
    );
    process.exit(2);
  }
  const measured = Number(measuredArg ?? defaults.measured);
  const warm = Number(warmArg ?? defaults.warm);
  const packPath = resolve(isPath(ref) ? ref : join(RULES_DIR, `${ref}.yaml`));
  const pack = loadPack(packPath);
  const dir = mkdtempSync(join(tmpdir(), `croupier-${tool}-`));
  try {
    const chartPath = pack.family === 'blackjack' ? join(dir, 'chart.json') : '-';
    if (chartPath !== '-') writeFileSync(chartPath, JSON.stringify(bestStrategy(pack)));
    const program = join(dir, 'run.mjs');
    await build({
      ...SIMULATION_PROGRAM,
      entryPoints: [fileURLToPath(new URL('./instructions-run.ts', import.meta.url))],
      outfile: program,
      logLevel: 'silent',
    });
    const sync = join(dir, 'sync');
    const [command, ...args] = profiler.command(
      [process.execPath, ...nodeFlags, program, packPath, chartPath, String(warm), String(measured), sync],
      dir,
    );
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number>((done) => child.on('exit', (code) => done(code ?? 1)));
    while (!existsSync(`${sync}.warm`)) {
      if (child.exitCode !== null)
        throw new Error(`${command} or the simulation stopped before the warm-up ended:\n${stderr.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const run: WarmRun = { pack, measured, warm, dir, pid: child.pid! };
    await profiler.switchOn(run);
    writeFileSync(`${sync}.go`, '');
    if ((await exited) !== 0) throw new Error(`${command} failed:\n${stderr.slice(-2000)}`);
    profiler.report(run);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
