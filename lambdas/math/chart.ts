// Basic-strategy charts: the decision codes, the Chart shape (as in rules/strategies/*.yaml),
// `decide` for anyone who plays from a chart (AI players, the simulator), and the printed table.
import { BJ_VALUE, bjSoft, bjTotal, type Card } from '../core/cards.ts';
import type { StrategyChart } from '../pack/schema.ts';

/** H hit, S stand, D double else hit, Ds double else stand, P split, R surrender else hit, Rs surrender else stand. */
export type Code = 'H' | 'S' | 'D' | 'Ds' | 'P' | 'R' | 'Rs';
export type Action = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

/** Dealer up cards in column order: 2..9, T, A. */
export const UP_COLUMNS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'] as const;
export const PAIR_KEYS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'] as const;

export interface Chart {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  /** Rows by hard total, soft total and pair key; ten codes each, columns as UP_COLUMNS. */
  readonly hard: Readonly<Record<string, readonly Code[]>>;
  readonly soft: Readonly<Record<string, readonly Code[]>>;
  readonly pairs: Readonly<Record<string, readonly Code[]>>;
}

/** The chart column of a dealer up card (value index 0 = A .. 9 = T, as in the analyser). */
export const columnOfValue = (v: number): number => (v === 0 ? 9 : v - 1);
/** The chart column of a dealer up card. */
export const columnOfCard = (card: Card): number => columnOfValue(BJ_VALUE[card] - 1);
const pairKey = (card: Card): string => PAIR_KEYS[columnOfCard(card)];

/** Total and softness of a hand (R-BJ-SCORE-1). */
export const handTotal = (hand: readonly Card[]): { total: number; soft: boolean } => ({ total: bjTotal(hand), soft: bjSoft(hand) });

/** The chart's code for a hand against an up card; without a row: hit below hard 12 or soft 18, else stand. */
export function codeFor(chart: Chart, hand: readonly Card[], upCard: Card, pairsAllowed = true): Code {
  const col = columnOfCard(upCard);
  if (pairsAllowed && hand.length === 2 && BJ_VALUE[hand[0]] === BJ_VALUE[hand[1]]) {
    const row = chart.pairs[pairKey(hand[0])];
    if (row) return row[col];
  }
  const total = bjTotal(hand);
  // Integer keys: rows are looked up as elements, no string is made (the simulator decides millions of hands).
  const row = (bjSoft(hand) ? chart.soft : chart.hard)[total];
  if (row) return row[col];
  return total < 12 || (bjSoft(hand) && total < 18) ? 'H' : 'S';
}

/** A code's first choice, and what it falls back to when that is not legal. */
const FIRST: Partial<Record<Code, Action>> = { D: 'double', Ds: 'double', R: 'surrender', Rs: 'surrender' };
const THEN: Record<Code, Action> = { D: 'hit', Ds: 'stand', R: 'hit', Rs: 'stand', H: 'hit', S: 'stand', P: 'stand' };

/**
 * The action a chart plays, among the legal ones: a code's fallback applies when its first
 * choice is not legal (D → hit, Ds → stand, R → hit, Rs → stand, P → the hand's total).
 */
export function decide(chart: Chart, hand: readonly Card[], upCard: Card, legal: readonly Action[]): Action {
  const canSplit = legal.includes('split');
  let code = codeFor(chart, hand, upCard, canSplit);
  if (code === 'P') {
    if (canSplit) return 'split';
    code = codeFor(chart, hand, upCard, false);
  }
  if (bjTotal(hand) >= 21 && legal.includes('stand')) return 'stand';
  const first = FIRST[code];
  if (first && legal.includes(first)) return first;
  if (legal.includes(THEN[code])) return THEN[code];
  return legal.includes('stand') ? 'stand' : legal[0];
}

/** A chart from its Strategy document (a rules/strategies/*.yaml file, validated by the schema). */
export function chartFromDocument(doc: StrategyChart): Chart {
  const rows = (r: Record<string, string>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [String(k), v.trim().split(/\s+/) as Code[]]));
  return { id: doc.id, name: doc.name, source: doc.spec.source, hard: rows(doc.spec.hard), soft: rows(doc.spec.soft), pairs: rows(doc.spec.pairs) };
}

export const pad = (codes: readonly Code[]) => codes.map((c) => c.padEnd(2)).join(' ').trimEnd();

/** The chart as a Strategy document (plain JSON: what rules/strategies/ holds and bundles bake in). */
export function chartDocument(chart: Chart): StrategyChart {
  const rows = (r: Readonly<Record<string, readonly Code[]>>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, pad(v)]));
  return { apiVersion: 'croupier/v1', kind: 'Strategy', id: chart.id, name: chart.name, family: 'blackjack', version: '1.0.0', spec: { source: chart.source, hard: rows(chart.hard), soft: rows(chart.soft), pairs: rows(chart.pairs) } };
}

/** The familiar printed table: hard, soft and pair rows against the ten up cards. */
export function formatChart(chart: Chart): string {
  const head = `       ${UP_COLUMNS.map((c) => c.padEnd(2)).join(' ')}`.trimEnd();
  const section = (title: string, r: Readonly<Record<string, readonly Code[]>>, label: (k: string) => string, order: (a: string, b: string) => number) =>
    [`${title}`, head, ...Object.keys(r).sort(order).map((k) => `${label(k).padEnd(6)} ${pad(r[k])}`)].join('\n');
  const numeric = (a: string, b: string) => Number(a) - Number(b);
  const pairOrder = (a: string, b: string) => PAIR_KEYS.indexOf(a as never) - PAIR_KEYS.indexOf(b as never);
  return [
    `${chart.name} (${chart.source})`,
    section('Hard totals', chart.hard, (k) => k, numeric),
    section('Soft totals', chart.soft, (k) => (k === '12' ? 'A,A' : k === '21' ? 'A,T' : `A,${Number(k) - 11}`), numeric),
    section('Pairs', chart.pairs, (k) => `${k},${k}`, pairOrder),
    'H hit  S stand  D double else hit  Ds double else stand  P split  R surrender else hit  Rs surrender else stand',
  ].join('\n\n');
}
