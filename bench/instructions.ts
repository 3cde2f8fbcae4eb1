// Instructions per simulated round, by source line and function: `npx tsx bench/instructions.ts <pack> [measured]
// [warm-up]`.
// Wall-clock figures on this virtual machine move by 30% or more between runs (and between its
// cores); an instruction count does not: the same code, pack and seed give it to within ~0.2%. So a
// change to the interpreter's hot path is compared by this, and then timed with bench/compare.ts:
// fewer instructions need not mean faster (a change of V8's inlining can outweigh them). It
// runs the simulation under valgrind's callgrind with instrumentation switched on only after the
// warm-up (callgrind_control), and reads V8's jitdump (`--perf-prof`: each compiled function's
// address, name and source positions) to put each instruction of optimised code on its line of the
// bundled program. Source positions are V8's, so an instruction is on the line whose code it was
// compiled from, inlined or not. Needs valgrind (a Debian package); takes a minute or two.
// CODE='text' also prints the machine code of every bundle line containing `text`, each instruction
// with its count per round (needs objdump, Debian's binutils).
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { enclosingFunctions, printByLineAndFunction } from './bundle-source.ts';
import { profileWarmRun, type WarmRun } from './warm-run.ts';

/** How many native functions and calls into them the report lists. */
const TOP_NATIVE = 12;

await profileWarmRun(
  'instructions',
  { measured: 150_000, warm: 400_000 },
  ['--single-threaded', '--perf-prof', '--no-compact-code-space'],
  {
    command: (node, dir) => [
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      '--dump-instr=yes',
      `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
      ...node,
    ],
    switchOn: (run) =>
      new Promise<void>((done, fail) =>
        spawn('callgrind_control', ['-i', 'on', String(run.pid)], { stdio: 'ignore' }).on('exit', (c) =>
          c === 0 ? done() : fail(new Error('callgrind_control failed')),
        ),
      ),
    report(run) {
      // V8 writes jit-<pid>.dump in its working directory.
      const dump = readdirSync(run.dir).find((f) => /^jit-\d+\.dump$/.test(f));
      if (!dump) throw new Error('node wrote no jitdump (--perf-prof)');
      const source = readFileSync(join(run.dir, 'run.mjs'), 'utf8').split('\n');
      const c = costs(join(run.dir, 'callgrind.out'), jitCode(join(run.dir, dump)));
      report(c, source, run);
      if (process.env.CODE) printMachineCode(c, source, process.env.CODE, run);
    },
  },
);

/** A compiled function from the jitdump: where its code is, its name, and the source line from each code address on. */
interface JitCode {
  start: number;
  end: number;
  /** Later code at the same place wins: V8 reuses code space. */
  order: number;
  name: string;
  /** Source positions, by address ascending: from positionAddresses[i] on, the code is line positionLines[i]'s. */
  positionAddresses: number[];
  positionLines: number[];
  /** The machine code itself. */
  bytes: Buffer;
}

/** The code records of a jitdump (perf's format: a header, then records; debug info precedes its code). */
function jitCode(path: string): { starts: number[]; codes: JitCode[] } {
  const data = readFileSync(path);
  const codes: JitCode[] = [];
  let positions: { at: number; list: { address: number; line: number }[] } | null = null;
  const num = (at: number) => Number(data.readBigUInt64LE(at));
  for (let at = data.readUInt32LE(8); at + 16 <= data.length; ) {
    const [id, size] = [data.readUInt32LE(at), data.readUInt32LE(at + 4)];
    if (size === 0) break;
    const body = at + 16;
    if (id === 2) {
      // JIT_CODE_DEBUG_INFO: code address, entry count, then entries (address, line, discriminator, file name).
      const list: { address: number; line: number }[] = [];
      let p = body + 16;
      for (let i = num(body + 8); i > 0; i--) {
        list.push({ address: num(p), line: data.readUInt32LE(p + 8) });
        p = data.indexOf(0, p + 16) + 1;
      }
      positions = { at: num(body), list: list.sort((a, b) => a.address - b.address) };
    } else if (id === 0) {
      // JIT_CODE_LOAD: pid, tid, vma, code address, code size, code index, name, code.
      const start = num(body + 16);
      const size = num(body + 24);
      const nameEnd = data.indexOf(0, body + 40);
      const name = data.toString('utf8', body + 40, nameEnd);
      const list = positions?.at === start ? positions.list : [];
      const bytes = data.subarray(nameEnd + 1, nameEnd + 1 + size);
      codes.push({
        start,
        end: start + size,
        order: num(body + 32),
        name,
        positionAddresses: list.map((p) => p.address),
        positionLines: list.map((p) => p.line),
        bytes,
      });
      positions = null;
    }
    at += size;
  }
  codes.sort((a, b) => a.start - b.start);
  return { starts: codes.map((c) => c.start), codes };
}

interface Costs {
  total: number;
  /** Optimised JavaScript's instructions per line of the bundle (0: no line known). */
  lines: Map<number, number>;
  optimised: number;
  compiler: number;
  /** Native code's own instructions by callgrind's name for it: V8's builtins and runtime, its compiler and GC. */
  native: Map<string, number>;
  /** Calls from optimised JavaScript into native code, by the native function and the calling line. */
  calls: Map<string, { callee: string; line: number; count: number }>;
  /** Each compiled function of optimised JavaScript that ran: its own instructions and the calls made into it. */
  functions: Map<JitCode, { instructions: number; calls: number }>;
  /** Optimised JavaScript's instructions by address. */
  addresses: Map<number, number>;
}

/**
 * Callgrind's self cost per instruction, put on the jitdump's code and lines (native code by callgrind's own names).
 */
function costs(outFile: string, jit: { starts: number[]; codes: JitCode[] }): Costs {
  const found = new Map<number, { code: JitCode | undefined; line: number }>();
  const place = (address: number) => {
    let known = found.get(address);
    if (known) return known;
    const hi = upperBound(jit.starts, address) - 1;
    let code: JitCode | undefined;
    for (let i = hi; i >= 0 && i > hi - 400; i--) {
      const c = jit.codes[i];
      if (c.start <= address && address < c.end && (!code || c.order > code.order)) code = c;
    }
    known = { code, line: code ? lineIn(code, address) : 0 };
    found.set(address, known);
    return known;
  };
  /** The bundle line of optimised JavaScript at `address`; null for other code (baseline, stubs). */
  const optimisedLine = (address: number): number | null => {
    const { code, line } = place(address);
    return code?.name.startsWith('JS:*') ? line : null;
  };
  const result: Costs = {
    total: 0,
    lines: new Map(),
    optimised: 0,
    compiler: 0,
    native: new Map(),
    calls: new Map(),
    functions: new Map(),
    addresses: new Map(),
  };
  const compiled = (code: JitCode) => {
    let known = result.functions.get(code);
    if (!known) result.functions.set(code, (known = { instructions: 0, calls: 0 }));
    return known;
  };
  const names = new Map<string, string>();
  // Callgrind names native code; JIT code it knows only by address.
  const isJit = (name: string) => /^0x[0-9a-f]+$/.test(name) || /^\d+$/.test(name);
  let fn = '';
  let callee = '';
  let call: { count: number } | null = null;
  let address = 0;
  for (const line of readFileSync(outFile, 'utf8').split('\n')) {
    const def = /^(c?fn)=\((\d+)\)(?: (.*))?/.exec(line);
    if (def) {
      if (def[3]) names.set(def[2], def[3]);
      if (def[1] === 'fn') fn = names.get(def[2]) ?? def[2];
      else callee = names.get(def[2]) ?? def[2];
      continue;
    }
    if (line.startsWith('calls=')) {
      call = { count: Number(line.slice(6).split(' ')[0]) }; // the next cost line is the call's inclusive cost
      continue;
    }
    const [pos, , ir] = line.split(' ');
    if (!pos || !'0123456789+-*'.includes(pos[0])) continue;
    if (pos.startsWith('0x')) address = parseInt(pos, 16);
    else if (pos[0] === '+' || pos[0] === '-')
      address +=
        (pos[0] === '+' ? 1 : -1) * Number(pos.slice(1).startsWith('0x') ? parseInt(pos.slice(1), 16) : pos.slice(1));
    if (call) {
      // A call from JIT code into optimised JavaScript: a function V8 compiled on its own, not inlined (callgrind names
      // it by its address).
      const target =
        isJit(fn) && isJit(callee) && callee.startsWith('0x') ? place(parseInt(callee, 16)).code : undefined;
      if (target?.name.startsWith('JS:*')) compiled(target).calls += call.count;
      // A call from optimised JavaScript (at this address) into named native code: a builtin or the runtime.
      const at = isJit(fn) && !isJit(callee) ? optimisedLine(address) : null;
      if (at !== null) {
        const key = `${callee}@${at}`;
        const known = result.calls.get(key) ?? { callee, line: at, count: 0 };
        known.count += call.count;
        result.calls.set(key, known);
      }
      call = null;
      continue;
    }
    if (ir === undefined) continue;
    const n = Number(ir);
    result.total += n;
    if (fn.includes('compiler::')) result.compiler += n;
    if (!isJit(fn)) {
      result.native.set(fn, (result.native.get(fn) ?? 0) + n);
      continue;
    }
    const at = optimisedLine(address);
    if (at === null) continue;
    compiled(place(address).code!).instructions += n;
    result.addresses.set(address, (result.addresses.get(address) ?? 0) + n);
    result.optimised += n;
    result.lines.set(at, (result.lines.get(at) ?? 0) + n);
  }
  return result;
}

/** The bundle line `address` of `code` was compiled from (0: none known). */
function lineIn(code: JitCode, address: number): number {
  const i = upperBound(code.positionAddresses, address) - 1;
  return i >= 0 ? code.positionLines[i] : 0;
}

/** The index of the first entry of sorted `values` above `value`. */
function upperBound(values: number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function report(c: Costs, source: string[], { pack, measured: rounds, warm }: WarmRun): void {
  console.log(`${pack.id}: ${rounds} rounds measured after ${warm}; instructions per round`);
  console.log(
    `  all ${Math.round(c.total / rounds)}, optimised JavaScript ${Math.round(c.optimised / rounds)} (compare this), V8's compiler ${Math.round(c.compiler / rounds)}`,
  );
  printByLineAndFunction(c.lines, source, (n) => (n / rounds).toFixed(1).padStart(7));
  // How the round is compiled: which functions V8 compiled apart (called, not inlined), how big each
  // one's machine code is, and how much of the round runs in it. The round's code is far larger than
  // a core's first-level instruction cache (32 KB here), and a function called rather than inlined
  // costs a call each time; both move with V8's inlining (tuning.ts).
  console.log(
    'compiled functions of optimised JavaScript: instructions and calls into it per round, machine code size:',
  );
  for (const [code, f] of [...c.functions].sort((a, b) => b[1].instructions - a[1].instructions).slice(0, TOP_NATIVE))
    console.log(
      `  ${(f.instructions / rounds).toFixed(1).padStart(7)}  ${(f.calls / rounds).toFixed(2).padStart(6)} calls  ${`${((code.end - code.start) / 1024).toFixed(1)} KB`.padStart(8)}  ${code.name.slice(4).split(' ')[0]}`,
    );
  // What that machine code is made of: each source function's bytes in the compiled functions run
  // every round, its inlined copies included. The round's code is several times the core's 32 KB
  // first-level instruction cache; a helper inlined in many places, or a rare path inlined whole (a
  // list grown in a loop, an iterator), shows here while it costs no instructions.
  const owners = enclosingFunctions(source);
  const bytes = new Map<string, number>();
  for (const [code, f] of c.functions) {
    if (f.instructions < rounds) continue;
    const at = code.positionAddresses;
    for (let i = 0; i < at.length; i++) {
      const owner = owners[code.positionLines[i]] ?? '?';
      bytes.set(owner, (bytes.get(owner) ?? 0) + (i + 1 < at.length ? at[i + 1] : code.end) - at[i]);
    }
  }
  console.log('machine code of the compiled functions run every round, by source function (KB):');
  for (const [owner, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, TOP_NATIVE))
    console.log(`  ${(n / 1024).toFixed(1).padStart(7)}  ${owner}`);
  // What the round costs outside its own code: a builtin or runtime call in the steady state is most
  // often a sign (a generic comparison, a template string built ahead of its check, a frozen array
  // read through the runtime), and each was a fix. The compiler and GC figures move with when they ran:
  // under valgrind the GC marks more often than in a real run, and while it marks, the write barrier
  // (RecordWrite) is called on pointer stores that otherwise stay inline.
  console.log('native code (builtins, runtime, compiler, GC):');
  for (const [name, n] of [...c.native].sort((a, b) => b[1] - a[1]).slice(0, TOP_NATIVE))
    console.log(`  ${(n / rounds).toFixed(1).padStart(7)}  ${name.slice(0, 100)}`);
  console.log('calls from optimised JavaScript into native code, per round, by calling line:');
  for (const { callee, line, count } of [...c.calls.values()].sort((a, b) => b.count - a.count).slice(0, TOP_NATIVE))
    console.log(
      `  ${(count / rounds).toFixed(2).padStart(7)}  ${callee.slice(0, 40).padEnd(40)} ${String(line).padStart(6)}  ${line ? source[line - 1].trim().slice(0, 80) : '(no line)'}`,
    );
}

/**
 * The machine code of the bundle's lines containing `text`, by compiled function, each instruction
 * with its count per round: where a line's cost goes (a map check, a reload of a spilled value, a
 * bounds check). V8 places some instructions on a neighbouring line: read the code around it too.
 */
function printMachineCode(c: Costs, source: string[], text: string, { dir, measured: rounds }: WarmRun): void {
  const lines = new Set(source.flatMap((t, i) => (t.includes(text) ? [i + 1] : [])));
  console.log(
    `machine code of the lines containing "${text}" (${[...lines].join(', ') || 'none'}), instructions per round:`,
  );
  for (const code of c.functions.keys()) {
    if (!code.positionLines.some((line) => lines.has(line))) continue;
    const file = join(dir, 'code.bin');
    writeFileSync(file, code.bytes);
    const listing = execFileSync(
      'objdump',
      ['-D', '-b', 'binary', '-m', 'i386:x86-64', '-M', 'intel', `--adjust-vma=0x${code.start.toString(16)}`, file],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    );
    let header = false;
    for (const row of listing.split('\n')) {
      const m = /^\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)$/.exec(row);
      if (!m) continue;
      const address = parseInt(m[1], 16);
      const line = lineIn(code, address);
      if (!lines.has(line)) continue;
      if (!header) console.log(`  ${code.name.slice(4).split(' ')[0]}:`), (header = true);
      console.log(
        `  ${((c.addresses.get(address) ?? 0) / rounds).toFixed(2).padStart(7)}  ${String(line).padStart(6)}  ${m[2].trim()}`,
      );
    }
  }
}
