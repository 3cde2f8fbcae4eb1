// Loads the strategy charts a pack's AI players use (R-EU-AI-2), from the paths its table names.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AiCharts } from './chart.ts';
import { chartFromDocument } from './chart.ts';
import type { CompiledPack } from './compiled.ts';
import { PackError } from './load.ts';
import type { StrategyChart } from './schema.ts';
import { schemaDiagnostics } from './schema-check.ts';
import { parseSource } from './source.ts';

const cache = new Map<string, AiCharts>();

/** `fresh`: read the files again (`npm start` reloading an edited rules folder). */
export function loadCharts(pack: CompiledPack, { fresh = false } = {}): AiCharts {
  const cached = fresh ? undefined : cache.get(pack.path);
  if (cached) return cached;
  const charts: AiCharts = {};
  for (const [level, rel] of Object.entries(pack.table.ai)) {
    const path = join(dirname(pack.path), rel!);
    const source = parseSource(path, readFileSync(path, 'utf8'));
    const problems = source.syntaxErrors.length ? source.syntaxErrors : schemaDiagnostics('Strategy', source);
    if (problems.length) throw new PackError(problems);
    charts[level as keyof AiCharts] = chartFromDocument(source.data as StrategyChart);
  }
  cache.set(pack.path, charts);
  return charts;
}
