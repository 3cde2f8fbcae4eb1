// The simulate Lambda: one batch of a cloud simulation. Input {rounds, seed}; output the batch's
// per-bet sums (lambdas/sim/batch.ts), which the aggregate step merges. The pack and, for
// blackjack, the best basic-strategy chart are baked into the bundle at synth time by the CDK app
// (esbuild `define` of these env names), so a cold start neither reads YAML nor solves the chart.
import { fromArtifact, type PackArtifact } from '../pack/artifact.ts';
import { type Chart, chartFromDocument } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import type { StrategyChart } from '../pack/schema.ts';
import { type BatchResult, simulateBatch } from '../sim/batch.ts';
import { tuneForSimulation } from '../sim/tuning.ts';

export interface SimulateEvent {
  rounds: number;
  seed: number;
}

/** One invocation stays well inside Lambda's 15 minutes on the slowest pack. */
export const MAX_ROUNDS_PER_BATCH = 200_000_000;

let loaded: { pack: CompiledPack; chart: Chart | null } | undefined;

function load(): { pack: CompiledPack; chart: Chart | null } {
  if (loaded) return loaded;
  tuneForSimulation();
  const artifact = process.env.CROUPIER_PACK_ARTIFACT;
  if (!artifact)
    throw new Error('CROUPIER_PACK_ARTIFACT is not set: the CDK app bakes the pack artifact into the bundle');
  const { pack } = fromArtifact(JSON.parse(artifact) as PackArtifact);
  let chart: Chart | null = null;
  if (pack.family === 'blackjack') {
    const baked = process.env.CROUPIER_SIM_CHART;
    if (!baked)
      throw new Error(
        `CROUPIER_SIM_CHART is not set: the CDK app bakes ${pack.id}'s best basic-strategy chart into the bundle`,
      );
    chart = chartFromDocument(JSON.parse(baked) as StrategyChart);
  }
  loaded = { pack, chart };
  return loaded;
}

function validate(event: unknown): SimulateEvent {
  const e = (event ?? {}) as Partial<SimulateEvent>;
  if (!Number.isSafeInteger(e.rounds) || e.rounds! < 1 || e.rounds! > MAX_ROUNDS_PER_BATCH)
    throw new Error(`rounds must be a whole number from 1 to ${MAX_ROUNDS_PER_BATCH}; got ${JSON.stringify(e.rounds)}`);
  if (!Number.isSafeInteger(e.seed)) throw new Error(`seed must be a whole number; got ${JSON.stringify(e.seed)}`);
  return { rounds: e.rounds!, seed: e.seed! };
}

export async function handler(event: SimulateEvent): Promise<BatchResult> {
  const { rounds, seed } = validate(event);
  const { pack, chart } = load();
  return simulateBatch(pack, chart, rounds, seed);
}
