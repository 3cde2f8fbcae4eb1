// Reading a compiled pay table the way settlement does: the highest matching line pays.
// The mathematics never hard-codes a pay table; it asks the pack's own lines, and counts how
// often each one pays: its probability, and with its ratio, its share of the RTP.
import type { Ratio } from '../core/money.ts';
import type { CompiledBet } from '../pack/compiled.ts';
import type { Facts } from '../pack/conditions.ts';
import { add, type Fraction, frac, mul, ONE, ZERO } from './fraction.ts';
import { type ExactOutcome, exactFigures, payTableOutcomes } from './net-result.ts';

/** Index of the line that pays for this group and facts (the first match, highest pay), -1 for none. */
export function payingLine(bet: CompiledBet, cards: ArrayLike<number>, n: number, facts: Facts): number {
  for (let i = 0; i < bet.lines.length; i++) if (bet.lines[i].matches(cards, n, facts)) return i;
  return -1;
}

/** How often one line of a pay table pays, exactly, and what it adds to the RTP. */
export interface LineOdds {
  readonly name: string;
  readonly pays: Ratio;
  readonly probability: Fraction;
  /** probability × (1 + pays): the stake back and the winnings. */
  readonly rtpShare: Fraction;
}

/** A pay-table bet's exact RTP and the odds of each of its lines (a PAR sheet's rows). */
export interface BetOdds {
  readonly rtp: Fraction;
  readonly lines: readonly LineOdds[];
  /** The net result per unit staked (a win of a line's `pays`, or -1), lowest first. */
  readonly outcomes: readonly ExactOutcome[];
  /** The chance that some line pays (every ratio is above zero: a net win). */
  readonly hitFrequency: Fraction;
  /** Of the net result per unit staked: the volatility a PAR sheet states. */
  readonly variance: Fraction;
}

/** Integer weights of weighted outcomes per paying line; with the weight of all outcomes, the odds. */
export class LineTally {
  private readonly weights: bigint[];

  constructor(private readonly bet: CompiledBet) {
    this.weights = bet.lines.map(() => 0n);
  }

  add(line: number, weight: bigint | number): void {
    if (line >= 0) this.weights[line] += BigInt(weight);
  }

  /** The odds when all outcomes together weigh `total`. */
  odds(total: bigint): BetOdds {
    let rtp = ZERO;
    const lines = this.bet.lines.map((line, i): LineOdds => {
      const probability = frac(this.weights[i], total);
      const rtpShare = mul(probability, add(ONE, frac(line.pays.num, line.pays.den)));
      rtp = add(rtp, rtpShare);
      return { name: line.name, pays: line.pays, probability, rtpShare };
    });
    const outcomes = payTableOutcomes(
      lines.map((l) => ({ pays: frac(l.pays.num, l.pays.den), probability: l.probability })),
    );
    const { hitFrequency, variance } = exactFigures(outcomes);
    return { rtp, lines, outcomes, hitFrequency, variance };
  }
}
