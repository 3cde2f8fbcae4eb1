// The simulation run `npm run bench` times (simulate.ts, one-core.ts), in one place. The tools that
// explain its figure (instructions.ts, lines.ts, deopts.ts) play the same rounds in the same order:
// V8 compiles the round as the rounds it has seen lead it to, so other rounds can give another compile.
import { type SubBatch, subBatches } from '../lambdas/sim/split.ts';

export const BENCH_RUN = { warmUp: 1_000_000, measured: 2_000_000, seed: 1 } as const;

/**
 * The bench run's sub-batches in order, handed out `rounds` at a time (the last of each share cut to
 * fit, the rest of it skipped): a warm-up and then the measured rounds continue one sequence.
 */
export function benchBatches(): (rounds: number) => SubBatch[] {
  const total = BENCH_RUN.warmUp + BENCH_RUN.measured;
  const batches = subBatches(total, BENCH_RUN.seed);
  let next = 0;
  return (rounds) => {
    const share: SubBatch[] = [];
    for (let done = 0; done < rounds; next++) {
      if (next === batches.length) throw new Error(`more rounds than the bench's run of ${total}`);
      const b = batches[next];
      const n = Math.min(b.rounds, rounds - done);
      share.push({ ...b, rounds: n });
      done += n;
    }
    return share;
  };
}
