// Two side bets written purely in YAML (Perfect Pairs 25/12/6, 21+3 at 9:1 for every hand;
// test/fixtures/variants.ts), attached to a copy of a blackjack pack: they validate, compile and pay
// the right line.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCard } from '../../lambdas/core/cards.ts';
import type { CompiledBet } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { INCLUDE_BOTH_SIDE_BETS, PERFECT_PAIRS, TWENTY_ONE_PLUS_THREE } from '../fixtures/variants.ts';
import { copyRules, problems, type RulesCopy } from './helpers.ts';

let rules: RulesCopy;
let bets: Record<string, CompiledBet>;
beforeAll(() => {
  rules = copyRules();
  rules.write('side-bets/perfect-pairs.yaml', PERFECT_PAIRS);
  rules.write('side-bets/twenty-one-plus-three.yaml', TWENTY_ONE_PLUS_THREE);
  rules.write('blackjack-mewah.yaml', rules.read('blackjack-mewah.yaml') + INCLUDE_BOTH_SIDE_BETS);
  const pack = loadPack(rules.path('blackjack-mewah.yaml'));
  bets = Object.fromEntries(pack.bets.map((b) => [b.name, b]));
});
afterAll(() => rules.remove());

/** The line a hand pays: the highest matching one, or null. */
function pays(bet: CompiledBet, hand: string[], dealerBlackjack = false): string | null {
  const cards = hand.map((c) => parseCard(c)!);
  return bet.lines.find((l) => l.matches(cards, cards.length, { dealerBlackjack }))?.name ?? null;
}

describe('side bets written in YAML with no code change', () => {
  test('both modules and the pack that includes them validate', () => {
    expect(problems(rules.path('side-bets/perfect-pairs.yaml'))).toEqual([]);
    expect(problems(rules.path('side-bets/twenty-one-plus-three.yaml'))).toEqual([]);
    expect(problems(rules.path('blackjack-mewah.yaml'))).toEqual([]);
  });

  test('Perfect Pairs compiles to 25:1, 12:1 and 6:1, highest first', () => {
    expect(bets['perfect-pairs'].lines.map((l) => [l.name, `${l.pays.num}:${l.pays.den}`])).toEqual([
      ['perfect pair', '25:1'],
      ['coloured pair', '12:1'],
      ['mixed pair', '6:1'],
    ]);
  });

  test.each([
    [['QH', 'QH'], 'perfect pair'],
    [['QH', 'QD'], 'coloured pair'],
    [['7S', '7C'], 'coloured pair'],
    [['QH', 'QS'], 'mixed pair'],
    [['QH', 'KH'], null],
    [['AS', 'TS'], null],
  ])('Perfect Pairs: %j pays %s', (hand, line) => {
    expect(pays(bets['perfect-pairs'], hand)).toBe(line);
  });

  test('21+3 pays 9:1 on every line', () => {
    const ratios = bets['twenty-one-plus-three'].lines.map((l) => `${l.pays.num}:${l.pays.den}`);
    expect(ratios).toHaveLength(5);
    expect(new Set(ratios)).toEqual(new Set(['9:1']));
  });

  test.each([
    [['2H', '9H', 'KH'], true],
    [['QS', 'KD', 'AC'], true],
    [['AS', '2D', '3C'], true],
    [['KS', 'AD', '2C'], false],
    [['7S', '7D', '7C'], true],
    [['5H', '6H', '7H'], true],
    [['9D', '9D', '9D'], true],
    [['2S', '7D', 'KC'], false],
  ])('21+3: %j wins %s', (hand, wins) => {
    expect(pays(bets['twenty-one-plus-three'], hand) !== null).toBe(wins);
  });
});
