// The JSON Schemas in schemas/ are generated from lambdas/pack/schema.ts: they must not drift.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { schemaDocuments } from '../../lambdas/pack/json-schemas.ts';

const SCHEMAS = join(import.meta.dirname, '../../schemas');

test.each(Object.entries(schemaDocuments()))(
  'schemas/%s is in sync with schema.ts (run npm run gen:schema)',
  (file, document) => {
    expect(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8'))).toEqual(document);
  },
);
