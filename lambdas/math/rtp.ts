// The RTP report of a pack: one row per bet and mode offered, each computed exactly where the
// mathematics allows (Andar Bahar, side bets) and by analysis for the blackjack main bet, next to
// the figure the pack declares, with the standard deviation of the net result and the hit
// frequency. Bet behind and insurance are not rows (README, `rtp`).
import type { CompiledBet, CompiledPack } from '../pack/compiled.ts';
import { andarBaharOdds } from './andar-bahar.ts';
import { type BlackjackRules, rulesOf } from './blackjack.ts';
import { dealerFinalOdds } from './bust-bonus.ts';
import { formatFraction, toNumber } from './fraction.ts';
import { initialCardsOdds } from './initial-cards.ts';
import { type MainOutcomes, mainOutcomes } from './main-outcomes.ts';
import type { BetOdds } from './paytable.ts';
import { bestStrategy, mainAnalysisOf } from './strategy.ts';

export interface RtpRow {
  readonly bet: string;
  readonly mode: string | null;
  readonly rtp: number;
  /** n/d for exact bets; null for the analysed main bet. */
  readonly fraction: string | null;
  readonly method: 'exact' | 'analysis';
  readonly declared: number | null;
  /** Standard deviation of the net result per unit staked. */
  readonly stdDev: number;
  /** Probability of a net win. */
  readonly hitFrequency: number;
}

/** The exact odds of a pay-table bet, line by line, by the group of cards that decides it, computed afresh. */
export function analyseOdds(pack: CompiledPack, bet: CompiledBet): BetOdds {
  if (pack.family === 'andar-bahar') return andarBaharOdds(pack, bet);
  if (bet.group === 'dealer-final') return dealerFinalOdds(pack, bet);
  return initialCardsOdds(pack, bet);
}

/** Odds already computed, by compiled bet (immutable): the RTP rows and the line rows share one analysis. */
const analysed = new WeakMap<CompiledBet, BetOdds>();

/** `analyseOdds`, once per compiled bet. */
export function exactOdds(pack: CompiledPack, bet: CompiledBet): BetOdds {
  let odds = analysed.get(bet);
  if (!odds) analysed.set(bet, (odds = analyseOdds(pack, bet)));
  return odds;
}

/** Main-bet outcome distributions already computed, by the rules they depend on. */
const mainAnalysed = new Map<string, MainOutcomes>();

/**
 * The blackjack main bet's net result under the best basic strategy (the chart its RTP assumes), as
 * a distribution: its standard deviation and hit frequency. Once per set of main-bet rules.
 */
export function mainOdds(pack: CompiledPack): MainOutcomes {
  return outcomesUnder(rulesOf(pack), pack);
}

/** The net result of a hand paid under `rules` and played by the pack's best basic strategy, once per pair of rules. */
function outcomesUnder(rules: BlackjackRules, pack: CompiledPack): MainOutcomes {
  const key = JSON.stringify([rules, rulesOf(pack)]);
  let odds = mainAnalysed.get(key);
  if (!odds) mainAnalysed.set(key, (odds = mainOutcomes(rules, bestStrategy(pack))));
  return odds;
}

export function rtpRows(pack: CompiledPack): RtpRow[] {
  const rows: RtpRow[] = [];
  for (const bet of pack.bets) {
    if (bet.type === 'behind') continue; // follows the seat's hand: the main bet's row covers it
    if (bet.type === 'hand') {
      const spread = mainOdds(pack);
      rows.push({
        bet: bet.name,
        mode: bet.mode,
        rtp: mainAnalysisOf(pack).rtp,
        fraction: null,
        method: 'analysis',
        declared: bet.declaredRtp,
        stdDev: spread.stdDev,
        hitFrequency: spread.hitFrequency,
      });
      continue;
    }
    const odds = exactOdds(pack, bet);
    rows.push({
      bet: bet.name,
      mode: bet.mode,
      rtp: toNumber(odds.rtp),
      fraction: formatFraction(odds.rtp),
      method: 'exact',
      declared: bet.declaredRtp,
      stdDev: Math.sqrt(toNumber(odds.variance)),
      hitFrequency: toNumber(odds.hitFrequency),
    });
  }
  return rows;
}

/**
 * Bet behind (not a row of `rtp --json`: it follows the seat's hand): its RTP when the seat plays
 * the pack's best basic strategy and the bet behind pays its own payouts and follows every double
 * and split. No row when it may not follow one the seat may make: its stake then stays while the
 * hand's play changes, which the analysis does not value.
 */
export function behindRows(pack: CompiledPack): RtpRow[] {
  const behind = pack.table.betBehind;
  const actions = pack.blackjack?.actions;
  if (!behind || !actions) return [];
  if ((actions.double && !behind.followDouble) || (actions.split && !behind.followSplit)) return [];
  return pack.bets
    .filter((bet) => bet.type === 'behind' && bet.blackjackPays && bet.winPays)
    .map((bet) => {
      const rules: BlackjackRules = {
        ...rulesOf(pack),
        blackjackPays: bet.blackjackPays!.num / bet.blackjackPays!.den,
        winPays: bet.winPays!.num / bet.winPays!.den,
      };
      const odds = outcomesUnder(rules, pack);
      return {
        bet: bet.name,
        mode: bet.mode,
        rtp: 1 + odds.ev,
        fraction: null,
        method: 'analysis',
        declared: bet.declaredRtp,
        stdDev: odds.stdDev,
        hitFrequency: odds.hitFrequency,
      };
    });
}

/** One line of a pay table with its exact odds: how often it pays and what it adds to the RTP. */
export interface LineRow {
  readonly line: string;
  readonly pays: string;
  readonly probability: number;
  /** The probability as n/d. */
  readonly fraction: string;
  /** probability × (1 + pays), as a part of the RTP. */
  readonly rtpShare: number;
}

/** A pay-table bet in one mode with its lines' exact odds, highest pay first. */
export interface PayTableOdds {
  readonly bet: string;
  readonly mode: string | null;
  /** The share of bets some line pays. */
  readonly hitFrequency: number;
  /** Standard deviation of the net result per unit staked. */
  readonly stdDev: number;
  readonly lines: readonly LineRow[];
}

/** Every pay-table bet and mode with its lines' exact odds: a PAR sheet's rows. */
export function lineRows(pack: CompiledPack): PayTableOdds[] {
  return pack.bets
    .filter((bet) => bet.type === 'paytable')
    .map((bet) => ({ bet, odds: exactOdds(pack, bet) }))
    .map(({ bet, odds }) => ({
      bet: bet.name,
      mode: bet.mode,
      hitFrequency: toNumber(odds.hitFrequency),
      stdDev: Math.sqrt(toNumber(odds.variance)),
      lines: odds.lines.map((l, i) => ({
        line: l.name,
        pays: bet.lines[i].paysAsWritten,
        probability: toNumber(l.probability),
        fraction: formatFraction(l.probability),
        rtpShare: toNumber(l.rtpShare),
      })),
    }));
}
