// The HTTP edge: Node requests become the API Gateway v2 events handlers get in AWS, results go
// back unchanged, and every error leaves as `{ code, message }` with the status of its code.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuthError, DEV_AUDIENCE, DEV_ISSUER, loadDevKey, signToken } from '../../lambdas/auth/index.ts';
import {
  createRouter,
  errorResult,
  HttpError,
  idempotencyKey,
  jsonBody,
  normalizeResult,
  statusForCode,
} from '../../lambdas/http/index.ts';
import { ConflictError, StoreError } from '../../lambdas/store/index.ts';
import { createLambdaServer, listen } from '../../server/lambda-server.ts';

const NOW = Date.UTC(2025, 5, 1, 10, 30, 15);

describe('router', () => {
  const router = createRouter([
    'GET /tables/{tableId}',
    'GET /tables/current',
    'POST /tables/{tableId}/bets',
    'GET /files/{path+}',
    'ANY /anything',
  ]);

  test('fills pathParameters, decoded', () => {
    expect(router.match('POST', '/tables/t%201/bets')).toEqual({
      kind: 'match',
      routeKey: 'POST /tables/{tableId}/bets',
      pathParameters: { tableId: 't 1' },
    });
  });

  test('an exact segment beats a parameter, a parameter beats greedy', () => {
    expect(router.match('GET', '/tables/current')).toMatchObject({ routeKey: 'GET /tables/current' });
    expect(router.match('GET', '/files/a/b/c.txt')).toMatchObject({ pathParameters: { path: 'a/b/c.txt' } });
  });

  test('ANY takes every method; a wrong method is 405 with the allowed ones; an unknown path is 404', () => {
    expect(router.match('DELETE', '/anything')).toMatchObject({ kind: 'match', routeKey: 'ANY /anything' });
    expect(router.match('DELETE', '/tables/t1')).toEqual({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(router.match('GET', '/nope')).toEqual({ kind: 'not-found' });
    expect(router.match('GET', '/tables/t1/bets/extra')).toEqual({ kind: 'not-found' });
  });
});

describe('error mapping', () => {
  test.each([
    [new HttpError('invalid-json', 'x'), 400],
    [new HttpError('not-found', 'x'), 404],
    [new AuthError('unauthorized', 'expired', 'x'), 401],
    [new AuthError('forbidden', 'wrong-role', 'x'), 403],
    [new ConflictError('x'), 409],
    [new StoreError('idempotency-in-progress', 'x'), 409],
    [new StoreError('insufficient-funds', 'x'), 422],
    [new StoreError('invalid-amount', 'x'), 400],
    [{ code: 'round-not-found', message: 'no such round' }, 404],
    [{ code: 'action-not-allowed', message: 'cannot double now' }, 422],
  ])('%o gives %i with a { code, message } body', (error, status) => {
    const result = errorResult(error);
    expect(result.statusCode).toBe(status);
    expect(result.headers?.['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(result.body!);
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe((error as { code: string }).code);
  });

  test('an unknown failure is a 500 that reveals nothing, and is reported for logging', () => {
    const seen: unknown[] = [];
    const secret = Object.assign(new Error('seed 0xdeadbeef leaked in a stack'), { code: 'ECONNRESET' });
    const result = errorResult(secret, (e) => seen.push(e));
    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ code: 'internal', message: 'internal error' });
    expect(seen).toEqual([secret]);
    // Programming errors of the store are 5xx too, not client errors.
    expect(errorResult(new StoreError('transaction-too-large', 'x')).statusCode).toBe(500);
  });

  test('statusForCode is the one place statuses come from', () => {
    expect(statusForCode('unauthorized')).toBe(401);
    expect(statusForCode('seat-not-found')).toBe(404);
    expect(statusForCode('betting-closed')).toBe(422);
  });
});

describe('JSON bodies and idempotency keys', () => {
  test('malformed JSON, an empty body and a wrong media type are 400/415 errors, not crashes', () => {
    expect(() => jsonBody({ body: '{"a":', headers: {} })).toThrow(expect.objectContaining({ code: 'invalid-json' }));
    expect(() => jsonBody({ body: undefined, headers: {} })).toThrow(expect.objectContaining({ code: 'invalid-json' }));
    expect(() => jsonBody({ body: '{}', headers: { 'content-type': 'text/plain' } })).toThrow(
      expect.objectContaining({ code: 'unsupported-media-type' }),
    );
    expect(
      jsonBody({ body: '{"amount":100}', headers: { 'content-type': 'application/json; charset=utf-8' } }),
    ).toEqual({ amount: 100 });
  });

  test('state-changing requests need an Idempotency-Key', () => {
    expect(idempotencyKey({ headers: { 'idempotency-key': ' k1 ' } })).toBe('k1');
    expect(() => idempotencyKey({ headers: {} })).toThrow(expect.objectContaining({ code: 'missing-idempotency-key' }));
  });

  test('a bare handler result is a 200 JSON body, as in API Gateway', () => {
    expect(normalizeResult({ ok: true } as never)).toMatchObject({ statusCode: 200, body: '{"ok":true}' });
    expect(normalizeResult({ statusCode: 201, body: 'x' })).toEqual({ statusCode: 201, body: 'x' });
  });
});

describe('local server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-http-'));
  const key = loadDevKey(join(dir, 'dev-key.json'));
  const events: APIGatewayProxyEventV2WithJWTAuthorizer[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createLambdaServer({
      jwks: key.jwks,
      issuer: DEV_ISSUER,
      audience: DEV_AUDIENCE,
      now: () => NOW,
      log: () => undefined,
      mounts: [
        {
          basePath: '/blackjack-test',
          routes: ['GET /rules', 'POST /tables/{tableId}/bets', 'GET /boom', 'GET /refuse'],
          publicRoutes: ['GET /rules'],
          handler: async (event) => {
            events.push(event);
            if (event.rawPath === '/boom') throw new Error('handler bug');
            if (event.rawPath === '/refuse')
              return { statusCode: 422, body: JSON.stringify({ code: 'betting-closed', message: 'closed' }) };
            return {
              statusCode: 201,
              headers: { 'x-echo': event.routeKey },
              cookies: ['a=1', 'b=2'],
              body: JSON.stringify({ path: event.rawPath }),
            };
          },
        },
      ],
    });
    base = await listen(server, 0);
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  const token = () => signToken({ sub: 'alice', role: 'player', demo: true }, { key, now: NOW });

  test('a request becomes an API Gateway v2 event and the result comes back as sent', async () => {
    events.length = 0;
    const response = await fetch(`${base}/blackjack-test/tables/T%201/bets?x=1&x=2&y=3`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token()}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'k1',
        Cookie: 'c1=v1; c2=v2',
      },
      body: '{"amount":100}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-echo')).toBe('POST /tables/{tableId}/bets');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ path: '/tables/T%201/bets' });

    const event = events[0]!;
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /tables/{tableId}/bets',
      rawPath: '/tables/T%201/bets',
      rawQueryString: 'x=1&x=2&y=3',
      queryStringParameters: { x: '1,2', y: '3' },
      pathParameters: { tableId: 'T 1' },
      cookies: ['c1=v1', 'c2=v2'],
      body: '{"amount":100}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/tables/T%201/bets', protocol: 'HTTP/1.1' },
        routeKey: 'POST /tables/{tableId}/bets',
        stage: '$default',
        time: '01/Jun/2025:10:30:15 +0000',
        timeEpoch: NOW,
      },
    });
    expect(event.headers['idempotency-key']).toBe('k1');
    expect(event.headers['content-type']).toBe('application/json');
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event.requestContext.authorizer.jwt.claims).toMatchObject({ sub: 'alice', role: 'player', demo: true });
  });

  test('a public route needs no token and has no claims', async () => {
    events.length = 0;
    const response = await fetch(`${base}/blackjack-test/rules`);
    expect(response.status).toBe(201);
    expect(events[0]!.requestContext.authorizer.jwt.claims).toEqual({});
    expect(events[0]!.body).toBeUndefined();
  });

  test('a missing or bad token is a 401 before the handler runs', async () => {
    events.length = 0;
    const missing = await fetch(`${base}/blackjack-test/tables/t/bets`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'unauthorized' });
    const bad = await fetch(`${base}/blackjack-test/tables/t/bets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token()}x` },
    });
    expect(bad.status).toBe(401);
    expect(events).toHaveLength(0);
  });

  test('unknown paths are 404, wrong methods 405 with Allow, both as { code, message }', async () => {
    const unknownPack = await fetch(`${base}/no-such-pack/rules`);
    expect(unknownPack.status).toBe(404);
    expect(await unknownPack.json()).toMatchObject({ code: 'not-found' });
    const wrongMethod = await fetch(`${base}/blackjack-test/rules`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });

  test('a handler that throws gives a 500 that reveals nothing; a refusal passes through', async () => {
    const auth = { authorization: `Bearer ${token()}` };
    const boom = await fetch(`${base}/blackjack-test/boom`, { headers: auth });
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ code: 'internal', message: 'internal error' });
    const refused = await fetch(`${base}/blackjack-test/refuse`, { headers: auth });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ code: 'betting-closed', message: 'closed' });
  });

  test('an oversized body is a 413', async () => {
    const response = await fetch(`${base}/blackjack-test/tables/t/bets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token()}` },
      body: 'x'.repeat(300 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload-too-large' });
  });

  test('the JWKS is served at /.well-known/jwks.json', async () => {
    const response = await fetch(`${base}/.well-known/jwks.json`);
    expect(await response.json()).toEqual(key.jwks);
  });

  test('a request over a raw socket with repeated headers joins them like API Gateway', async () => {
    events.length = 0;
    await new Promise<void>((done, fail) => {
      const req = httpRequest(`${base}/blackjack-test/rules`, { headers: { 'X-Multi': ['a', 'b'] } }, (res) => {
        res.resume();
        res.on('end', done);
      });
      req.on('error', fail);
      req.end();
    });
    expect(events[0]!.headers['x-multi']).toBe('a,b');
  });
});
