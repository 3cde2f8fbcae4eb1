// Owns what a caller is: the claims Croupier reads from a token, checked the same way whether the
// token was verified here (local server) or by API Gateway's JWT authorizer (claims as strings).
import { forbidden, unauthorized } from './errors.ts';

/** A dealer posts the cards a studio scanner reads at dealer-fed tables (R-LD-SOURCE-1). */
export type Role = 'player' | 'operator' | 'dealer';
export const ROLES: readonly Role[] = ['player', 'operator', 'dealer'];

export interface Claims {
  /** The player id (or the operator's id). */
  sub: string;
  role: Role;
  /** A demo account: play money only. */
  demo?: true;
}

/** The claim carrying the role: `role` unless the deployment names another (a groups claim, infra/config.ts). */
export const roleClaimName = (): string => process.env.CROUPIER_ROLE_CLAIM || 'role';

/**
 * The roles a claim value names: a string, a list (a groups claim), or a list as API Gateway's JWT
 * authorizer passes it on, one string `[a b c]`. Values other than the roles are ignored.
 */
function rolesIn(value: unknown): Role[] {
  const values =
    typeof value === 'string' ? value.replace(/^\[(.*)\]$/, '$1').split(/[\s,]+/) : Array.isArray(value) ? value : [];
  return ROLES.filter((r) => values.includes(r));
}

/**
 * What a `sub` may be: it names wallets, history and idempotency records, so it must make a
 * storable key. 1 to 128 characters, no control characters or lone surrogates, not starting with
 * `~` (that starts the house's own players, lambdas/handlers/ai-seats.ts: no token may act as one).
 */
export const PLAYER_ID_PATTERN = '^(?!~)[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]{1,128}$';
const PLAYER_ID = new RegExp(PLAYER_ID_PATTERN, 'u');

/** Picks and checks Croupier's claims from a token payload; API Gateway passes `demo` as "true". */
export function readClaims(payload: Record<string, unknown>, roleClaim = roleClaimName()): Claims {
  const { sub, demo } = payload;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) {
    throw unauthorized('bad-claims', 'the token has no usable `sub` claim');
  }
  if (sub.startsWith('~')) throw unauthorized('bad-claims', 'a `sub` starting with ~ is reserved');
  if (!PLAYER_ID.test(sub)) throw unauthorized('bad-claims', 'a `sub` has no control characters');
  const roles = rolesIn(payload[roleClaim]);
  if (roles.length !== 1) {
    throw unauthorized('bad-claims', `the token's \`${roleClaim}\` claim must name one of ${ROLES.join(', ')}`);
  }
  if (demo !== undefined && demo !== true && demo !== 'true' && demo !== false && demo !== 'false') {
    throw unauthorized('bad-claims', "the token's `demo` claim must be true or absent");
  }
  const claims: Claims = { sub, role: roles[0] };
  if (demo === true || demo === 'true') claims.demo = true;
  return claims;
}

export function requireRole(claims: Claims, role: Role): void {
  if (claims.role !== role) throw forbidden('wrong-role', `this needs the ${role} role`);
}

/** Players act only on what is theirs; operators may act for anyone. */
export function requireSelfOrOperator(claims: Claims, playerId: string): void {
  if (claims.role !== 'operator' && claims.sub !== playerId) {
    throw forbidden('not-owner', 'a player may act only on their own seats, bets and history');
  }
}
