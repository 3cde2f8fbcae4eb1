// The aggregate Lambda of the simulation state machine. `merge` sums a group of batches (each
// Distributed Map child workflow reduces its own items, so no state payload grows with the number
// of batches); `summary` turns the groups into per-bet RTP with 95% confidence intervals.
import { aggregate, mergeBatches, type SimulationSummary } from '../sim/aggregate.ts';
import type { BatchResult } from '../sim/batch.ts';

export type AggregateEvent =
  | { mode: 'merge'; results: BatchResult[] }
  | { mode: 'summary'; results: BatchResult[]; exact?: Record<string, number> };

export interface SimulationReport extends SimulationSummary {
  pack: string | null;
  sha256: string | null;
}

export async function handler(event: AggregateEvent): Promise<BatchResult | SimulationReport> {
  if (!event || !Array.isArray(event.results)) throw new Error('results must be an array of batch results');
  if (event.mode === 'merge') return mergeBatches(event.results);
  if (event.mode !== 'summary')
    throw new Error(`mode must be "merge" or "summary"; got ${JSON.stringify((event as { mode?: unknown }).mode)}`);
  return {
    pack: process.env.CROUPIER_PACK_ID ?? null,
    sha256: process.env.CROUPIER_PACK_SHA256 ?? null,
    ...aggregate(event.results, event.exact),
  };
}
