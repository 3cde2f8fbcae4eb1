import { describe, expect, test } from 'vitest';
import { BJ_VALUE, rankOf } from '../../lambdas/core/cards.ts';
import { dealerFinalOdds } from '../../lambdas/math/bust-bonus.ts';
import { add, type Fraction, frac, mul, ONE, toNumber, ZERO } from '../../lambdas/math/fraction.ts';
import { firstTwoAndUpOdds, firstTwoOdds, initialCardsOdds } from '../../lambdas/math/initial-cards.ts';
import type { CompiledBet, CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { linePays, paytable, physicalShoe } from './helpers.ts';

const firstTwoRtp = (decks: number, bet: CompiledBet) => firstTwoOdds(decks, bet).rtp;
const firstTwoAndUpRtp = (decks: number, bet: CompiledBet) => firstTwoAndUpOdds(decks, bet).rtp;
const initialCardsRtp = (pack: CompiledPack, bet: CompiledBet) => initialCardsOdds(pack, bet).rtp;
const dealerFinalRtp = (pack: CompiledPack, bet: CompiledBet) => dealerFinalOdds(pack, bet).rtp;

const perfectPairs = paytable('first-two', [
  { pays: '6:1', when: { sameRank: true, sameColour: false } },
  { pays: '12:1', when: { sameRank: true, sameColour: true, suited: false } },
  { pays: '25:1', when: { identical: true } },
]);
const twentyOnePlusThree = paytable('first-two-and-up', [
  { pays: '9:1', when: { suited: true } },
  { pays: '9:1', when: { straight: true } },
  { pays: '9:1', when: { sameRank: true } },
]);
const houseEdge = (f: Fraction) => 1 - toNumber(f);

describe('side bets on the initial cards, exact', () => {
  test('Perfect Pairs 25/12/6: house edge 19/311 = 6.11% at 6 decks, 17/415 = 4.10% at 8', () => {
    expect(firstTwoRtp(6, perfectPairs)).toEqual(frac(311 - 19, 311));
    expect(firstTwoRtp(8, perfectPairs)).toEqual(frac(415 - 17, 415));
  });

  test('the Pair bet (30/10/5) of the packs: 3.37% at 8 decks (R-TB-SIDE-1, R-MW-PAIR-1)', () => {
    const pack = loadPack('blackjack-mewah');
    expect(initialCardsRtp(pack, pack.bets.find((b) => b.name === 'pair')!)).toEqual(frac(401, 415));
  });

  test('21+3 paying 9:1 on every hand: house edge 3.24% at 6 decks', () => {
    expect(houseEdge(firstTwoAndUpRtp(6, twentyOnePlusThree))).toBeCloseTo(0.032386, 5);
  });

  // Wizard of Odds, 21+3 "version 1": the 6-deck table counts 485,096 winning hands of 5,013,320.
  test('21+3 paying 9:1: exactly 10 × 485,096 / 5,013,320 at 6 decks; 13.30%, 7.26%, 4.24% and 2.74% at 1, 2, 4 and 8', () => {
    expect(firstTwoAndUpRtp(6, twentyOnePlusThree)).toEqual(frac(10 * 485_096, 5_013_320));
    for (const [decks, edge] of [
      [1, 0.133],
      [2, 0.0726],
      [4, 0.0424],
      [8, 0.0274],
    ])
      expect(houseEdge(firstTwoAndUpRtp(decks, twentyOnePlusThree))).toBeCloseTo(edge, 4);
  });

  test('Lucky Ladies pay table B: house edge 17.64% at 6 decks and 16.73% at 8 (R-LL-WIN-1)', () => {
    const pack = loadPack('blackjack-lucky-ladies');
    const bet = pack.bets.find((b) => b.name === 'lucky-ladies')!;
    expect(houseEdge(initialCardsRtp(pack, bet))).toBeCloseTo(0.1764, 4);
    expect(houseEdge(firstTwoRtp(8, bet))).toBeCloseTo(0.1673, 4);
  });

  test('first-two enumeration equals brute force over every physical pair of a 2-deck shoe', () => {
    const shoe = physicalShoe(2);
    let back = 0;
    for (let i = 0; i < shoe.length; i++)
      for (let j = 0; j < shoe.length; j++) {
        if (i === j) continue;
        const r = linePays(perfectPairs, [shoe[i], shoe[j]], 2, {});
        if (r) back += 1 + r.num / r.den;
      }
    expect(toNumber(firstTwoRtp(2, perfectPairs))).toBeCloseTo(back / (104 * 103), 14);
  });

  test('the dealer-blackjack line equals brute force over every player pair and dealer up and hole card (1 deck)', () => {
    const bet = loadPack('blackjack-lucky-ladies').bets.find((b) => b.name === 'lucky-ladies')!;
    let back = 0;
    let deals = 0;
    for (let a = 0; a < 52; a++)
      for (let b = 0; b < 52; b++) {
        if (a === b) continue;
        let bj = 0;
        let all = 0;
        for (let u = 0; u < 52; u++)
          for (let h = 0; h < 52; h++) {
            if (u === a || u === b || h === a || h === b || h === u) continue;
            all++;
            if (BJ_VALUE[u] + BJ_VALUE[h] === 11 && (rankOf(u) === 0 || rankOf(h) === 0)) bj++;
          }
        for (const [dealerBlackjack, w] of [
          [true, bj],
          [false, all - bj],
        ] as const) {
          const r = linePays(bet, [a, b], 2, { dealerBlackjack });
          if (r) back += w * (1 + r.num / r.den);
        }
        deals += all;
      }
    expect(toNumber(firstTwoRtp(1, bet))).toBeCloseTo(back / deals, 14);
  });

  test('first-two-and-up enumeration equals brute force over every ordered 3 cards of one deck', () => {
    let back = 0;
    for (let a = 0; a < 52; a++)
      for (let b = 0; b < 52; b++)
        for (let u = 0; u < 52; u++) {
          if (a === b || u === a || u === b) continue;
          const r = linePays(twentyOnePlusThree, [a, b, u], 3, {});
          if (r) back += 1 + r.num / r.den;
        }
    expect(toNumber(firstTwoAndUpRtp(1, twentyOnePlusThree))).toBeCloseTo(back / (52 * 51 * 50), 14);
  });
});

describe("Bust Bonus, exact over the dealer's drawing (R-TB-SIDE-1)", () => {
  /** An independent recursive dealer over card values with exact fractions. */
  function recursiveBustBonus(decks: number, hitsSoft17: boolean, bet: ReturnType<typeof paytable>): Fraction {
    const counts = Array.from({ length: 10 }, (_, v) => (v === 9 ? 16 : 4) * decks);
    let left = 52 * decks;
    const hand: number[] = [];
    const walk = (): Fraction => {
      const sum = hand.reduce((s, c) => s + BJ_VALUE[c], 0);
      const soft = hand.some((c) => rankOf(c) === 0) && sum + 10 <= 21;
      const total = soft ? sum + 10 : sum;
      if (hand.length >= 2 && (total > 17 || (total === 17 && !(soft && hitsSoft17)))) {
        const bj = hand.length === 2 && total === 21;
        const r = linePays(bet, hand, hand.length, { dealerBlackjack: bj });
        return r ? frac(r.den + r.num, r.den) : ZERO;
      }
      let sumP = ZERO;
      for (let v = 0; v < 10; v++) {
        if (counts[v] === 0) continue;
        const p = frac(counts[v], left);
        counts[v]--;
        left--;
        hand.push(v * 4);
        sumP = add(sumP, mul(p, walk()));
        hand.pop();
        counts[v]++;
        left++;
      }
      return sumP;
    };
    return walk();
  }

  test('the endings table equals a recursive dealer, S17 and H17, 1 and 2 decks', () => {
    const pack = loadPack('blackjack-tanpa-batas');
    const bet = pack.bets.find((b) => b.name === 'bust-bonus')!;
    for (const decks of [1, 2])
      for (const hitsSoft17 of [false, true]) {
        const p = {
          ...pack,
          shoe: { ...pack.shoe, decks },
          blackjack: { ...pack.blackjack!, dealer: { ...pack.blackjack!.dealer, hitsSoft17 } },
        };
        expect(dealerFinalRtp(p, bet)).toEqual(recursiveBustBonus(decks, hitsSoft17, bet as never));
      }
  });

  test('a dealer blackjack is not bust, so it loses the bet; the full return is below one', () => {
    const pack = loadPack('blackjack-tanpa-batas');
    const rtp = dealerFinalRtp(pack, pack.bets.find((b) => b.name === 'bust-bonus')!);
    expect(toNumber(rtp)).toBeGreaterThan(0.9);
    expect(toNumber(rtp)).toBeLessThan(toNumber(ONE));
  });
});
