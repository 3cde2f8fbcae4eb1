// The `croupier simulate --json` document (README, the command line): the merged tallies summarised per bet by
// aggregate.ts, each next to the bet's exact RTP from the game math (the analysis value for the
// blackjack main bet) and whether that value lies in the 95% interval.
import { rtpRows } from '../math/index.ts';
import { type CompiledPack, findBet } from '../pack/compiled.ts';
import { aggregate, type BetSummary } from './aggregate.ts';
import type { BatchResult } from './batch.ts';

/** A bet's summary as the contract prints it: the exact value and its check always present (null when none). */
export type SimulatedBet = Omit<BetSummary, 'exact' | 'exactInInterval'> & {
  exact: number | null;
  exactInInterval: boolean | null;
};

export interface SimulationDocument {
  pack: string;
  rounds: number;
  seconds: number;
  roundsPerSecond: number;
  bets: SimulatedBet[];
}

/** The exact (or, for the blackjack main bet, analysed) RTP of every bet, by compiled bet key. */
export function exactByKey(pack: CompiledPack): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rtpRows(pack)) {
    const bet = findBet(pack, row.bet, row.mode as Parameters<typeof findBet>[2]);
    if (bet) out[bet.key] = row.rtp;
  }
  return out;
}

export function simulationDocument(
  pack: CompiledPack,
  result: BatchResult,
  seconds: number,
  exact: Readonly<Record<string, number>>,
): SimulationDocument {
  const summary = aggregate([result], exact);
  return {
    pack: pack.id,
    rounds: summary.rounds,
    seconds,
    roundsPerSecond: seconds > 0 ? summary.rounds / seconds : 0,
    bets: summary.bets.map((b) => ({
      bet: b.bet,
      mode: b.mode,
      placed: b.placed,
      rtp: b.rtp,
      ci95: b.ci95,
      stdDev: b.stdDev,
      hitFrequency: b.hitFrequency,
      exact: b.exact ?? null,
      exactInInterval: b.exactInInterval ?? null,
    })),
  };
}
