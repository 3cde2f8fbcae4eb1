// Instructions per simulated round, by function: `npx tsx bench/instructions.ts <pack> [measured] [warm-up]`.
// Wall-clock figures on this virtual machine move by 30% or more between runs (and between its
// cores); an instruction count does not: the same code, pack and seed give the same count to
// within ~1%. So a change to the interpreter's hot path is compared by this, and confirmed by
// `npm run bench`. It runs the simulation under valgrind's callgrind with instrumentation switched
// on only after the warm-up (callgrind_control), names V8's compiled code from its perf map, and
// prints each function's own instructions per measured round, optimised code (JS:*) first.
// Needs valgrind (a Debian package); takes a minute or two.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { profileWarmRun, type WarmRun } from './warm-run.ts';

await profileWarmRun('instructions', { measured: 150_000, warm: 400_000 }, ['--single-threaded', '--perf-basic-prof', '--no-compact-code-space'], {
  command: (node, dir) => ['valgrind', '--tool=callgrind', '--instr-atstart=no', '--dump-instr=yes', `--callgrind-out-file=${join(dir, 'callgrind.out')}`, ...node],
  switchOn: (run) =>
    new Promise<void>((done, fail) => spawn('callgrind_control', ['-i', 'on', String(run.pid)], { stdio: 'ignore' }).on('exit', (c) => (c === 0 ? done() : fail(new Error('callgrind_control failed'))))),
  report(run) {
    // valgrind runs node in its own process: the perf map is named by valgrind's pid.
    const map = `/tmp/perf-${run.pid}.map`;
    report(selfCosts(join(run.dir, 'callgrind.out'), map), run);
    rmSync(map, { force: true });
  },
});

/** The functions of a perf map, sorted by address; later code at the same place wins (V8 reuses code space). */
function perfMap(path: string): { starts: number[]; entries: { start: number; end: number; order: number; name: string }[] } {
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line, order) => {
      const [start, size, ...name] = line.split(' ');
      return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), order, name: name.join(' ').replace(/ file:\/\/\S+/, '') };
    })
    .sort((a, b) => a.start - b.start);
  return { starts: entries.map((e) => e.start), entries };
}

/** Each function's own instructions (callgrind's self cost), JIT code named from the perf map. */
function selfCosts(outFile: string, mapFile: string): Map<string, number> {
  const { starts, entries } = perfMap(mapFile);
  const named = new Map<number, string>();
  const nameAt = (addr: number): string => {
    let name = named.get(addr);
    if (name !== undefined) return name;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= addr) lo = mid + 1;
      else hi = mid - 1;
    }
    let best: (typeof entries)[number] | undefined;
    for (let i = hi; i >= 0 && i > hi - 400; i--) if (entries[i].end > addr && entries[i].start <= addr && (!best || entries[i].order > best.order)) best = entries[i];
    name = best?.name ?? 'JIT code (unnamed)';
    named.set(addr, name);
    return name;
  };
  const names = new Map<string, string>();
  const costs = new Map<string, number>();
  let fn = '';
  let addr = 0;
  let skip = false;
  for (const line of readFileSync(outFile, 'utf8').split('\n')) {
    const def = /^(c?fn)=\((\d+)\)(?: (.*))?/.exec(line);
    if (def) {
      if (def[3]) names.set(def[2], def[3]);
      if (def[1] === 'fn') fn = names.get(def[2]) ?? def[2];
      continue;
    }
    if (line.startsWith('calls=')) {
      skip = true; // the next cost line is the call's inclusive cost
      continue;
    }
    const [pos, , ir] = line.split(' ');
    if (!pos || !'0123456789+-*'.includes(pos[0])) continue;
    if (pos.startsWith('0x')) addr = parseInt(pos, 16);
    else if (pos[0] === '+' || pos[0] === '-') addr += (pos[0] === '+' ? 1 : -1) * Number(pos.slice(1).startsWith('0x') ? parseInt(pos.slice(1), 16) : pos.slice(1));
    if (skip) {
      skip = false;
      continue;
    }
    if (ir === undefined) continue;
    const name = /^0x[0-9a-f]+$/.test(fn) || /^\d+$/.test(fn) ? nameAt(addr) : fn;
    costs.set(name, (costs.get(name) ?? 0) + Number(ir));
  }
  return costs;
}

function report(costs: Map<string, number>, { pack, measured: rounds, warm }: WarmRun): void {
  const perRound = [...costs].map(([name, ir]) => [name, ir / rounds] as const).sort((a, b) => b[1] - a[1]);
  const sum = (pick: (name: string) => boolean) => Math.round(perRound.filter(([n]) => pick(n)).reduce((s, [, v]) => s + v, 0));
  console.log(`${pack.id}: ${rounds} rounds measured after ${warm}; instructions per round`);
  console.log(`  all ${sum(() => true)}, optimised JavaScript ${sum((n) => n.startsWith('JS:*'))} (compare this), V8's compiler ${sum((n) => n.includes('compiler::'))}`);
  for (const [name, v] of perRound.filter(([n]) => n.startsWith('JS:*')).slice(0, 30)) console.log(`  ${Math.round(v).toString().padStart(6)}  ${name.slice(4)}`);
}
