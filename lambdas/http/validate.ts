// Owns checking a parsed request body at run time: the validators precompiled from the TypeBox
// bodies (./validators.gen.ts, written by scripts/gen-api-schemas.ts), and a clear 400
// `invalid-body` naming the first problem and where it is. No TypeBox or Ajv is loaded here.
import type { Static } from '@sinclair/typebox';
import type { BODIES } from './bodies.ts';
import { HttpError } from './errors.ts';
import { SCHEMAS, VALIDATORS } from './validators.gen.ts';

export type BodyName = keyof typeof BODIES;
export type Body<K extends BodyName> = Static<(typeof BODIES)[K]>;

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}
type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** The body schemas as JSON (the OpenAPI document's components). */
export const BODY_SCHEMAS: Readonly<Record<BodyName, Record<string, unknown>>> = SCHEMAS as Record<
  BodyName,
  Record<string, unknown>
>;

export function checkBody<K extends BodyName>(name: K, value: unknown): Body<K> {
  const validate = (VALIDATORS as Record<BodyName, Validator>)[name];
  if (validate(value)) return value as Body<K>;
  const first = validate.errors?.[0];
  const where = first?.instancePath ? `body${first.instancePath.replace(/\//g, '.')}` : 'body';
  const extra =
    first?.keyword === 'additionalProperties'
      ? ` (${String(first.params.additionalProperty)}; fields: ${Object.keys((BODY_SCHEMAS[name].properties as object) ?? {}).join(', ')})`
      : '';
  throw new HttpError('invalid-body', `${where}: ${first?.message ?? 'not valid'}${extra}`);
}
