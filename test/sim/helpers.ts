// Shared by the simulation tests: packs with their best-strategy chart loaded once per file, and
// the normal quantile for Bonferroni-widened intervals (lambdas/sim/intervals.ts).
import { bestStrategy } from '../../lambdas/math/index.ts';
import type { Chart } from '../../lambdas/pack/chart.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';

const cache = new Map<string, { pack: CompiledPack; chart: Chart | null }>();

export function packWithChart(id: string): { pack: CompiledPack; chart: Chart | null } {
  let hit = cache.get(id);
  if (!hit) {
    const pack = loadPack(id);
    hit = { pack, chart: pack.family === 'blackjack' ? bestStrategy(pack) : null };
    cache.set(id, hit);
  }
  return hit;
}

export { bonferroniZ, normalQuantile } from '../../lambdas/sim/intervals.ts';
