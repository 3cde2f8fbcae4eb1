// How a simulation of N rounds with seed S is cut into sub-batches. The cut depends on N and S
// only — never on the number of workers — and the batches are merged in index order, so the same
// seed gives the same result however many threads play them (README, `simulate`).

export interface SubBatch {
  index: number;
  rounds: number;
  seed: number;
}

/** Enough sub-batches to keep many cores busy and the progress bar moving. */
export const MAX_SUB_BATCHES = 256;
/** Below this a sub-batch is not worth a message round trip. */
export const MIN_SUB_BATCH_ROUNDS = 2_000;

/** splitmix32's finaliser: a bijective 32-bit mix. */
function mix32(x: number): number {
  let z = x >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/** The 32-bit seed of sub-batch `index` of a simulation seeded with `seed` (any safe integer). */
export function subBatchSeed(seed: number, index: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x1_0000_0000) >>> 0;
  const base = mix32(lo ^ mix32(hi + 0x632be5ab));
  return mix32(base + Math.imul(index + 1, 0x9e3779b9));
}

/** The sub-batches of a run: sizes differ by at most one round, seeds derived from `seed`. */
export function subBatches(rounds: number, seed: number): SubBatch[] {
  if (!Number.isSafeInteger(rounds) || rounds < 1)
    throw new RangeError(`rounds must be a whole number ≥ 1; got ${rounds}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a whole number; got ${seed}`);
  const count = Math.min(MAX_SUB_BATCHES, Math.ceil(rounds / MIN_SUB_BATCH_ROUNDS));
  const size = Math.floor(rounds / count);
  const extra = rounds % count;
  return Array.from({ length: count }, (_, index) => ({
    index,
    rounds: size + (index < extra ? 1 : 0),
    seed: subBatchSeed(seed, index),
  }));
}
