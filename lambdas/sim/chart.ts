// Owns turning the math's basic-strategy chart (lambdas/math) into what the interpreter's players
// read: a StrategyChart document (plain JSON, so the CDK app can bake it into a bundle) and its
// compiled form. The simulator, the simulate Lambda and the bench all play from this.
import { compileChart, type Chart as EngineChart } from '../engine/ai.ts';
import type { Chart as MathChart } from '../math/chart.ts';
import type { StrategyChart } from '../pack/schema.ts';

/** The chart as a `kind: Strategy` document, rows written as in rules/strategies/*.yaml. */
export function strategyDocument(chart: MathChart): StrategyChart {
  const rows = (r: Readonly<Record<string, readonly string[]>>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.join(' ')]));
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

/** The chart the interpreter's players decide from. */
export const engineChart = (chart: MathChart): EngineChart => compileChart(strategyDocument(chart));
