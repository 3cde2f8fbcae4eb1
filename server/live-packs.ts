// Owns which version of each pack `npm start` serves, and keeps it current with rules/: the folder
// is watched, and after a change every pack file is compiled again. A valid pack whose content
// changed (its SHA-256, side-bet modules included) gets a new handler for new tables and rounds;
// rounds in play finish under the version they started with (the handler reads it back by hash,
// as after a deploy). An invalid file keeps the last good version serving; its problems, each at
// path:line:col, are kept for the web page and written to the log.
import { type FSWatcher, readdirSync, readFileSync, watch } from 'node:fs';
import { join, relative } from 'node:path';
import type { AiCharts } from '../lambdas/pack/chart.ts';
import { loadCharts } from '../lambdas/pack/charts.ts';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { fileKind, formatDiagnostic, loadPackFile, PackError } from '../lambdas/pack/load.ts';
import { parseSource } from '../lambdas/pack/source.ts';
import type { Handler, Mount } from './lambda-server.ts';

export interface PackBuild {
  pack: CompiledPack;
  charts: AiCharts;
}

/** What serves one version of a pack: its API handler and its sweep. */
export interface Served {
  handler: Handler;
  sweep: () => Promise<unknown>;
}

/** A pack file that does not compile: its problems, each `path:line:col: message`. */
export interface PackProblem {
  pack: string;
  file: string;
  errors: string[];
  /** Whether an earlier version of the pack is still serving. */
  serving: boolean;
}

export interface PackStatus {
  packs: { id: string; version: string; sha256: string }[];
  problems: PackProblem[];
}

export interface LivePacksOptions {
  rulesDir: string;
  /** Serve only these packs of the folder (default: every Variant pack). */
  only?: readonly string[];
  routes: readonly string[];
  publicRoutes: readonly string[];
  /** Builds the handler and sweep of a version (creating the pack's table when it is new). */
  serve(id: string, build: PackBuild): Promise<Served>;
  log(entry: Record<string, unknown>): void;
}

interface Entry {
  build: PackBuild;
  served: Served;
  mount: Mount;
}

/** The pack files of a rules folder: every YAML file at its top (side bets, charts and scenarios live below). */
const packFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();

export class LivePacks {
  private readonly entries = new Map<string, Entry>();
  private problems = new Map<string, PackProblem>();
  private mountList: readonly Mount[] = [];
  private running: Promise<void> = Promise.resolve();
  private again = false;
  private scanned = false;

  constructor(private readonly options: LivePacksOptions) {}

  /** The packs' mounts; the same array until a pack is added, so the server compiles its routes once per change. */
  mounts = (): readonly Mount[] => this.mountList;

  sweeps = (): (() => Promise<unknown>)[] => [...this.entries.values()].map((e) => e.served.sweep);

  ids = (): string[] => [...this.entries.keys()].sort();

  status = (): PackStatus => ({
    packs: this.ids().map((id) => {
      const { pack } = this.entries.get(id)!.build;
      return { id, version: pack.version, sha256: pack.sha256 };
    }),
    problems: [...this.problems.values()],
  });

  /** Compiles every pack file again and serves what changed; calls made meanwhile run once more after it. */
  reload(): Promise<void> {
    if (this.again) return this.running;
    this.again = true;
    this.running = this.running.then(async () => {
      this.again = false;
      await this.scan();
    });
    return this.running;
  }

  /** Reloads about `debounceMs` after the last change under the rules folder; returns a stop function. */
  watch(debounceMs = 250): () => void {
    let timer: NodeJS.Timeout | undefined;
    const watcher: FSWatcher = watch(this.options.rulesDir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        this.reload().catch((error: unknown) =>
          this.options.log({ level: 'ERROR', message: 'reloading rules failed', error: String(error) }),
        );
      }, debounceMs);
    });
    return () => {
      clearTimeout(timer);
      watcher.close();
    };
  }

  private async scan(): Promise<void> {
    const { rulesDir, log } = this.options;
    const problems = new Map<string, PackProblem>();
    for (const file of packFiles(rulesDir)) {
      const id = file.replace(/\.yaml$/, '');
      if (this.options.only && !this.options.only.includes(id)) continue;
      const path = join(rulesDir, file);
      const shown = relative(process.cwd(), path) || path;
      let build: PackBuild;
      try {
        if (!isVariant(path)) continue;
        const pack = loadPackFile(path);
        build = { pack, charts: loadCharts(pack, { fresh: true }) };
      } catch (error) {
        const errors =
          error instanceof PackError
            ? error.diagnostics.map((d) => formatDiagnostic({ ...d, path: relative(process.cwd(), d.path) || d.path }))
            : [`${shown}:1:1: ${(error as Error).message}`];
        const serving = this.entries.has(id);
        problems.set(id, { pack: id, file: shown, errors, serving });
        if (JSON.stringify(this.problems.get(id)?.errors) !== JSON.stringify(errors))
          log({
            level: 'WARN',
            message: serving
              ? `${shown} has errors: the last good version of ${id} keeps serving`
              : `${shown} has errors: ${id} is not served`,
            pack: id,
            errors,
          });
        continue;
      }
      const old = this.entries.get(id);
      if (old && old.build.pack.sha256 === build.pack.sha256 && sameCharts(old.build.charts, build.charts)) continue;
      const served = await this.options.serve(id, build);
      if (old) {
        old.build = build;
        old.served = served;
      } else {
        const entry: Entry = {
          build,
          served,
          mount: {
            basePath: `/${id}`,
            routes: this.options.routes,
            publicRoutes: this.options.publicRoutes,
            // Reads the entry on each request: a reload swaps the version without a new mount.
            handler: (event) => entry.served.handler(event),
          },
        };
        this.entries.set(id, entry);
        this.mountList = [...this.mountList, entry.mount];
      }
      if (this.scanned)
        log({
          level: 'INFO',
          message: old
            ? `${shown} reloaded: new rounds of ${id} play version ${build.pack.version}`
            : `${shown} is new: ${id} is served at /${id}`,
          pack: id,
          version: build.pack.version,
          sha256: build.pack.sha256,
        });
    }
    this.problems = problems;
    this.scanned = true;
  }
}

/** Whether a file is a Variant pack; a file that does not parse may be one being edited, so it counts. */
function isVariant(path: string): boolean {
  const source = parseSource(path, readFileSync(path, 'utf8'));
  return source.syntaxErrors.length > 0 || fileKind(source.data) === 'Variant';
}

const sameCharts = (a: AiCharts, b: AiCharts): boolean => JSON.stringify(a) === JSON.stringify(b);
