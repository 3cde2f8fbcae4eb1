// Every shipped pack, broken in each way a product manager might break it: the problem is found
// at its exact line:col, in words that say what is wrong and what is allowed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyRules, expectProblem, positionOf, problems, type RulesCopy } from './helpers.ts';

let rules: RulesCopy;
beforeAll(() => (rules = copyRules()));
afterAll(() => rules.remove());

/** A breakage: edits a fresh copy of one file and says where the problem must be reported. */
interface Breakage {
  name: string;
  /** The file to check, relative to rules/ (default: the pack). */
  check?: string;
  /** Edits the copy; returns the file (relative) and text the problem is in, and where in it. */
  apply(c: RulesCopy, file: string): { rel: string; text: string; context: string; target?: string };
  words: (string | RegExp)[];
}

const edit = (rel: string, from: string, to: string, context: string, target?: string) => (c: RulesCopy) => ({
  rel,
  text: c.edit(rel, from, to),
  context,
  target,
});
const append = (rel: string, extra: string, context: string, target?: string) => (c: RulesCopy) => ({
  rel,
  text: c.write(rel, c.read(rel) + extra),
  context,
  target,
});

const RATIO_ZERO = ['pays nothing', 'above zero'];
const RATIO_BAD = ['"-1:2" is not a payout ratio', 'N:M'];
const NEVER = ['can never match'];
const ROUNDS = ['beyond what the shoe can deal', 'at most'];
const DUP_BET = ['duplicate bet', 'declared once'];
const DUP_LINE = ['duplicate line name', 'name each line once'];
const RTP = ['is not a return to player', 'between 0 and 1'];
const PENETRATION = ['cards behind the cut card', 'too few', 'penetration at most'];
const UNCLOSED = ['YAML syntax', 'never closed', 'end it with }'];
const LL_RANGE = ['"lucky-ladies" needs a game of 2 to 8 decks'];
const UNKNOWN_MODULE = ['there is no side-bet module "no-such-bet"'];
const INCLUDE_UNKNOWN = '  include:\n    - sideBet: no-such-bet\n';
const INCLUDE_LL = '  include:\n    - sideBet: lucky-ladies\n';
const AT_UNKNOWN = ['sideBet: no-such-bet', 'no-such-bet'] as const;
const AT_LL = ['- sideBet: lucky-ladies\n', 'lucky-ladies'] as const;

/** A side bet for packs that have none, with one line to break. */
const sideBet = (line: string, extra = '') =>
  `    - name: pair\n      type: paytable\n      group: first-two\n${extra}      limits: { min: 100, max: 5000 }\n      lines:\n        - { name: perfect pair, pays: "25:1", when: { identical: true } }\n        ${line}\n`;

/** A scenario whose first bet names a bet no pack has. */
const scenario = (pack: string, seat: boolean) =>
  `pack: ${pack}\ntitle: a bet nobody offers\ncites: [R-BJ-CARD-1]\nshoe: [AS, KH]\nplayers: { alice: 1000 }\nsteps:\n  - bet: { player: alice, on: jackpot, ${seat ? 'seat: 1, ' : ''}amount: 100 }\n  - deal\nexpect:\n  balances: { alice: 1000 }\n`;
const unknownBetInScenario = (pack: string, seat: boolean): Breakage => ({
  name: 'a scenario bets on a bet the pack does not offer',
  check: 'scenarios/broken.yaml',
  apply: (c) => ({
    rel: 'scenarios/broken.yaml',
    text: c.write('scenarios/broken.yaml', scenario(pack, seat)),
    context: 'on: jackpot',
    target: 'jackpot',
  }),
  words: ['"jackpot" is not a bet of pack', 'its bets are: main'],
});

const PACKS: Record<string, Breakage[]> = {
  'blackjack-mewah': [
    {
      name: 'R-LL-GAME-1 lucky ladies attached to a 9-deck game',
      apply: (c, f) => (c.edit(f, 'decks: 8 ', 'decks: 9 '), append(f, INCLUDE_LL, ...AT_LL)(c)),
      words: [...LL_RANGE, 'has 9'],
    },
    {
      name: 'an unknown side-bet module',
      apply: (_c, f) => append(f, INCLUDE_UNKNOWN, ...AT_UNKNOWN)(_c),
      words: UNKNOWN_MODULE,
    },
    unknownBetInScenario('blackjack-mewah', true),
    {
      name: "a bet's title in a language the help page does not have",
      apply: (c, f) =>
        edit(
          f,
          'title: { en: Pair, id: Pasangan (Pair), ms: Pasangan (Pair) }',
          'title: { en: Pair, fr: Paire }',
          'fr: Paire',
          'fr',
        )(c),
      words: ['spec.bets[2].title: unknown key "fr"', 'allowed here: en, id, ms'],
    },
    {
      name: 'a pair line totalling 40 can never match',
      apply: (c, f) =>
        append(f, '        - { name: pair of 40, pays: "50:1", when: { total: 40 } }\n', '{ total: 40 }')(c),
      words: [...NEVER, '"pair of 40"', "player's first two cards"],
    },
    {
      name: 'a round limit beyond the shoe',
      apply: (c, f) =>
        edit(
          f,
          '      group: first-two\n',
          '      group: first-two\n      roundLimit: 500\n',
          'roundLimit: 500',
          '500',
        )(c),
      words: [...ROUNDS, '500 rounds'],
    },
    {
      name: 'a win ratio of zero',
      apply: (c, f) =>
        edit(
          f,
          'win: "1:1" }   # R-MW-PAY-1',
          'win: "0:1" }   # R-MW-PAY-1',
          'win: "0:1" }   # R-MW-PAY-1',
          '"0:1"',
        )(c),
      words: RATIO_ZERO,
    },
    {
      name: 'a negative blackjack ratio',
      apply: (c, f) =>
        edit(
          f,
          'blackjack: "3:2", win: "1:1" }   # R-MW-PAY-1',
          'blackjack: "-1:2", win: "1:1" }   # R-MW-PAY-1',
          '"-1:2"',
        )(c),
      words: RATIO_BAD,
    },
    {
      name: 'a bet declared twice',
      apply: (c, f) =>
        edit(
          f,
          '- name: pair                      # R-MW-PAIR-1',
          '- name: behind                    # R-MW-PAIR-1',
          'name: behind                    # R-MW-PAIR-1',
          'behind',
        )(c),
      words: [...DUP_BET, '"behind"'],
    },
    {
      name: 'a pay-table line named twice',
      apply: (c, f) =>
        edit(f, 'name: coloured pair', 'name: mixed pair', '{ name: mixed pair, pays: "10:1"', 'mixed pair')(c),
      words: [...DUP_LINE, '"mixed pair"'],
    },
    {
      name: 'a declared RTP written as a percentage',
      apply: (c, f) => edit(f, 'declaredRtp: 0.9953', 'declaredRtp: 99.53', '99.53')(c),
      words: [...RTP, '99.53'],
    },
    {
      name: 'penetration that leaves too few cards',
      apply: (c, f) => edit(f, 'penetration: 0.8 ', 'penetration: 0.99', 'penetration: 0.99', '0.99')(c),
      words: [...PENETRATION, 'leaves 5 cards'],
    },
    {
      name: 'malformed YAML: an unclosed mapping',
      apply: (c, f) =>
        edit(
          f,
          'limits: { min: 100, max: 500000 }',
          'limits: { min: 100, max: 500000',
          '{ min: 100, max: 500000\n',
          '{',
        )(c),
      words: UNCLOSED,
    },
  ],
  'blackjack-tanpa-batas': [
    {
      name: 'R-LL-GAME-1 lucky ladies attached to a 9-deck game',
      apply: (c, f) => (c.edit(f, 'decks: 8 ', 'decks: 9 '), append(f, INCLUDE_LL, ...AT_LL)(c)),
      words: [...LL_RANGE, 'has 9'],
    },
    {
      name: 'an unknown side-bet module',
      apply: (c, f) => append(f, INCLUDE_UNKNOWN, ...AT_UNKNOWN)(c),
      words: UNKNOWN_MODULE,
    },
    unknownBetInScenario('blackjack-tanpa-batas', false),
    {
      name: 'a 3-card total of 40 can never match',
      apply: (c, f) => edit(f, 'when: { total: [19, 20] }', 'when: { total: 40 }', '{ total: 40 }')(c),
      words: [...NEVER, '"total 19 or 20"', 'dealer up card'],
    },
    {
      name: 'R-TB-SIDE-2 a round limit beyond the shoe',
      apply: (c, f) => edit(f, 'roundLimit: 40 ', 'roundLimit: 400', '400')(c),
      words: [...ROUNDS, '400 rounds', 'at most 83 rounds'],
    },
    {
      name: 'a win ratio of zero',
      apply: (c, f) => edit(f, 'win: "1:1" }   # R-TB-PAY-1', 'win: "0:1" }   # R-TB-PAY-1', '"0:1"')(c),
      words: RATIO_ZERO,
    },
    {
      name: 'a negative insurance ratio',
      apply: (c, f) =>
        edit(
          f,
          'pays: "2:1"                     # R-TB-PAY-1',
          'pays: "-1:2"                    # R-TB-PAY-1',
          '"-1:2"',
        )(c),
      words: RATIO_BAD,
    },
    {
      name: 'a bet declared twice',
      apply: (c, f) =>
        edit(
          f,
          '- name: poker-trio',
          '- name: lucky-trio',
          '- name: lucky-trio                # R-TB-SIDE-1: the same',
          'lucky-trio',
        )(c),
      words: [...DUP_BET, '"lucky-trio"'],
    },
    {
      name: 'a pay-table line named twice',
      apply: (c, f) =>
        edit(
          f,
          'name: dealer busts with 4 cards',
          'name: dealer busts with 3 cards',
          '{ name: dealer busts with 3 cards, pays: "2:1"',
          'dealer busts with 3 cards',
        )(c),
      words: [...DUP_LINE, 'dealer busts with 3 cards'],
    },
    {
      name: 'a declared RTP above 1',
      apply: (c, f) => edit(f, 'declaredRtp: 0.9946', 'declaredRtp: 1.5', '1.5')(c),
      words: RTP,
    },
    {
      name: 'penetration that leaves too few cards',
      apply: (c, f) => edit(f, 'penetration: 0.8', 'penetration: 0.99', 'penetration: 0.99', '0.99')(c),
      words: [...PENETRATION, 'needs at least 15'],
    },
    {
      name: 'malformed YAML: an unclosed mapping',
      apply: (c, f) =>
        edit(
          f,
          'limits: { min: 100, max: 500000 }',
          'limits: { min: 100, max: 500000',
          '{ min: 100, max: 500000\n',
          '{',
        )(c),
      words: UNCLOSED,
    },
  ],
  'blackjack-eropa': [
    {
      name: 'R-EU-AI-2 a soft chart row no hand has (soft 11)',
      check: 'strategies/blackjack-eropa-hard.yaml',
      apply: (c) =>
        edit(
          'strategies/blackjack-eropa-hard.yaml',
          '    "12": H  H  H  H  D',
          '    "11": H  H  H  H  D',
          '"11": H',
          '"11"',
        )(c),
      words: ['row "11" is not a hand of this table', 'a soft total from 12 (A,A when it is not split) to 21'],
    },
    {
      name: 'R-LL-GAME-1 lucky ladies attached to a 9-deck game',
      apply: (c, f) => (c.edit(f, 'decks: 6 ', 'decks: 9 '), append(f, INCLUDE_LL, ...AT_LL)(c)),
      words: [...LL_RANGE, 'has 9'],
    },
    {
      name: 'an unknown side-bet module',
      apply: (c, f) => append(f, INCLUDE_UNKNOWN, ...AT_UNKNOWN)(c),
      words: UNKNOWN_MODULE,
    },
    unknownBetInScenario('blackjack-eropa', true),
    {
      name: 'a 2-card total of 40 can never match',
      apply: (c, f) => append(f, sideBet('- { name: forty, pays: "9:1", when: { total: 40 } }'), '{ total: 40 }')(c),
      words: [...NEVER, '"forty"'],
    },
    {
      name: 'a round limit beyond the shoe',
      apply: (c, f) =>
        append(
          f,
          sideBet('- { name: mixed pair, pays: "5:1", when: { sameRank: true } }', '      roundLimit: 70\n'),
          'roundLimit: 70',
          '70',
        )(c),
      words: [...ROUNDS, 'at most 59 rounds'],
    },
    {
      name: 'a blackjack ratio of zero',
      apply: (c, f) => edit(f, 'blackjack: "3:2"', 'blackjack: "0:1"', '"0:1"')(c),
      words: RATIO_ZERO,
    },
    {
      name: 'a negative win ratio',
      apply: (c, f) => edit(f, 'win: "1:1"', 'win: "-1:2"', '"-1:2"')(c),
      words: RATIO_BAD,
    },
    {
      name: 'a bet declared twice',
      apply: (c, f) =>
        append(
          f,
          '    - name: main\n      type: hand\n      limits: { min: 100, max: 100 }\n      payouts: { blackjack: "6:5", win: "1:1" }\n',
          'name: main\n      type: hand\n      limits: { min: 100, max: 100 }',
          'main',
        )(c),
      words: [...DUP_BET, '"main"'],
    },
    {
      name: 'a pay-table line named twice',
      apply: (c, f) =>
        append(
          f,
          sideBet('- { name: perfect pair, pays: "5:1", when: { sameRank: true } }'),
          'perfect pair, pays: "5:1"',
          'perfect pair',
        )(c),
      words: [...DUP_LINE, '"perfect pair"'],
    },
    { name: 'a negative declared RTP', apply: (c, f) => append(f, '      declaredRtp: -0.2\n', '-0.2')(c), words: RTP },
    {
      name: 'penetration that leaves too few cards',
      apply: (c, f) => edit(f, 'penetration: 0.75', 'penetration: 0.9', '0.9\n', '0.9')(c),
      words: [...PENETRATION, 'leaves 32 cards', 'needs at least 45'],
    },
    {
      name: 'malformed YAML: an unclosed mapping',
      apply: (c, f) =>
        edit(
          f,
          'limits: { min: 100, max: 100000 }',
          'limits: { min: 100, max: 100000',
          '{ min: 100, max: 100000\n',
          '{',
        )(c),
      words: UNCLOSED,
    },
  ],
  'blackjack-lucky-ladies': [
    {
      name: 'R-LL-GAME-1 lucky ladies on a 1-deck game is refused',
      apply: (c, f) => (
        c.edit(f, 'decks: 6 ', 'decks: 1 '),
        { rel: f, text: c.read(f), context: 'sideBet: lucky-ladies', target: 'lucky-ladies' }
      ),
      words: [...LL_RANGE, 'has 1'],
    },
    {
      name: 'R-LL-GAME-1 lucky ladies on a 9-deck game is refused',
      apply: (c, f) => (
        c.edit(f, 'decks: 6 ', 'decks: 9 '),
        { rel: f, text: c.read(f), context: 'sideBet: lucky-ladies', target: 'lucky-ladies' }
      ),
      words: [...LL_RANGE, 'has 9'],
    },
    {
      name: 'an unknown side-bet module',
      apply: (c, f) => edit(f, 'sideBet: lucky-ladies', 'sideBet: no-such-bet', ...AT_UNKNOWN)(c),
      words: UNKNOWN_MODULE,
    },
    unknownBetInScenario('blackjack-lucky-ladies', true),
    {
      name: 'R-LL-WIN-1 a module line totalling 40 can never match',
      check: 'side-bets/lucky-ladies.yaml',
      apply: (c) =>
        edit('side-bets/lucky-ladies.yaml', 'when: { total: 20 } }', 'when: { total: 40 } }', '{ total: 40 }')(c),
      words: [...NEVER, '"any 20"'],
    },
    {
      name: 'a broken module makes the pack that includes it invalid',
      apply: (c, f) => (
        c.edit('side-bets/lucky-ladies.yaml', 'when: { total: 20 } }', 'when: { total: 40 } }'),
        { rel: f, text: c.read(f), context: 'sideBet: lucky-ladies', target: 'lucky-ladies' }
      ),
      words: ['side-bet module "lucky-ladies" is not valid', 'run validate on it'],
    },
    {
      name: 'a round limit in the module beyond the host shoe is shown in the module',
      apply: (c) =>
        edit(
          'side-bets/lucky-ladies.yaml',
          '    group: first-two ',
          '    roundLimit: 100\n    group: first-two ',
          'roundLimit: 100',
          '100',
        )(c),
      words: [...ROUNDS, 'at most 59 rounds'],
    },
    {
      name: 'a module line ratio of zero',
      check: 'side-bets/lucky-ladies.yaml',
      apply: (c) => edit('side-bets/lucky-ladies.yaml', 'pays: "4:1"', 'pays: "0:1"', '"0:1"')(c),
      words: RATIO_ZERO,
    },
    {
      name: 'a negative main-bet ratio',
      apply: (c, f) => edit(f, 'win: "1:1"', 'win: "-1:2"', '"-1:2"')(c),
      words: RATIO_BAD,
    },
    {
      name: 'the module bet named like the pack main bet',
      apply: (c) =>
        edit('side-bets/lucky-ladies.yaml', '    name: lucky-ladies', '    name: main', '    name: main', 'main')(c),
      words: [...DUP_BET, '"main"'],
    },
    {
      name: 'a module line named twice',
      check: 'side-bets/lucky-ladies.yaml',
      apply: (c) =>
        edit(
          'side-bets/lucky-ladies.yaml',
          'name: suited 20',
          'name: any 20',
          '{ name: any 20, pays: "10:1"',
          'any 20',
        )(c),
      words: [...DUP_LINE, '"any 20"'],
    },
    {
      name: 'a declared RTP above 1',
      apply: (c, f) =>
        edit(
          f,
          'payouts: { blackjack: "3:2", win: "1:1" }',
          'payouts: { blackjack: "3:2", win: "1:1" }\n      declaredRtp: 2',
          'declaredRtp: 2',
          '2',
        )(c),
      words: RTP,
    },
    {
      name: 'penetration that leaves too few cards',
      apply: (c, f) => edit(f, 'penetration: 0.75', 'penetration: 0.95', '0.95')(c),
      words: [...PENETRATION, 'needs at least 55'],
    },
    {
      name: 'malformed YAML: an unclosed mapping',
      apply: (c, f) =>
        edit(
          f,
          'limits: { min: 100, max: 500000 }',
          'limits: { min: 100, max: 500000',
          '{ min: 100, max: 500000\n',
          '{',
        )(c),
      words: UNCLOSED,
    },
  ],
  'andar-bahar': [
    {
      name: 'R-LL-GAME-1 a blackjack side bet attached to andar bahar',
      apply: (c, f) => append(f, INCLUDE_LL, ...AT_LL)(c),
      words: ['is a blackjack side bet', 'andar-bahar game'],
    },
    {
      name: 'R-LL-GAME-1 lucky ladies needs 2 to 8 decks, andar bahar has 1',
      apply: (c, f) => append(f, INCLUDE_LL, ...AT_LL)(c),
      words: [...LL_RANGE, 'has 1'],
    },
    {
      name: 'an unknown side-bet module',
      apply: (c, f) => append(f, INCLUDE_UNKNOWN, ...AT_UNKNOWN)(c),
      words: UNKNOWN_MODULE,
    },
    {
      ...unknownBetInScenario('andar-bahar', false),
      words: ['"jackpot" is not a bet of pack', 'its bets are: andar, bahar'],
    },
    {
      name: 'R-AB-SIDE-2 suited trips can never come from one deck',
      apply: (c, f) =>
        edit(
          f,
          '        - { name: straight flush,',
          '        - { name: suited trips, pays: "200:1", when: { identical: true } }\n        - { name: straight flush,',
          '{ identical: true }',
        )(c),
      words: [...NEVER, 'from 1 deck'],
    },
    {
      name: 'a round limit on a shoe reshuffled every round',
      apply: (c, f) =>
        edit(f, '      group: first-3\n', '      group: first-3\n      roundLimit: 2\n', 'roundLimit: 2', '2')(c),
      words: [...ROUNDS, 'at most 1 round', 'remove roundLimit'],
    },
    {
      name: 'R-AB-PAY-1 an Andar ratio of zero',
      apply: (c, f) => edit(f, 'pays: "0.9:1"', 'pays: "0:1"', '"0:1"')(c),
      words: RATIO_ZERO,
    },
    {
      name: 'R-AB-PAY-1 a negative Andar ratio',
      apply: (c, f) => edit(f, 'pays: "0.25:1"', 'pays: "-1:2"', '"-1:2"')(c),
      words: RATIO_BAD,
    },
    {
      name: 'R-AB-MODE-1 andar declared twice in commission mode',
      apply: (c, f) =>
        edit(
          f,
          '      modes: [no-commission]\n',
          '      modes: [commission]\n',
          'otherwise 1:1\n    - name: andar',
          'andar',
        )(c),
      words: [...DUP_BET, '"andar (commission)"'],
    },
    {
      name: 'a pay-table line named twice',
      apply: (c, f) => edit(f, 'name: straight, pays', 'name: flush, pays', '{ name: flush, pays: "8:1"', 'flush')(c),
      words: [...DUP_LINE, '"flush"'],
    },
    {
      name: 'R-AB-RTP-1 a declared RTP written as a percentage',
      apply: (c, f) => edit(f, 'declaredRtp: 0.9787', 'declaredRtp: 97.87', '97.87')(c),
      words: RTP,
    },
    {
      name: 'R-AB-DECK-1 a cut card in a single deck leaves too few cards',
      apply: (c, f) => edit(f, 'reshuffle: every-round ', 'reshuffle: cut-card\n    penetration: 0.5\n ', '0.5')(c),
      words: [...PENETRATION, 'leaves 26 cards', 'needs at least 50'],
    },
    {
      name: 'malformed YAML: an unclosed mapping',
      apply: (c, f) =>
        edit(
          f,
          'limits: { min: 100, max: 50000 }\n      lines:\n        - { name: andar',
          'limits: { min: 100, max: 50000\n      lines:\n        - { name: andar',
          "limits: { min: 100, max: 50000\n      lines:\n        - { name: andar's",
          '{',
        )(c),
      words: UNCLOSED,
    },
  ],
};

// A pack's own file is checked, the scenario or module where a breakage lives there.
describe.each(Object.keys(PACKS))('%s broken', (pack) => {
  const file = `${pack}.yaml`;
  test.each(PACKS[pack].map((b) => [b.name, b] as const))('%s', (_name, b) => {
    const fresh = copyRules();
    try {
      const { rel, text, context, target } = b.apply(fresh, file);
      const found = problems(fresh.path(b.check ?? file));
      expect(found.length).toBeGreaterThan(0);
      expectProblem(found, fresh.path(rel), positionOf(text, context, target), b.words);
    } finally {
      fresh.remove();
    }
  });
});

describe('the copy every breakage starts from', () => {
  test('is valid, so each test sees only the problem it makes', () => {
    for (const pack of Object.keys(PACKS)) expect(problems(rules.path(`${pack}.yaml`))).toEqual([]);
    expect(problems(rules.path('side-bets/lucky-ladies.yaml'))).toEqual([]);
  });
});
