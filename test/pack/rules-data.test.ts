// The rules of docs/rules.md that are pure data: the compiled shipped packs say exactly what they say.

import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BJ_VALUE, CARDS_PER_DECK, parseCard } from '../../lambdas/core/cards.ts';
import type { CompiledBet, CompiledPack } from '../../lambdas/pack/compiled.ts';
import { findBet } from '../../lambdas/pack/compiled.ts';
import { loadPackFile, RULES_DIR } from '../../lambdas/pack/load.ts';
import { copyRules } from './helpers.ts';

// blackjack-eropa names AI charts that may not be written yet; its rules are read from a copy
// where missing charts are stubbed, so these data tests do not depend on them.
const copy = copyRules();
const load = (id: string): CompiledPack =>
  loadPackFile(id === 'blackjack-eropa' ? copy.path(`${id}.yaml`) : join(RULES_DIR, `${id}.yaml`));
const MW = load('blackjack-mewah');
const TB = load('blackjack-tanpa-batas');
const EU = load('blackjack-eropa');
const LL = load('blackjack-lucky-ladies');
const AB = load('andar-bahar');
copy.remove();

const bet = (pack: CompiledPack, name: string, mode?: 'commission' | 'no-commission') => findBet(pack, name, mode)!;
const ratio = (r: { num: number; den: number } | null) => (r ? `${r.num}:${r.den}` : null);
/** The pay table as [line, ratio], in the order it pays (highest first). */
const table = (b: CompiledBet) => b.lines.map((l) => [l.name, ratio(l.pays)]);
const hand = (...cards: string[]) => cards.map((c) => parseCard(c)!);
const winner = (b: CompiledBet, cards: number[], facts = {}) =>
  b.lines.find((l) => l.matches(cards, cards.length, facts))?.name ?? null;
const up = (set: readonly boolean[]) =>
  'A23456789TJQK'
    .split('')
    .filter((_, i) => set[i])
    .join('');

describe('blackjack, every pack', () => {
  test('R-BJ-CARD-1 52-card decks, A = 1 (or 11), 2-10 face value, J/Q/K = 10', () => {
    expect(CARDS_PER_DECK).toBe(52);
    expect(['AS', '2H', '9D', 'TC', 'JS', 'QH', 'KD'].map((c) => BJ_VALUE[parseCard(c)!])).toEqual([
      1, 2, 9, 10, 10, 10, 10,
    ]);
    for (const p of [MW, TB, EU, LL]) expect(p.family).toBe('blackjack');
  });
});

describe('blackjack-mewah', () => {
  test('R-MW-TABLE-1 seats 1-7, 8 decks', () => {
    expect(MW.table.kind).toBe('seated');
    expect(MW.table.seats).toBe(7);
    expect(MW.shoe.decks).toBe(8);
  });
  test('R-MW-PAY-1 BJ 3:2, other wins 1:1, insurance 2:1', () => {
    expect(ratio(bet(MW, 'main').blackjackPays)).toBe('3:2');
    expect(ratio(bet(MW, 'main').winPays)).toBe('1:1');
    expect(ratio(MW.blackjack!.actions.insurance!.pays)).toBe('2:1');
  });
  test('R-MW-RTP-1 declared RTP 99.53%', () => {
    expect(bet(MW, 'main').declaredRtp).toBe(0.9953);
  });
  test('R-MW-PAIR-1 the Pair table of blackjack-tanpa-batas: perfect 30:1, coloured 10:1, mixed 5:1', () => {
    expect(table(bet(MW, 'pair'))).toEqual([
      ['perfect pair', '30:1'],
      ['coloured pair', '10:1'],
      ['mixed pair', '5:1'],
    ]);
  });
});

describe('blackjack-tanpa-batas', () => {
  test('R-TB-TABLE-1 one common hand for any number of players, 8 decks, the shown card burns its value', () => {
    expect(TB.table.kind).toBe('common-draw');
    expect(TB.shoe.decks).toBe(8);
    expect(TB.shoe.burn).toBe('shown-card-value');
  });
  test('R-TB-TABLE-1 unbounded tables keep their players apart (a flag the compiled pack carries), seated ones not', () => {
    expect([TB, AB, MW, EU, LL].map((p) => [p.id, p.table.playersApart])).toEqual([
      ['blackjack-tanpa-batas', true],
      ['andar-bahar', true],
      ['blackjack-mewah', false],
      ['blackjack-eropa', false],
      ['blackjack-lucky-ladies', false],
    ]);
  });
  test('R-TB-PAY-1 BJ 3:2, win 1:1, insurance 2:1', () => {
    expect(ratio(bet(TB, 'main').blackjackPays)).toBe('3:2');
    expect(ratio(bet(TB, 'main').winPays)).toBe('1:1');
    expect(ratio(TB.blackjack!.actions.insurance!.pays)).toBe('2:1');
  });
  test('R-TB-SIDE-1 Pair: perfect 30:1, coloured 10:1, mixed 5:1', () => {
    const pair = bet(TB, 'pair');
    expect(table(pair)).toEqual([
      ['perfect pair', '30:1'],
      ['coloured pair', '10:1'],
      ['mixed pair', '5:1'],
    ]);
    expect(winner(pair, hand('QH', 'QH'))).toBe('perfect pair');
    expect(winner(pair, hand('QH', 'QD'))).toBe('coloured pair');
    expect(winner(pair, hand('QH', 'QC'))).toBe('mixed pair');
    expect(winner(pair, hand('QH', 'KH'))).toBeNull();
  });
  test('R-TB-SIDE-1 Bust Bonus: 3 cards 1:1 … 8 or more 250:1; a dealer non-bust loses', () => {
    const bb = bet(TB, 'bust-bonus');
    expect(table(bb).map(([, r]) => r)).toEqual(['250:1', '100:1', '50:1', '9:1', '2:1', '1:1']);
    expect(winner(bb, hand('TS', '6H', 'KD'))).toBe('dealer busts with 3 cards');
    expect(winner(bb, hand('2S', '2H', '2D', '2C', '3S', '3H', '3D', 'KC'))).toBe('dealer busts with 8 or more cards');
    expect(winner(bb, hand('TS', '7H'))).toBeNull();
  });
  test('R-TB-SIDE-1 Lucky Trio: 19/20 2:1, 21 unsuited 3:1, suited 10:1, 6-7-8 30:1/100:1, 7-7-7 50:1/200:1', () => {
    const lt = bet(TB, 'lucky-trio');
    expect(Object.fromEntries(table(lt))).toEqual({
      'total 19 or 20': '2:1',
      'unsuited 21': '3:1',
      'suited 21': '10:1',
      'unsuited 6-7-8': '30:1',
      'unsuited 7-7-7': '50:1',
      'suited 6-7-8': '100:1',
      'suited 7-7-7': '200:1',
    });
    expect(winner(lt, hand('7S', '7S', '7S'))).toBe('suited 7-7-7');
    expect(winner(lt, hand('7S', '7H', '7S'))).toBe('unsuited 7-7-7');
    expect(winner(lt, hand('6D', '7D', '8D'))).toBe('suited 6-7-8');
    expect(winner(lt, hand('AS', 'KS', 'TS'))).toBe('suited 21');
    expect(winner(lt, hand('AS', '8H', 'KS'))).toBe('total 19 or 20');
  });
  test('R-TB-SIDE-1 Poker Trio: flush 5:1, straight 10:1, trips 30:1, straight flush 40:1, suited trips 100:1; K-A-2 is no straight', () => {
    const pt = bet(TB, 'poker-trio');
    expect(table(pt)).toEqual([
      ['suited three of a kind', '100:1'],
      ['straight flush', '40:1'],
      ['three of a kind', '30:1'],
      ['straight', '10:1'],
      ['flush', '5:1'],
    ]);
    expect(winner(pt, hand('AS', '2H', '3D'))).toBe('straight');
    expect(winner(pt, hand('QS', 'KH', 'AD'))).toBe('straight');
    expect(winner(pt, hand('KS', 'AH', '2D'))).toBeNull();
    expect(winner(pt, hand('9C', '9C', '9C'))).toBe('suited three of a kind');
  });
  test('R-TB-SIDE-2 round limits per shoe: Pair 40; Bust Bonus, Lucky Trio, Poker Trio 45', () => {
    expect(['pair', 'bust-bonus', 'lucky-trio', 'poker-trio'].map((n) => bet(TB, n).roundLimit)).toEqual([
      40, 45, 45, 45,
    ]);
    expect(bet(TB, 'main').roundLimit).toBeNull();
  });
  test('R-TB-RTP-1 declared RTP 99.46%', () => {
    expect(bet(TB, 'main').declaredRtp).toBe(0.9946);
  });
});

describe('blackjack-eropa', () => {
  test('R-EU-TABLE-1 practice points, 6 decks, no insurance, no surrender, no side bets', () => {
    expect(EU.currency.practice).toBe(true);
    expect(EU.shoe.decks).toBe(6);
    expect(EU.blackjack!.actions.insurance).toBeNull();
    expect(EU.blackjack!.actions.surrender).toBeNull();
    expect(EU.bets.map((b) => b.name)).toEqual(['main']);
  });
});

describe('lucky ladies', () => {
  test('R-LL-GAME-1 a side bet placed with the main bet, on a game of 2 to 8 decks', () => {
    const ll = bet(LL, 'lucky-ladies');
    expect(ll.withMain).toBe(true);
    expect(LL.shoe.decks).toBeGreaterThanOrEqual(2);
    expect(LL.shoe.decks).toBeLessThanOrEqual(8);
    expect((LL.resolved as { modules: { id: string }[] }).modules.map((m) => m.id)).toEqual(['lucky-ladies']);
  });
  test('R-LL-WIN-1 pay table B: any 20 4:1, suited 10:1, matched 25:1, QH pair 200:1, QH pair with dealer BJ 1000:1', () => {
    const ll = bet(LL, 'lucky-ladies');
    expect(table(ll)).toEqual([
      ['queens of hearts with dealer blackjack', '1000:1'],
      ['pair of queens of hearts', '200:1'],
      ['matched 20', '25:1'],
      ['suited 20', '10:1'],
      ['any 20', '4:1'],
    ]);
    expect(winner(ll, hand('QH', 'QH'), { dealerBlackjack: true })).toBe('queens of hearts with dealer blackjack');
    expect(winner(ll, hand('QH', 'QH'), { dealerBlackjack: false })).toBe('pair of queens of hearts');
    expect(winner(ll, hand('KS', 'KS'), { dealerBlackjack: false })).toBe('matched 20');
    expect(winner(ll, hand('KS', 'QS'), { dealerBlackjack: false })).toBe('suited 20');
    expect(winner(ll, hand('AS', '9H'), { dealerBlackjack: false })).toBe('any 20');
    expect(winner(ll, hand('TS', '9H'), { dealerBlackjack: false })).toBeNull();
  });
  test('R-LL-HOST-1 6 decks, 7 seats one per player, peek, S17, BJ 3:2, double any two, DAS, split to 4, aces once with one card, insurance 2:1, no surrender, no other side bet', () => {
    const bj = LL.blackjack!;
    expect([LL.shoe.decks, LL.table.kind, LL.table.seats, LL.table.seatsPerPlayer]).toEqual([6, 'seated', 7, 1]);
    expect(up(bj.dealer.peekOn)).toContain('A');
    expect(up(bj.dealer.peekOn)).toContain('T');
    expect(bj.dealer.hitsSoft17).toBe(false);
    expect(ratio(bet(LL, 'main').blackjackPays)).toBe('3:2');
    expect(bj.actions.double!.totals).toBeNull();
    expect(bj.actions.double!.afterSplit).toBe(true);
    expect(bj.actions.split).toMatchObject({ maxHands: 4, resplitAces: false, splitAcesOneCard: true });
    expect(ratio(bj.actions.insurance!.pays)).toBe('2:1');
    expect(bj.actions.surrender).toBeNull();
    expect(LL.bets.map((b) => b.name)).toEqual(['main', 'lucky-ladies']);
  });
  test('R-LL-HOST-1 the dealer peeks on every 10-value up card (T covers T, J, Q, K)', () => {
    expect(up(LL.blackjack!.dealer.peekOn)).toBe('ATJQK');
  });
  test('R-LL-LIMIT-1 $1 to $20, at most $20,000 of winnings per round', () => {
    const ll = bet(LL, 'lucky-ladies');
    expect([ll.min, ll.max, ll.capPerRound]).toEqual([100, 2000, 2000000]);
  });
});

describe('andar-bahar', () => {
  const outcome = (b: CompiledBet, winnerSide: 0 | 1, cardsDealt: number) =>
    winner(b, [], { winner: winnerSide, cardsDealt });
  test('R-AB-PAY-1 commission: Andar 0.9:1, Bahar 1:1; no commission: Andar 0.25:1 on its first card, else 1:1, Bahar 1:1', () => {
    expect(table(bet(AB, 'andar', 'commission'))).toEqual([['andar wins', '9:10']]);
    expect(table(bet(AB, 'bahar', 'commission'))).toEqual([['bahar wins', '1:1']]);
    expect(table(bet(AB, 'bahar', 'no-commission'))).toEqual([['bahar wins', '1:1']]);
    const nc = bet(AB, 'andar', 'no-commission');
    expect(nc.lines.find((l) => l.name === outcome(nc, 0, 1))!.pays).toEqual({ num: 1, den: 4 });
    expect(nc.lines.find((l) => l.name === outcome(nc, 0, 3))!.pays).toEqual({ num: 1, den: 1 });
    expect(outcome(nc, 1, 2)).toBeNull();
  });
  test('R-AB-PAY-1 ratios: First Andar 15:1, First Bahar 15.5:1, First 3 and card-count ranges as the rules say', () => {
    expect(table(bet(AB, 'first-andar'))).toEqual([["andar's first card matches", '15:1']]);
    expect(table(bet(AB, 'first-bahar'))).toEqual([["bahar's first card matches", '31:2']]);
    expect(table(bet(AB, 'first-3'))).toEqual([
      ['straight flush', '120:1'],
      ['straight', '8:1'],
      ['flush', '5:1'],
    ]);
    const ranges = ['1-5', '6-10', '11-15', '16-20', '21-25', '26-30', '31-35', '36-40', '41-45', '46-49'];
    expect(ranges.map((r) => ratio(bet(AB, `cards-${r}`).lines[0].pays))).toEqual([
      '2:1',
      '3:1',
      '4:1',
      '5:1',
      '8:1',
      '12:1',
      '20:1',
      '40:1',
      '110:1',
      '800:1',
    ]);
    expect(findBet(AB, 'first-andar', 'no-commission')).toBeUndefined();
    expect(findBet(AB, 'cards-1-5', 'no-commission')).toBeDefined();
  });
  test('R-AB-RTP-1 declared 97.87% (commission) and 98.61% (no commission)', () => {
    expect(bet(AB, 'andar', 'commission').declaredRtp).toBe(0.9787);
    expect(bet(AB, 'andar', 'no-commission').declaredRtp).toBe(0.9861);
  });
});
