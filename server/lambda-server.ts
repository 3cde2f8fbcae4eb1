// Owns the local stand-in for API Gateway: a Node HTTP server that mounts each pack's handler
// under `/<pack-id>`, routes, verifies bearer tokens like the JWT authorizer (with the local dev
// key), serves the JWKS, and passes v2 events to the very handlers that run in Lambda.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { bearerToken, type Jwks, verifyToken } from '../lambdas/auth/index.ts';
import {
  createRouter,
  errorResult,
  HttpError,
  type JwtClaims,
  jsonResult,
  type Router,
  readBody,
  toApiGatewayEvent,
  writeResult,
} from '../lambdas/http/index.ts';

export type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer) => Promise<APIGatewayProxyResultV2>;

export interface Mount {
  /** `/blackjack-mewah`: the pack's API lives under it, as its own API does in AWS. */
  basePath: string;
  /** API Gateway route keys, e.g. `POST /tables/{tableId}/bets`. */
  routes: readonly string[];
  /** Routes served without a token (API Gateway: routes without the authorizer). */
  publicRoutes?: readonly string[];
  handler: Handler;
}

export interface LambdaServerOptions {
  /** The mounts, or where to read them on each request (`npm start` adds a pack's when its file appears). */
  mounts: readonly Mount[] | (() => readonly Mount[]);
  jwks: Jwks;
  issuer: string;
  audience: string;
  /** Injected clock (epoch ms). */
  now?: () => number;
  log?: (entry: Record<string, unknown>) => void;
}

interface CompiledMount extends Mount {
  router: Router;
  open: Set<string>;
}

function findMount(mounts: CompiledMount[], path: string): CompiledMount | undefined {
  return mounts.find((m) => path === m.basePath || path.startsWith(`${m.basePath}/`));
}

export function createLambdaServer(options: LambdaServerOptions): Server {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((entry) => process.stdout.write(`${JSON.stringify(entry)}\n`));
  const given = options.mounts;
  const current = typeof given === 'function' ? given : () => given;
  let compiledFrom: readonly Mount[] | undefined;
  let compiled: CompiledMount[] = [];
  /** The mounts compiled, again only when the list given is a new one. */
  const mountsNow = (): CompiledMount[] => {
    const list = current();
    if (list !== compiledFrom) {
      compiledFrom = list;
      compiled = list
        .map((m) => ({
          ...m,
          basePath: m.basePath.replace(/\/+$/, ''),
          router: createRouter(m.routes),
          open: new Set(m.publicRoutes ?? []),
        }))
        // Longest prefix first so `/a/b` is not swallowed by `/a`.
        .sort((a, b) => b.basePath.length - a.basePath.length);
    }
    return compiled;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = now();
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    let result: APIGatewayProxyResultV2;
    try {
      if (path === '/.well-known/jwks.json' && (method === 'GET' || method === 'HEAD')) {
        result = jsonResult(200, options.jwks);
      } else {
        const mount = findMount(mountsNow(), path);
        if (!mount) throw new HttpError('not-found', `no API at ${path}`);
        const route = mount.router.match(method, path.slice(mount.basePath.length) || '/');
        if (route.kind === 'not-found') throw new HttpError('not-found', `no route for ${method} ${path}`);
        if (route.kind === 'method-not-allowed') {
          throw new HttpError('method-not-allowed', `${method} is not allowed on ${path}`, {
            allow: route.allowed.join(', '),
          });
        }
        let claims: JwtClaims | undefined;
        if (!mount.open.has(route.routeKey)) {
          const verified = verifyToken(bearerToken({ authorization: req.headers.authorization }), options.jwks, {
            issuer: options.issuer,
            audience: options.audience,
            now: now(),
          });
          claims = { ...verified } as JwtClaims;
        }
        const body = await readBody(req);
        const event = toApiGatewayEvent(req, body, route, { basePath: mount.basePath, claims, now: now() });
        result = await mount.handler(event);
      }
    } catch (error) {
      result = errorResult(error, (internal) =>
        log({ level: 'ERROR', message: 'unhandled error', error: String((internal as Error)?.stack ?? internal) }),
      );
    }
    writeResult(res, result, method);
    log({ level: 'INFO', message: 'request', method, path, status: res.statusCode, ms: now() - started });
  }

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // Only a failure while writing the response gets here.
      log({ level: 'ERROR', message: 'response failed', error: String(error) });
      if (!res.headersSent) writeResult(res, errorResult(error));
      else res.destroy();
    });
  });
}

/** Listens on `port` (0 picks a free one) and resolves with the base URL. */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${host}:${address.port}`;
}
