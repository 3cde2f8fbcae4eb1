// A bet's line finder gives the same line from its lookup table as from its conditions, for
// every two-card group and a sample of three-card groups, with and without the dealer-blackjack fact;
// an outcome bet's table gives the line its conditions give for every winner and count dealt.
import { describe, expect, it } from 'vitest';
import type { CompiledBet } from '../../lambdas/pack/compiled.ts';
import type { Facts } from '../../lambdas/pack/conditions.ts';
import { multisetIndex, outcomeIndex, Paying, TABLE_AFTER } from '../../lambdas/pack/line-table.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { cards } from '../engine/helpers.ts';
import { paytable } from '../math/helpers.ts';

const slow = (bet: CompiledBet, cards: number[], facts: Facts) =>
  bet.lines.findIndex((l) => l.matches(cards, cards.length, facts));

function warm(bet: CompiledBet, size: number) {
  const cards = Array(size).fill(0);
  for (let i = 0; i <= TABLE_AFTER; i++) bet.lineFinder.lineOf(cards, size, { dealerBlackjack: false });
}

describe('pay-table lookup tables', () => {
  it('R-LL-WIN-1: Lucky Ladies from the table equals its conditions for every pair, dealer BJ or not', () => {
    const bet = loadPack('blackjack-lucky-ladies').betByKey.get('lucky-ladies')!;
    warm(bet, 2);
    for (let a = 0; a < 52; a++)
      for (let b = 0; b < 52; b++)
        for (const dealerBlackjack of [false, true])
          expect(bet.lineFinder.lineOf([a, b], 2, { dealerBlackjack })).toBe(slow(bet, [a, b], { dealerBlackjack }));
  });

  it('R-LL-SETTLE-1: lineAt, read at a multiset index, answers as lineOf with the fact known and as lineEitherWay without it', () => {
    const bet = loadPack('blackjack-lucky-ladies').betByKey.get('lucky-ladies')!;
    expect(bet.lineFinder.multisetSize).toBe(2);
    warm(bet, 2);
    for (let a = 0; a < 52; a++)
      for (let b = 0; b < 52; b++) {
        const i = multisetIndex([a, b], 2);
        expect([
          bet.lineFinder.lineAt(i, false),
          bet.lineFinder.lineAt(i, true),
          bet.lineFinder.lineAt(i, undefined),
        ]).toEqual([
          slow(bet, [a, b], { dealerBlackjack: false }),
          slow(bet, [a, b], { dealerBlackjack: true }),
          bet.lineFinder.lineEitherWay([a, b], 2),
        ]);
      }
    // A finder without a table answers NO_TABLE: Bust Bonus reads the dealer's hand by its shape, not by multiset.
    const bust = loadPack('blackjack-tanpa-batas').betByKey.get('bust-bonus')!;
    expect([bust.lineFinder.multisetSize, bust.lineFinder.lineAt(0, false)]).toEqual([0, Paying.NO_TABLE]);
  });

  it('R-TB-SIDE-1: Poker Trio and Lucky Trio from the table equal their conditions for every three cards in every order', () => {
    // The table keeps one line per multiset, read at the cards sorted: every ordering must find it.
    const pack = loadPack('blackjack-tanpa-batas');
    for (const key of ['poker-trio', 'lucky-trio']) {
      const bet = pack.betByKey.get(key)!;
      warm(bet, 3);
      const wrong: number[][] = [];
      for (let a = 0; a < 52; a++)
        for (let b = 0; b < 52; b++)
          for (let c = 0; c < 52; c++) {
            const cards = [a, b, c];
            if (bet.lineFinder.lineOf(cards, 3, {}) !== slow(bet, cards, {})) wrong.push(cards);
          }
      expect(wrong).toEqual([]);
    }
  });

  it("R-TB-SIDE-1: Bust Bonus, read by the dealer hand's total and count only, gives its conditions' line for hands of every size, however often a shape repeats", () => {
    const bet = loadPack('blackjack-tanpa-batas').betByKey.get('bust-bonus')!;
    expect(bet.lines.every((l) => l.totalAndCountOnly)).toBe(true);
    for (let i = 0; i < 30_000; i++) {
      const n = 2 + (i % 9);
      const cards = Array.from({ length: n }, (_, k) => (i * 37 + k * 13 + ((i * k) % 7)) % 52);
      for (const dealerBlackjack of [false, true, undefined])
        expect(bet.lineFinder.lineOf(cards, n, { dealerBlackjack })).toBe(slow(bet, cards, { dealerBlackjack }));
    }
  });

  it('a pay table with a line that reads suits is never answered by shape: two hands of one shape, two lines', () => {
    const bet = paytable('dealer-final', [
      { pays: '5:1', when: { total: 20, suited: true } },
      { pays: '1:1', when: { total: 20 } },
    ]);
    const suited = cards('TS 7S 3S'); // 20 in one suit
    const mixed = cards('TH 7S 3S'); // 20, the same shape
    for (let i = 0; i < 3; i++) {
      expect(bet.lineFinder.lineOf(suited, 3, {})).toBe(slow(bet, suited, {}));
      expect(bet.lineFinder.lineOf(mixed, 3, {})).toBe(slow(bet, mixed, {}));
    }
    expect(slow(bet, suited, {})).not.toBe(slow(bet, mixed, {}));
  });

  it('R-AB-PAY-1, R-AB-SIDE-1, R-AB-SIDE-3: every Andar Bahar outcome bet from its table equals its conditions, for each winner and count dealt', () => {
    const pack = loadPack('andar-bahar');
    const outcomeBets = pack.bets.filter((b) => b.group === 'outcome');
    expect(outcomeBets.length).toBeGreaterThan(10);
    for (const bet of outcomeBets) {
      expect(bet.outcomeLines).not.toBeNull();
      for (const winner of [0, 1] as const)
        for (let dealt = 0; dealt <= 52; dealt++)
          expect(bet.outcomeLines![outcomeIndex(52, winner, dealt)]).toBe(slow(bet, [], { winner, cardsDealt: dealt }));
    }
    expect(pack.betByKey.get('first-3/commission')!.outcomeLines).toBeNull(); // it reads cards
  });
});
