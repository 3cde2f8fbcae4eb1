// Packs whose parts contradict each other (issue 51): each passes the schema, and each is found at
// its exact line:col with what is wrong and what to write instead. A warning (bet behind paid
// otherwise than the seat it follows) is printed but leaves the pack valid.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { run as validate } from '../../cli/commands/validate.ts';
import { checkFile } from '../../lambdas/pack/load.ts';
import { isError } from '../../lambdas/pack/source.ts';
import { captureCli } from '../math/helpers.ts';
import { copyRules, expectProblem, positionOf, problems } from './helpers.ts';

const MEWAH = 'blackjack-mewah.yaml';
const EROPA = 'blackjack-eropa.yaml';

// One copy of rules/ for the file; every test edits a pack in it, and the pack is put back after.
const rules = copyRules();
afterAll(() => rules.remove());
afterEach(() => {
  vi.restoreAllMocks();
  for (const file of [MEWAH, EROPA]) rules.write(file, readFileSync(`rules/${file}`, 'utf8'));
});
const BEHIND_PAID_OTHERWISE: [string, string] = [
  'payouts: { blackjack: "3:2", win: "1:1" }   # R-MW-PAY-1',
  'payouts: { blackjack: "6:5", win: "1:1" }   # R-MW-PAY-1',
];
const SPLIT_BLOCK = `    split:                            # R-MW-SPLIT-1: equal value (K-Q splits), no re-split
      match: value
      maxHands: 2
      resplitAces: false
      splitAcesOneCard: true
      whenShort: hit-or-stand
`;

interface Case {
  name: string;
  file?: string;
  edits: [string, string][];
  /** The text the problem is in, and the part of it the problem points at. */
  context: string;
  target?: string;
  words: (string | RegExp)[];
  /** A setting that never applies but changes nothing: a warning, the pack stays valid. */
  warning?: true;
}

const cases: Case[] = [
  {
    name: 'peekOn [A, T, 10] lists the ten-value cards twice',
    edits: [['peekOn: [A, T]', 'peekOn: [A, T, 10]']],
    context: 'peekOn: [A, T, 10]',
    target: '10',
    words: ['spec.dealer.peekOn[2]: 10 is already in the list as T', 'every ten-value card', 'list each card once'],
  },
  {
    name: 'surrender notAgainst [T, K]: T already covers K',
    edits: [['notAgainst: [A, T]', 'notAgainst: [A, T, K]']],
    context: 'notAgainst: [A, T, K]',
    target: 'K',
    words: ['notAgainst[2]: K is already in the list as T', 'list each card once'],
  },
  {
    name: 'lose-all with a peek on every ace and ten can never apply',
    edits: [['onBlackjack: original-bets', 'onBlackjack: lose-all']],
    context: 'onBlackjack: lose-all',
    target: 'lose-all',
    words: ['lose-all never applies', 'peeks on every ace and ten-value card', 'peekOn: []', 'original-bets'],
  },
  {
    name: 'a peek on a card behind which no blackjack can be',
    edits: [['peekOn: [A, T]', 'peekOn: [A, 7]']],
    context: 'peekOn: [A, 7]',
    target: '7',
    words: ['peekOn[1]', 'cannot have blackjack with 7 up', 'peek on A and T only'],
  },
  {
    name: 'insurance offered on a 5 can never win',
    edits: [['offeredOn: [A]', 'offeredOn: [A, 5]']],
    context: 'offeredOn: [A, 5]',
    target: '5',
    words: ['insurance.offeredOn[1]', 'can never win', 'offer it on A'],
  },
  {
    name: 'no hit, yet double falls back to a hit when short',
    edits: [['    hit: {}                           # R-MW-HIT-1\n', '']],
    context: 'whenShort: hit\n',
    target: 'hit',
    words: ['spec.actions.double.whenShort: "hit"', 'no hit action', 'use refuse, or allow hit'],
  },
  {
    name: 'no split, yet a split hand may double and bet behind may follow a split',
    edits: [[SPLIT_BLOCK, '']],
    context: 'afterSplit: true',
    target: 'true',
    words: ['spec.actions.double.afterSplit: true never applies', 'does not allow split', 'afterSplit: false'],
    warning: true,
  },
  {
    name: 'bet behind follows a split the pack does not allow',
    edits: [[SPLIT_BLOCK, '']],
    context: 'followSplit: true',
    target: 'true',
    words: ['spec.table.betBehind.followSplit: true never applies', 'followSplit: false'],
    warning: true,
  },
  {
    name: 'aces resplit with at most two hands',
    edits: [['resplitAces: false', 'resplitAces: true']],
    context: 'resplitAces: true',
    target: 'true',
    words: ['resplitAces: true never applies', 'maxHands: 2', 'raise maxHands'],
    warning: true,
  },
  {
    name: 'surrender barred against every up card',
    edits: [['notAgainst: [A, T]', 'notAgainst: [A, 2, 3, 4, 5, 6, 7, 8, 9, T]']],
    context: 'notAgainst: [A, 2',
    target: '[',
    words: ['surrender is barred against every up card', 'remove surrender'],
    warning: true,
  },
  {
    name: 'win: 1 (a number) suggests the ratio "1:1"',
    edits: [
      [
        'payouts: { blackjack: "3:2", win: "1:1" }   # R-MW-PAY-1',
        'payouts: { blackjack: "3:2", win: 1 }   # R-MW-PAY-1',
      ],
    ],
    context: 'win: 1 }',
    target: '1',
    words: ['spec.bets[0].payouts.win: the number 1 is not a payout ratio', 'e.g. "1:1"'],
  },
  {
    name: 'a one-seat solo table has no seat for AI players it names',
    file: EROPA,
    edits: [['    seats: 5 ', '    seats: 1 ']],
    context: '    ai:',
    target: 'ai',
    words: ['spec.table.ai: a solo table of one seat has no seat for an AI player', 'remove ai'],
  },
  {
    name: 'an AI chart path names no file: looked for relative to the pack folder, the folder named',
    file: EROPA,
    edits: [['easy: strategies/easy.yaml', 'easy: strategies/no-such.yaml']],
    context: 'easy: strategies/no-such.yaml',
    target: 'strategies',
    words: ['there is no strategy chart "strategies/no-such.yaml"', rules.dir, "relative to the pack's folder"],
  },
  {
    name: "bet behind paid 3:2 while the main bet pays 6:5: a warning at behind's payout",
    edits: [BEHIND_PAID_OTHERWISE],
    context: 'max: 250000 }\n      payouts: { blackjack: "3:2"',
    target: '"3:2"',
    words: ['spec.bets[1].payouts.blackjack: bet behind "behind" pays blackjack 3:2', 'pays 6:5', 'write "6:5"'],
    warning: true,
  },
];

describe('contradictions inside a pack: found at line:col, with what to write', () => {
  for (const c of cases)
    test(c.name, () => {
      const file = c.file ?? MEWAH;
      let text = '';
      for (const [from, to] of c.edits) text = rules.edit(file, from, to);
      const found = problems(rules.path(file));
      const d = expectProblem(found, rules.path(file), positionOf(text, c.context, c.target), c.words);
      expect(isError(d)).toBe(!c.warning);
    });
});

describe('what a pack may leave out or say otherwise', () => {
  test('a one-seat solo table needs no AI players', () => {
    const text = rules.read(EROPA).replace('    seats: 5 ', '    seats: 1 ');
    rules.write(EROPA, text.replace(/ {4}ai: .*\n(?: {6}\w+: .*\n)+/, ''));
    expect(checkFile(rules.path(EROPA))).toEqual([]);
  });

  test('AI chart paths are relative to the pack folder, as the schema says: a copy elsewhere brings its charts', () => {
    const schema = readFileSync('schemas/rule-pack.schema.json', 'utf8');
    expect(schema).toContain("a path relative to the pack's folder");
    expect(schema).not.toContain('relative to rules/');
    // The copy of rules/ is another folder: its charts are found there (a missing one is a case above).
    expect(checkFile(rules.path(EROPA))).toEqual([]);
  });

  test('validate prints the bet-behind warning (3:2 behind a 6:5 seat), exits 0, reports the pack valid', async () => {
    rules.edit(MEWAH, ...BEHIND_PAID_OTHERWISE);
    const shown = await captureCli(validate, [rules.path(MEWAH)]);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/blackjack-mewah\.yaml:\d+:\d+: warning: spec\.bets\[1\]\.payouts\.blackjack/);
    expect(shown.err).toContain('1 file checked, 0 problems, 1 warning');
    const json = JSON.parse((await captureCli(validate, [rules.path(MEWAH), '--json'])).out);
    expect(json.files[0]).toMatchObject({
      valid: true,
      errors: [],
      warnings: [{ pointer: '/spec/bets/1/payouts/blackjack' }],
    });
  });

  test('the shipped packs have neither a problem nor a warning', () => {
    for (const f of [
      'andar-bahar',
      'blackjack-eropa',
      'blackjack-lucky-ladies',
      'blackjack-mewah',
      'blackjack-tanpa-batas',
    ])
      expect(checkFile(`rules/${f}.yaml`), f).toEqual([]);
  });
});
