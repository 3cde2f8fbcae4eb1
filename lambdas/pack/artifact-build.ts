// Builds a pack's artifact at build time (CDK synth, simulator workers) from a pack loaded and
// validated by loadPack, with its AI charts; the runtime only reads artifacts (artifact.ts).
import { chartDocument } from '../math/chart.ts';
import type { PackArtifact } from './artifact.ts';
import { loadCharts } from './charts.ts';
import type { CompiledPack } from './compiled.ts';

export function packArtifact(pack: CompiledPack): PackArtifact {
  const charts: PackArtifact['charts'] = {};
  for (const [level, chart] of Object.entries(loadCharts(pack))) charts[level as keyof PackArtifact['charts']] = chartDocument(chart!);
  return { resolved: pack.resolved as PackArtifact['resolved'], sha256: pack.sha256, charts };
}
