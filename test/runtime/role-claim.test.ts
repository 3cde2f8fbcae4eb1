// The claim carrying the caller's role is the deployment's choice (infra/config.ts `jwt.roleClaim`,
// given to the API function as CROUPIER_ROLE_CLAIM): `role` by default, or a groups claim the
// identity provider controls. A list claim arrives from API Gateway's JWT authorizer as one
// string, `[a b c]`. A token naming no role, or both, is refused; once a groups claim is the
// role claim, a `role` claim a user might set for themselves counts for nothing.
import { afterAll, describe, expect, test, vi } from 'vitest';
import { readClaims } from '../../lambdas/auth/index.ts';
import { eventFor, type Harness, harness } from './harness.ts';

describe('the role claim', () => {
  test('by default `role` carries the role, as a string or a list', () => {
    expect(readClaims({ sub: 'a', role: 'operator' })).toEqual({ sub: 'a', role: 'operator' });
    expect(readClaims({ sub: 'a', role: ['player'] })).toEqual({ sub: 'a', role: 'player' });
  });

  test('a groups claim: a list, or the `[a b]` string API Gateway makes of one; other groups are ignored', () => {
    const groups = 'cognito:groups';
    expect(readClaims({ sub: 'a', [groups]: ['staff', 'operator'] }, groups)).toEqual({ sub: 'a', role: 'operator' });
    expect(readClaims({ sub: 'a', [groups]: '[staff operator]' }, groups)).toEqual({ sub: 'a', role: 'operator' });
    expect(readClaims({ sub: 'a', [groups]: '[player]', demo: 'true' }, groups)).toEqual({
      sub: 'a',
      role: 'player',
      demo: true,
    });
  });

  test('no role, an unknown one, or both is refused, naming the claim', () => {
    const groups = 'groups';
    for (const value of [undefined, '[]', '[staff]', ['admin'], '[player operator]', ['operator', 'player'], 42])
      expect(() => readClaims({ sub: 'a', role: 'operator', [groups]: value }, groups), String(value)).toThrow(
        "the token's `groups` claim must name one of player, operator",
      );
  });

  test('the deployment names the claim with CROUPIER_ROLE_CLAIM', () => {
    vi.stubEnv('CROUPIER_ROLE_CLAIM', 'groups');
    try {
      expect(readClaims({ sub: 'a', groups: '[operator]' })).toEqual({ sub: 'a', role: 'operator' });
      expect(() => readClaims({ sub: 'a', role: 'operator' })).toThrow("the token's `groups` claim");
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('the API with a groups claim as the role claim', () => {
  let h: Harness | undefined;
  afterAll(async () => h?.table.drop());

  test('an operator by group opens a table; a self-made `role: operator` claim does not', async () => {
    vi.stubEnv('CROUPIER_ROLE_CLAIM', 'cognito:groups');
    try {
      h = await harness('blackjack-mewah');
      const api = h.api();
      const as = (claims: Record<string, string>) => {
        const event = eventFor('POST', '/tables', { as: 'x', body: { tableId: 't1' } });
        (event.requestContext as unknown as { authorizer: { jwt: { claims: unknown } } }).authorizer.jwt.claims =
          claims;
        return api(event);
      };
      const forged = await as({ sub: 'mallory', role: 'operator', 'cognito:groups': '[player]' });
      expect(forged.statusCode).toBe(403);
      const none = await as({ sub: 'mallory', role: 'operator' });
      expect(none.statusCode).toBe(401);
      expect(JSON.parse(none.body as string).message).toContain('`cognito:groups` claim');
      expect((await as({ sub: 'olga', 'cognito:groups': '[staff operator]' })).statusCode).toBe(201);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
