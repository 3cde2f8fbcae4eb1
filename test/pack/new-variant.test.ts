// A new blackjack variant written purely in YAML — H17, 6:5 blackjack, double on 9–11 only, no
// surrender, split to 3 hands (test/fixtures/variants.ts) — validates and compiles with those rules,
// with no code change.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { SIX_FIVE as VARIANT } from '../fixtures/variants.ts';
import { copyRules, problems, type RulesCopy } from './helpers.ts';

let rules: RulesCopy;
let pack: CompiledPack;
beforeAll(() => {
  rules = copyRules();
  rules.write('blackjack-six-five.yaml', VARIANT);
  pack = loadPack(rules.path('blackjack-six-five.yaml'));
});
afterAll(() => rules.remove());

test('the new variant validates', () => {
  expect(problems(rules.path('blackjack-six-five.yaml'))).toEqual([]);
});

test('it compiles with its own rules: H17, 6:5, double on 9-11, no surrender, split to 3 hands', () => {
  const bj = pack.blackjack!;
  expect(pack.id).toBe('blackjack-six-five');
  expect(bj.dealer.hitsSoft17).toBe(true);
  expect(pack.bets.find((b) => b.name === 'main')!.blackjackPays).toEqual({ num: 6, den: 5 });
  const doubles = bj.actions.double!.totals!.flatMap((ok, total) => (ok ? [total] : []));
  expect(doubles).toEqual([9, 10, 11]);
  expect(bj.actions.surrender).toBeNull();
  expect(bj.actions.split!.maxHands).toBe(3);
});
