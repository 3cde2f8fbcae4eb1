// Shared by the help-page tests: the shipped packs, every help page of them, and the words a page
// must never show (the pack language's own keys and values).
import { readdirSync } from 'node:fs';
import { RULES_DIR } from '../../lambdas/pack/load.ts';
import { RulePackSchema } from '../../lambdas/pack/schema.ts';

/** The pack ids in rules/ (side-bet modules and charts live in sub-folders). */
export const SHIPPED = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => f.replace(/\.yaml$/, ''));

/**
 * The schema's own words a player must never read: property names in camelCase (hitsSoft17,
 * whenShort) and enum values with a dash (accept-max, warn-then-void, hit-or-stand).
 */
export function rawKeys(): string[] {
  const keys = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o.const === 'string' && o.const.includes('-')) keys.add(o.const);
    if (o.properties && typeof o.properties === 'object')
      for (const name of Object.keys(o.properties)) if (/[a-z][A-Z]/.test(name)) keys.add(name);
    Object.values(o).forEach(walk);
  };
  walk(JSON.parse(JSON.stringify(RulePackSchema)));
  return [...keys].sort();
}
