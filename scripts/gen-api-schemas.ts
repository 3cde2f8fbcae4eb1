// Writes schemas/api/<Body>.schema.json from the TypeBox bodies of lambdas/http/bodies.ts (the one
// source); `--check` exits 1 when a file is missing or out of date.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BODIES } from '../lambdas/http/bodies.ts';

const dir = new URL('../schemas/api/', import.meta.url);
const check = process.argv.includes('--check');
let stale = 0;
mkdirSync(dir, { recursive: true });
for (const [name, schema] of Object.entries(BODIES)) {
  const file = new URL(`${name}.schema.json`, dir);
  const text = `${JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...JSON.parse(JSON.stringify(schema)), $id: `https://croupier.dev/schemas/api/${name}.schema.json` }, null, 2)}\n`;
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {}
  if (current === text) continue;
  stale++;
  if (check) console.error(`schemas/api/${name}.schema.json is out of date: npx tsx scripts/gen-api-schemas.ts`);
  else writeFileSync(file, text);
}
process.exitCode = check && stale ? 1 : 0;
