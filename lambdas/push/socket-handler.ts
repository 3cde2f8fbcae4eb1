// The Lambda entry of a variant's WebSocket API ($connect, $default, $disconnect): ./socket.ts
// with the token checked by aws-jwt-verify against the HTTP API's issuer and audience.

import { pushDeps } from './lambda-deps.ts';
import type { SocketEvent, SocketResult } from './socket.ts';
import { createSocketHandler } from './socket.ts';
import { jwtVerifier } from './verify.ts';

let cached: ((event: SocketEvent) => Promise<SocketResult>) | undefined;

function fromEnvironment() {
  const issuer = process.env.CROUPIER_JWT_ISSUER;
  const audience = process.env.CROUPIER_JWT_AUDIENCE;
  if (!issuer || !audience) throw new Error('CROUPIER_JWT_ISSUER and CROUPIER_JWT_AUDIENCE must be set');
  const verify = jwtVerifier({
    issuer,
    audience: audience.split(','),
    jwksUri: process.env.CROUPIER_JWKS_URI ?? `${issuer.replace(/\/+$/, '')}/.well-known/jwks.json`,
  });
  return createSocketHandler({ ...pushDeps(), verify });
}

export async function handler(event: SocketEvent): Promise<SocketResult> {
  cached ??= fromEnvironment();
  return cached(event);
}
