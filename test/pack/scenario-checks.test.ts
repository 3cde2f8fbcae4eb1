// Scenario files checked against their pack: seats, modes, players and a shoe the decks can deal.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { copyRules, expectProblem, positionOf, problems, type RulesCopy } from './helpers.ts';

let rules: RulesCopy;
beforeAll(() => (rules = copyRules()));
afterAll(() => rules.remove());

const check = (name: string, text: string) => {
  const rel = `scenarios/${name}.yaml`;
  rules.write(rel, text);
  return { path: rules.path(rel), found: problems(rules.path(rel)) };
};

test('a seat beyond the table is refused (R-MW-TABLE-1: seats 1-7)', () => {
  const text =
    'pack: blackjack-mewah\ntitle: seat eight\ncites: [R-MW-TABLE-1]\nshoe: []\nplayers: { alice: 1000 }\nsteps:\n  - bet: { player: alice, on: main, seat: 8, amount: 100 }\nexpect:\n  balances: { alice: 1000 }\n';
  const { path, found } = check('seat', text);
  expectProblem(found, path, positionOf(text, 'seat: 8', '8'), ['seat 8 is not at this table', 'seats 1 to 7']);
});

test('a card more often than the decks hold it is refused (R-AB-DECK-1: one deck)', () => {
  const text =
    'pack: andar-bahar\ntitle: two kings of spades\ncites: [R-AB-DECK-1]\nshoe: [KS, 2H, KS]\nplayers: { alice: 1000 }\nsteps:\n  - bet: { player: alice, on: andar, amount: 100 }\n  - deal\nexpect:\n  balances: { alice: 1000 }\n';
  const { path, found } = check('deck', text);
  expectProblem(found, path, positionOf(text, '2H, KS]', 'KS'), ['KS appears 2 times', 'at most 1 time']);
});

test('a bet in a mode that does not offer it is refused (R-AB-SIDE-1: commission mode only)', () => {
  const text =
    'pack: andar-bahar\ntitle: first andar without commission\ncites: [R-AB-SIDE-1]\nshoe: []\nplayers: { alice: 1000 }\nsteps:\n  - bet: { player: alice, on: first-andar, mode: no-commission, amount: 100 }\nexpect:\n  balances: { alice: 1000 }\n';
  const { path, found } = check('mode', text);
  expectProblem(found, path, positionOf(text, 'mode: no-commission', 'no-commission'), [
    '"first-andar" is not offered in mode "no-commission"',
    'commission',
  ]);
});

test('a scenario for a pack that does not exist is refused', () => {
  const text =
    'pack: blackjack-nowhere\ntitle: no such pack\ncites: [R-BJ-CARD-1]\nshoe: []\nplayers: { alice: 1000 }\nsteps: [deal]\nexpect:\n  balances: { alice: 1000 }\n';
  const { path, found } = check('nopack', text);
  expectProblem(found, path, positionOf(text, 'blackjack-nowhere'), ['there is no pack "blackjack-nowhere"']);
});

test('a cite that is not a rule ID is refused in plain words', () => {
  const text =
    'pack: blackjack-mewah\ntitle: bad cite\ncites: [split-rule]\nshoe: []\nplayers: { alice: 1000 }\nsteps: [deal]\nexpect:\n  balances: { alice: 1000 }\n';
  const { path, found } = check('cite', text);
  expectProblem(found, path, positionOf(text, 'split-rule'), ['"split-rule" is not a rule ID', 'R-MW-SPLIT-1']);
  expect(found).toHaveLength(1);
});

test("a scenario expects every player's final balance: one that checks nothing is refused, naming who is missing", () => {
  const text =
    'pack: blackjack-mewah\ntitle: checks nothing\ncites: [R-MW-SURR-1]\nshoe: [TD, 9C, 6S, 8D]\nplayers: { alice: 1000, bob: 1000 }\nsteps:\n  - bet: { player: alice, on: main, seat: 1, amount: 100 }\n  - deal\nexpect:\n  balances: { bob: 1000 }\n';
  const { path, found } = check('empty', text);
  expectProblem(found, path, positionOf(text, 'balances: { bob', '{ bob'), [
    'give the final balance of every player',
    'missing: alice',
  ]);
  expect(found).toHaveLength(1);
});

test("a step's bad value is named where it is, with what is allowed (not the step as a whole)", () => {
  const text =
    'pack: blackjack-mewah\ntitle: bad action\ncites: [R-MW-SPLIT-1]\nshoe: []\nplayers: { alice: 1000 }\nsteps:\n  - bet: { player: alice, on: main, seat: 1, amount: 100 }\n  - act: { player: alice, seat: 1, action: splitt }\nexpect:\n  balances: { alice: 1000 }\n';
  const { path, found } = check('action', text);
  expectProblem(found, path, positionOf(text, 'splitt'), [
    'steps[1].act.action: "splitt" is not allowed',
    'hit, stand, double, split',
  ]);
  expect(found).toHaveLength(1);
});
