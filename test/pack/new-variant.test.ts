// A new blackjack variant written purely in YAML — H17, 6:5 blackjack, double on 9–11 only, no
// surrender, split to 3 hands — validates and compiles with those rules, with no code change.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { copyRules, problems, type RulesCopy } from './helpers.ts';

const VARIANT = `# yaml-language-server: $schema=../schemas/rule-pack.schema.json
apiVersion: croupier/v1
kind: Variant
id: blackjack-six-five
name: Blackjack 6:5
family: blackjack
version: 1.0.0
spec:
  currency: { code: USD, minorPerUnit: 100, practice: false }
  rounding: down
  shoe: { decks: 6, reshuffle: cut-card, penetration: 0.75, burn: shown-card-value }
  table: { kind: seated, seats: 7, seatsPerPlayer: 1 }
  dealer:
    hitsSoft17: true              # H17
    peekOn: [A, T]
    onBlackjack: original-bets
  actions:                        # no surrender: the action is simply not listed
    hit: {}
    stand: {}
    double: { totals: [9, 10, 11], afterSplit: true, splitAces: false, whenShort: refuse }
    split: { match: value, maxHands: 3, resplitAces: false, splitAcesOneCard: true, whenShort: refuse }
    insurance: { offeredOn: [A], pays: "2:1" }
  timing: { bettingSeconds: 15, decisionSeconds: 12 }
  bets:
    - name: main
      type: hand
      limits: { min: 100, max: 100000 }
      payouts: { blackjack: "6:5", win: "1:1" }
`;

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
