// `npm run bench` figures for `croupier simulate`: rounds per second for every pack through the
// worker threads, with one worker and with two (all workers together, start-up excluded).
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { bestStrategy } from '../lambdas/math/index.ts';
import { loadPack, RULES_DIR } from '../lambdas/pack/load.ts';
import { runSimulation } from '../lambdas/sim/workers.ts';

export async function benchSimulate({ quick = false }: { quick?: boolean } = {}) {
  // V8 needs ~1 M rounds to warm up and a figure from fewer than ~2 M understates it (PRODUCT.md);
  // the quick figures understate the full ones.
  const rounds = quick ? 40_000 : 2_000_000;
  const ids = readdirSync(RULES_DIR).filter((f) => f.endsWith('.yaml')).map((f) => f.replace(/\.yaml$/, ''));
  const packs = [];
  for (const id of ids) {
    const pack = loadPack(id);
    const chart = pack.family === 'blackjack' ? bestStrategy(pack) : null;
    const perWorkers: Record<string, number> = {};
    for (const workers of [1, 2]) {
      const run = await runSimulation(pack, chart, { rounds, seed: 1, workers });
      perWorkers[`w${workers}`] = Math.round(rounds / run.seconds);
    }
    packs.push({ pack: id, rounds, roundsPerSecondW1: perWorkers.w1, roundsPerSecondW2: perWorkers.w2 });
  }
  return { cores: availableParallelism(), packs };
}
