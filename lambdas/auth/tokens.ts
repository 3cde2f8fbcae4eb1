// Owns issuing and checking Croupier's tokens: `signToken` for `croupier token` and tests
// (local development key by default), `verifyToken` for the local server, and reading the
// bearer token from request headers.
import type { KeyObject } from 'node:crypto';
import type { Claims } from './claims.ts';
import { DEV_AUDIENCE, DEV_ISSUER, type DevKey, loadDevKey } from './dev-key.ts';
import { unauthorized } from './errors.ts';
import { type Jwks, signJwt, type VerifiedClaims, type VerifyOptions, verifyJwt } from './jwt.ts';

export interface SignOptions {
  key?: DevKey;
  issuer?: string;
  audience?: string;
  /** Epoch milliseconds (injected clock); defaults to now. */
  now?: number;
  expiresInSeconds?: number;
}

export function signToken(claims: Claims, options: SignOptions = {}): string {
  const key = options.key ?? loadDevKey();
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  return signJwt(
    {
      sub: claims.sub,
      role: claims.role,
      ...(claims.demo ? { demo: true } : {}),
      iss: options.issuer ?? DEV_ISSUER,
      aud: options.audience ?? DEV_AUDIENCE,
      iat,
      exp: iat + (options.expiresInSeconds ?? 12 * 3600),
    },
    key.privateKey,
    key.kid,
  );
}

/** Verifies an RS256 token; throws AuthError (`unauthorized`, with the failing check as `reason`). */
export function verifyToken(token: string, keys: Jwks | KeyObject, options: VerifyOptions): VerifiedClaims {
  return verifyJwt(token, keys, options);
}

/** The token of an `Authorization: Bearer …` header (header names lower-cased, as in API Gateway v2 events). */
export function bearerToken(headers: Record<string, string | undefined>): string {
  const value = headers.authorization;
  if (!value) throw unauthorized('missing-token', 'send Authorization: Bearer <token>');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  if (!match) throw unauthorized('malformed', 'the Authorization header must be `Bearer <token>`');
  return match[1]!;
}
