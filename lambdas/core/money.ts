// Exact money: integer minor units, payout ratios as rationals, one declared rounding (R-BJ-MONEY-1).

export interface Ratio {
  readonly num: number;
  readonly den: number;
}

export type Rounding = 'down' | 'half-up';

const RATIO_PATTERN = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * Parses "3:2", "0.9:1" or "15.5:1" into an exact rational in lowest terms.
 * Returns undefined when the text is not N:M with M > 0.
 */
export function parseRatio(text: string): Ratio | undefined {
  const m = RATIO_PATTERN.exec(text);
  if (!m) return undefined;
  const [a, aScale] = decimalToInt(m[1]);
  const [b, bScale] = decimalToInt(m[2]);
  // a/10^aScale : b/10^bScale  =  a*10^bScale : b*10^aScale
  const num = a * pow10(bScale);
  const den = b * pow10(aScale);
  if (den === 0 || !Number.isSafeInteger(num) || !Number.isSafeInteger(den)) return undefined;
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/**
 * 10^k by integer steps, not `10 ** k`: V8 hands out `**`'s answer as a heap number even when it is
 * a small integer, and a ratio holding one makes every payout, and the ledger fields it reaches, a
 * boxed double (measured: ledger rows' money fields stored as heap numbers).
 */
function pow10(k: number): number {
  let p = 1;
  for (let i = 0; i < k; i++) p *= 10;
  return p;
}

function decimalToInt(text: string): [number, number] {
  const [whole, frac = ''] = text.split('.');
  return [Number(whole + frac), frac.length];
}

export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return Math.abs(a);
}

/** Winnings on a stake at a ratio, in whole minor units, rounded as the pack declares. */
export function payout(stake: number, ratio: Ratio, rounding: Rounding): number {
  return payoutAt(stake, ratio.num, ratio.den, rounding === 'half-up');
}

/**
 * The error of a payout too large to be exact. Its message is made here, not in payoutAt: V8 computed
 * the template's number-to-string ahead of payoutAt's check, on every payout of a simulated round.
 */
function overflow(stake: number, num: number, den: number): RangeError {
  return new RangeError(`payout overflow: ${stake} at ${num}:${den}`);
}

/** `payout` of the ratio num:den, for a caller that keeps ratios in typed arrays. */
export function payoutAt(stake: number, num: number, den: number, halfUp: boolean): number {
  const scaled = stake * num;
  if (!Number.isSafeInteger(scaled)) throw overflow(stake, num, den);
  if (den === 1) return scaled; // a whole ratio: no division, nothing to round
  const whole = Math.floor(scaled / den);
  if (!halfUp) return whole;
  const rest = scaled - whole * den;
  return rest * 2 >= den ? whole + 1 : whole;
}
