// Owns turning a Node HTTP request into the API Gateway HTTP API (payload v2.0) event the Lambda
// handlers receive in AWS, so the local server runs the very same handlers. Claims verified by
// the local server go where API Gateway's JWT authorizer puts them.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { HttpError } from './errors.ts';
import type { RouteMatch } from './router.ts';

export type JwtClaims = Record<string, string | number | boolean | string[]>;

export interface EventOptions {
  /** A mount prefix the event's path does not include (locally `/<pack-id>`; in AWS each stack has its own API). */
  basePath?: string;
  /** Claims of a verified token, placed in requestContext.authorizer.jwt.claims. */
  claims?: JwtClaims;
  /** Epoch milliseconds (injected clock). */
  now?: number;
  requestId?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

// API Gateway's requestContext.time format: 12/Mar/2020:19:03:58 +0000
function gatewayTime(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

// API Gateway v2 lower-cases names, joins repeated values with commas and moves cookies out.
// `headersDistinct` keeps repeats apart (Node's `headers` joins them with ", ").
function gatewayHeaders(req: IncomingMessage): Record<string, string> {
  const raw: IncomingHttpHeaders | NodeJS.Dict<string[]> = req.headersDistinct ?? req.headers;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined || name.toLowerCase() === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function gatewayQuery(search: URLSearchParams): Record<string, string> | undefined {
  const query: Record<string, string> = {};
  for (const name of new Set(search.keys())) query[name] = search.getAll(name).join(',');
  return Object.keys(query).length > 0 ? query : undefined;
}

export function stripBasePath(path: string, basePath: string | undefined): string {
  if (!basePath || basePath === '/') return path;
  const base = basePath.replace(/\/+$/, '');
  if (path === base) return '/';
  if (path.startsWith(`${base}/`)) return path.slice(base.length);
  throw new Error(`${path} is not under ${base}`);
}

/** The path (without query) a request is for, minus the mount prefix: what the router matches. */
export function requestPath(req: IncomingMessage, basePath?: string): string {
  const url = new URL(req.url ?? '/', 'http://localhost');
  return stripBasePath(url.pathname, basePath);
}

export function toApiGatewayEvent(
  req: IncomingMessage,
  body: string,
  match: RouteMatch,
  options: EventOptions = {},
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const rawPath = stripBasePath(url.pathname, options.basePath);
  const headers = gatewayHeaders(req);
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader ? cookieHeader.split(/;\s*/).filter(Boolean) : undefined;
  const now = options.now ?? Date.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const host = headers.host ?? 'localhost';
  const query = gatewayQuery(url.searchParams);
  const hasParams = Object.keys(match.pathParameters).length > 0;

  return {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(hasParams ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: options.claims ?? {}, scopes: [] } },
      domainName: host,
      domainPrefix: host.split('.')[0] ?? host,
      http: {
        method,
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket?.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: options.requestId ?? randomUUID(),
      routeKey: match.routeKey,
      stage: '$default',
      time: gatewayTime(now),
      timeEpoch: now,
    },
    ...(body.length > 0 ? { body } : {}),
    isBase64Encoded: false,
  };
}

/**
 * Reads the whole request body as UTF-8, refusing more than `limitBytes` (API Gateway's limit is 10 MB; ours is
 * smaller).
 */
export async function readBody(req: IncomingMessage, limitBytes = 256 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limitBytes)
      throw new HttpError('payload-too-large', `request bodies are limited to ${limitBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
