// The YAML files a compiled pack is built from, each with its SHA-256 as `sha256sum` prints it, so a
// test lab can check that the files it was given are the ones the report describes: the pack, the
// side-bet modules it includes (rules/side-bets/<id>.yaml beside it, as the loader finds them) and
// the AI players' strategy charts it names.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';

export interface SourceFile {
  readonly role: string;
  /** As a reader runs `sha256sum` on it: relative to the working folder when the file is under it. */
  readonly path: string;
  readonly sha256: string;
}

/** A path as the report prints it. */
function shownPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

export function packSources(pack: CompiledPack): SourceFile[] {
  const dir = dirname(pack.path);
  const modules = (pack.resolved as { modules?: { id: string }[] }).modules ?? [];
  const files: { role: string; path: string }[] = [
    { role: 'rule pack', path: pack.path },
    ...modules.map((m) => ({ role: `side-bet module ${m.id}`, path: join(dir, 'side-bets', `${m.id}.yaml`) })),
    ...Object.entries(pack.table.ai).map(([level, chart]) => ({
      role: `strategy chart of the ${level} AI players`,
      path: join(dir, chart!),
    })),
  ];
  return files.map(({ role, path }) => ({
    role,
    path: shownPath(path),
    sha256: createHash('sha256').update(readFileSync(path)).digest('hex'),
  }));
}

/** The lines `sha256sum` prints for these files. */
export const sha256sumLines = (files: readonly SourceFile[]): string =>
  files.map((f) => `${f.sha256}  ${f.path}`).join('\n');
