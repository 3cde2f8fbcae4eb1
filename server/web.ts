// Owns the web table's place in the local server (`npm start`): the page at `/` (web/, bundled in
// memory by esbuild on first request, so there is no build output to keep or commit) and three
// development-only endpoints the page needs to stand in for a casino's lobby:
//   GET  /dev/packs   the packs this server runs (their APIs are at /<pack-id>/...), their versions,
//                     and the pack files in rules/ that do not compile, with their errors
//   POST /dev/token   a player's (or a studio dealer's) token signed with the local development key for a name
//   POST /dev/tables  opens a table if it is not there yet (dealer-fed }
//                     when a dealer opens it)                         } what an operator does at a
//   POST /dev/deal    closes betting and deals now                    } casino, done for the signed-in
//   POST /dev/credit  credits the caller's own wallet                 } player of the page
// It is a Mount like a pack's API, so the server routes it the same way; it never runs in AWS.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type DevKey, signToken } from '../lambdas/auth/index.ts';
import { errorResult, HttpError, jsonBody, jsonResult } from '../lambdas/http/index.ts';
import type { Mount } from './lambda-server.ts';
import type { PackStatus } from './live-packs.ts';

export const WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url));

export interface WebOptions {
  /** The packs' API mounts as the server has them now (`/<pack-id>`): listed on the page, called for its operator tools. */
  packs: () => readonly Mount[];
  /** The packs' versions and the pack files that do not compile (`npm start` reloading rules/). */
  status?: () => PackStatus;
  /** Signs the page's tokens: the local development key, as `croupier token` uses. */
  devKey: DevKey;
  /** The page's folder (default web/). */
  root?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};
/** Files the page is made of; anything else under web/ (its sources) is not served as is. */
const STATIC = new Set(['index.html', 'app.css', 'favicon.svg']);
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** The operator the page's development tools act as. */
const OPERATOR = 'croupier-web';

export const WEB_ROUTES = [
  'GET /',
  'GET /{file+}',
  'GET /dev/packs',
  'POST /dev/token',
  'POST /dev/tables',
  'POST /dev/deal',
  'POST /dev/credit',
] as const;

type Result = APIGatewayProxyStructuredResultV2;

export function webMount(options: WebOptions): Mount {
  const root = options.root ?? WEB_ROOT;
  const packIds = () => options.packs().map((m) => m.basePath.replace(/^\/+|\/+$/g, ''));
  let bundle: Promise<string> | undefined;

  async function file(name: string): Promise<Result> {
    if (name === 'app.js') {
      bundle ??= bundleScript(join(root, 'src/main.ts')).catch((error: unknown) => {
        bundle = undefined; // a fixed source builds on the next request
        throw error;
      });
      return text(200, await bundle, TYPES['.js']!);
    }
    const clean = normalize(name);
    if (!STATIC.has(clean)) throw new HttpError('not-found', `no file /${name}`);
    return text(200, await readFile(join(root, clean), 'utf8'), TYPES[extname(clean)] ?? 'application/octet-stream');
  }

  async function route(event: APIGatewayProxyEventV2): Promise<Result> {
    const method = event.requestContext.http.method;
    const path = event.rawPath;
    if (method === 'GET' || method === 'HEAD') {
      if (path === '/dev/packs') {
        const status = options.status?.();
        return jsonResult(200, {
          packs: packIds().sort(),
          ...(status ? { versions: status.packs, problems: status.problems } : {}),
        });
      }
      return file(path === '/' ? 'index.html' : path.replace(/^\/+/, ''));
    }
    if (path === '/dev/token') {
      const body = (jsonBody(event) ?? {}) as { name?: unknown; demo?: unknown; dealer?: unknown };
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!NAME.test(name))
        throw new HttpError('invalid-body', 'body.name: 1-64 letters, digits, dots, dashes or underscores');
      // A player's or a studio dealer's token: operator tokens come from `croupier token --role operator`.
      const role = body.dealer === true ? 'dealer' : 'player';
      const demo = role === 'player' && body.demo === true;
      const token = signToken({ sub: name, role, ...(demo ? { demo: true } : {}) }, { key: options.devKey });
      return jsonResult(200, { token, sub: name, role, demo });
    }
    const body = jsonBody(event) as { pack?: unknown; table?: unknown; amount?: unknown };
    const mount = options.packs().find((m) => m.basePath === `/${String(body?.pack)}`);
    if (!mount) throw new HttpError('not-found', `no pack ${String(body?.pack)} on this server`);
    const table = `/tables/${encodeURIComponent(String(body.table))}`;
    // The operator's part, done for the page; a benign race (the table is already there, the
    // countdown already dealt) is an answer, not a failure.
    switch (path) {
      case '/dev/tables': {
        const dealerFed = roleOf(event) === 'dealer';
        const r = await call(mount, OPERATOR, 'operator', 'POST', '/tables', {
          tableId: body.table,
          ...(dealerFed ? { source: 'dealer' } : {}),
        });
        if (r.status !== 201 && r.body?.code !== 'table-exists') return jsonResult(r.status, r.body);
        return jsonResult(200, { tableId: body.table, created: r.status === 201 });
      }
      case '/dev/deal': {
        const r = await call(mount, OPERATOR, 'operator', 'POST', `${table}/deal`);
        if (r.status !== 200 && r.body?.code !== 'not-betting') return jsonResult(r.status, r.body);
        return jsonResult(200, { dealt: r.status === 200, ...(r.status === 200 ? {} : { reason: r.body.message }) });
      }
      case '/dev/credit': {
        const player = callerOf(event);
        if (!Number.isInteger(body.amount) || (body.amount as number) < 1 || (body.amount as number) > 100_000_000)
          throw new HttpError('invalid-body', 'body.amount: a whole number of minor units, at most 100,000,000');
        const r = await call(mount, OPERATOR, 'operator', 'POST', `/wallets/${encodeURIComponent(player)}/credit`, {
          amount: body.amount,
          reason: 'credited from the local web table',
        });
        return jsonResult(r.status, r.body);
      }
    }
    throw new HttpError('not-found', `no route for ${method} ${path}`);
  }

  return {
    basePath: '',
    routes: WEB_ROUTES,
    // The page and its token are open; the rest needs a signed-in player (any).
    publicRoutes: ['GET /', 'GET /{file+}', 'GET /dev/packs', 'POST /dev/token'],
    handler: async (event) => {
      try {
        return await route(event);
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}

/** Calls a pack's handler in process as API Gateway would after its JWT authorizer accepted `sub`. */
async function call(
  mount: Mount,
  sub: string,
  role: 'player' | 'operator',
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { code?: string; message?: string } }> {
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'croupier-web' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: Date.now(),
      authorizer: { jwt: { claims: { sub, role }, scopes: [] } },
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
  };
  const result = (await mount.handler(event as never)) as Result;
  const raw = typeof result.body === 'string' ? result.body : '';
  return { status: result.statusCode ?? 200, body: raw ? JSON.parse(raw) : null };
}

/** The `sub` the server verified for this request. */
function callerOf(event: APIGatewayProxyEventV2): string {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } }).authorizer
    ?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) throw new HttpError('not-found', 'sign in first');
  return sub;
}

/** The role the server verified for this request. */
function roleOf(event: APIGatewayProxyEventV2): unknown {
  return (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } }).authorizer?.jwt
    ?.claims?.role;
}

function text(status: number, body: string, type: string): Result {
  return { statusCode: status, headers: { 'content-type': type, 'cache-control': 'no-store' }, body };
}

/** A page's script: its entry (web/src/main.ts) and what it imports (Preact from node_modules), one ES module. */
export async function bundleScript(entry: string): Promise<string> {
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: false,
    sourcemap: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}
