// Owns checking a request at run time: its path parameters against their schemas' patterns, and
// its parsed body against the validators precompiled from the TypeBox schemas (./validators.gen.ts,
// written by scripts/gen-api-schemas.ts), with a clear 400 naming the first problem and where it
// is (`invalid-path`, `invalid-body`). No TypeBox or Ajv is loaded here.
import type { Static } from '@sinclair/typebox';
import type { BODIES, PATHS } from './bodies.ts';
import { HttpError } from './errors.ts';
import { PATH_SCHEMAS, SCHEMAS, VALIDATORS } from './validators.gen.ts';

export type BodyName = keyof typeof BODIES;
export type Body<K extends BodyName> = Static<(typeof BODIES)[K]>;
export type PathName = keyof typeof PATHS;

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}
type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
type Schema = Record<string, unknown> & { properties?: Record<string, { description?: string }> };
type ParameterSchema = { pattern: string; description: string };

const schemas = SCHEMAS as Record<BodyName, Schema>;
const validators = VALIDATORS as Record<BodyName, Validator>;
/** Each route's path parameters and their schemas (a pattern, and what it allows in words). */
const pathSchemas = PATH_SCHEMAS as Record<PathName, Record<string, ParameterSchema>>;

/** The body schemas as JSON (the OpenAPI document's components). */
export const BODY_SCHEMAS: Readonly<Record<BodyName, Record<string, unknown>>> = schemas;

/** The schema of each path parameter, by name (the OpenAPI document's parameters). */
export function pathParameterSchema(name: PathName, parameter: string): Record<string, unknown> {
  const schema = pathSchemas[name][parameter];
  if (!schema) throw new Error(`${name} has no parameter ${parameter}`);
  return schema;
}

/** Each path parameter's pattern, compiled once (JSON Schema patterns are Unicode regular expressions). */
const patterns = new Map<string, RegExp>();
const patternOf = (pattern: string): RegExp => {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(pattern, 'u')));
  return re;
};

/** A validation error in words, as Ajv words it (the precompiled validators carry no messages). */
function says({ keyword, params: p }: AjvError): string {
  switch (keyword) {
    case 'required':
      return `must have required property '${String(p.missingProperty)}'`;
    case 'additionalProperties':
      return 'must NOT have additional properties';
    case 'type':
      return `must be ${String(p.type)}`;
    case 'minimum':
    case 'maximum':
      return `must be ${String(p.comparison)} ${String(p.limit)}`;
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return `must NOT have ${keyword.startsWith('min') ? 'fewer' : 'more'} than ${String(p.limit)} ${keyword.endsWith('Length') ? 'characters' : 'items'}`;
    case 'pattern':
      return `must match pattern "${String(p.pattern)}"`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return 'must be equal to constant';
    case 'anyOf':
      return 'must match a schema in anyOf';
    default:
      return `must pass ${keyword}`;
  }
}

export function checkBody<K extends BodyName>(name: K, value: unknown): Body<K> {
  const validate = validators[name];
  if (validate(value)) return value as Body<K>;
  const first = validate.errors?.[0];
  const where = first?.instancePath ? `body${first.instancePath.replace(/\//g, '.')}` : 'body';
  const extra =
    first?.keyword === 'additionalProperties'
      ? ` (${String(first.params.additionalProperty)}; fields: ${Object.keys(schemas[name].properties ?? {}).join(', ')})`
      : '';
  throw new HttpError('invalid-body', `${where}: ${first ? says(first) : 'not valid'}${extra}`);
}

/**
 * Checks a route's path parameters before anything reads the store: a bad id is a 400 naming the
 * parameter and what it may be, never a key DynamoDB refuses (a 5xx).
 */
export function checkPath(name: PathName, params: Record<string, string | undefined>): void {
  for (const [parameter, schema] of Object.entries(pathSchemas[name])) {
    const value = params[parameter] ?? '';
    if (patternOf(schema.pattern).test(value)) continue;
    const shown =
      value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}… (${value.length} characters)` : JSON.stringify(value);
    throw new HttpError('invalid-path', `path parameter ${parameter} ${shown} is not valid: ${schema.description}`);
  }
}
