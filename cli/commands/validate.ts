// `croupier validate [paths...] [--json]`: checks every rule file under the paths by its kind and
// prints one `path:line:col: message` line per problem (or the JSON report); exit 1 on any problem.
import { existsSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Diagnostic, formatDiagnostic, isError } from '../../lambdas/pack/source.ts';
import { keep, recalled, sha256 } from '../cache.ts';

const USAGE = 'usage: croupier validate [paths...] [--json]   (default: rules/)';
const RULE_FILE = /\.ya?ml$/;
/** The shipped rules/ (lambdas/pack/load.ts RULES_DIR, without loading the checker). */
const RULES_DIR = fileURLToPath(new URL('../../rules', import.meta.url));

type Problem = { line: number; col: number; pointer: string; message: string };

interface FileReport {
  path: string;
  valid: boolean;
  errors: Problem[];
  /** Present when the file has warnings: printed, but the file stays valid. */
  warnings?: Problem[];
}

export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const unknown = args.find((a) => a.startsWith('-') && a !== '--json');
  if (unknown) {
    console.error(`croupier validate: unknown option "${unknown}"\n${USAGE}`);
    return 2;
  }
  const roots = args.filter((a) => !a.startsWith('-'));
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const root of roots.length ? roots : ['rules/']) {
    const found = ruleFiles(root);
    if (found === undefined)
      diagnostics.push({ path: root, line: 1, col: 1, pointer: '', message: 'there is no such file or folder' });
    else files.push(...found);
  }
  // The checker (schemas compiled, packs built) is loaded only when some file's answer is not kept.
  let checkFile: ((file: string) => Diagnostic[]) | undefined;
  for (const file of [...new Set(files)]) {
    const key = [file, ...dependencies(file)];
    let found = recalled<Diagnostic[]>('validate', key);
    if (!found) {
      checkFile ??= (await import('../../lambdas/pack/load.ts')).checkFile;
      found = checkFile(file);
      keep('validate', key, found);
    }
    diagnostics.push(...found);
  }
  const unique = dedupe(diagnostics);
  const errors = unique.filter(isError).length;
  const warnings = unique.length - errors;

  if (json) console.log(JSON.stringify({ files: report(files, unique) }));
  else {
    for (const d of unique) console.log(formatDiagnostic(d));
    const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    console.error(
      `${count(files.length, 'file')} checked, ${count(errors, 'problem')}${warnings ? `, ${count(warnings, 'warning')}` : ''}`,
    );
  }
  return errors ? 1 : 0;
}

/**
 * What a file's problems depend on, for the cache: its bytes, the rule files beside it (the pack
 * of a scenario, a pack's side-bet modules and charts, where they are looked for), the AI charts a
 * pack names, and the shipped rules/.
 */
function dependencies(file: string): string[] {
  const dir = dirname(resolve(file));
  const folders = [dir, join(dir, 'side-bets'), join(dir, 'strategies')];
  if (basename(dir) === 'scenarios') folders.push(dirname(dir), join(dirname(dir), 'side-bets'));
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // checkFile says it cannot be read
  }
  const charts = [...text.matchAll(/^\s+(?:easy|normal|hard):\s*(\S+)/gm)].map((m) => resolve(dir, m[1]));
  return [
    resolve(file),
    text,
    ...folders.map((f) => folderHash(f)),
    ...charts.map(fileHash),
    folderHash(RULES_DIR, true),
  ];
}

const hashes = new Map<string, string>();
/** The names and bytes of the YAML files in a folder (and below, with `deep`); '' for none. */
function folderHash(dir: string, deep = false): string {
  const key = `${deep}:${dir}`;
  let h = hashes.get(key);
  if (h === undefined) {
    const files = existsSync(dir) ? (deep ? (ruleFiles(dir) ?? []) : shallow(dir)) : [];
    h = sha256(files.map((f) => `${f}\0${fileHash(f)}`).join('\0'));
    hashes.set(key, h);
  }
  return h;
}
const shallow = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && RULE_FILE.test(e.name))
    .map((e) => join(dir, e.name))
    .sort();
function fileHash(path: string): string {
  try {
    return sha256(readFileSync(path));
  } catch {
    return '';
  }
}

/** A file as given, or the YAML files under a folder (sorted, so output is stable); undefined if absent. */
function ruleFiles(root: string): string[] | undefined {
  let stat: Stats;
  try {
    stat = statSync(root);
  } catch {
    return undefined;
  }
  if (!stat.isDirectory()) return [root];
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    // Paths as given: the folder as typed, then the name (join would normalise "./rules").
    const path = root.endsWith('/') ? root + entry.name : `${root}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(ruleFiles(path) ?? []));
    else if (RULE_FILE.test(entry.name)) out.push(path);
  }
  return out;
}

/** A problem in an included module is found once per pack that includes it; print it once. */
function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = formatDiagnostic(d);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Every checked file listed; a problem is listed under the file it is in (a module, say). */
function report(files: string[], diagnostics: Diagnostic[]): FileReport[] {
  const byPath = new Map<string, FileReport>();
  for (const path of files) byPath.set(path, { path, valid: true, errors: [] });
  for (const d of diagnostics) {
    const entry = byPath.get(d.path) ?? { path: d.path, valid: true, errors: [] };
    byPath.set(d.path, entry);
    const problem = { line: d.line, col: d.col, pointer: d.pointer, message: d.message };
    if (isError(d)) {
      entry.valid = false;
      entry.errors.push(problem);
    } else (entry.warnings ??= []).push(problem);
  }
  return [...byPath.values()];
}
