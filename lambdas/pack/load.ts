// Loads rule files: reads YAML, validates it by its kind, resolves side-bet modules, runs the
// semantic checks and compiles a pack. Every problem comes back as a positioned Diagnostic.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BetSource, compilePack } from './compile.ts';
import type { CompiledPack } from './compiled.ts';
import type { Scenario, SideBetModule, StrategyChart, VariantPack } from './schema.ts';
import { type FileKind, schemaDiagnostics } from './schema-check.ts';
import { chartFindings, type Finding, moduleFindings, packFindings, scenarioFindings } from './semantic.ts';
import { type Diagnostic, formatDiagnostic, isError, parseSource, type SourceFile } from './source.ts';

export const RULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../rules');

export class PackError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'PackError';
  }
}

export { formatDiagnostic } from './source.ts';

/** What a file is, from its `kind` (or, for scenarios, from their shape). */
export function fileKind(data: unknown): FileKind | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const kind = (data as { kind?: unknown }).kind;
  if (kind === 'Variant' || kind === 'SideBet' || kind === 'Strategy') return kind;
  // Scenarios carry no kind; any of their own keys is enough, so a half-written one gets scenario errors.
  if (kind === undefined && ('steps' in data || 'pack' in data || 'expect' in data)) return 'Scenario';
  return undefined;
}

function readSource(path: string): SourceFile {
  return parseSource(path, readFileSync(path, 'utf8'));
}

/** The rules folder a file belongs to: a scenario in <rules>/scenarios/ names packs of <rules>. */
function rulesDirOf(path: string): string {
  return basename(dirname(resolve(path))) === 'scenarios' ? dirname(dirname(resolve(path))) : RULES_DIR;
}

/** Everything wrong with one file of any kind; [] when it is valid. */
export function checkFile(path: string, rulesDir = rulesDirOf(path)): Diagnostic[] {
  let source: SourceFile;
  try {
    source = readSource(path);
  } catch (e) {
    return [{ path, line: 1, col: 1, pointer: '', message: `cannot read the file: ${(e as Error).message}` }];
  }
  return checkSource(source, rulesDir);
}

/** Everything wrong with a file already read; [] when it is valid. */
export function checkSource(source: SourceFile, rulesDir = rulesDirOf(source.path)): Diagnostic[] {
  const path = source.path;
  if (source.syntaxErrors.length) return source.syntaxErrors;
  const kind = fileKind(source.data);
  if (!kind) {
    const k = (source.data as { kind?: unknown } | null)?.kind;
    return [
      {
        path,
        ...source.locate('/kind'),
        pointer: k === undefined ? '' : '/kind',
        message:
          k === undefined
            ? '"kind" is missing; a rule file says what it is: kind: Variant, SideBet or Strategy (scenarios have pack, steps and expect)'
            : `kind: ${JSON.stringify(k)} is not a kind of rule file; use Variant, SideBet or Strategy`,
      },
    ];
  }
  const schemaProblems = schemaDiagnostics(kind, source);
  if (schemaProblems.length || kind !== 'Variant')
    return schemaProblems.length ? schemaProblems : extraChecks(kind, source, rulesDir);
  const result = buildPack(source, dirname(path));
  return result.diagnostics;
}

/** Checks past the schema for files other than packs: a module's bet, a chart's rows, a scenario's pack. */
function extraChecks(kind: FileKind, source: SourceFile, rulesDir: string): Diagnostic[] {
  const data = source.data as { id?: string; pack?: string };
  const at = (findings: Finding[]) => findings.map((f) => positioned(source, f));
  if ((kind === 'SideBet' || kind === 'Strategy') && data.id !== basename(source.path).replace(/\.ya?ml$/, ''))
    return at([
      {
        path: source.path,
        pointer: '/id',
        message: `id: "${data.id}" does not match the file name "${basename(source.path)}"; a file is named after its id`,
      },
    ]);
  if (kind === 'SideBet') return at(moduleFindings(source.data as SideBetModule, source.path));
  if (kind === 'Strategy') return at(chartFindings(source.data as StrategyChart, source.path));
  if (kind === 'Scenario') {
    const packPath = join(rulesDir, `${data.pack}.yaml`);
    if (!existsSync(packPath))
      return at([
        { path: source.path, pointer: '/pack', message: `pack: there is no pack "${data.pack}" in ${rulesDir}` },
      ]);
    const pack = packForScenarios(packPath);
    if (pack instanceof Error) {
      const n = pack instanceof PackError ? pack.diagnostics.length : 1;
      return at([
        {
          path: source.path,
          pointer: '/pack',
          message: `pack: "${data.pack}" is not valid (${n} problem(s) in ${relative(process.cwd(), packPath) || packPath}); run validate on it first`,
        },
      ]);
    }
    return at(scenarioFindings(source.data as Scenario, pack, source.path));
  }
  return [];
}

/** Many scenarios name one pack: compile it once per content, not once per scenario. */
const scenarioPacks = new Map<string, CompiledPack | Error>();
function packForScenarios(path: string): CompiledPack | Error {
  const key = `${resolve(path)}\0${readFileSync(path, 'utf8')}`;
  let pack = scenarioPacks.get(key);
  if (!pack) {
    try {
      pack = loadPackFile(path);
    } catch (e) {
      pack = e as Error;
    }
    scenarioPacks.set(key, pack);
  }
  return pack;
}

function positioned(source: SourceFile, f: Finding): Diagnostic {
  const d: Diagnostic = { path: f.path, ...source.locate(f.pointer, f.atKey), pointer: f.pointer, message: f.message };
  return f.severity ? { ...d, severity: f.severity } : d;
}

/** Loads and compiles a Variant pack from a path; throws PackError with every problem. */
export function loadPackFile(path: string): CompiledPack {
  return packFromSource(readSource(path));
}

/** Compiles a Variant pack already read (the studio's text before it is saved); throws PackError with every problem. */
export function packFromSource(source: SourceFile): CompiledPack {
  const path = source.path;
  if (source.syntaxErrors.length) throw new PackError(source.syntaxErrors);
  if (fileKind(source.data) !== 'Variant')
    throw new PackError([
      { path, line: 1, col: 1, pointer: '/kind', message: 'this file is not a rule pack (kind: Variant)' },
    ]);
  const problems = schemaDiagnostics('Variant', source);
  if (problems.length) throw new PackError(problems);
  const { pack, diagnostics } = buildPack(source, dirname(path));
  if (!pack) throw new PackError(diagnostics);
  return pack;
}

/** A pack by id from rules/, or by path when `ref` has a slash or ends in .yaml. */
export function loadPack(ref: string, rulesDir = RULES_DIR): CompiledPack {
  const path = isPath(ref) ? ref : join(rulesDir, `${ref}.yaml`);
  if (!existsSync(path))
    throw new PackError([{ path, line: 1, col: 1, pointer: '', message: `no pack "${ref}": ${path} does not exist` }]);
  const key = resolve(path);
  const cached = packCache.get(key);
  if (cached) return cached;
  const pack = loadPackFile(path);
  packCache.set(key, pack);
  return pack;
}
const packCache = new Map<string, CompiledPack>();
export const isPath = (ref: string): boolean => ref.includes('/') || /\.ya?ml$/.test(ref);

function buildPack(source: SourceFile, dir: string): { pack?: CompiledPack; diagnostics: Diagnostic[] } {
  const pack = source.data as VariantPack;
  const diagnostics: Diagnostic[] = [];
  const bets: BetSource[] = pack.spec.bets.map((bet, i) => ({ bet, path: source.path, pointer: `/spec/bets/${i}` }));
  const files = new Map<string, SourceFile>([[source.path, source]]);
  const resolvedModules: SideBetModule[] = [];

  const included = new Set<string>();
  (pack.spec.include ?? []).forEach((inc, i) => {
    const pointer = `/spec/include/${i}/sideBet`;
    if (included.has(inc.sideBet)) {
      diagnostics.push(
        positioned(source, {
          path: source.path,
          pointer,
          message: `include: the side-bet module "${inc.sideBet}" is included twice; include each module once`,
        }),
      );
      return;
    }
    included.add(inc.sideBet);
    const modulePath = join(dir, 'side-bets', `${inc.sideBet}.yaml`);
    if (!existsSync(modulePath)) {
      diagnostics.push(
        positioned(source, {
          path: source.path,
          pointer,
          message: `include: there is no side-bet module "${inc.sideBet}" (looked for ${modulePath})`,
        }),
      );
      return;
    }
    const moduleSource = readSource(modulePath);
    let moduleProblems = moduleSource.syntaxErrors.length
      ? moduleSource.syntaxErrors
      : schemaDiagnostics('SideBet', moduleSource);
    if (!moduleProblems.length && fileKind(moduleSource.data) === 'SideBet')
      moduleProblems = extraChecks('SideBet', moduleSource, dir);
    if (moduleProblems.length || fileKind(moduleSource.data) !== 'SideBet') {
      diagnostics.push(
        positioned(source, {
          path: source.path,
          pointer,
          message: `include: the side-bet module "${inc.sideBet}" is not valid (${moduleProblems.length || 1} problem(s) in ${modulePath}); run validate on it`,
        }),
      );
      return;
    }
    const mod = moduleSource.data as SideBetModule;
    files.set(modulePath, moduleSource);
    if (mod.family !== pack.family)
      diagnostics.push(
        positioned(source, {
          path: source.path,
          pointer,
          message: `include: "${inc.sideBet}" is a ${mod.family} side bet and cannot be attached to a ${pack.family} game`,
        }),
      );
    const decks = pack.spec.shoe.decks;
    if (decks < mod.spec.decks.min || decks > mod.spec.decks.max)
      diagnostics.push(
        positioned(source, {
          path: source.path,
          pointer,
          message: `include: the side bet "${inc.sideBet}" needs a game of ${mod.spec.decks.min} to ${mod.spec.decks.max} decks, but this pack's shoe has ${decks} (spec.shoe.decks)`,
        }),
      );
    resolvedModules.push(mod);
    bets.push({ bet: mod.spec.bet, path: modulePath, pointer: '/spec/bet' });
  });

  // AI charts are paths relative to the pack's own folder, as side-bet modules are (the schema says so).
  for (const [level, chart] of Object.entries(pack.spec.table.ai ?? {}))
    if (chart !== undefined && !existsSync(join(dir, chart)))
      diagnostics.push(
        positioned(source, {
          path: source.path,
          pointer: `/spec/table/ai/${level}`,
          message: `spec.table.ai.${level}: there is no strategy chart "${chart}" (looked for ${join(dir, chart)}: a chart path is relative to the pack's folder)`,
        }),
      );
  if (pack.spec.table.ai && pack.spec.table.kind !== 'solo')
    diagnostics.push(
      positioned(source, {
        path: source.path,
        pointer: '/spec/table/ai',
        atKey: true,
        message: `spec.table.ai: AI players sit only at solo tables; this table is ${pack.spec.table.kind}`,
      }),
    );

  const fileId = basename(source.path).replace(/\.ya?ml$/, '');
  for (const f of packFindings(pack, bets, source.path, fileId))
    diagnostics.push(positioned(files.get(f.path) ?? source, f));
  if (diagnostics.some(isError)) return { diagnostics };

  const { include: _include, ...spec } = pack.spec;
  const resolved = {
    ...pack,
    spec: { ...spec, bets: bets.map((b) => b.bet) },
    modules: resolvedModules.map((m) => ({ id: m.id, version: m.version })),
  };
  // Warnings stay with the compiled pack's diagnostics: validate prints them, loading goes on.
  return { pack: compilePack(pack, bets, source.path, resolved), diagnostics };
}
