// "The engine never branches on a variant's id": no shipped variant's id appears in the code that
// runs a pack (the interpreter, math, store, handlers, infra, the local server, the web table),
// comments aside. andar-bahar is also its family's name, which code may name, so it is not searched.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { variantIds } from '../../cli/commands/serve.ts';
import { loadPack } from '../../lambdas/pack/load.ts';

const CODE_DIRS = ['lambdas', 'infra', 'server', 'web/src'];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.gen.ts'))
    .map((f) => join(dir, f));
}

/** The code without its comments (block, and line comments outside strings well enough for this check). */
const withoutComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

test('no variant id in the code that runs packs', () => {
  const ids = variantIds().filter((id) => loadPack(id).family !== id);
  expect(ids.length).toBe(4);
  const found: string[] = [];
  for (const dir of CODE_DIRS)
    for (const file of sources(dir)) {
      const code = withoutComments(readFileSync(file, 'utf8'));
      for (const id of ids) if (code.includes(id)) found.push(`${file}: ${id}`);
    }
  expect(found).toEqual([]);
});
