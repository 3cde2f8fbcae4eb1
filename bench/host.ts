// How fast this host runs plain JavaScript, so one run's simulation figures can be read against
// another's. The same engine code has measured far apart on this machine kind, on different days and
// on the two CPUs of one machine minutes apart, every figure in step: a figure alone does not say
// whether a change or the host moved it.
//
// The workload is fixed here on purpose, not the engine's FastRandom: a change to the engine must
// not move the yardstick. It is the one docs/targets.md gives design facts for (a xoshiro-class
// number, a Fisher–Yates card): xoshiro128** numbers, and an 8-deck shoe shuffled by Fisher–Yates
// with Lemire's unbiased scaling. The fastest of several repeats, as for the one-core figures: the
// rest of the host only slows a repeat down.

import { fileURLToPath } from 'node:url';
import { runPinned } from './pinned.ts';

export interface HostFigure {
  nsPerNumber: number;
  nsPerCard: number;
}

const REPEATS = 7;
const NUMBERS = 1 << 23;
const SHOE = 416;
const SHUFFLES = 20_000;

function probe(): HostFigure {
  let s0 = 0x9e3779b9 | 0;
  let s1 = 0x243f6a88 | 0;
  let s2 = 0xb7e15162 | 0;
  let s3 = 0x7f4a7c15 | 0;
  const next = (): number => {
    const out = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return out;
  };
  const cards = Uint8Array.from({ length: SHOE }, (_, i) => i % 52);
  let sink = 0;
  let number = Infinity;
  let card = Infinity;
  for (let r = 0; r < REPEATS; r++) {
    let t = performance.now();
    for (let i = 0; i < NUMBERS; i++) sink ^= next();
    number = Math.min(number, ((performance.now() - t) * 1e6) / NUMBERS);
    t = performance.now();
    for (let k = 0; k < SHUFFLES; k++)
      for (let i = SHOE - 1; i > 0; i--) {
        // Lemire: a 32-bit number times the range (exact in a double), drawn again in the first 2^32 mod range.
        const n = i + 1;
        let m = next() * n;
        let j = Math.floor(m / 0x100000000);
        if (m - j * 0x100000000 < n)
          while (m - j * 0x100000000 < 0x100000000 % n) {
            m = next() * n;
            j = Math.floor(m / 0x100000000);
          }
        const c = cards[i];
        cards[i] = cards[j];
        cards[j] = c;
      }
    card = Math.min(card, ((performance.now() - t) * 1e6) / (SHUFFLES * (SHOE - 1)));
    sink ^= cards[0];
  }
  if (sink === 0.5) console.log(sink); // never true: keeps the work from being optimised away
  return { nsPerNumber: round2(number), nsPerCard: round2(card) };
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));
const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * The probe in a process of its own pinned to `cpu` (the same Node and loader as this one); where taskset is missing,
 * here (cpu null).
 */
export function hostOnCpu(cpu: number): HostFigure & { cpu: number | null } {
  const figure = runPinned<HostFigure>(cpu, fileURLToPath(import.meta.url), []);
  return figure ? { cpu, ...figure } : { cpu: null, ...probe() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(JSON.stringify(probe()));
