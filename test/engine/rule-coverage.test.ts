// Every rule ID of the catalogue (docs/rules.md) is proven somewhere: cited by a scenario file in rules/scenarios/
// or named in the title of a test under test/. Missing IDs are listed by name. The catalogue is part of the
// repository: when it is missing or defines no ID, every test here fails rather than passing on nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RULES_DIR } from '../../lambdas/pack/load.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CATALOGUE = join(ROOT, 'docs/rules.md');

/** A rule is defined where its ID opens a bullet in bold: `- **R-MW-SPLIT-1** ...`. */
const DEFINITION = /^- \*\*(R-[A-Z]+-[A-Z0-9]+-\d+)\*\*/gm;

/** Every definition in the catalogue, in order, repeats included; throws when there is nothing to check. */
function definitions(): string[] {
  if (!existsSync(CATALOGUE)) throw new Error(`the rule catalogue ${CATALOGUE} is missing`);
  const ids = [...readFileSync(CATALOGUE, 'utf8').matchAll(DEFINITION)].map((m) => m[1]);
  if (!ids.length) throw new Error(`${CATALOGUE} defines no rule ID (expected bullets like "- **R-MW-SPLIT-1** ...")`);
  return ids;
}

function files(dir: string, ext: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => join(dir, f));
}

/** IDs cited by scenario files (their `cites`). */
function scenarioCites(): Map<string, string[]> {
  const cited = new Map<string, string[]>();
  for (const path of files(join(RULES_DIR, 'scenarios'), /\.ya?ml$/)) {
    const data = parse(readFileSync(path, 'utf8')) as { cites?: unknown } | null;
    if (!Array.isArray(data?.cites)) continue;
    for (const id of data.cites) if (typeof id === 'string') cited.set(id, [...(cited.get(id) ?? []), path]);
  }
  return cited;
}

/**
 * The titles of every test (test, it, describe, and fast-check's prop(...)(title)) in the *.test.ts
 * files: an ID counts where a test says it proves it, not where a comment or a helper mentions it.
 */
function testTitles(): { path: string; title: string }[] {
  const call =
    /\b(?:test|it|describe|propTest)\b[\w.]*(?:\((?:[^()]|\([^()]*\))*\))*\s*\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g;
  return files(join(ROOT, 'test'), /\.test\.ts$/).flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(call)].map((m) => ({ path, title: m[2] })),
  );
}

describe('rule coverage', () => {
  it('docs/rules.md defines the rule IDs to cover, of every family (a parse that finds none proves nothing)', () => {
    const ids = definitions();
    expect(ids.length).toBeGreaterThan(60);
    for (const family of ['R-BJ-', 'R-MW-', 'R-TB-', 'R-EU-', 'R-LL-', 'R-AB-'])
      expect(
        ids.some((id) => id.startsWith(family)),
        family,
      ).toBe(true);
  });

  it('docs/rules.md defines each rule ID once', () => {
    const ids = definitions();
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('every rule ID in docs/rules.md is cited by a scenario file or named by a test', () => {
    const ids = definitions();
    const cites = scenarioCites();
    const titles = testTitles();
    const named = (id: string) => titles.some((t) => new RegExp(`\\b${id}\\b(?!\\d)`).test(t.title));
    const missing = ids.filter((id) => !cites.has(id) && !named(id));
    if (missing.length)
      console.log(`rule IDs not cited by any scenario or test (${missing.length}):\n  ${missing.join('\n  ')}`);
    expect(missing).toEqual([]);
  });

  it('test titles are found: the ones that name rule IDs are many, across the test folders', () => {
    const citing = testTitles().filter((t) => /\bR-[A-Z]+-[A-Z0-9]+-\d+\b/.test(t.title));
    expect(citing.length).toBeGreaterThan(100);
    expect(new Set(citing.map((t) => relative(join(ROOT, 'test'), t.path).split(sep)[0])).size).toBeGreaterThan(4);
  });

  it('scenario files cite only rule IDs that docs/rules.md defines', () => {
    const ids = definitions();
    const unknown = [...scenarioCites()]
      .filter(([id]) => !ids.includes(id))
      .map(([id, paths]) => `${id} (${paths.join(', ')})`);
    expect(unknown).toEqual([]);
  });

  it('test titles name only rule IDs that docs/rules.md defines', () => {
    const ids = definitions();
    const unknown = testTitles().flatMap((t) =>
      [...t.title.matchAll(/\bR-[A-Z]+-[A-Z0-9]+-\d+\b/g)]
        .filter((m) => !ids.includes(m[0]))
        .map((m) => `${m[0]} (${t.path})`),
    );
    expect(unknown).toEqual([]);
  });
});
