// Test helpers for the rule-pack language: a temp copy of rules/ to break, text edits that must
// apply exactly once, and the line:col of a piece of text, so tests assert exact positions.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect } from 'vitest';
import { checkFile, RULES_DIR } from '../../lambdas/pack/load.ts';
import type { Diagnostic } from '../../lambdas/pack/source.ts';

/** Ajv's own wording: a product manager must never read it. */
export const AJV_PHRASES = [
  'must have required property',
  'must match pattern',
  'must NOT have',
  'must be equal to',
  'must be >=',
  'must match a schema',
  'must be integer',
  'must be number',
];

export interface RulesCopy {
  dir: string;
  path(rel: string): string;
  read(rel: string): string;
  write(rel: string, text: string): string;
  /** Replaces `from` (which must occur exactly once) by `to`; returns the new text. */
  edit(rel: string, from: string, to: string): string;
  remove(): void;
}

/** A fresh copy of rules/ (packs, side-bet modules, and whatever else is there). */
export function copyRules(): RulesCopy {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-rules-'));
  cpSync(RULES_DIR, dir, { recursive: true });
  const path = (rel: string) => join(dir, rel);
  const read = (rel: string) => readFileSync(path(rel), 'utf8');
  const write = (rel: string, text: string) => {
    mkdirSync(dirname(path(rel)), { recursive: true });
    writeFileSync(path(rel), text);
    return text;
  };
  stubMissingCharts(dir, path, write);
  return {
    dir,
    path,
    read,
    write,
    edit(rel, from, to) {
      const text = read(rel);
      expect(text.split(from).length - 1, `"${from}" occurs once in ${rel}`).toBe(1);
      return write(rel, text.replace(from, to));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The 1-based line and column where `target` starts inside the unique occurrence of `context`. */
export function positionOf(text: string, context: string, target = context): { line: number; col: number } {
  const at = text.indexOf(context);
  expect(at, `"${context}" is in the text`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(context, at + 1), `"${context}" occurs once`).toBe(-1);
  const inner = context.indexOf(target);
  expect(inner, `"${target}" is inside "${context}"`).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at + inner).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

/** Checks a file and asserts no message uses Ajv's wording. */
export function problems(path: string): Diagnostic[] {
  const found = checkFile(path);
  for (const d of found) for (const phrase of AJV_PHRASES) expect(d.message).not.toContain(phrase);
  return found;
}

/**
 * Asserts that a problem sits exactly at `where` in `path` and that its message says each of
 * `words` (the words a product manager needs: what is wrong and what is allowed).
 */
export function expectProblem(
  found: Diagnostic[],
  path: string,
  where: { line: number; col: number },
  words: (string | RegExp)[],
): Diagnostic {
  const here = found.filter((d) => d.path === path && d.line === where.line && d.col === where.col);
  expect(
    here,
    `a problem at ${path}:${where.line}:${where.col} among:\n${found.map((d) => `${d.path}:${d.line}:${d.col}: ${d.message}`).join('\n')}`,
  ).not.toHaveLength(0);
  const match = here.find((d) =>
    words.every((w) => (typeof w === 'string' ? d.message.includes(w) : w.test(d.message))),
  );
  expect(match, `a message with ${words.join(' + ')} among: ${here.map((d) => d.message).join(' | ')}`).toBeDefined();
  return match!;
}

/**
 * AI charts a copied pack names but rules/ does not hold yet get a minimal chart in the copy, so
 * each broken-pack test sees only the problem it makes (the real rules/ is tested as it is).
 */
function stubMissingCharts(
  dir: string,
  path: (rel: string) => string,
  write: (rel: string, text: string) => string,
): void {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const ai = /\n {4}ai:.*\n((?: {6}\w+: \S+.*\n)+)/.exec(readFileSync(join(dir, file), 'utf8'));
    for (const m of ai?.[1].matchAll(/\w+: (\S+)/g) ?? []) {
      const rel = m[1];
      if (existsSync(path(rel))) continue;
      const id = basename(rel).replace(/\.ya?ml$/, '');
      write(
        rel,
        `apiVersion: croupier/v1\nkind: Strategy\nid: ${id}\nname: ${id}\nfamily: blackjack\nversion: 1.0.0\nspec:\n  source: test stub\n  hard: {}\n  soft: {}\n  pairs: {}\n`,
      );
    }
  }
}
