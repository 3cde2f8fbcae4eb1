// Hostile requests on every route of the API: fuzzed path parameters (ids of any length and
// characters, broken percent-encoding) and fuzzed headers (Idempotency-Key, Content-Type, others).
// Never a 5xx, always a JSON `{ code, message }` error body, and nothing written: the DynamoDB
// table holds exactly the same items before and after.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PLAYER_ID_PATTERN } from '../../lambdas/auth/index.ts';
import { ROUTE_DOCS } from '../../lambdas/handlers/api.ts';
import { type Call, callOn, eventFor, type Harness, harness } from './harness.ts';

let h: Harness;
afterAll(async () => h?.table.drop());

beforeAll(async () => {
  h = await harness('blackjack-mewah');
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  for (const p of ['alice', 'bob'])
    await h.call('POST', `/wallets/${p}/credit`, {
      as: 'op',
      role: 'operator',
      body: { amount: 100_000, reason: 't' },
    });
  expect(
    (
      await h.call('POST', '/tables/t1/bets', {
        as: 'alice',
        body: { round: 't1-r1', bet: 'main', seat: 1, amount: 500 },
      })
    ).status,
  ).toBe(200);
});

/** Every item of the table, in a stable order: what "nothing written" compares. */
async function everything(): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await h.table.doc.send(
      new ScanCommand({ TableName: h.table.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items.map((i) => JSON.stringify(i)).sort());
}

/** A refusal as the API must always give one. */
function refusal(r: Call, what: string): void {
  expect(r.status, `${what}: ${r.raw.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, `${what}: ${r.raw.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(r.raw) as Record<string, unknown>;
  expect(Object.keys(body).sort(), what).toEqual(['code', 'message']);
  expect(typeof body.code === 'string' && typeof body.message === 'string', what).toBe(true);
}

const VALID: Record<string, RegExp> = {
  tableId: /^[a-z0-9][a-z0-9-]{0,62}$/,
  roundId: /^[a-z0-9][a-z0-9-]{0,62}-r[0-9]{1,15}$/,
  playerId: new RegExp(PLAYER_ID_PATTERN, 'u'),
  seat: /^[1-9][0-9]?$/,
  command: /^(new-shoe|cut-card|misdeal)$/,
};
const ROUTES = ROUTE_DOCS.filter((r) => r.key.includes('{'));
const BODIES: Record<string, unknown> = {
  BetBody: { round: 't1-r1', bet: 'main', seat: 2, amount: 500 },
  BetSlipBody: { round: 't1-r1', bets: [{ bet: 'main', seat: 2, amount: 500 }] },
  ActionBody: { action: 'stand', seat: 1 },
  AiPlayerBody: { level: 'easy', seat: 3 },
  ReasonBody: { reason: 'fuzz' },
  CreditBody: { amount: 100, reason: 'fuzz' },
  CardBody: { card: 'AS', scanId: 'fuzz-1' },
};
const operatorRoute = (key: string) => /pause|resume|void|credit|deal/.test(key);

/** As a client would send it; a lone surrogate (which no URL can carry) as it is. */
function encoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Ids no schema accepts: too long, control characters, slashes, reserved prefixes, anything else. */
const badId = fc.oneof(
  fc.integer({ min: 64, max: 4000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 129, max: 3000 }).map((n) => 'é'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.constantFrom('', ' ', '~ai~t1~2', '..', 'T1', 't1#TABLE', 'x%', '\u0000', 'a/b', '-r1', '\ud800'),
);

describe('fuzzed path parameters and headers, on every route', () => {
  test('the over-long ids that reached DynamoDB are 400 invalid-path', async () => {
    const long = 'a'.repeat(3000);
    for (const [method, path, o] of [
      ['POST', `/tables/${long}/bets`, { as: 'alice', body: BODIES.BetBody }],
      ['GET', `/tables/${long}`, { as: 'alice' }],
      ['GET', `/rounds/${long}`, { as: 'alice' }],
      ['POST', `/wallets/${long}/credit`, { as: 'op', role: 'operator', body: BODIES.CreditBody }],
    ] as const) {
      const r = await h.call(method, path, o);
      expect([r.status, r.body.code], `${method} ${path.slice(0, 30)}`).toEqual([400, 'invalid-path']);
    }
    const r = await h.call('GET', `/rounds/${long}`, { as: 'alice' });
    expect(r.body.message).toBe(
      `path parameter roundId "${'a'.repeat(40)}"… (3000 characters) is not valid: a round id as views and history give it: the table id, -r and the round number`,
    );
  });

  test('any id a schema refuses, in any parameter of any route: 400 invalid-path, JSON, nothing written', async () => {
    const before = await everything();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), badId, fc.boolean(), async (route, id, operator) => {
        const [method, template] = route.key.split(' ') as [string, string];
        const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const target = names[id.length % names.length]!;
        fc.pre(!VALID[target]!.test(id));
        const fill: Record<string, string> = {
          tableId: 't1',
          roundId: 't1-r1',
          playerId: 'alice',
          seat: '2',
          command: 'misdeal',
        };
        fill[target] = id;
        const path = template.replace(/\{(\w+)\}/g, (_, n: string) => encoded(fill[n]!));
        const r = await h.call(method, path, {
          as: operator || operatorRoute(route.key) ? 'op' : 'alice',
          role: operator || operatorRoute(route.key) ? 'operator' : 'player',
          ...(route.body ? { body: BODIES[route.body] } : {}),
        });
        refusal(r, `${route.key} with ${target}=${JSON.stringify(id.slice(0, 40))}`);
        // An empty id leaves no path segment: that path is another route's, or none.
        expect(['invalid-path', ...(id === '' ? ['not-found', 'method-not-allowed'] : [])]).toContain(r.body.code);
      }),
      { numRuns: 150 },
    );
    // Broken percent-encoding reaches the handler as it was sent.
    for (const raw of ['/tables/%E0%A4%A/bets', '/rounds/%FF%FE', '/wallets/%00/credit', '/tables/t1/ai/%'])
      refusal(
        await callOn(h.api(), 'POST', raw, { as: 'op', role: 'operator', body: BODIES.CreditBody }),
        `POST ${raw}`,
      );
    expect(await everything()).toBe(before);
  });

  test('any headers on any route: never a 5xx, always a JSON error when refused, nothing written', async () => {
    const before = await everything();
    const header = fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ maxLength: 20 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTE_DOCS),
        fc.record(
          {
            'idempotency-key': header,
            'content-type': fc.oneof(header, fc.constantFrom('application/json', 'text/plain', 'application/x+json')),
            authorization: header,
            'x-forwarded-for': header,
            cookie: header,
          },
          { requiredKeys: [] },
        ),
        fc.boolean(),
        async (route, headers, operator) => {
          const [method, template] = route.key.split(' ') as [string, string];
          // A table that does not exist and a round not in play: whatever the headers, nothing may change.
          const path = template
            .replace('{tableId}', 'nowhere')
            .replace('{roundId}', 'nowhere-r1')
            .replace('{playerId}', 'alice')
            .replace('{seat}', '2')
            .replace('{command}', 'misdeal');
          const event = eventFor(method, path, {
            as: operator ? 'op' : 'alice',
            role: operator ? 'operator' : 'player',
            key: null,
            ...(route.body
              ? { body: route.body === 'CreditBody' ? { amount: 0, reason: '' } : BODIES[route.body] }
              : {}),
          });
          Object.assign(event.headers, headers);
          const result = await h.api()(event);
          const r = { status: result.statusCode ?? 200, raw: String(result.body ?? ''), body: null };
          expect(r.status, `${route.key} with ${JSON.stringify(headers).slice(0, 300)}`).toBeLessThan(500);
          if (r.status >= 400) refusal(r, `${route.key} with ${JSON.stringify(headers).slice(0, 300)}`);
        },
      ),
      { numRuns: 150 },
    );
    expect(await everything()).toBe(before);
  });
});
