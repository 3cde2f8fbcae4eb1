// The JSON Schema documents as editors and Ajv see them, built from the TypeBox definitions.
// biome-ignore-all lint/suspicious/noExplicitAny: walks JSON Schema trees of any shape
import { RulePackSchema, Scenario, SideBetModule, StrategyChart, VariantPack } from './schema.ts';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Plain JSON (drops TypeBox's symbol keys), with every union of constants turned into one `enum`
 * whose description lists what each choice means: editors show it, and errors name the choices.
 */
export function plain(schema: unknown): any {
  return simplify(JSON.parse(JSON.stringify(schema)));
}

function simplify(node: any): any {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: any = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  if (Array.isArray(out.anyOf) && out.anyOf.every((b: any) => 'const' in b)) {
    const choices = out.anyOf.map((b: any) => (b.description ? `${b.const}: ${b.description}` : String(b.const)));
    const { anyOf, ...rest } = out;
    const description = [rest.description, ...choices.filter((c: string) => c.includes(': '))]
      .filter(Boolean)
      .join(' — ');
    return { ...rest, enum: anyOf.map((b: any) => b.const), ...(description ? { description } : {}) };
  }
  return out;
}

/** Picks the variant or the side-bet module schema by `kind`, so editors explain the right one. */
export function rulePackDocument() {
  return {
    $schema: DRAFT,
    $id: RulePackSchema.$id,
    title: RulePackSchema.title,
    description: 'A Croupier rule pack (kind: Variant) or a reusable side-bet module (kind: SideBet).',
    if: { properties: { kind: { const: 'SideBet' } }, required: ['kind'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else keyword
    then: plain(SideBetModule),
    else: plain(VariantPack),
  };
}

export function schemaDocuments(): Record<string, object> {
  return {
    'rule-pack.schema.json': rulePackDocument(),
    'strategy.schema.json': {
      $schema: DRAFT,
      $id: 'https://croupier.dev/schemas/strategy.schema.json',
      ...plain(StrategyChart),
    },
    'scenario.schema.json': {
      $schema: DRAFT,
      $id: 'https://croupier.dev/schemas/scenario.schema.json',
      ...plain(Scenario),
    },
  };
}
