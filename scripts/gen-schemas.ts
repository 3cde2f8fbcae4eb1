// Writes the JSON Schemas in schemas/ from lambdas/pack/schema.ts (their single source).
import { writeFileSync } from 'node:fs';
import { schemaDocuments } from '../lambdas/pack/json-schemas.ts';

for (const [file, doc] of Object.entries(schemaDocuments())) {
  writeFileSync(new URL(`../schemas/${file}`, import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`schemas/${file}`);
}
