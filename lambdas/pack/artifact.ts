// A pack as it ships inside a Lambda bundle: the resolved pack (modules included) and its AI
// charts as plain JSON, validated at build time, compiled again at cold start without YAML or
// Ajv. The SHA-256 travels with it, so a round records exactly which rules it ran under.
import type { AiCharts } from './chart.ts';
import { chartDocument, chartFromDocument } from './chart.ts';
import { canonicalJson, compilePack, sha256 } from './compile.ts';
import type { CompiledPack } from './compiled.ts';
import type { StrategyChart, VariantPack } from './schema.ts';

export interface PackArtifact {
  resolved: VariantPack & { modules: { id: string; version: string }[] };
  sha256: string;
  charts: Partial<Record<'easy' | 'normal' | 'hard', StrategyChart>>;
}

/** Compiles an artifact; refuses one whose content does not match its hash. */
export function fromArtifact(artifact: PackArtifact): { pack: CompiledPack; charts: AiCharts } {
  const hash = sha256(canonicalJson(artifact.resolved));
  if (hash !== artifact.sha256)
    throw new Error(`pack artifact ${artifact.resolved.id}: content hash ${hash} does not match ${artifact.sha256}`);
  const r = artifact.resolved;
  const bets = r.spec.bets.map((bet, i) => ({ bet, path: `${r.id}.yaml`, pointer: `/spec/bets/${i}` }));
  const pack = compilePack(r, bets, `${r.id}.yaml`, r);
  const charts: AiCharts = {};
  for (const [level, chart] of Object.entries(artifact.charts)) charts[level as 'easy'] = chartFromDocument(chart!);
  return { pack, charts };
}

/**
 * The artifact of a pack already compiled (with its compiled AI charts): what the runtime stores for rounds in play.
 */
export function toArtifact(pack: CompiledPack, charts: AiCharts): PackArtifact {
  const docs: PackArtifact['charts'] = {};
  for (const [level, chart] of Object.entries(charts))
    if (chart) docs[level as keyof PackArtifact['charts']] = chartDocument(chart);
  return { resolved: pack.resolved as PackArtifact['resolved'], sha256: pack.sha256, charts: docs };
}
