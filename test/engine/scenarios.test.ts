// The scenario files under rules/scenarios/ are part of the proof (each cites the rules it proves),
// so every one runs here and must pass. The runner itself must fail a round that does not end as
// expected: a wrong balance or dealer hand, a step refused or accepted against its `reject`, a round
// left unfinished or run past its shoe. `croupier test` closes with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { yamlFiles } from '../../cli/commands/test.ts';
import type { Scenario } from '../../lambdas/pack/schema.ts';
import { runScenario, runScenarioFile } from '../../lambdas/scenario/run.ts';

const SHIPPED = yamlFiles(['rules/scenarios']);

describe('every shipped scenario passes', () => {
  test('there are scenarios for every variant', () => {
    const packs = new Set(SHIPPED.map((f) => (parse(readFileSync(f, 'utf8')) as Scenario).pack));
    expect([...packs].sort()).toEqual([
      'andar-bahar',
      'blackjack-eropa',
      'blackjack-lucky-ladies',
      'blackjack-mewah',
      'blackjack-tanpa-batas',
    ]);
  });
  for (const file of SHIPPED) {
    const cites = (parse(readFileSync(file, 'utf8')) as Scenario).cites.join(', ');
    test(`${basename(file, '.yaml')} (${cites})`, () => {
      const r = runScenarioFile(file);
      expect(r.problems).toEqual([]);
      expect(r.passed).toBe(true);
    });
  }
});

/** R-AB-EXAMPLE-1 as shipped, to be broken one way at a time. */
const example = (): Scenario =>
  parse(readFileSync('rules/scenarios/andar-bahar--example-1-first-andar.yaml', 'utf8')) as Scenario;

describe('the scenario runner fails what does not hold', () => {
  test('a wrong balance, naming the player and both amounts', () => {
    const s = example();
    s.expect.balances.alice = 104_499;
    const r = runScenario(s);
    expect(r.passed).toBe(false);
    expect(r.problems).toEqual(['balance of alice: expected 104499, got 104500']);
  });

  test('a file that validate refuses is not run: a player without an expected balance, so a scenario cannot pass checking nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-scenarios-'));
    try {
      const file = join(dir, 'no-balance.yaml');
      writeFileSync(
        file,
        readFileSync('rules/scenarios/andar-bahar--example-1-first-andar.yaml', 'utf8').replace(
          '{ alice: 104500, ',
          '{ ',
        ),
      );
      const r = runScenarioFile(file);
      expect(r.passed).toBe(false);
      expect(r.problems).toEqual([
        expect.stringMatching(
          /no-balance\.yaml:\d+:\d+: expect\.balances: give the final balance of every player; missing: alice$/,
        ),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a legal step marked reject, and a refusal with another code than the one expected', () => {
    const accepted = example();
    accepted.steps[0] = { bet: { player: 'alice', on: 'andar', amount: 5000 }, reject: true };
    expect(runScenario(accepted).problems).toEqual([
      'step 1 (bet alice andar 5000): expected it to be refused, but it was accepted',
    ]);
    const otherCode = example();
    otherCode.steps[0] = { bet: { player: 'alice', on: 'andar', amount: 50 }, reject: 'above-maximum' };
    expect(runScenario(otherCode).problems[0]).toMatch(
      /^step 1 \(bet alice andar 50\): refused with below-minimum .*expected above-maximum$/,
    );
  });

  test('a refused step that is not marked reject', () => {
    const s = example();
    s.steps[0] = { bet: { player: 'alice', on: 'andar', amount: 50 } };
    expect(runScenario(s).problems[0]).toMatch(/^step 1 \(bet alice andar 50\): refused: below-minimum: /);
  });

  test('a round left unfinished, and a round that runs past its shoe (R-BJ-VOID-1)', () => {
    const unfinished = example();
    unfinished.steps.pop(); // no deal
    expect(runScenario(unfinished).problems).toEqual([
      'the round is not settled at the end of the steps (phase betting)',
    ]);
    const short = example();
    short.shoe = ['KS', '2C']; // no second king: the shoe runs out, the round is void (R-BJ-VOID-1)
    expect(runScenario(short).problems[0]).toMatch(/ran past the end of the scenario's shoe \(2 cards\)/);
    const empty = example();
    empty.shoe = [];
    expect(runScenario(empty).problems).toEqual([
      "the table could not open on the scenario's shoe (0 cards): a fresh deck has no cards",
    ]);
  });

  test('a wrong dealer hand', () => {
    const s = parse(
      readFileSync('rules/scenarios/blackjack-mewah--bust-loses-though-dealer-busts.yaml', 'utf8'),
    ) as Scenario;
    expect(runScenario(s).passed).toBe(true);
    s.expect.dealer = ['2C', '2D'];
    expect(runScenario(s).problems.at(-1)).toMatch(/^dealer: expected 2C 2D, got /);
  });

  test('croupier test: one line per scenario, "N passed, N failed" last, exit 1 on a failure; a folder\'s packs are not scenarios, a missing path fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-scenarios-'));
    try {
      const good = readFileSync('rules/scenarios/andar-bahar--example-1-first-andar.yaml', 'utf8');
      writeFileSync(join(dir, 'a-good.yaml'), good);
      writeFileSync(join(dir, 'b-bad.yaml'), good.replace('alice: 104500', 'alice: 1'));
      writeFileSync(join(dir, 'c-pack.yaml'), readFileSync('rules/andar-bahar.yaml', 'utf8'));
      const missing = join(dir, 'missing.yaml');
      const out = spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'test', dir, missing], {
        encoding: 'utf8',
      });
      expect(out.status).toBe(1);
      const lines = out.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^ok {3}.*a-good\.yaml: R-AB-EXAMPLE-1/);
      expect(lines[1]).toMatch(/^FAIL .*b-bad\.yaml: R-AB-EXAMPLE-1/);
      expect(lines[2]).toBe('     balance of alice: expected 1, got 104500');
      expect(lines[3]).toBe(`FAIL ${missing}: no such file or folder`);
      expect(lines.at(-1)).toBe('1 passed, 2 failed');
      expect(lines).toHaveLength(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
