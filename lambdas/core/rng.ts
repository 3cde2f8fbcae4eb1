// Random sources behind one interface: a deterministic CSPRNG for live play (R-BJ-SHOE-3) and a
// fast seeded generator the simulator may inject. Scaling to a range is unbiased (rejection).
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

export interface RandomSource {
  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number;
}

const TWO_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, n) for 1 <= n <= 2^32. Rejection sampling: values from the incomplete
 * last block of n are drawn again, so every result is exactly equally likely (never raw `x % n`).
 */
export function uniformInt(rng: RandomSource, n: number): number {
  const limit = n < LIMITS.length ? LIMITS[n] : rejectFrom(n);
  let x = rng.nextUint32();
  while (x >= limit) x = rng.nextUint32();
  // x % n without a float modulo (x may exceed 2^31); exact, since x / n is far from rounding up to the next integer
  // below 2^32.
  return x - Math.floor(x / n) * n;
}

/** The first value of the incomplete last block of n. */
const rejectFrom = (n: number): number => TWO_32 - (TWO_32 % n);
/**
 * rejectFrom(n) for the small n of card shuffles: a float modulo per card is a measurable part of a simulated round.
 */
const LIMITS = Float64Array.from({ length: 1024 }, (_, n) => (n === 0 ? 0 : rejectFrom(n)));

/** Fisher–Yates over the first `length` entries, in place. */
export function shuffleInPlace(rng: RandomSource, cards: Uint8Array, length = cards.length): void {
  for (let i = length - 1; i > 0; i--) {
    swap(cards, i, uniformInt(rng, i + 1));
  }
}

/**
 * ChaCha20 keystream keyed by a 256-bit seed: the same seed always gives the same stream, and the
 * stream cannot be predicted without the seed.
 */
export class ChaChaRandom implements RandomSource {
  private readonly cipher;
  private readonly zeros = Buffer.alloc(4096);
  private block = new Uint32Array(0);
  private index = 0;

  constructor(seed: Uint8Array) {
    if (seed.length !== 32) throw new RangeError('a shoe seed is 256 bits (32 bytes)');
    this.cipher = createCipheriv('chacha20', seed, Buffer.alloc(16));
  }

  nextUint32(): number {
    if (this.index >= this.block.length) {
      const bytes = this.cipher.update(this.zeros);
      this.block = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >>> 2);
      this.index = 0;
    }
    return this.block[this.index++];
  }
}

export const newSeed = (): Uint8Array => new Uint8Array(randomBytes(32));

/** The published commitment of a seed: hex SHA-256 of its bytes. */
export const commitment = (seed: Uint8Array): string => createHash('sha256').update(seed).digest('hex');

/**
 * xoshiro128** seeded by splitmix32: fast and statistically good, NOT cryptographic. For the
 * simulator only; live play always uses ChaChaRandom.
 */
export class FastRandom implements RandomSource {
  // The four state words as int32 fields: a 64-bit Node without pointer compression keeps 32-bit
  // small integers in place, so a step reads and writes four fields, with no typed array's bounds
  // checks. `spare` is the unused 16-bit half of the last output for `below` (-1 when there is none).
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;
  private spare = -1;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) | 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  nextUint32(): number {
    const a = this.s0;
    const b = this.s1;
    const c = this.s2 ^ a;
    const d = this.s3 ^ b;
    this.s0 = a ^ d;
    this.s1 = b ^ c;
    this.s2 = c ^ (b << 9);
    this.s3 = rotl(d, 11);
    return Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
  }

  /**
   * A uniform integer in [0, n) for 1 <= n <= 2^32, unbiased: for n up to 2^16 from 16 random bits
   * by Lemire's multiply-and-shift with rejection (each output gives two), so the simulator's
   * shuffle spends half a generator step and no division per card; above 2^16, as uniformInt.
   */
  below(n: number): number {
    if (n > 0x10000) return uniformInt(this, n);
    for (;;) {
      const m = this.next16() * n; // < 2^32: exact
      const low = m & 0xffff;
      // The multiples of n in the low 16 bits are uniform except for the first 2^16 mod n: drawn again.
      if (low >= n || low >= 0x10000 % n) return m >>> 16;
    }
  }

  /**
   * The forward Fisher–Yates steps at positions from to to − 1 of `cards`: position i swaps with
   * i + below(length − i). The same numbers as below() one step at a time, and the generator left
   * as they would leave it, with its state in locals for the loop: a simulator shoe reveals ~240–340
   * cards at once (shoe.ts), and field by field each step would load and store the generator's state.
   * The steps end early after the first that puts a value from stopFrom to stopTo − 1 at its
   * position (Andar Bahar deals until a card of one rank). Answers the position after the last step.
   */
  shuffleForward(cards: Uint8Array, from: number, to: number, stopFrom = 0, stopTo = 0): number {
    const length = cards.length;
    // Int32 throughout (`| 0`): V8 keeps a loop counter derived from a parameter tagged, and checks
    // and re-tags it every step; with the bounds as int32 it keeps the counter in a register.
    const stopAt = stopFrom | 0;
    const stopWidth = (stopTo - stopFrom) | 0;
    const last = to | 0;
    // below() takes n above 2^16 otherwise; no shoe is that large.
    if (length > 0x10000) {
      for (let i = from; i < to; i++) {
        swap(cards, i, i + this.below(length - i));
        if ((cards[i] - stopAt) >>> 0 < stopWidth) return i + 1;
      }
      return to;
    }
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    let spare = this.spare;
    let end = last;
    for (let i = from | 0; i < last; i = (i + 1) | 0) {
      const n = length - i;
      let m: number;
      for (;;) {
        let x: number;
        if (spare >= 0) {
          x = spare;
          spare = -1;
        } else {
          // nextUint32, on the locals.
          const c = s2 ^ s0;
          const d = s3 ^ s1;
          const out = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
          s0 ^= d;
          s2 = c ^ (s1 << 9);
          s1 ^= c;
          s3 = rotl(d, 11);
          spare = out >>> 16;
          x = out & 0xffff;
        }
        // As below(): Lemire's multiply-and-shift, drawn again in the first 2^16 mod n.
        m = x * n;
        const low = m & 0xffff;
        if (low >= n || low >= 0x10000 % n) break;
      }
      // The swap, written out: the card put at i is checked as it is, not read back.
      const j = i + (m >>> 16);
      const card = cards[j];
      cards[j] = cards[i];
      cards[i] = card;
      if ((card - stopAt) >>> 0 < stopWidth) {
        end = (i + 1) | 0;
        break;
      }
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
    this.spare = spare;
    return end;
  }

  private next16(): number {
    const spare = this.spare;
    if (spare >= 0) {
      this.spare = -1;
      return spare;
    }
    const x = this.nextUint32();
    this.spare = x >>> 16;
    return x & 0xffff;
  }
}

const rotl = (x: number, k: number): number => (x << k) | (x >>> (32 - k));

/** Swaps two cards of a deck: a Fisher–Yates step's move. */
export function swap(cards: Uint8Array, i: number, j: number): void {
  const t = cards[i];
  cards[i] = cards[j];
  cards[j] = t;
}
