// Exact rationals over BigInt: what every "exact" RTP is computed and printed in.

export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

const abs = (a: bigint): bigint => (a < 0n ? -a : a);

export function bigGcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** num/den in lowest terms with a positive denominator. */
export function frac(num: bigint | number, den: bigint | number = 1n): Fraction {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('fraction with a zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = bigGcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const ZERO = frac(0);
export const ONE = frac(1);

export const add = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.num, a.den * b.den);
export const div = (a: Fraction, b: Fraction): Fraction => frac(a.num * b.den, a.den * b.num);

/** The nearest double, correct to full precision even when num and den exceed 2^53. */
export function toNumber(f: Fraction): number {
  const neg = f.num < 0n;
  const n = abs(f.num);
  const whole = n / f.den;
  const rest = n % f.den;
  // 20 decimal digits of the remainder is beyond double precision.
  const scale = 10n ** 20n;
  const value = Number(whole) + Number((rest * scale) / f.den) / 1e20;
  return neg ? -value : value;
}

export const formatFraction = (f: Fraction): string => `${f.num}/${f.den}`;

/** C(n, k) exactly. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
