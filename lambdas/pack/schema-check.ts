// JSON Schema validation of pack, module, chart and scenario files, with Ajv's errors rewritten
// as plain sentences that say what is wrong, where, and what is allowed.
// biome-ignore-all lint/suspicious/noExplicitAny: reads Ajv's untyped schema fragments and error params
import type { ErrorObject } from 'ajv/dist/2020.js';
import { PATTERNS } from './patterns.ts';
import { type Diagnostic, readablePath, type SourceFile } from './source.ts';
import { type FileKind, packValidators } from './validators.ts';

export type { FileKind } from './validators.ts';

/** The schema problems of a parsed file of the given kind, positioned in its source. */
export function schemaDiagnostics(kind: FileKind, source: SourceFile): Diagnostic[] {
  const validate = packValidators()[kind];
  if (validate(source.data)) return [];
  return relevantErrors(validate.errors ?? []).map((e) => {
    const { pointer, message, atKey } = explain(e);
    return { path: source.path, ...source.locate(pointer, atKey), pointer, message };
  });
}

/**
 * Drops the noise of unions: when a value fails `anyOf`, report the one branch whose type fits the
 * value (e.g. an object given for "number or {min, max}") or, among mappings, whose required keys
 * it has (a scenario step's `act:`), or else the union once.
 */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf');
  let kept = errors.filter((e) => e.keyword !== 'if');
  for (const union of unions) {
    const branches: any[] = (union.parentSchema as any)?.anyOf ?? [];
    let fitting = branches.map((b, i) => (typeFits(b.type, union.data) ? i : -1)).filter((i) => i >= 0);
    // Several mappings fit (a scenario step): the one whose required keys the value has is meant.
    if (fitting.length > 1) fitting = fitting.filter((i) => hasKeys(branches[i].required, union.data));
    const inside = (e: ErrorObject) => e.schemaPath.startsWith(`${union.schemaPath}/`);
    if (fitting.length === 1) {
      const prefix = `${union.schemaPath}/${fitting[0]}/`;
      kept = kept.filter((e) => e !== union && (!inside(e) || e.schemaPath.startsWith(prefix)));
    } else {
      kept = kept.filter((e) => !inside(e));
    }
  }
  // One message per place and problem (allErrors may repeat a required key across branches).
  const seen = new Set<string>();
  return kept.filter((e) => {
    const id = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    return seen.has(id) ? false : (seen.add(id), true);
  });
}

function hasKeys(required: unknown, value: unknown): boolean {
  return (
    Array.isArray(required) &&
    required.length > 0 &&
    !!value &&
    typeof value === 'object' &&
    required.every((k) => k in value)
  );
}

function typeFits(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some(
    (t) => (t !== undefined && jsonType(value) === t) || (t === 'number' && jsonType(value) === 'integer'),
  );
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const show = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'a mapping of keys to values',
  array: 'a list',
  null: 'nothing',
};
const describeValue = (value: unknown): string => {
  const t = jsonType(value);
  return t === 'integer' || t === 'number'
    ? `the number ${value}`
    : t === 'object'
      ? 'a mapping'
      : t === 'array'
        ? 'a list'
        : `${TYPE_WORDS[t]} ${show(value)}`;
};

const PATTERN_HELP: Record<string, string> = {
  [PATTERNS.id]: 'is not a valid id; use lowercase letters, digits and single dashes, e.g. "bust-bonus"',
  [PATTERNS.ratio]: 'is not a payout ratio; write N:M with M > 0, e.g. "3:2", "0.9:1" or "15.5:1"',
  [PATTERNS.card]: 'is not a card; write the rank (A, 2-9, T or 10, J, Q, K) then the suit (S, H, D, C), e.g. "QH"',
  [PATTERNS.version]: 'is not a version; write major.minor.patch, e.g. "1.0.0"',
  [PATTERNS.currency]: 'is not a currency code; write three capital letters, e.g. "USD"',
  [PATTERNS.ruleId]: 'is not a rule ID; write it as docs/rules.md does, e.g. "R-MW-SPLIT-1"',
  [PATTERNS.errorCode]: 'is not an error code; write it in lowercase with dashes, e.g. "not-your-turn"',
  [PATTERNS.playerName]: 'is not a player name; use letters, digits, "_" and "-"',
  [PATTERNS.chartKey]: 'is not a chart row; use a total 4-21 for hard and soft rows, or a rank 2-9, T, A for pairs',
};

function allowedKeys(schema: any): string {
  return Object.keys(schema?.properties ?? {}).join(', ') || 'none';
}

function closest(word: string, options: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const o of options) {
    const d = editDistance(word.toLowerCase(), o.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [o, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

function explain(e: ErrorObject): { pointer: string; message: string; atKey?: boolean } {
  const where = readablePath(e.instancePath);
  const schema: any = e.parentSchema ?? {};
  const p: any = e.params;
  switch (e.keyword) {
    case 'required': {
      const about = schema.properties?.[p.missingProperty]?.description;
      return {
        pointer: e.instancePath,
        message: `${where}: "${p.missingProperty}" is missing${about ? ` (${about})` : ''}`,
      };
    }
    case 'additionalProperties': {
      const keys = Object.keys(schema.properties ?? {});
      const guess = closest(p.additionalProperty, keys);
      return {
        pointer: `${e.instancePath}/${p.additionalProperty}`,
        atKey: true,
        message: `${where}: unknown key "${p.additionalProperty}"${guess ? ` (did you mean "${guess}"?)` : ''}; allowed here: ${allowedKeys(schema)}`,
      };
    }
    case 'type':
      // A number where a ratio belongs (`win: 1`): say which text to write.
      if (schema.pattern === PATTERNS.ratio && typeof e.data === 'number')
        return {
          pointer: e.instancePath,
          message: `${where}: the number ${e.data} is not a payout ratio; write the ratio as quoted text N:M, e.g. "${e.data}:1"`,
        };
      return {
        pointer: e.instancePath,
        message: `${where}: ${describeValue(e.data)} is not allowed here; expected ${[]
          .concat(p.type)
          .map((t: string) => TYPE_WORDS[t] ?? t)
          .join(' or ')}`,
      };
    case 'enum':
      return {
        pointer: e.instancePath,
        message: `${where}: ${show(e.data)} is not allowed; use one of: ${p.allowedValues.map(String).join(', ')}`,
      };
    case 'const':
      return {
        pointer: e.instancePath,
        message: `${where}: ${show(e.data)} is not allowed; it must be ${show(p.allowedValue)}`,
      };
    case 'pattern': {
      const help = PATTERN_HELP[p.pattern] ?? `does not have the expected form (${schema.description ?? p.pattern})`;
      return { pointer: e.instancePath, message: `${where}: ${show(e.data)} ${help}` };
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum': {
      const words = {
        minimum: 'at least',
        exclusiveMinimum: 'more than',
        maximum: 'at most',
        exclusiveMaximum: 'less than',
      }[e.keyword];
      return {
        pointer: e.instancePath,
        message: `${where}: ${show(e.data)} is out of range; it must be ${words} ${p.limit}`,
      };
    }
    case 'minItems':
      return {
        pointer: e.instancePath,
        message: `${where}: the list needs at least ${p.limit} ${p.limit === 1 ? 'entry' : 'entries'}`,
      };
    case 'uniqueItems':
      return {
        pointer: `${e.instancePath}/${p.i}`,
        message: `${where}: entries ${p.j + 1} and ${p.i + 1} are the same; list each once`,
      };
    case 'minLength':
      return { pointer: e.instancePath, message: `${where}: must not be empty` };
    case 'minProperties':
      return { pointer: e.instancePath, message: `${where}: is empty; give at least one of: ${allowedKeys(schema)}` };
    case 'anyOf':
      return {
        pointer: e.instancePath,
        message: `${where}: ${describeValue(e.data)} is not allowed here${schema.description ? `; expected ${lowerFirst(schema.description)}` : ''}`,
      };
    default:
      return { pointer: e.instancePath, message: `${where}: ${e.message ?? 'is not valid'}` };
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
