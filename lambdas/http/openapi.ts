// Owns the OpenAPI 3.1 document of a pack's API, generated from the route table and the body
// schemas generated from ./bodies.ts (the same schemas the handler's validators were compiled from).
import { BODY_SCHEMAS, type BodyName } from './validate.ts';

export interface RouteDoc {
  key: string;
  summary: string;
  body?: BodyName;
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
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (r.idempotent)
      params.push({ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } });
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
