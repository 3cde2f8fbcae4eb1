// Presentation of money and cards. Amounts are integers in minor units (R-BJ-MONEY-1) and are
// shown in US format, 1,234.00 (docs/rules.md); no floating point touches an amount.

export interface Currency {
  code: string;
  minorPerUnit: number;
  practice: boolean;
}

const digits = (minorPerUnit: number) => Math.max(0, Math.round(Math.log10(minorPerUnit)));

/** 123456 → "1,234.56" (minor units of 1/100). */
export function money(minor: number, currency: Pick<Currency, 'minorPerUnit'>): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const per = currency.minorPerUnit;
  const whole = Math.floor(abs / per)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const d = digits(per);
  return d === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(abs % per).padStart(d, '0')}`;
}

/** "1,234.50 USD" */
export const moneyWith = (minor: number, currency: Currency) => `${money(minor, currency)} ${currency.code}`;

/** A signed change: "+12.50", "-10.00", "0.00". */
export const delta = (minor: number, currency: Pick<Currency, 'minorPerUnit'>) =>
  minor > 0 ? `+${money(minor, currency)}` : money(minor, currency);

/** "12.5", "1,000", "12.50" → minor units; null when it is not an amount. */
export function parseMoney(text: string, currency: Pick<Currency, 'minorPerUnit'>): number | null {
  const clean = text.replace(/,/g, '').trim();
  const d = digits(currency.minorPerUnit);
  const m = /^(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!m || (m[2] !== undefined && m[2].length > d)) return null;
  const fraction = (m[2] ?? '').padEnd(d, '0');
  const value = Number(m[1]) * currency.minorPerUnit + (d ? Number(fraction) : 0);
  return Number.isSafeInteger(value) ? value : null;
}

/** A ratio as the packs write it ("3:2", "0.9:1") or an RTP as a percentage with 4 decimals. */
export const percent = (x: number) => `${(x * 100).toFixed(4)}%`;

// Cards: the API writes them rank then suit ("QH", "TD") in views, events and recalls alike.
const RANKS = 'A23456789TJQK';
const SUITS = 'SHDC';
const RANK_NAMES = ['Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King'];
const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'];
export const SUIT_SYMBOLS = ['\u2660', '\u2665', '\u2666', '\u2663'];

export interface CardFace {
  code: string;
  rank: string;
  suit: number;
  red: boolean;
  name: string;
}

/** A card as the API writes it ("AS", "TD"; "10D" too), or null when it is not one. */
export function face(card: string): CardFace | null {
  if (typeof card !== 'string') return null;
  const code = card.toUpperCase();
  const m = /^(10|[A2-9TJQK])([SHDC])$/.exec(code);
  if (!m) return null;
  const rankIndex = m[1] === '10' ? 9 : RANKS.indexOf(m[1]!);
  const suit = SUITS.indexOf(m[2]!);
  return {
    code: RANKS[rankIndex]! + SUITS[suit]!,
    rank: rankIndex === 9 ? '10' : RANKS[rankIndex]!,
    suit,
    red: suit === 1 || suit === 2,
    name: `${RANK_NAMES[rankIndex]} of ${SUIT_NAMES[suit]}`,
  };
}

/**
 * Bet keys as people read them: "first-3" → "First 3", "cards-6-10" → "Cards 6–10", "andar/no-commission" → "Andar (no
 * commission)".
 */
export function betLabel(key: string): string {
  const [name, mode] = key.split('/');
  const words = name!.replace(/(\d)-(\d)/g, '$1–$2').replace(/-/g, ' ');
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return mode ? `${text} (${mode.replace(/-/g, ' ')})` : text;
}

export const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

export function clock(epochMs: number): string {
  const d = new Date(epochMs);
  return d.toLocaleString('en-US', {
    hour12: false,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
