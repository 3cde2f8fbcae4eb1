#!/usr/bin/env node
// The `croupier` command: runs the compiled CLI in dist/ (scripts/build-cli.mjs), first rebuilding
// it when any source it was built from changed or it is missing (a fresh clone, a pull, an edit).
// Checking costs one read and hash of each bundled source; building, one to two seconds.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const DIST = join(ROOT, 'dist');

function fresh() {
  try {
    const { files } = JSON.parse(readFileSync(join(DIST, 'manifest.json'), 'utf8'));
    for (const [rel, hash] of Object.entries(files))
      if (
        createHash('sha256')
          .update(readFileSync(join(ROOT, rel)))
          .digest('hex') !== hash
      )
        return false;
    return true;
  } catch {
    return false; // no build yet, or a source is gone
  }
}

if (!fresh()) {
  const { buildCli } = await import('../scripts/build-cli.mjs');
  await buildCli();
}
await import(pathToFileURL(join(DIST, 'croupier.mjs')).href);
