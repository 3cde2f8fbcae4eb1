// Every rule ID of RULES.md is proven somewhere: cited by a scenario file in rules/scenarios/ or
// named in the title of a test under test/ (issues 3 and 4: "every rule ID is cited by at least one scenario
// or test"). Missing IDs are listed by name.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RULES_DIR } from '../../lambdas/pack/load.ts';

const ROOT = resolve(RULES_DIR, '..');

/** RULES.md: CROUPIER_RULES_MD, then a copy in the repository, then the shared spec folder. */
const RULES_MD = [
  process.env.CROUPIER_RULES_MD,
  join(ROOT, 'docs/RULES.md'),
  join(ROOT, 'RULES.md'),
  '/work/shared/spec/RULES.md',
].find((p): p is string => !!p && existsSync(p));

const ID = /\*\*(R-[A-Z]+-[A-Z0-9]+-\d+)\*\*/g;

function ruleIds(text: string): string[] {
  return [...new Set([...text.matchAll(ID)].map((m) => m[1]))];
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

describe.skipIf(!RULES_MD)('rule coverage', () => {
  const ids = RULES_MD ? ruleIds(readFileSync(RULES_MD, 'utf8')) : [];

  it('RULES.md has rule IDs to cover (a parse that finds none proves nothing)', () => {
    expect(ids.length).toBeGreaterThan(60);
    for (const family of ['R-BJ-', 'R-MW-', 'R-TB-', 'R-EU-', 'R-LL-', 'R-AB-'])
      expect(
        ids.some((id) => id.startsWith(family)),
        family,
      ).toBe(true);
  });

  it('every rule ID in RULES.md is cited by a scenario file or named by a test', () => {
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
    expect(new Set(citing.map((t) => t.path.split('/test/')[1].split('/')[0])).size).toBeGreaterThan(4);
  });

  it('scenario files cite only rule IDs that RULES.md defines', () => {
    const unknown = [...scenarioCites()]
      .filter(([id]) => !ids.includes(id))
      .map(([id, paths]) => `${id} (${paths.join(', ')})`);
    expect(unknown).toEqual([]);
  });
});
