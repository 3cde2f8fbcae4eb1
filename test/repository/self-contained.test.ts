// The repository stands on its own: no tracked file points at a place on one machine or at a document
// the repository does not hold. Rules are cited from docs/rules.md, targets from docs/targets.md,
// command-line contracts from the README; links and `$schema` comments resolve to tracked files.
// The patterns are assembled from pieces so that this file does not match them itself.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every file git tracks, relative to the root; a failing `git` fails the suite rather than checking nothing. */
function trackedFiles(): string[] {
  const out = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ls-files failed in ${ROOT}: ${out.stderr}`);
  return out.stdout.split('\0').filter(Boolean);
}

/** Tracked text files and their content (binary files, holding a NUL byte, are skipped). */
function textFiles(): { path: string; text: string }[] {
  return trackedFiles()
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }))
    .filter((f) => !f.text.includes('\0'));
}

/** Each line of `text` that matches `pattern`, as `path:line: text`. */
function hits(files: { path: string; text: string }[], pattern: RegExp): string[] {
  return files.flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
  );
}

// A home, workspace or temporary folder of some machine (not part of a URL), or a Windows drive.
const MACHINE_PATH = new RegExp(
  String.raw`(?:^|[^\w.:/-])/(?:${['work', 'home', 'root', 'Users', 'tmp', 'mnt', 'srv'].join('|')})/|\b[A-Z]:\\`,
);
// The briefing documents the repository was built from, and their folders.
const OUTSIDE_DOCUMENT = new RegExp(
  String.raw`\b(?:${['RULES', 'PRODUCT', 'STYLE'].join('|')})\.md\b|${['shared', 'spec'].join('/')}|\.\./${'seeds'}/`,
);

describe('the repository cites only itself', () => {
  const files = textFiles();

  test('tracked files are found (a listing that finds none proves nothing)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map((f) => f.path)).toContain('docs/rules.md');
  });

  test('no tracked file contains an absolute machine path', () => {
    expect(hits(files, MACHINE_PATH)).toEqual([]);
  });

  test('no tracked file cites a document outside the repository', () => {
    expect(hits(files, OUTSIDE_DOCUMENT)).toEqual([]);
  });

  test('every relative link in a Markdown file and the $schema comment of every YAML file name a tracked file', () => {
    const tracked = new Set(trackedFiles());
    const targets = files.flatMap(({ path, text }) => {
      const links = path.endsWith('.md') ? [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]) : [];
      const schemas = /\.ya?ml$/.test(path) ? [...text.matchAll(/\$schema=(\S+)/g)].map((m) => m[1]) : [];
      return [...links, ...schemas]
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => ({ path, target, resolved: relative(ROOT, resolve(ROOT, dirname(path), target)) }));
    });
    expect(targets.length).toBeGreaterThan(10);
    const broken = targets.filter((t) => !tracked.has(t.resolved)).map((t) => `${t.path}: ${t.target}`);
    expect(broken).toEqual([]);
  });
});
