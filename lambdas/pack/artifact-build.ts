// Builds a pack's artifact at build time (CDK synth, simulator workers) from a pack loaded and
// validated by loadPack, with its AI charts; the runtime only reads artifacts (artifact.ts).
import { type PackArtifact, toArtifact } from './artifact.ts';
import { loadCharts } from './charts.ts';
import type { CompiledPack } from './compiled.ts';

export function packArtifact(pack: CompiledPack): PackArtifact {
  return toArtifact(pack, loadCharts(pack));
}
