import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseCard } from '../../lambdas/core/cards.ts';
import { loadChart } from '../../lambdas/math/chart-file.ts';
import { type Action, decide } from '../../lambdas/pack/chart.ts';
import { RULES_DIR } from '../../lambdas/pack/load.ts';

const normal = loadChart(join(RULES_DIR, 'strategies/normal.yaml'));
const easy = loadChart(join(RULES_DIR, 'strategies/easy.yaml'));
const cards = (...t: string[]) => t.map((c) => parseCard(c)!);
const all: Action[] = ['hit', 'stand', 'double', 'split', 'surrender'];
const noExtras: Action[] = ['hit', 'stand'];

describe('decide: playing a hand from a chart', () => {
  test('doubles 11 against a 6, and hits it when doubling is not legal', () => {
    expect(decide(normal, cards('5H', '6D'), parseCard('6S')!, all)).toBe('double');
    expect(decide(normal, cards('5H', '6D'), parseCard('6S')!, noExtras)).toBe('hit');
  });

  test('Ds: soft 18 against a 4 doubles, else stands', () => {
    expect(decide(normal, cards('AH', '7D'), parseCard('4S')!, all)).toBe('double');
    expect(decide(normal, cards('AH', '7D'), parseCard('4S')!, noExtras)).toBe('stand');
  });

  test('R: 16 against a ten surrenders, else hits; a three-card 16 hits', () => {
    expect(decide(normal, cards('TH', '6D'), parseCard('KS')!, all)).toBe('surrender');
    expect(decide(normal, cards('TH', '6D'), parseCard('KS')!, noExtras)).toBe('hit');
    expect(decide(normal, cards('TH', '2D', '4C'), parseCard('KS')!, noExtras)).toBe('hit');
  });

  test('P: splits 8s; when splitting is not legal the pair plays its total', () => {
    expect(decide(normal, cards('8H', '8D'), parseCard('TS')!, all)).toBe('split');
    expect(decide(normal, cards('8H', '8D'), parseCard('TS')!, ['hit', 'stand', 'surrender'])).toBe('surrender');
    expect(decide(normal, cards('8H', '8D'), parseCard('6S')!, noExtras)).toBe('stand');
  });

  test('a ten-value pair is a pair of tens (K-Q), and stands', () => {
    expect(decide(normal, cards('KH', 'QD'), parseCard('6S')!, all)).toBe('stand');
  });

  test('unsplit aces play the soft-12 row (none: hit); 21 stands', () => {
    expect(decide(normal, cards('AH', 'AD'), parseCard('6S')!, noExtras)).toBe('hit');
    const hard = loadChart(join(RULES_DIR, 'strategies/blackjack-eropa-hard.yaml'));
    expect(decide(hard, cards('AH', 'AD'), parseCard('6S')!, all)).toBe('split');
    expect(decide(hard, cards('AH', 'AD'), parseCard('6S')!, ['hit', 'stand', 'double'])).toBe('double');
    expect(decide(hard, cards('AH', 'AD'), parseCard('5S')!, ['hit', 'stand', 'double'])).toBe('hit');
    expect(decide(easy, cards('7H', '4D', 'TC'), parseCard('AS')!, all)).toBe('stand');
  });

  test('easy hits below 17 and stands on 17 or more, soft or hard (R-EU-AI-2)', () => {
    expect(decide(easy, cards('TH', '6D'), parseCard('6S')!, all)).toBe('hit');
    expect(decide(easy, cards('AH', '6D'), parseCard('6S')!, all)).toBe('stand');
    expect(decide(easy, cards('8H', '8D'), parseCard('6S')!, all)).toBe('hit');
    expect(decide(easy, cards('TH', '7D'), parseCard('6S')!, all)).toBe('stand');
  });
});
