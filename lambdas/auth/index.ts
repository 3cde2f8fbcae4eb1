// Auth's public surface: who the caller is (claims), tokens, the local development key.
export {
  type Claims,
  PLAYER_ID_PATTERN,
  ROLES,
  type Role,
  readClaims,
  requireRole,
  requireSelfOrOperator,
} from './claims.ts';
export { DEFAULT_DEV_KEY_PATH, DEV_AUDIENCE, DEV_ISSUER, type DevKey, loadDevKey } from './dev-key.ts';
export { AuthError, type AuthErrorCode, type AuthFailure, forbidden, unauthorized } from './errors.ts';
export { type Jwk, type Jwks, signJwt, type VerifiedClaims, type VerifyOptions, verifyJwt } from './jwt.ts';
export { bearerToken, type SignOptions, signToken, verifyToken } from './tokens.ts';
