// AI players (R-EU-AI-1, R-EU-AI-2): a strategy chart kept as data under rules/, applied to what a
// player may see — their own hand, the dealer's up card and the legal actions. Never the hole card.
import { rankOf, type Card } from '../core/cards.ts';
import type { StrategyChart } from '../pack/schema.ts';
import { isSoft, total } from './hand.ts';
import type { AiLevel, PlayAction } from './types.ts';

type Code = 'H' | 'S' | 'D' | 'Ds' | 'P' | 'R' | 'Rs';

export interface Chart {
  id: string;
  /** [total][column] → code; column 0..9 = dealer up 2..9, T, A. */
  hard: (Code[] | undefined)[];
  soft: (Code[] | undefined)[];
  /** [pair column] → code; pair column as the dealer column, by the pair's value. */
  pairs: (Code[] | undefined)[];
}

export type AiCharts = Partial<Record<AiLevel, Chart>>;

/** Dealer column (and pair index): 2..9 → 0..7, 10-values → 8, ace → 9. */
export function column(card: Card): number {
  const r = rankOf(card);
  return r === 0 ? 9 : r >= 9 ? 8 : r - 1;
}

const KEY_COLUMN: Record<string, number> = { A: 9, T: 8 };

export function compileChart(chart: StrategyChart): Chart {
  const rows = (record: Record<string, string>, key: (k: string) => number) => {
    const out: (Code[] | undefined)[] = [];
    for (const [k, row] of Object.entries(record)) out[key(k)] = row.trim().split(/\s+/) as Code[];
    return out;
  };
  return {
    id: chart.id,
    hard: rows(chart.spec.hard, Number),
    soft: rows(chart.spec.soft, Number),
    pairs: rows(chart.spec.pairs, (k) => KEY_COLUMN[k] ?? Number(k) - 2),
  };
}

/** The chart's decision for a hand, mapped onto what is legal now. */
export function decide(chart: Chart, cards: readonly Card[], up: Card, legal: readonly PlayAction[]): PlayAction {
  const col = column(up);
  const can = (a: PlayAction) => legal.includes(a);
  const t = total(cards);
  const soft = isSoft(cards);
  const pairCode = cards.length === 2 && column(cards[0]) === column(cards[1]) && can('split') ? chart.pairs[column(cards[0])]?.[col] : undefined;
  const code: Code = pairCode === 'P' ? 'P' : ((soft ? chart.soft[t] : chart.hard[t])?.[col] ?? (t >= 17 ? 'S' : 'H'));
  const fallback = (a: PlayAction, b: PlayAction): PlayAction => (can(a) ? a : can(b) ? b : legal.includes('stand') ? 'stand' : legal[0]);
  switch (code) {
    case 'P':
      return 'split';
    case 'D':
      return fallback('double', 'hit');
    case 'Ds':
      return fallback('double', 'stand');
    case 'R':
      return fallback('surrender', 'hit');
    case 'Rs':
      return fallback('surrender', 'stand');
    case 'H':
      return fallback('hit', 'stand');
    default:
      return 'stand';
  }
}
