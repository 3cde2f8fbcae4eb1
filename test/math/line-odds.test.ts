// The odds of every pay-table line (what `croupier rtp --lines` prints): exact probabilities whose
// shares add up to the bet's exact RTP, for every pay-table bet of every shipped pack.
import { describe, expect, test } from 'vitest';
import { firstSideWins } from '../../lambdas/math/andar-bahar.ts';
import { add, frac, ZERO } from '../../lambdas/math/fraction.ts';
import { exactOdds } from '../../lambdas/math/rtp.ts';
import { loadPack } from '../../lambdas/pack/load.ts';

const PACKS = ['andar-bahar', 'blackjack-mewah', 'blackjack-tanpa-batas', 'blackjack-lucky-ladies'];

describe('pay-table line odds', () => {
  for (const id of PACKS) {
    test(`${id}: each line's share is its probability × (1 + pays), the shares add up to the RTP, the probabilities to at most 1`, () => {
      const pack = loadPack(id);
      for (const bet of pack.bets.filter((b) => b.type === 'paytable')) {
        const odds = exactOdds(pack, bet);
        expect(
          odds.lines.map((l) => l.name),
          bet.key,
        ).toEqual(bet.lines.map((l) => l.name));
        for (const l of odds.lines) {
          expect(l.rtpShare, `${bet.key} ${l.name}`).toEqual(
            frac(l.probability.num * BigInt(l.pays.num + l.pays.den), l.probability.den * BigInt(l.pays.den)),
          );
          expect(l.probability.num >= 0n && l.probability.num <= l.probability.den, `${bet.key} ${l.name}`).toBe(true);
        }
        expect(
          odds.lines.reduce((s, l) => add(s, l.rtpShare), ZERO),
          bet.key,
        ).toEqual(odds.rtp);
        const paying = odds.lines.reduce((s, l) => add(s, l.probability), ZERO);
        expect(paying.num <= paying.den, bet.key).toBe(true);
      }
    });
  }

  test('R-TB-SIDE-1 Pair: hit frequency 31/415 and the variance of the net result, exactly', () => {
    const pack = loadPack('blackjack-tanpa-batas');
    const odds = exactOdds(pack, pack.bets.find((b) => b.name === 'pair')!);
    expect(odds.hitFrequency).toEqual(frac(31, 415));
    // E[net²] = (7·30² + 8·10² + 16·5² + 384·1) / 415, less the squared mean (-14/415).
    expect(odds.variance).toEqual(frac(7884 * 415 - 196, 415 * 415));
  });

  test('R-AB-PAY-1: the Andar line pays exactly as often as Andar wins; Bahar the rest', () => {
    const pack = loadPack('andar-bahar');
    const andar = exactOdds(pack, pack.bets.find((b) => b.key === 'andar/commission')!);
    const bahar = exactOdds(pack, pack.bets.find((b) => b.key === 'bahar/commission')!);
    expect(andar.lines[0].probability).toEqual(firstSideWins(pack));
    expect(add(andar.lines[0].probability, bahar.lines[0].probability)).toEqual(frac(1));
  });
});
