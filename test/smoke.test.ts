// `npm start` as the README promises it: every variant's API over its own DynamoDB Local, the web
// table at /, the JWKS, and a token from `croupier token` that the server accepts for a real bet.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LocalServer, startServer, variantIds } from '../cli/commands/serve.ts';

let server: LocalServer;
const dataDir = mkdtempSync(join(tmpdir(), 'croupier-start-'));

beforeAll(async () => {
  server = await startServer({ port: 0, dataDir, quiet: true });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Asynchronous: the server runs in this process, and a blocked event loop (a synchronous spawn that
// takes seconds on a loaded machine) lets its keep-alive timer close a socket fetch is about to reuse.
const token = async (...args: string[]) => {
  const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'token', ...args], {
    encoding: 'utf8',
  });
  return out.stdout.trim();
};

async function call(method: string, path: string, bearer?: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined,
  };
}

test('every variant pack is served with its rules, exact RTPs and line odds; the web table and the JWKS too', async () => {
  expect(server.packIds.sort()).toEqual(variantIds().sort());
  expect(server.packIds).toHaveLength(5);
  for (const id of server.packIds) {
    const rules = await call('GET', `/${id}/rules`);
    expect(rules.status, id).toBe(200);
    expect(rules.body.id).toBe(id);
    expect(Array.isArray(rules.body.rtp), id).toBe(true);
    expect(Array.isArray(rules.body.lines), id).toBe(true);
    expect((await call('GET', `/${id}/openapi.json`)).body.openapi).toMatch(/^3\.1/);
  }
  expect((await call('GET', '/')).text).toContain('<script type="module" src="/app.js">');
  expect((await call('GET', '/.well-known/jwks.json')).body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
  expect(readdirSync(dataDir).length, 'DynamoDB Local keeps its data in the folder given').toBeGreaterThan(0);
});

test("R-LL-HOST-1: the Lucky Ladies limits and its aggregate cap per round are in the table's public rules", async () => {
  const rules = await call('GET', '/blackjack-lucky-ladies/rules');
  const ladies = rules.body.rules.bets.find((b: { name: string }) => b.name === 'lucky-ladies');
  expect(ladies).toMatchObject({ limits: { min: 100, max: 2000 }, cap: { perRound: 2_000_000 } });
});

test('tokens from croupier token: an operator opens a table and credits a wallet, the player bets; no token, no bet', async () => {
  const operator = await token('--sub', 'smoke-op', '--role', 'operator');
  const player = await token('--sub', 'smoke-ann', '--role', 'player');
  expect((await call('POST', '/blackjack-mewah/tables', operator, { tableId: 'smoke' })).status).toBe(201);
  expect(
    (await call('POST', '/blackjack-mewah/wallets/smoke-ann/credit', operator, { amount: 10_000, reason: 'smoke' }))
      .status,
  ).toBe(200);
  const bet = await call('POST', '/blackjack-mewah/tables/smoke/bets', player, {
    round: 'next',
    bet: 'main',
    seat: 1,
    amount: 1_000,
  });
  expect(bet.status, bet.text).toBe(200);
  expect(bet.body.view.you.balance).toBe(9_000);
  expect(
    (
      await call('POST', '/blackjack-mewah/tables/smoke/bets', undefined, {
        round: 'next',
        bet: 'main',
        seat: 1,
        amount: 1_000,
      })
    ).status,
  ).toBe(401);
});
