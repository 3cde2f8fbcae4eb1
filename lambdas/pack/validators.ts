// The JSON Schema validators of pack, module, chart and scenario files. From source (tests, tsx)
// Ajv compiles them on first use; the compiled CLI (scripts/build-cli.mjs) carries this module as
// the standalone code of the same validators instead, so answering a command loads no Ajv and
// compiles no schema.
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { plain } from './json-schemas.ts';
import { Scenario, SideBetModule, StrategyChart, VariantPack } from './schema.ts';

export type FileKind = 'Variant' | 'SideBet' | 'Strategy' | 'Scenario';

const SCHEMAS: Record<FileKind, object> = {
  Variant: plain(VariantPack),
  SideBet: plain(SideBetModule),
  Strategy: plain(StrategyChart),
  Scenario: plain(Scenario),
};

// verbose: schema-check.ts words its messages from each error's schema and data.
const OPTIONS: Options = { allErrors: true, strict: false, verbose: true };

let validators: Record<FileKind, ValidateFunction> | undefined;

export function packValidators(): Record<FileKind, ValidateFunction> {
  if (!validators) {
    const ajv = new Ajv2020(OPTIONS);
    validators = Object.fromEntries(Object.entries(SCHEMAS).map(([k, s]) => [k, ajv.compile(s)])) as Record<
      FileKind,
      ValidateFunction
    >;
  }
  return validators;
}

type Standalone = (ajv: Ajv2020, refs: Record<string, string>) => string;
const standalone =
  (standaloneModule as unknown as { default?: Standalone }).default ?? (standaloneModule as unknown as Standalone);

/** This module as the build carries it: one ES module of standalone code with the same `packValidators`. */
export function standaloneValidators(): string {
  const ajv = new Ajv2020({ ...OPTIONS, code: { source: true, esm: true } });
  for (const [kind, schema] of Object.entries(SCHEMAS)) ajv.addSchema(schema, kind);
  const kinds = Object.keys(SCHEMAS);
  let code = standalone(ajv, Object.fromEntries(kinds.map((k) => [k, k])));
  // Ajv's standalone code requires its small run-time helpers even as ES module: import them instead.
  const helpers: string[] = [];
  code = code.replace(/require\("(ajv\/dist\/runtime\/\w+)"\)/g, (_, path: string) => {
    helpers.push(`import runtime${helpers.length} from "${path}.js";`);
    return `runtime${helpers.length - 1}`;
  });
  if (code.includes('require('))
    throw new Error('the standalone validators require a module that is not an Ajv helper');
  return [...helpers, code, `export function packValidators() { return { ${kinds.join(', ')} }; }`, ''].join('\n');
}
