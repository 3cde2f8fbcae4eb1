// A bet's line function gives the same line from its lookup table as from its conditions, for
// every two-card group and a sample of three-card groups, with and without the dealer-blackjack fact;
// an outcome bet's table gives the line its conditions give for every winner and count dealt.
import { describe, expect, it } from 'vitest';
import type { CompiledBet } from '../../lambdas/pack/compiled.ts';
import type { Facts } from '../../lambdas/pack/conditions.ts';
import { outcomeIndex, TABLE_AFTER } from '../../lambdas/pack/line-table.ts';
import { loadPack } from '../../lambdas/pack/load.ts';

const slow = (bet: CompiledBet, cards: number[], facts: Facts) => bet.lines.findIndex((l) => l.matches(cards, cards.length, facts));

function warm(bet: CompiledBet, size: number) {
  const cards = Array(size).fill(0);
  for (let i = 0; i <= TABLE_AFTER; i++) bet.lineOf(cards, size, { dealerBlackjack: false });
}

describe('pay-table lookup tables', () => {
  it('R-LL-WIN-1: Lucky Ladies from the table equals its conditions for every pair, dealer BJ or not', () => {
    const bet = loadPack('blackjack-lucky-ladies').betByKey.get('lucky-ladies')!;
    warm(bet, 2);
    for (let a = 0; a < 52; a++)
      for (let b = 0; b < 52; b++)
        for (const dealerBlackjack of [false, true]) expect(bet.lineOf([a, b], 2, { dealerBlackjack })).toBe(slow(bet, [a, b], { dealerBlackjack }));
  });

  it('R-TB-SIDE-1: Poker Trio and Lucky Trio from the table equal their conditions', () => {
    const pack = loadPack('blackjack-tanpa-batas');
    for (const key of ['poker-trio', 'lucky-trio']) {
      const bet = pack.betByKey.get(key)!;
      warm(bet, 3);
      for (let i = 0; i < 20_000; i++) {
        const cards = [(i * 31) % 52, (i * 17 + 5) % 52, (i * 7 + 11) % 52];
        expect(bet.lineOf(cards, 3, {})).toBe(slow(bet, cards, {}));
      }
    }
  });

  it('R-AB-PAY-1, R-AB-SIDE-1, R-AB-SIDE-3: every Andar Bahar outcome bet from its table equals its conditions, for each winner and count dealt', () => {
    const pack = loadPack('andar-bahar');
    const outcomeBets = pack.bets.filter((b) => b.group === 'outcome');
    expect(outcomeBets.length).toBeGreaterThan(10);
    for (const bet of outcomeBets) {
      expect(bet.outcomeLines).not.toBeNull();
      for (const winner of [0, 1] as const)
        for (let dealt = 0; dealt <= 52; dealt++) expect(bet.outcomeLines![outcomeIndex(52, winner, dealt)]).toBe(slow(bet, [], { winner, cardsDealt: dealt }));
    }
    expect(pack.betByKey.get('first-3/commission')!.outcomeLines).toBeNull(); // it reads cards
  });
});
