// Owns RS256 JWTs with node:crypto alone (no dependency in the Lambda bundle): sign, and verify
// against a JWKS or a public key, accepting nothing but RS256 so `alg: none`/HS256 tricks fail.
import { createPublicKey, type JsonWebKey, type KeyObject, sign, verify } from 'node:crypto';
import { type Claims, readClaims } from './claims.ts';
import { unauthorized } from './errors.ts';

export interface Jwk extends JsonWebKey {
  kid?: string;
  alg?: string;
  use?: string;
}

export interface Jwks {
  keys: Jwk[];
}

export interface VerifyOptions {
  issuer: string;
  audience: string;
  /** Epoch milliseconds (injected clock); defaults to now. */
  now?: number;
  clockToleranceSeconds?: number;
}

export interface VerifiedClaims extends Claims {
  iss: string;
  aud: string | string[];
  exp: number;
  iat?: number;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeJson(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw unauthorized('malformed', 'the token is not a JWT');
}

export function signJwt(payload: Record<string, unknown>, privateKey: KeyObject, kid: string): string {
  const input = `${encode({ alg: 'RS256', typ: 'JWT', kid })}.${encode(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

function pickKey(keys: Jwks | KeyObject, kid: unknown): KeyObject {
  if (!('keys' in keys)) return keys;
  const candidates = keys.keys.filter((k) => k.kty === 'RSA' && (k.alg === undefined || k.alg === 'RS256'));
  const jwk = kid === undefined && candidates.length === 1 ? candidates[0] : candidates.find((k) => k.kid === kid);
  if (!jwk) throw unauthorized('unknown-key', 'the token was signed with an unknown key');
  return createPublicKey({ key: jwk, format: 'jwk' });
}

export function verifyJwt(token: string, keys: Jwks | KeyObject, options: VerifyOptions): VerifiedClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) {
    throw unauthorized('malformed', 'the token is not a JWT');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (header.alg !== 'RS256') throw unauthorized('unsupported-algorithm', 'only RS256 tokens are accepted');
  const key = pickKey(keys, header.kid);
  const valid = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    key,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!valid) throw unauthorized('bad-signature', 'the token signature is not valid');

  const payload = decodeJson(payloadPart);
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.clockToleranceSeconds ?? 30;
  if (typeof payload.exp !== 'number') throw unauthorized('bad-claims', 'the token has no expiry');
  if (payload.exp + tolerance <= now) throw unauthorized('expired', 'the token has expired');
  if (typeof payload.nbf === 'number' && payload.nbf - tolerance > now) {
    throw unauthorized('not-yet-valid', 'the token is not valid yet');
  }
  if (payload.iss !== options.issuer) throw unauthorized('wrong-issuer', 'the token was issued by someone else');
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(options.audience)) throw unauthorized('wrong-audience', 'the token is for another audience');

  return {
    ...readClaims(payload),
    iss: payload.iss,
    aud: payload.aud as string | string[],
    exp: payload.exp,
    ...(typeof payload.iat === 'number' ? { iat: payload.iat } : {}),
  };
}
