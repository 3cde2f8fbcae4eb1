// `npm run bench` figures for `croupier simulate`, per pack, through the worker threads (bundled
// code, as `croupier simulate` and the cloud function run it; under tsx the same loop ran 40–50%
// slower here, so no figure comes from this process):
// - oneCoreWarm: the target's figure, rounds per second on one core once V8 has warmed up. It
//   needs ~1 M rounds, and a figure from fewer than ~2 M understates (PRODUCT.md): one worker
//   plays warmUp + measured rounds and the rate is taken from the first progress report past
//   warmUp to the end. oneCoreWarmSegments gives the rate between successive reports (every
//   65,536 rounds) as slowest, median and fastest, since this machine's noise moves one figure.
// - w1, w2: whole runs with one and two workers, warm-up included (start-up excluded).
// - targetOneCore, ofTarget: PRODUCT.md's target for the pack's family, and oneCoreWarm as a share of it.
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { bestStrategy } from '../lambdas/math/index.ts';
import { loadPack, RULES_DIR } from '../lambdas/pack/load.ts';
import { wagerOf } from '../lambdas/sim/batch.ts';
import { runSimulation } from '../lambdas/sim/workers.ts';

/** PRODUCT.md's targets, rounds per second on one core with every bet of the pack settled. */
const TARGET_ONE_CORE = { blackjack: 1_500_000, 'andar-bahar': 3_000_000 } as const;

export async function benchSimulate({ quick = false }: { quick?: boolean } = {}) {
  const warmUp = quick ? 20_000 : 1_000_000;
  const measured = quick ? 20_000 : 2_000_000;
  const ids = readdirSync(RULES_DIR).filter((f) => f.endsWith('.yaml')).map((f) => f.replace(/\.yaml$/, ''));
  const packs = [];
  for (const id of ids) {
    const pack = loadPack(id);
    const chart = pack.family === 'blackjack' ? bestStrategy(pack) : null;
    // When the warm-up was done: the first progress report at or past it.
    let warm: { at: number; done: number } | undefined;
    let last = { at: 0, done: 0 };
    // Rates between successive progress reports once warm: this machine's noise, seen per segment.
    const segments: number[] = [];
    const onProgress = (done: number) => {
      const now = { at: performance.now(), done };
      if (warm && now.done > last.done && now.at > last.at) segments.push((now.done - last.done) / ((now.at - last.at) / 1000));
      last = now;
      if (!warm && done >= warmUp) warm = last;
    };
    const whole = await runSimulation(pack, chart, { rounds: warmUp + measured, seed: 1, workers: 1, onProgress });
    const oneCoreWarm = Math.round((last.done - warm!.done) / ((last.at - warm!.at) / 1000));
    segments.sort((a, b) => a - b);
    const w2 = await runSimulation(pack, chart, { rounds: warmUp + measured, seed: 1, workers: 2 });
    const wagers = wagerOf(pack);
    const settled = pack.bets.filter((b) => b.type !== 'behind');
    packs.push({
      pack: id,
      // A bet with the same lines in several modes is one wager, settled under each of its keys.
      wagersPlaced: settled.filter((b) => wagers[b.index] === b).length,
      betKeysSettled: settled.length,
      roundsPerSecondOneCoreWarm: oneCoreWarm,
      targetOneCore: TARGET_ONE_CORE[pack.family],
      ofTarget: Math.round((oneCoreWarm / TARGET_ONE_CORE[pack.family]) * 100) / 100,
      // Two runs of the same code differ by up to ~40% here at times: compare designs by the median segment, not one figure.
      oneCoreWarmSegments: segments.length
        ? { count: segments.length, slowest: Math.round(segments[0]), median: Math.round(segments[segments.length >> 1]), fastest: Math.round(segments[segments.length - 1]) }
        : null,
      warmUpRounds: warmUp,
      measuredRounds: last.done - warm!.done,
      roundsPerSecondW1: Math.round((warmUp + measured) / whole.seconds),
      roundsPerSecondW2: Math.round((warmUp + measured) / w2.seconds),
    });
  }
  return { cores: availableParallelism(), packs };
}
