// Basic-strategy charts: the decision codes, the Chart shape (as in rules/strategies/*.yaml),
// `decide` for anyone who plays from a chart (AI players, the simulator), and the printed table.
import { BJ_VALUE, type Card, isSoftShape, shapeOf, totalOf } from '../core/cards.ts';
import type { StrategyChart } from './schema.ts';

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

/** The charts of a pack's AI players by level (R-EU-AI-2), as its table names them. */
export type AiCharts = Partial<Record<'easy' | 'normal' | 'hard', Chart>>;

/** The chart column of a dealer up card (value index 0 = A .. 9 = T, as in the analyser). */
export const columnOfValue = (v: number): number => (v === 0 ? 9 : v - 1);
/** The chart column of a dealer up card. */
export const columnOfCard = (card: Card): number => columnOfValue(BJ_VALUE[card] - 1);

/** The actions a chart plays, and each one's bit in a mask of legal actions. */
export const ACTIONS: readonly Action[] = ['hit', 'stand', 'double', 'split', 'surrender'];
const ACTION_BIT: Readonly<Record<Action, number>> = Object.freeze({
  hit: 1,
  stand: 2,
  double: 4,
  split: 8,
  surrender: 16,
});

/** An action's bit, 0 for a name that is no action (a switch: no lookup, and no prototype to trip on). */
export function actionBit(name: string): number {
  switch (name) {
    case 'hit':
      return 1;
    case 'stand':
      return 2;
    case 'double':
      return 4;
    case 'split':
      return 8;
    case 'surrender':
      return 16;
    default:
      return 0;
  }
}
/** Action bits decideBit answers with (ACTION_BIT's; an enum, so a bundle writes them in: see Status, ledger.ts). */
enum Bit {
  HIT = 1,
  STAND = 2,
  SPLIT = 8,
}

const maskOf = (legal: readonly Action[]): number => legal.reduce((m, a) => m | actionBit(a), 0);

/**
 * A chart as lookup tables, for deciding millions of hands (the simulator): codes by total (hard,
 * soft) or pair value and up-card column, the "no row" defaults filled in. Codes index CODES.
 */
interface ChartTable {
  hard: Int8Array;
  soft: Int8Array;
  /** -1 where the chart has no row for the pair. */
  pairs: Int8Array;
}

const CODES: readonly Code[] = ['H', 'S', 'D', 'Ds', 'P', 'R', 'Rs'];
const P = CODES.indexOf('P');
/** A code's first choice (as a bit; 0 for none), and the action it falls back to when that is not legal. */
const FIRST_BIT = CODES.map((c) =>
  c === 'D' || c === 'Ds' ? ACTION_BIT.double : c === 'R' || c === 'Rs' ? ACTION_BIT.surrender : 0,
);
const THEN_BIT = CODES.map((c) => (c === 'H' || c === 'D' || c === 'R' ? Bit.HIT : Bit.STAND));
const TOTALS = 32;
const tables = new WeakMap<Chart, ChartTable>();
/** The last chart asked for: one player decides millions of hands from one chart. */
let last: { chart: Chart | null; table: ChartTable | null } = { chart: null, table: null };

function tableOf(chart: Chart): ChartTable {
  if (last.chart === chart) return last.table!;
  let t = tables.get(chart);
  if (t) {
    last = { chart, table: t };
    return t;
  }
  t = { hard: new Int8Array(TOTALS * 10), soft: new Int8Array(TOTALS * 10), pairs: new Int8Array(11 * 10).fill(-1) };
  for (let total = 0; total < TOTALS; total++)
    for (let col = 0; col < 10; col++) {
      // Without a row: hit below hard 12 or soft 18, else stand.
      const fallback = (soft: boolean): Code => (total < 12 || (soft && total < 18) ? 'H' : 'S');
      t.hard[total * 10 + col] = CODES.indexOf(chart.hard[total]?.[col] ?? fallback(false));
      t.soft[total * 10 + col] = CODES.indexOf(chart.soft[total]?.[col] ?? fallback(true));
    }
  for (let value = 1; value <= 10; value++) {
    const row = chart.pairs[PAIR_KEYS[columnOfValue(value - 1)]];
    if (row) for (let col = 0; col < 10; col++) t.pairs[value * 10 + col] = CODES.indexOf(row[col]);
  }
  tables.set(chart, t);
  last = { chart, table: t };
  return t;
}

/** The chart's code (an index of CODES) for a hand against an up-card column. */
function codeIndex(t: ChartTable, hand: ArrayLike<Card>, shape: number, col: number, pairsAllowed: boolean): number {
  if (pairsAllowed && hand.length === 2 && BJ_VALUE[hand[0]] === BJ_VALUE[hand[1]]) {
    const code = t.pairs[BJ_VALUE[hand[0]] * 10 + col];
    if (code >= 0) return code;
  }
  return (isSoftShape(shape) ? t.soft : t.hard)[totalOf(shape) * 10 + col];
}

/**
 * The action (its bit) a chart plays among the legal ones (a mask of ACTION_BIT): a code's fallback
 * applies when its first choice is not legal (D → hit, Ds → stand, R → hit, Rs → stand, P → the
 * hand's total). `shape` is the hand's (shapeOf), when the caller keeps it.
 */
export function decideBit(
  chart: Chart,
  hand: ArrayLike<Card>,
  upCard: Card,
  legal: number,
  shape = shapeOf(hand),
): number {
  const t = tableOf(chart);
  const col = columnOfCard(upCard);
  const canSplit = (legal & Bit.SPLIT) !== 0;
  let code = codeIndex(t, hand, shape, col, canSplit);
  if (code === P) {
    if (canSplit) return Bit.SPLIT;
    code = codeIndex(t, hand, shape, col, false);
  }
  if (totalOf(shape) >= 21 && legal & Bit.STAND) return Bit.STAND;
  const first = FIRST_BIT[code];
  if (legal & first) return first;
  if (legal & THEN_BIT[code]) return THEN_BIT[code];
  if (legal & Bit.STAND) return Bit.STAND;
  return legal & -legal; // the first legal action, in ACTIONS order
}

/** `decideBit` for a list of legal actions. */
export function decide(chart: Chart, hand: readonly Card[], upCard: Card, legal: readonly Action[]): Action {
  return ACTIONS[31 - Math.clz32(decideBit(chart, hand, upCard, maskOf(legal)))];
}

/** A chart from its Strategy document (a rules/strategies/*.yaml file, validated by the schema). */
export function chartFromDocument(doc: StrategyChart): Chart {
  const rows = (r: Record<string, string>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [String(k), v.trim().split(/\s+/) as Code[]]));
  return {
    id: doc.id,
    name: doc.name,
    source: doc.spec.source,
    hard: rows(doc.spec.hard),
    soft: rows(doc.spec.soft),
    pairs: rows(doc.spec.pairs),
  };
}

export const pad = (codes: readonly Code[]) =>
  codes
    .map((c) => c.padEnd(2))
    .join(' ')
    .trimEnd();

/** The chart as a Strategy document (plain JSON: what rules/strategies/ holds and bundles bake in). */
export function chartDocument(chart: Chart): StrategyChart {
  const rows = (r: Readonly<Record<string, readonly Code[]>>) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, pad(v)]));
  return {
    apiVersion: 'croupier/v1',
    kind: 'Strategy',
    id: chart.id,
    name: chart.name,
    family: 'blackjack',
    version: '1.0.0',
    spec: { source: chart.source, hard: rows(chart.hard), soft: rows(chart.soft), pairs: rows(chart.pairs) },
  };
}

/** The familiar printed table: hard, soft and pair rows against the ten up cards. */
export function formatChart(chart: Chart): string {
  const head = `       ${UP_COLUMNS.map((c) => c.padEnd(2)).join(' ')}`.trimEnd();
  const section = (
    title: string,
    r: Readonly<Record<string, readonly Code[]>>,
    label: (k: string) => string,
    order: (a: string, b: string) => number,
  ) =>
    [
      `${title}`,
      head,
      ...Object.keys(r)
        .sort(order)
        .map((k) => `${label(k).padEnd(6)} ${pad(r[k])}`),
    ].join('\n');
  const numeric = (a: string, b: string) => Number(a) - Number(b);
  const pairOrder = (a: string, b: string) => PAIR_KEYS.indexOf(a as never) - PAIR_KEYS.indexOf(b as never);
  return [
    `${chart.name} (${chart.source})`,
    section('Hard totals', chart.hard, (k) => k, numeric),
    section(
      'Soft totals',
      chart.soft,
      (k) => (k === '12' ? 'A,A' : k === '21' ? 'A,T' : `A,${Number(k) - 11}`),
      numeric,
    ),
    section('Pairs', chart.pairs, (k) => `${k},${k}`, pairOrder),
    'H hit  S stand  D double else hit  Ds double else stand  P split  R surrender else hit  Rs surrender else stand',
  ].join('\n\n');
}
