// Test helpers: pay-table bets built from line specs, as the pack compiler would build them.
import { vi } from 'vitest';
import { parseRatio, type Ratio } from '../../lambdas/core/money.ts';
import { payingLine } from '../../lambdas/math/paytable.ts';
import type { CompiledBet } from '../../lambdas/pack/compiled.ts';
import { compileCondition, type Facts, factsRead, readsOnlyTotalAndCount } from '../../lambdas/pack/conditions.ts';
import { LineFinder, outcomeTable } from '../../lambdas/pack/line-table.ts';
import type { CardGroupName, ConditionSpec } from '../../lambdas/pack/schema.ts';

export function paytable(group: CardGroupName, lines: { pays: string; when: ConditionSpec }[]): CompiledBet {
  const compiled = lines
    .map((l, i) => ({
      name: `line ${i}`,
      pays: parseRatio(l.pays)!,
      paysAsWritten: l.pays,
      matches: compileCondition(l.when),
      totalAndCountOnly: readsOnlyTotalAndCount(l.when),
    }))
    .sort((x, y) => y.pays.num * x.pays.den - x.pays.num * y.pays.den);
  const facts = [...new Set(lines.flatMap((l) => factsRead(l.when)))];
  return {
    key: 'test',
    index: 0,
    name: 'test',
    title: null,
    mode: null,
    type: 'paytable',
    placement: 'player',
    withMain: false,
    min: 1,
    max: 1,
    overMax: 'refuse',
    underMin: 'refuse',
    blackjackPays: null,
    winPays: null,
    group,
    lines: compiled,
    lineFinder: new LineFinder(compiled, group, facts),
    outcomeLines: outcomeTable(compiled, group, facts, 52),
    facts,
    readsDealerBlackjack: facts.includes('dealerBlackjack'),
    readsOutcome: facts.includes('winner') || facts.includes('cardsDealt'),
    roundLimit: null,
    capPerRound: null,
    declaredRtp: null,
    origin: { path: 'test', pointer: '' },
  };
}

/** Every card of a shoe of `decks` decks as a list of physical cards (duplicates kept). */
export const physicalShoe = (decks: number): number[] => Array.from({ length: 52 * decks }, (_, i) => i % 52);

/** The ratio of the line that pays for this group and facts, or null: a brute force's settlement. */
export function linePays(bet: CompiledBet, cards: ArrayLike<number>, n: number, facts: Facts): Ratio | null {
  const i = payingLine(bet, cards, n, facts);
  return i < 0 ? null : bet.lines[i].pays;
}

/** Runs a CLI command in this process and returns its exit code, stdout and stderr (restore mocks after). */
export async function captureCli(
  run: (args: string[]) => Promise<number>,
  args: string[],
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((s: string) => void out.push(s));
  vi.spyOn(console, 'error').mockImplementation((s: string) => void err.push(s));
  const code = await run(args);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
