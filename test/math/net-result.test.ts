// Every pay-table bet and Andar Bahar bet, in every mode, of every shipped pack and of a YAML-only
// variant: the exact distribution of the net result per unit staked (lambdas/math), and what is
// read off it (RTP, house edge, standard deviation, hit frequency, each line's probability and
// share of the RTP), equal to an independent brute-force count over physical cards or over the
// deal card by card (brute-paytable.ts).
import { describe, expect, test } from 'vitest';
import { add, frac, mul, ONE, sub, toNumber } from '../../lambdas/math/fraction.ts';
import { exactFigures } from '../../lambdas/math/net-result.ts';
import { analyseOdds, rtpRows } from '../../lambdas/math/rtp.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { bruteForceOdds } from './brute-paytable.ts';
import { writeYamlVariant } from './variant.ts';

const PACKS: [string, () => CompiledPack][] = [
  ...['andar-bahar', 'blackjack-mewah', 'blackjack-tanpa-batas', 'blackjack-lucky-ladies'].map(
    (id): [string, () => CompiledPack] => [id, () => loadPack(id)],
  ),
  ['a YAML-only variant (blackjack-uji)', () => loadPack(writeYamlVariant())],
];

describe('exact distributions of the net result against brute force', () => {
  for (const [name, load] of PACKS)
    test(`${name}: every pay-table bet and mode`, () => {
      const pack = load();
      const rows = rtpRows(pack);
      for (const bet of pack.bets.filter((b) => b.type === 'paytable')) {
        const odds = analyseOdds(pack, bet);
        const brute = bruteForceOdds(pack, bet);
        expect(odds.outcomes, bet.key).toEqual(brute.outcomes);
        expect(
          odds.lines.map((l) => l.probability),
          bet.key,
        ).toEqual(brute.lines);
        // What the report reads off the distribution, recomputed here from the brute force's.
        const figures = exactFigures(odds.outcomes);
        let mean = frac(0);
        let squares = frac(0);
        let wins = frac(0);
        for (const o of brute.outcomes) {
          mean = add(mean, mul(o.probability, o.net));
          squares = add(squares, mul(o.probability, mul(o.net, o.net)));
          if (o.net.num > 0n) wins = add(wins, o.probability);
        }
        expect(figures.rtp, bet.key).toEqual(add(ONE, mean));
        expect(figures.rtp, bet.key).toEqual(odds.rtp);
        expect(figures.houseEdge, bet.key).toEqual(sub(frac(0), mean));
        expect(figures.variance, bet.key).toEqual(sub(squares, mul(mean, mean)));
        expect(figures.hitFrequency, bet.key).toEqual(wins);
        brute.lines.forEach((p, i) => {
          const pays = bet.lines[i].pays;
          expect(odds.lines[i].rtpShare, `${bet.key} ${bet.lines[i].name}`).toEqual(
            mul(p, frac(pays.num + pays.den, pays.den)),
          );
        });
        // rtp --json carries the same figures.
        const row = rows.find((r) => r.bet === bet.name && r.mode === bet.mode)!;
        expect(row.fraction).toBe(`${figures.rtp.num}/${figures.rtp.den}`);
        expect(row.stdDev).toBe(Math.sqrt(toNumber(figures.variance)));
        expect(row.hitFrequency).toBe(toNumber(wins));
      }
    });
});
