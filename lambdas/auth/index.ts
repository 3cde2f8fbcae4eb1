// Auth's public surface: who the caller is (claims), tokens, the local development key.
export { readClaims, requireRole, requireSelfOrOperator, ROLES, type Claims, type Role } from './claims.ts';
export { DEFAULT_DEV_KEY_PATH, DEV_AUDIENCE, DEV_ISSUER, loadDevKey, type DevKey } from './dev-key.ts';
export { AuthError, forbidden, unauthorized, type AuthErrorCode, type AuthFailure } from './errors.ts';
export { signJwt, verifyJwt, type Jwk, type Jwks, type VerifiedClaims, type VerifyOptions } from './jwt.ts';
export { bearerToken, signToken, verifyToken, type SignOptions } from './tokens.ts';
