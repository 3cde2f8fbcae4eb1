// Owns checking a request at run time: its path parameters and its parsed body, against the
// validators precompiled from the TypeBox schemas (./validators.gen.ts, written by
// scripts/gen-api-schemas.ts), with a clear 400 naming the first problem and where it is
// (`invalid-path`, `invalid-body`). No TypeBox or Ajv is loaded here.
import type { Static } from '@sinclair/typebox';
import type { BODIES, PATHS } from './bodies.ts';
import { HttpError } from './errors.ts';
import { SCHEMAS, VALIDATORS } from './validators.gen.ts';

export type BodyName = keyof typeof BODIES;
export type Body<K extends BodyName> = Static<(typeof BODIES)[K]>;
export type PathName = keyof typeof PATHS;

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
type Schema = Record<string, unknown> & { properties?: Record<string, { description?: string }> };

const schemas = SCHEMAS as Record<BodyName | PathName, Schema>;
const validators = VALIDATORS as Record<BodyName | PathName, Validator>;

/** The body schemas as JSON (the OpenAPI document's components). */
export const BODY_SCHEMAS: Readonly<Record<BodyName, Record<string, unknown>>> = Object.fromEntries(
  Object.entries(schemas).filter(([name]) => name.endsWith('Body')),
) as Record<BodyName, Record<string, unknown>>;

/** The schema of each path parameter, by name (the OpenAPI document's parameters). */
export function pathParameterSchema(name: PathName, parameter: string): Record<string, unknown> {
  const schema = schemas[name].properties?.[parameter];
  if (!schema) throw new Error(`${name} has no parameter ${parameter}`);
  return schema;
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
  throw new HttpError('invalid-body', `${where}: ${first?.message ?? 'not valid'}${extra}`);
}

/**
 * Checks a route's path parameters before anything reads the store: a bad id is a 400 naming the
 * parameter and what it may be, never a key DynamoDB refuses (a 5xx).
 */
export function checkPath(name: PathName, params: Record<string, string | undefined>): void {
  const validate = validators[name];
  if (validate(params)) return;
  const first = validate.errors?.[0];
  const parameter = first?.instancePath.replace(/^\//, '') || String(first?.params.missingProperty ?? '');
  const value = params[parameter] ?? '';
  const shown =
    value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}… (${value.length} characters)` : JSON.stringify(value);
  const rule = schemas[name].properties?.[parameter]?.description ?? first?.message ?? 'not valid';
  throw new HttpError('invalid-path', `path parameter ${parameter} ${shown} is not valid: ${rule}`);
}
