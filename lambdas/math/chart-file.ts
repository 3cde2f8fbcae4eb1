// Strategy charts as files: read from rules/strategies/*.yaml and written in that format. Kept
// apart from chart.ts so the Lambda bundles, which only play charts, carry no YAML parser.
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { type Chart, chartDocument, chartFromDocument } from '../pack/chart.ts';
import type { StrategyChart } from '../pack/schema.ts';

/** Reads a chart from a rules/strategies/*.yaml file. */
export const loadChart = (path: string): Chart => chartFromDocument(parse(readFileSync(path, 'utf8')) as StrategyChart);

/** The chart as a Strategy YAML file with its schema modeline. */
export function chartToYaml(chart: Chart): string {
  const body = stringify(chartDocument(chart), { lineWidth: 0 });
  return `# yaml-language-server: $schema=../../schemas/strategy.schema.json\n# Columns: dealer up card 2 3 4 5 6 7 8 9 T A.\n${body}`;
}
