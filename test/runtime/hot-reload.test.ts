// `npm start` watching rules/ (server/live-packs.ts), tried on the server `npm start` runs, over the
// suite's DynamoDB Local, with a copy of rules/ in a temporary folder: an edit serves new rounds, a
// round in play finishes under the version it started with, a broken file keeps the last good
// version serving and says where it is wrong (page and log), and a new file is served.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LocalServer, startServer } from '../../cli/commands/serve.ts';
import { loadDevKey, signToken } from '../../lambdas/auth/index.ts';
import { RULES_DIR } from '../../lambdas/pack/load.ts';
import { createDocumentClient } from '../../lambdas/store/client.ts';
import { deleteTable } from '../../lambdas/store/table.ts';
import { dynamoEndpoint } from '../setup/dynamo.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-reload-'));
const rulesDir = join(dir, 'rules');
const keyPath = join(dir, 'dev-key.json');
const suffix = randomUUID().slice(0, 8);
const tableName = (id: string) => `reload-${suffix}-${id}`;
const logs: Record<string, unknown>[] = [];
let server: LocalServer;

beforeAll(async () => {
  cpSync(RULES_DIR, rulesDir, { recursive: true });
  let n = 0;
  server = await startServer({
    port: 0,
    rulesDir,
    dynamo: { endpoint: dynamoEndpoint(), tablePrefix: `reload-${suffix}-` },
    devKeyPath: keyPath,
    quiet: true,
    log: (entry) => logs.push(entry),
    newSeed: () => new Uint8Array(createHash('sha256').update(`reload:${++n}`).digest()),
  });
});
afterAll(async () => {
  await server?.stop();
  const doc = createDocumentClient({ endpoint: dynamoEndpoint() });
  for (const id of server?.packIds ?? []) await deleteTable(doc, tableName(id)).catch(() => undefined);
  doc.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, path: string, as?: { sub: string; role: 'player' | 'operator' }, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (as) headers.authorization = `Bearer ${signToken(as, { key: loadDevKey(keyPath) })}`;
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  const res = await fetch(server.url + path, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

const op = { sub: 'reload-op', role: 'operator' } as const;
const ann = { sub: 'reload-ann', role: 'player' } as const;
const mewah = join(rulesDir, 'blackjack-mewah.yaml');
const original = readFileSync(join(RULES_DIR, 'blackjack-mewah.yaml'), 'utf8');
const sha = async (id: string) => (await call('GET', `/${id}/rules`)).body?.sha256 as string | undefined;

/** Opens a round of Mewah on `table` with Ann's main bet on seat 1 and deals it. */
async function dealRound(table: string) {
  await call('POST', '/blackjack-mewah/tables', op, { tableId: table });
  const open = (await call('GET', `/blackjack-mewah/tables/${table}`, ann)).body;
  const bet = await call('POST', `/blackjack-mewah/tables/${table}/bets`, ann, {
    bet: 'main',
    seat: 1,
    amount: 1_000,
    round: open.round.id,
  });
  expect(bet.status, bet.text).toBe(200);
  const dealt = await call('POST', `/blackjack-mewah/tables/${table}/deal`, op);
  expect(dealt.status, dealt.text).toBe(200);
  return (await call('GET', `/blackjack-mewah/tables/${table}`, ann)).body;
}

test('an edited pack serves new rounds within seconds; the round in play finishes under its own version', async () => {
  expect(
    (await call('POST', '/blackjack-mewah/wallets/reload-ann/credit', op, { amount: 100_000, reason: 'test' })).status,
  ).toBe(200);
  const before = await sha('blackjack-mewah');
  const inPlay = await dealRound('reload-1');
  expect(inPlay.pack.sha256).toBe(before);
  expect(
    inPlay.legal.map((m: { action: string }) => m.action),
    JSON.stringify(inPlay),
  ).toContain('stand');

  writeFileSync(
    mewah,
    original
      .replace('version: 1.0.0', 'version: 1.1.0')
      .replace('pays: "30:1", when: { identical', 'pays: "25:1", when: { identical'),
  );
  await expect.poll(() => sha('blackjack-mewah'), { timeout: 10_000 }).not.toBe(before);
  const rules = (await call('GET', '/blackjack-mewah/rules')).body;
  expect(rules.version).toBe('1.1.0');
  const pair = rules.rules.bets.find((b: { name: string }) => b.name === 'pair');
  expect(pair.lines.map((l: { pays: string }) => l.pays)).toEqual(['5:1', '10:1', '25:1']);
  expect(logs).toContainEqual(expect.objectContaining({ level: 'INFO', pack: 'blackjack-mewah', version: '1.1.0' }));

  // The round dealt before the edit finishes under 1.0.0, then the table's next round plays 1.1.0.
  const stood = await call('POST', '/blackjack-mewah/tables/reload-1/actions', ann, {
    action: 'stand',
    seat: 1,
    round: inPlay.round.no,
  });
  expect(stood.status, stood.text).toBe(200);
  const recall = await call('GET', `/blackjack-mewah/rounds/${inPlay.round.id}`, ann);
  expect(recall.body.pack).toMatchObject({ version: '1.0.0', sha256: before });
  const next = await dealRound('reload-2');
  expect(next.pack).toMatchObject({ version: '1.1.0', sha256: rules.sha256 });
});

test('a broken edit keeps the last good version serving and says path:line:col on the page and in the log', async () => {
  const good = await sha('blackjack-mewah');
  writeFileSync(
    mewah,
    original.replace(
      'payouts: { blackjack: "3:2", win: "1:1" }   # R-MW-PAY-1',
      'payouts: { blackjack: "3:2", win: 1 }   # R-MW-PAY-1',
    ),
  );
  const problems = async () => (await call('GET', '/dev/packs')).body.problems as { pack: string; errors: string[] }[];
  await expect
    .poll(problems, { timeout: 10_000 })
    .toContainEqual(expect.objectContaining({ pack: 'blackjack-mewah', serving: true }));
  const [problem] = (await problems()).filter((p) => p.pack === 'blackjack-mewah');
  const line = original.split('\n').findIndex((l) => l.includes('R-MW-PAY-1 (Decision)')) + 1;
  expect(problem.errors[0]).toMatch(new RegExp(`blackjack-mewah\\.yaml:${line}:\\d+: .*win`));
  expect(logs).toContainEqual(
    expect.objectContaining({ level: 'WARN', pack: 'blackjack-mewah', errors: problem.errors }),
  );
  expect(await sha('blackjack-mewah'), 'the last good version still serves').toBe(good);
  expect((await call('GET', '/dev/packs')).body.packs).toContain('blackjack-mewah');

  writeFileSync(mewah, original);
  await expect.poll(problems, { timeout: 10_000 }).toEqual([]);
});

test('a new pack file is served at its own path without a restart', async () => {
  const eropa = readFileSync(join(rulesDir, 'blackjack-eropa.yaml'), 'utf8');
  writeFileSync(
    join(rulesDir, 'blackjack-baru.yaml'),
    eropa.replace('id: blackjack-eropa', 'id: blackjack-baru').replace('name: Blackjack Eropa', 'name: Blackjack Baru'),
  );
  await expect
    .poll(async () => (await call('GET', '/dev/packs')).body.packs, { timeout: 10_000 })
    .toContain('blackjack-baru');
  const rules = await call('GET', '/blackjack-baru/rules');
  expect(rules.status).toBe(200);
  expect(rules.body.name).toBe('Blackjack Baru');
  expect((await call('POST', '/blackjack-baru/tables', ann, { tableId: 'baru-1' })).status).toBe(201);
});
