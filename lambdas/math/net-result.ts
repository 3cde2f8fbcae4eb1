// A bet's net result per unit staked as an exact distribution (a win of each pay-table ratio, or the
// stake lost), and the figures a test lab reads off it: the RTP, the house edge, the variance and
// standard deviation, and the hit frequency (the probability of a net win).
import { add, type Fraction, frac, mul, ONE, sub, toNumber, ZERO } from './fraction.ts';

export interface ExactOutcome {
  readonly net: Fraction;
  readonly probability: Fraction;
}

export interface ExactFigures {
  /** 1 + the expected net result. */
  readonly rtp: Fraction;
  readonly houseEdge: Fraction;
  readonly variance: Fraction;
  /** √variance, the nearest double. */
  readonly stdDev: number;
  /** P(net result > 0). */
  readonly hitFrequency: Fraction;
}

const compare = (a: Fraction, b: Fraction): number => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/**
 * The distribution of a pay table's net result: each line that pays `pays` with its probability
 * (lines with the same ratio together), and the stake lost with the rest; lowest net first.
 */
export function payTableOutcomes(lines: readonly { pays: Fraction; probability: Fraction }[]): ExactOutcome[] {
  const byNet: ExactOutcome[] = [];
  let paying = ZERO;
  for (const { pays, probability } of lines) {
    paying = add(paying, probability);
    if (probability.num === 0n) continue;
    const same = byNet.findIndex((o) => compare(o.net, pays) === 0);
    if (same < 0) byNet.push({ net: pays, probability });
    else byNet[same] = { net: pays, probability: add(byNet[same].probability, probability) };
  }
  const lost = sub(ONE, paying);
  if (lost.num < 0n) throw new RangeError('the lines of a pay table pay with a probability above 1');
  if (lost.num > 0n) byNet.push({ net: frac(-1), probability: lost });
  return byNet.sort((a, b) => compare(a.net, b.net));
}

export function exactFigures(outcomes: readonly ExactOutcome[]): ExactFigures {
  let mean = ZERO;
  let squares = ZERO;
  let hitFrequency = ZERO;
  let total = ZERO;
  for (const { net, probability } of outcomes) {
    total = add(total, probability);
    mean = add(mean, mul(probability, net));
    squares = add(squares, mul(probability, mul(net, net)));
    if (net.num > 0n) hitFrequency = add(hitFrequency, probability);
  }
  if (compare(total, ONE) !== 0)
    throw new RangeError(`a distribution's probabilities add up to ${total.num}/${total.den}, not 1`);
  const variance = sub(squares, mul(mean, mean));
  return {
    rtp: add(ONE, mean),
    houseEdge: sub(ZERO, mean),
    variance,
    stdDev: Math.sqrt(toNumber(variance)),
    hitFrequency,
  };
}
