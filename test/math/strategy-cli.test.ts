// `croupier strategy <pack> [--yaml]` (README, the command line): the chart the pack's best play follows, as the
// familiar table, or as the Strategy file kept under rules/strategies/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { run } from '../../cli/commands/strategy.ts';
import { RULES_DIR } from '../../lambdas/pack/load.ts';
import { captureCli } from './helpers.ts';

afterEach(() => vi.restoreAllMocks());

const capture = (args: string[]) => captureCli(run, args);

const row = (text: string, section: string, label: string): string[] => {
  const block = text.split(`\n${section}\n`)[1]!;
  return block
    .split('\n')
    .find((l) => l.startsWith(`${label} `))!
    .trim()
    .split(/\s+/)
    .slice(1);
};

describe('croupier strategy', () => {
  test('blackjack-mewah: the familiar table; no surrender against a ten or an ace, so 16 against them hits (R-MW-SURR-1)', async () => {
    const { code, out } = await capture(['blackjack-mewah']);
    expect(code).toBe(0);
    expect(out).toMatch(/^Blackjack Mewah: best basic strategy .*8 decks, S17/);
    expect(row(out, 'Hard totals', '16')).toEqual(['S', 'S', 'S', 'S', 'S', 'H', 'H', 'R', 'H', 'H']);
    expect(row(out, 'Pairs', '8,8')).toEqual(Array(10).fill('P'));
    expect(row(out, 'Soft totals', 'A,7')).toEqual(['S', 'Ds', 'Ds', 'Ds', 'Ds', 'S', 'S', 'H', 'H', 'H']);
    expect(out).toMatch(/R surrender else hit/);
  });

  test('--yaml is the Strategy file the hard AI players of blackjack-eropa use, as kept under rules/ (R-EU-AI-2)', async () => {
    const { code, out } = await capture(['blackjack-eropa', '--yaml']);
    expect(code).toBe(0);
    expect(out.trim()).toBe(readFileSync(join(RULES_DIR, 'strategies/blackjack-eropa-hard.yaml'), 'utf8').trim());
  });

  test('an Andar Bahar pack has no decisions, so no chart', async () => {
    const { code, err } = await capture(['andar-bahar']);
    expect(code).toBe(1);
    expect(err).toBe('andar-bahar is an andar-bahar pack: it has no player decisions, so no strategy chart');
  });
});
