// Tokens: the local development key signs, and verification rejects anything tampered, expired,
// for another audience or issuer, or not RS256.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  AuthError,
  bearerToken,
  DEV_AUDIENCE,
  DEV_ISSUER,
  loadDevKey,
  readClaims,
  requireRole,
  requireSelfOrOperator,
  signJwt,
  signToken,
  verifyToken,
} from '../../lambdas/auth/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keyPath = join(dir, 'dev-key.json');
const key = loadDevKey(keyPath);
const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const opts = { issuer: DEV_ISSUER, audience: DEV_AUDIENCE, now: NOW };

function failure(run: () => unknown): AuthError {
  try {
    run();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('expected an AuthError');
}

describe('development key', () => {
  test('is generated on first use, kept in its file, and published as a JWKS without private parts', () => {
    expect(existsSync(keyPath)).toBe(true);
    expect(key.jwks.keys).toHaveLength(1);
    expect(key.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: key.kid });
    expect(key.jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('tokens', () => {
  test('a valid token verifies against the JWKS and yields the claims', () => {
    const token = signToken({ sub: 'alice', role: 'player' }, { key, now: NOW });
    expect(verifyToken(token, key.jwks, opts)).toMatchObject({
      sub: 'alice',
      role: 'player',
      iss: DEV_ISSUER,
      aud: DEV_AUDIENCE,
    });
    expect(verifyToken(token, key.jwks, opts)).not.toHaveProperty('demo');
  });

  test('a demo operator token keeps its demo claim', () => {
    const token = signToken({ sub: 'op', role: 'operator', demo: true }, { key, now: NOW });
    expect(verifyToken(token, key.jwks, opts)).toMatchObject({ sub: 'op', role: 'operator', demo: true });
  });

  test('a tampered payload fails the signature check', () => {
    const token = signToken({ sub: 'alice', role: 'player' }, { key, now: NOW });
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    payload.role = 'operator';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect(failure(() => verifyToken(forged, key.jwks, opts))).toMatchObject({
      code: 'unauthorized',
      reason: 'bad-signature',
    });
  });

  test('an expired token fails', () => {
    const token = signToken({ sub: 'alice', role: 'player' }, { key, now: NOW, expiresInSeconds: 60 });
    expect(failure(() => verifyToken(token, key.jwks, { ...opts, now: NOW + 61_000 + 30_000 }))).toMatchObject({
      reason: 'expired',
    });
  });

  test('a token for another audience or issuer fails', () => {
    const token = signToken({ sub: 'alice', role: 'player' }, { key, now: NOW, audience: 'someone-else' });
    expect(failure(() => verifyToken(token, key.jwks, opts))).toMatchObject({ reason: 'wrong-audience' });
    const foreign = signToken({ sub: 'alice', role: 'player' }, { key, now: NOW, issuer: 'evil' });
    expect(failure(() => verifyToken(foreign, key.jwks, opts))).toMatchObject({ reason: 'wrong-issuer' });
  });

  test('a token signed by another key fails', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = signJwt(
      { sub: 'alice', role: 'player', iss: DEV_ISSUER, aud: DEV_AUDIENCE, exp: NOW / 1000 + 60 },
      privateKey,
      key.kid,
    );
    expect(failure(() => verifyToken(token, key.jwks, opts))).toMatchObject({ reason: 'bad-signature' });
    const unknownKid = signJwt({ sub: 'alice', role: 'player' }, privateKey, 'other');
    expect(failure(() => verifyToken(unknownKid, key.jwks, opts))).toMatchObject({ reason: 'unknown-key' });
  });

  test('alg none and malformed tokens fail', () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"a","role":"operator"}').toString('base64url')}.`;
    expect(failure(() => verifyToken(none, key.jwks, opts))).toMatchObject({ reason: 'unsupported-algorithm' });
    expect(failure(() => verifyToken('not a token', key.jwks, opts))).toMatchObject({ reason: 'malformed' });
  });

  test('an unknown role fails', () => {
    const token = signJwt(
      { sub: 'a', role: 'admin', iss: DEV_ISSUER, aud: DEV_AUDIENCE, exp: NOW / 1000 + 60 },
      key.privateKey,
      key.kid,
    );
    expect(failure(() => verifyToken(token, key.jwks, opts))).toMatchObject({ reason: 'bad-claims' });
  });

  test('the same key file is reused, so tokens survive a restart', () => {
    const token = signToken({ sub: 'bob', role: 'player' }, { key, now: NOW });
    const reloaded = loadDevKey(keyPath);
    expect(verifyToken(token, reloaded.jwks, opts).sub).toBe('bob');
  });
});

describe('callers', () => {
  test('the bearer token is read from the lower-cased authorization header', () => {
    expect(bearerToken({ authorization: 'Bearer abc.def.ghi' })).toBe('abc.def.ghi');
    expect(failure(() => bearerToken({}))).toMatchObject({ code: 'unauthorized', reason: 'missing-token' });
    expect(failure(() => bearerToken({ authorization: 'Basic xyz' }))).toMatchObject({ reason: 'malformed' });
  });

  test('API Gateway authorizer claims (strings) read the same as verified ones', () => {
    expect(readClaims({ sub: 'p1', role: 'player', demo: 'true' })).toEqual({ sub: 'p1', role: 'player', demo: true });
    expect(readClaims({ sub: 'p1', role: 'player', demo: 'false' })).toEqual({ sub: 'p1', role: 'player' });
  });

  test("a player is refused operator routes and other players' things; an operator is not", () => {
    const player = { sub: 'p1', role: 'player' as const };
    expect(failure(() => requireRole(player, 'operator'))).toMatchObject({ code: 'forbidden' });
    expect(failure(() => requireSelfOrOperator(player, 'p2'))).toMatchObject({
      code: 'forbidden',
      reason: 'not-owner',
    });
    expect(() => requireSelfOrOperator(player, 'p1')).not.toThrow();
    expect(() => requireSelfOrOperator({ sub: 'op', role: 'operator' }, 'p2')).not.toThrow();
  });
});
