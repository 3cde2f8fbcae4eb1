// The best basic strategy of a blackjack pack as a Chart, derived by the main-bet analysis.

import type { Chart } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { analyseMain, type BlackjackRules, type MainAnalysis, rulesOf } from './blackjack.ts';

const charts = new Map<string, Chart>();
const analyses = new Map<string, MainAnalysis>();

/**
 * The main-bet analysis of the pack's own rules: its RTP and its best chart. Cached by those rules, not
 * by the pack's hash, so an edit elsewhere in the pack (a side bet's pay table) does not redo it.
 */
export function mainAnalysisOf(pack: CompiledPack): MainAnalysis {
  const rules = rulesOf(pack);
  const key = JSON.stringify(rules);
  let a = analyses.get(key);
  if (!a) analyses.set(key, (a = analyseMain(rules)));
  return a;
}

/** The chart the analyser derives for the pack's own rules (cached per pack hash). */
export function bestStrategy(pack: CompiledPack): Chart {
  const hit = charts.get(pack.sha256);
  if (hit) return hit;
  const a = mainAnalysisOf(pack);
  const chart: Chart = {
    id: `${pack.id}-hard`,
    name: `${pack.name}: best basic strategy`,
    source: `derived by the Croupier analyser (lambdas/math/blackjack.ts) from pack ${pack.id} ${pack.version}: ${describeRules(rulesOf(pack))}`,
    hard: a.hard,
    soft: a.soft,
    pairs: a.pairs,
  };
  charts.set(pack.sha256, chart);
  return chart;
}

/** The rules a chart depends on, in the words of a published chart's heading. */
export function describeRules(r: BlackjackRules): string {
  const decks = r.shoe.reduce((s, n) => s + n, 0) / 52;
  const parts = [`${decks} deck${decks === 1 ? '' : 's'}`, r.hitsSoft17 ? 'H17' : 'S17'];
  parts.push(
    r.peek[0] || r.peek[9]
      ? 'dealer peeks'
      : r.loseAll
        ? 'no peek, a dealer blackjack takes all bets'
        : 'no peek, original bets only',
  );
  if (!r.hit) parts.push('no hit');
  if (!r.double) parts.push('no double');
  else
    parts.push(
      r.double.totals
        ? `double on ${r.double.totals.flatMap((ok, t) => (ok ? [t] : [])).join('/')}`
        : 'double any two cards',
      r.double.afterSplit ? 'DAS' : 'no DAS',
    );
  if (!r.split) parts.push('no split');
  else
    parts.push(
      `split to ${r.split.maxHands} hands`,
      r.split.resplitAces ? 'resplit aces' : 'no resplit aces',
      r.split.splitAcesOneCard ? 'split aces one card' : 'split aces play on',
    );
  parts.push(r.surrender ? 'late surrender' : 'no surrender', `blackjack pays ${r.blackjackPays}`);
  return parts.join(', ');
}
