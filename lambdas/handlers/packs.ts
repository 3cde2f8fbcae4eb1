// Owns which compiled pack a table's state runs under: the deployed (baked) pack for tables and
// rounds that start now, and for a round started before a deploy the pack it started under, read
// back from the store by its SHA-256 and compiled once per process. The deployed pack's artifact
// is stored (once per process, a conditional put) before any table or round opens under it.
import { fromArtifact, type PackArtifact, toArtifact } from '../pack/artifact.ts';
import type { AiCharts } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import type { PackArtifacts } from '../store/index.ts';

export interface RunningPack {
  pack: CompiledPack;
  charts: AiCharts;
}

export class PackShelf {
  private readonly compiled = new Map<string, Promise<RunningPack>>();
  private stored: Promise<void> | undefined;

  constructor(
    readonly current: RunningPack,
    private readonly artifacts: PackArtifacts,
    /** The deployed pack's artifact as baked (built from the compiled pack when not given). */
    private readonly artifact: PackArtifact = toArtifact(current.pack, current.charts),
  ) {
    if (this.artifact.sha256 !== current.pack.sha256)
      throw new Error(`the artifact's hash ${this.artifact.sha256} is not the pack's ${current.pack.sha256}`);
    this.compiled.set(current.pack.sha256, Promise.resolve(current));
  }

  /** The pack a state with this hash runs under (the deployed one, or an earlier one from the store). */
  async forSha(sha256: string): Promise<RunningPack> {
    let running = this.compiled.get(sha256);
    if (!running) {
      running = this.artifacts.load(sha256).then(fromArtifact);
      running.catch(() => this.compiled.delete(sha256));
      this.compiled.set(sha256, running);
    }
    return running;
  }

  /** Makes sure the deployed pack is in the store before a table or round opens under it. */
  async storeCurrent(at: number): Promise<void> {
    if (!this.stored) {
      this.stored = this.artifacts.save(this.artifact, at);
      this.stored.catch(() => (this.stored = undefined));
    }
    return this.stored;
  }
}
