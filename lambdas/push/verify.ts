// Owns checking a push connection's token with AWS's own library (aws-jwt-verify): RS256 against
// the issuer's JWKS, issuer, audience and expiry, as the HTTP API's JWT authorizer checks them.
// Locally the development key's JWKS is given up front, so nothing is fetched.
import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from '../auth/index.ts';
import type { TokenVerifier } from './socket.ts';

export interface VerifierOptions {
  issuer: string;
  audience: string | string[];
  jwksUri: string;
  /** Keys known in advance (the local development key). */
  jwks?: Jwks;
}

export function jwtVerifier(options: VerifierOptions): TokenVerifier {
  const verifier = JwtRsaVerifier.create({
    issuer: options.issuer,
    audience: options.audience,
    jwksUri: options.jwksUri,
  });
  if (options.jwks) verifier.cacheJwks(options.jwks as unknown as Parameters<typeof verifier.cacheJwks>[0]);
  return async (token) => (await verifier.verify(token)) as unknown as Record<string, unknown>;
}
