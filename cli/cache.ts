// Answers the compiled CLI has already worked out, on disk by what they depend on: the build (new
// code, new keys) and the contents the caller names (a pack's hash, a file's bytes). Run from
// source (tests, tsx) nothing is cached, so a change to the code is always seen.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** CROUPIER_CACHE_DIR moves it (the bench times runs with no answer kept). */
const DIR = process.env.CROUPIER_CACHE_DIR || join(ROOT, 'node_modules/.cache/croupier');

let buildId: string | null | undefined;

/** The compiled CLI's build id (dist/manifest.json); null when running from source. */
function currentBuild(): string | null {
  if (buildId === undefined) {
    buildId = null;
    if (process.env.CROUPIER_BUNDLED)
      try {
        buildId = (JSON.parse(readFileSync(join(ROOT, 'dist/manifest.json'), 'utf8')) as { buildId: string }).buildId;
      } catch {
        // no manifest: compute every time
      }
  }
  return buildId;
}

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** `compute()`'s JSON answer, from disk when this build already computed it for the same key. */
export function cached<T>(kind: string, key: readonly (string | Buffer)[], compute: () => T): T {
  const hit = recalled<T>(kind, key);
  if (hit !== undefined) return hit;
  const value = compute();
  keep(kind, key, value);
  return value;
}

function fileOf(kind: string, key: readonly (string | Buffer)[]): string | null {
  const build = currentBuild();
  if (!build) return null;
  const hash = createHash('sha256').update(build);
  for (const part of key) hash.update('\0').update(part);
  return join(DIR, kind, `${hash.digest('hex')}.json`);
}

/** The answer kept for this key by this build; undefined when there is none (or running from source). */
export function recalled<T>(kind: string, key: readonly (string | Buffer)[]): T | undefined {
  const file = fileOf(kind, key);
  if (!file) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined; // not computed yet
  }
}

/** Keeps an answer for `recalled`. */
export function keep(kind: string, key: readonly (string | Buffer)[], value: unknown): void {
  const file = fileOf(kind, key);
  if (!file) return;
  try {
    mkdirSync(join(DIR, kind), { recursive: true });
    // Written whole, then renamed: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  } catch {
    // a read-only tree: the answer is still right, only not kept
  }
}
