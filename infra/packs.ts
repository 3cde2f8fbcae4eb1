// Owns which packs become stacks: every `kind: Variant` file at the top of a rules folder (side-bet
// modules, strategies and scenarios live in subfolders and never become stacks), loaded with the
// runtime's own loader so a pack that does not validate stops the synth with path:line:col lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { fileKind, loadPackFile, PackError } from '../lambdas/pack/load.ts';
import type { Diagnostic } from '../lambdas/pack/source.ts';
import { ConfigError } from './config.ts';

/** Does this file claim to be a pack? Unparsable YAML counts, so the loader reports where it breaks. */
function claimsVariant(path: string): boolean {
  try {
    return fileKind(parse(readFileSync(path, 'utf8'))) === 'Variant';
  } catch {
    return true;
  }
}

/** Pack ids (file names) of the variant packs in a rules folder, sorted. */
export function variantIds(rulesDir: string): string[] {
  return readdirSync(rulesDir)
    .filter((f) => /\.ya?ml$/.test(f) && claimsVariant(join(rulesDir, f)))
    .map((f) => f.replace(/\.ya?ml$/, ''))
    .sort();
}

/** `-c variants=a,b` (or an array in cdk.json) as a list; undefined for all. */
export function parseVariants(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const ids = list.map((s) => s.trim()).filter(Boolean);
  return ids.length ? ids : undefined;
}

/**
 * Loads the variant packs of a rules folder (all, or the ids asked for). Throws ConfigError for an
 * unknown id and one PackError carrying every problem of every pack that does not validate.
 */
export function loadVariants(rulesDir: string, only?: readonly string[]): CompiledPack[] {
  const ids = variantIds(rulesDir);
  const unknown = (only ?? []).filter((id) => !ids.includes(id));
  if (unknown.length)
    throw new ConfigError(
      `-c variants: no variant pack ${unknown.map((u) => `"${u}"`).join(', ')} in ${rulesDir}; the variants are: ${ids.join(', ')}`,
    );
  const diagnostics: Diagnostic[] = [];
  const packs: CompiledPack[] = [];
  for (const id of only ? ids.filter((i) => only.includes(i)) : ids) {
    const file = readdirSync(rulesDir).find((f) => f === `${id}.yaml` || f === `${id}.yml`)!;
    try {
      packs.push(loadPackFile(join(rulesDir, file)));
    } catch (e) {
      if (!(e instanceof PackError)) throw e;
      diagnostics.push(...e.diagnostics);
    }
  }
  if (diagnostics.length) throw new PackError(diagnostics);
  return packs;
}
