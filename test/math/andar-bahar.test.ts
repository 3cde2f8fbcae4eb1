import { describe, expect, test } from 'vitest';
import { rankOf } from '../../lambdas/core/cards.ts';
import { andarBaharOdds, firstMatchWeights, firstSideWins } from '../../lambdas/math/andar-bahar.ts';
import { formatFraction, frac, toNumber } from '../../lambdas/math/fraction.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { linePays } from './helpers.ts';

const pack = loadPack('andar-bahar');
const rtpOf = (name: string, mode: string, p = pack) =>
  andarBaharOdds(p, p.bets.find((b) => b.name === name && b.mode === mode)!).rtp;

describe('Andar Bahar exact RTP (R-AB-DECK-1, R-AB-DEAL-1)', () => {
  test('where the first matching card falls equals a listing of every placement of the 3 matches among 51 cards', () => {
    const listed = Array<number>(52).fill(0);
    for (let a = 1; a <= 51; a++) for (let b = a + 1; b <= 51; b++) for (let c = b + 1; c <= 51; c++) listed[a]++;
    const { weights, total } = firstMatchWeights(51, 3);
    expect(total).toBe(20825n);
    for (let k = 1; k <= 49; k++) expect(weights[k]).toBe(BigInt(listed[k]));
  });

  test('Andar, dealt first, wins 429/833 ≈ 51.50% of rounds', () => {
    expect(formatFraction(firstSideWins(pack))).toBe('429/833');
    expect(toNumber(firstSideWins(pack))).toBeCloseTo(0.515006, 6);
  });

  test('commission mode: Andar 0.9:1 returns 8151/8330 (house edge 2.15%), Bahar 1:1 returns 808/833 (3.00%) (R-AB-PAY-1)', () => {
    expect(rtpOf('andar', 'commission')).toEqual(frac(8151, 8330));
    expect(rtpOf('bahar', 'commission')).toEqual(frac(808, 833));
  });

  test('no-commission Andar pays 0.25:1 when its first card wins, else 1:1 (R-AB-PAY-1)', () => {
    // P(k=1) = 3/51; Andar wins otherwise 429/833 - 3/51.
    const first = frac(3, 51);
    const rest = toNumber(frac(429 * 51 - 3 * 833, 833 * 51));
    expect(toNumber(rtpOf('andar', 'no-commission'))).toBeCloseTo(toNumber(first) * 1.25 + rest * 2, 14);
  });

  test('the side dealt first comes from the pack: with Bahar first the two sides swap chances', () => {
    const swapped = { ...pack, table: { ...pack.table, firstSide: 1 as const } };
    expect(rtpOf('bahar', 'commission', swapped)).toEqual(frac(2 * 429, 833));
  });

  test("First Andar and First Bahar: a match on that side's first card (R-AB-SIDE-1)", () => {
    expect(rtpOf('first-andar', 'commission')).toEqual(frac(3 * 16, 51));
    // Bahar's first card matches: Andar's did not (48/51), then 3 of the 50 left.
    expect(rtpOf('first-bahar', 'commission')).toEqual(frac(48 * 3 * 33, 51 * 50 * 2));
  });

  test('First 3 equals a count of straight flushes, straights and flushes over every ordered deal (R-AB-SIDE-2)', () => {
    // 48 straight flushes, 720 other straights, 1096 other flushes; every order has three ranks.
    const expected = frac(6 * (48 * 121 + 720 * 9 + 1096 * 6), 52 * 51 * 50);
    expect(rtpOf('first-3', 'commission')).toEqual(expected);
  });

  test('First 3 equals brute force over every ordered game card and first two cards', () => {
    const bet = pack.bets.find((b) => b.name === 'first-3')!;
    let back = 0;
    for (let g = 0; g < 52; g++)
      for (let a = 0; a < 52; a++)
        for (let b = 0; b < 52; b++) {
          if (a === g || b === g || a === b || rankOf(a) === rankOf(g)) continue;
          const r = linePays(bet, [g, a, b], 3, {});
          if (r) back += 1 + r.num / r.den;
        }
    expect(toNumber(rtpOf('first-3', 'commission'))).toBeCloseTo(back / (52 * 51 * 50), 14);
  });

  test('card-count bets in both modes read the same combinatorics (R-AB-SIDE-3)', () => {
    const { weights, total } = firstMatchWeights(51, 3);
    const p = (lo: number, hi: number) => weights.slice(lo, hi + 1).reduce((s, w) => s + w, 0n);
    expect(rtpOf('cards-1-5', 'commission')).toEqual(frac(3n * p(1, 5), total));
    expect(rtpOf('cards-46-49', 'no-commission')).toEqual(frac(801n * p(46, 49), total));
  });
});
