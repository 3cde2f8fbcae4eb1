// Owns the OpenAPI 3.1 document of a pack's API, generated from the route table and the body
// schemas generated from ./bodies.ts (the same schemas the handler's validators were compiled from).
import { BODY_SCHEMAS, type BodyName, type PathName, pathParameterSchema } from './validate.ts';

export interface RouteDoc {
  key: string;
  summary: string;
  body?: BodyName;
  /** The schema of its path parameters (every route with some has one: they are checked like bodies). */
  path?: PathName;
  public?: boolean;
  operator?: boolean;
  idempotent?: boolean;
  /** Answers 201 when it creates the resource, 200 when it was there already. */
  creates?: boolean;
}

const ERROR = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
};

export function openApiDocument(
  packId: string,
  packVersion: string,
  routes: readonly RouteDoc[],
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const [method, path] = r.key.split(' ') as [string, string];
    const params: Record<string, unknown>[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => {
      if (!r.path) throw new Error(`${r.key} has path parameters but no path schema`);
      return { name: m[1], in: 'path', required: true, schema: pathParameterSchema(r.path, m[1]!) };
    });
    if (r.idempotent)
      params.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description:
          'once per request: a repeat returns the first answer; one still in flight is waited for (up to 2 s), then answered 409 idempotency-in-progress with Retry-After',
        schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7e]+$' },
      });
    (paths[path] ??= {})[method.toLowerCase()] = {
      summary: r.summary + (r.operator ? ' (operator)' : ''),
      ...(params.length ? { parameters: params } : {}),
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${r.body}` } } },
            },
          }
        : {}),
      ...(r.public ? { security: [] } : {}),
      responses: {
        '200': {
          description: r.creates ? 'there already' : 'OK',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        ...(r.creates
          ? { '201': { description: 'created', content: { 'application/json': { schema: { type: 'object' } } } } }
          : {}),
        default: {
          description: 'an error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  const schemas: Record<string, unknown> = { Error: ERROR };
  for (const [name, schema] of Object.entries(BODY_SCHEMAS)) {
    const { $id: _id, ...rest } = schema;
    schemas[name] = rest;
  }
  return {
    openapi: '3.1.0',
    info: { title: `Croupier ${packId}`, version: packVersion },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{ bearer: [] }],
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}
