// Owns turning batch tallies (lambdas/sim/batch.ts) into the simulation's answer: batches merged
// bet by bet, then per bet the RTP with a 95% confidence interval, the standard deviation of the
// net result per unit staked and the hit frequency. Pure: the Step Functions aggregate Lambda and
// the CLI's workers both end here, so the same tallies give the same report wherever they ran.
import type { BatchResult, BetTally } from './batch.ts';

/** z for a two-sided 95% interval of a normal distribution. */
export const Z95 = 1.959963984540054;

export interface BetSummary {
  bet: string;
  mode: string | null;
  placed: number;
  /** Return per unit staked: 1 + mean net; null when the bet was never placed. */
  rtp: number | null;
  ci95: [number, number] | null;
  /** Sample standard deviation of the net result per unit staked. */
  stdDev: number | null;
  /** Share of placed bets with a net win. */
  hitFrequency: number | null;
  /** Present when an exact value was given for the bet (keyed by compiled bet key). */
  exact?: number;
  exactInInterval?: boolean;
}

export interface SimulationSummary {
  rounds: number;
  bets: BetSummary[];
}

/** Sums batches bet by bet (by compiled key), keeping the order bets first appear in. */
export function mergeBatches(results: readonly BatchResult[]): BatchResult {
  const byKey = new Map<string, BetTally>();
  let rounds = 0;
  for (const result of results) {
    rounds += result.rounds;
    for (const t of result.tallies) {
      const sum = byKey.get(t.key);
      if (!sum) byKey.set(t.key, { ...t });
      else {
        sum.placed += t.placed;
        sum.net += t.net;
        sum.netSquared += t.netSquared;
        sum.wins += t.wins;
      }
    }
  }
  return { rounds, tallies: [...byKey.values()] };
}

/** One bet's statistics from its sums. */
export function summarizeTally(t: BetTally, exact?: number): BetSummary {
  const base = { bet: t.name, mode: t.mode, placed: t.placed };
  if (t.placed === 0)
    return {
      ...base,
      rtp: null,
      ci95: null,
      stdDev: null,
      hitFrequency: null,
      ...(exact === undefined ? {} : { exact }),
    };
  const mean = t.net / t.placed;
  // Sample variance from the sums. The subtraction cancels: anything under float resolution of the
  // sum of squares is rounding noise of a (near-)constant result, not spread.
  const spread = t.netSquared - t.placed * mean * mean;
  const variance = t.placed > 1 && spread > t.netSquared * 1e-12 ? spread / (t.placed - 1) : 0;
  const stdDev = Math.sqrt(variance);
  const half = (Z95 * stdDev) / Math.sqrt(t.placed);
  const rtp = 1 + mean;
  const ci95: [number, number] = [rtp - half, rtp + half];
  const summary: BetSummary = { ...base, rtp, ci95, stdDev, hitFrequency: t.wins / t.placed };
  if (exact !== undefined) {
    summary.exact = exact;
    summary.exactInInterval = exact >= ci95[0] && exact <= ci95[1];
  }
  return summary;
}

/** The simulation's report from any number of batches; `exact` maps bet keys to exact RTPs. */
export function aggregate(
  results: readonly BatchResult[],
  exact: Readonly<Record<string, number>> = {},
): SimulationSummary {
  const merged = mergeBatches(results);
  return { rounds: merged.rounds, bets: merged.tallies.map((t) => summarizeTally(t, exact[t.key])) };
}
