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

/** The nearest double (correctly rounded), even when num and den exceed 2^53. */
export function toNumber(f: Fraction): number {
  if (f.num === 0n) return 0;
  const n = abs(f.num);
  // A quotient of at least 64 bits plus a sticky bit for any remainder rounds once, correctly.
  const shift = Math.max(0, 64 - (n.toString(2).length - f.den.toString(2).length));
  const scaled = n << BigInt(shift);
  let q = scaled / f.den;
  if (scaled % f.den !== 0n) q |= 1n;
  const value = Number(q) / 2 ** shift;
  return f.num < 0n ? -value : value;
}

export const formatFraction = (f: Fraction): string => `${f.num}/${f.den}`;

/** C(n, k) exactly. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
