// Numbers on a help page, in every language in US format as the seeds ask (1,234.00): amounts from
// integer minor units, RTPs as percentages rounded down (a page never claims more than the rules give).

/** 1234567 → "1,234,567". */
export const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const decimalsOf = (minorPerUnit: number) => Math.max(0, Math.round(Math.log10(minorPerUnit)));

/** 123456 minor units of 1/100 → "1,234.56"; exact, no floating point. */
export function amount(minor: number, minorPerUnit: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const d = decimalsOf(minorPerUnit);
  const whole = grouped(Math.floor(abs / minorPerUnit));
  return d === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(abs % minorPerUnit).padStart(d, '0')}`;
}

/** An amount with its currency code: "1,234.56 USD". */
export const money = (minor: number, currency: { code: string; minorPerUnit: number }): string =>
  `${amount(minor, currency.minorPerUnit)} ${currency.code}`;

/**
 * minor × num / den minor units written exactly, when the decimal ends ("1.515"); null when it repeats.
 * What a fractional payout is before rounding.
 */
export function exactAmount(minor: number, num: number, den: number, minorPerUnit: number): string | null {
  let d = den;
  let extra = 0;
  for (const f of [2, 5])
    while (d % f === 0) {
      d /= f;
      extra++;
    }
  if (d !== 1) return null;
  const scale = 10 ** extra;
  const scaled = (minor * num * scale) / den; // a whole number: den divides 10^extra
  const unitDigits = decimalsOf(minorPerUnit) + extra;
  const per = minorPerUnit * scale;
  const frac = String(scaled % per)
    .padStart(unitDigits, '0')
    .replace(/0+$/, '');
  return `${grouped(Math.floor(scaled / per))}${frac ? `.${frac}` : ''}`;
}

/** An RTP as a percentage with two decimals, rounded down: 0.995150 → "99.51%". */
export function rtpPercent(rtp: number): string {
  const hundredths = Math.floor(rtp * 10000 + 1e-9);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}%`;
}

/** A share as a whole percentage: 0.8 → "80%", 0.75 → "75%", 0.825 → "82.5%". */
export const sharePercent = (x: number): string => `${Number((x * 100).toFixed(1))}%`;

/** A payout ratio as the pack writes it, spaced and grouped like every number on the page: "1000 : 1" → "1,000:1". */
export const ratioText = (text: string): string =>
  text
    .split(':')
    .map((side) => side.trim().replace(/^\d+/, (whole) => grouped(Number(whole))))
    .join(':');
