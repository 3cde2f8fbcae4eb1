// Recovery in seconds. Two local servers, real child processes on this run's DynamoDB Local, serve
// one common-draw table of many players (as two Lambda instances would). One is killed (SIGKILL)
// in the middle of an operator's deal of every player (a staged transition, holding the request's
// idempotency claim and the table's lock): the other answers the table and the client's retry
// (same Idempotency-Key) as soon as the dead holder's leases lapse. Then every server is killed in
// the middle of a round's settlement, and one starts again on the same data. The money is exact
// either way: every bet taken once and settled once, every wallet equal to its ledger. The seconds
// are printed; the only bounds on them are the test's patience.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadDevKey, signToken } from '../../lambdas/auth/index.ts';
import { openStore } from '../../lambdas/handlers/wallets.ts';
import { createDocumentClient, keys } from '../../lambdas/store/index.ts';
import { LEASE_MS } from '../../lambdas/store/lease.ts';
import { freePort } from '../../server/dynamo-local.ts';
import { dynamoEndpoint } from '../setup/dynamo.ts';
import { packOf } from './harness.ts';

const PACK = 'blackjack-tanpa-batas';
const TABLE = 'crash';
const PLAYERS = Array.from({ length: 120 }, (_, i) => `crash-${i}`);
const CREDIT = 100_000;
const STAKE = 100;

const dir = mkdtempSync(join(tmpdir(), 'croupier-crash-'));
const keyPath = join(dir, 'dev-key.json');
const key = loadDevKey(keyPath);
const prefix = `crash-${randomUUID().slice(0, 8)}-`;
const doc = createDocumentClient({ endpoint: dynamoEndpoint() });
const store = openStore(doc, `${prefix}${PACK}`, packOf(PACK).pack);
const operator = signToken({ sub: 'op', role: 'operator' }, { key });
const tokens = new Map(PLAYERS.map((p) => [p, signToken({ sub: p, role: 'player' }, { key })]));

/** One server process: where it answers, and the process to kill. */
interface Server {
  name: string;
  base: string;
  child: ChildProcess;
}
const servers: Server[] = [];

/** Starts a server process on `port`; resolves once it listens. */
async function start(name: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/runtime/crash/server.ts'], {
    env: {
      ...process.env,
      CRASH_ENDPOINT: dynamoEndpoint(),
      CRASH_PREFIX: prefix,
      PORT: String(port),
      CROUPIER_DEV_KEY: keyPath,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`${name} did not start in 90 s: ${err}`)), 90_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) {
        clearTimeout(timer);
        done((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', (code) => fail(new Error(`${name} exited (${code}): ${err}`)));
  });
  const server = { name, base: `${url}/${PACK}`, child };
  servers.push(server);
  return server;
}

/** SIGKILL: no cleanup, no last writes. Resolves with the time it died. */
async function kill(server: Server): Promise<number> {
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGKILL');
  await exited;
  return Date.now();
}

const alive = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
}

async function call(
  at: Server,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  idem?: string,
): Promise<Answer> {
  const res = await fetch(at.base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'idempotency-key': idem ?? randomUUID() } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, retryAfter: res.headers.get('retry-after') };
}

/** Runs `fn` over `items`, `width` at a time. */
async function each<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

/**
 * Asks until there is an answer (a refused connection or a 409 is asked again); the seconds it took
 * from `since`. The answer is a 200, or one of the refusals `also` allows.
 */
async function untilAnswered(
  since: number,
  ask: () => Promise<Answer>,
  also: string[] = [],
): Promise<{ seconds: number; answer: Answer }> {
  for (let i = 0; i < 600; i++) {
    const answer = await ask().catch(() => null);
    if (answer && answer.status !== 409) {
      if (answer.status !== 200) expect(also, JSON.stringify(answer.body)).toContain(answer.body?.code);
      return { seconds: (Date.now() - since) / 1000, answer };
    }
    await delay(100);
  }
  throw new Error('no answer in 60 s');
}

/** Watches the table item until a transition holds it (a lock, or a committed transition being applied), then kills. */
async function killWhenHeld(servers: Server[], inFlight: Promise<unknown>): Promise<{ at: number; caught: string }> {
  let answered = false;
  const over = () => {
    answered = true;
  };
  // The request dies with the server: its failure is expected, and not a result.
  inFlight.then(over, over);
  const killAll = async () => Math.max(...(await Promise.all(servers.map(kill))));
  for (let i = 0; i < 20_000 && !answered; i++) {
    const { Item } = await doc.send(
      new GetCommand({ TableName: `${prefix}${PACK}`, Key: keys.table(TABLE), ConsistentRead: true }),
    );
    if (Item?.pending) return { at: await killAll(), caught: 'its transition committed, being applied in pages' };
    if (Item?.lockId && (Item.lockedUntil as number) > Date.now())
      return { at: await killAll(), caught: 'holding the table lock, before its commit' };
  }
  return { at: await killAll(), caught: 'too late: the request had already answered' };
}

beforeAll(async () => {
  await Promise.all([start('a', await freePort()), start('b', await freePort())]);
}, 180_000);
afterAll(async () => {
  await Promise.all(servers.filter(alive).map(kill));
  rmSync(dir, { recursive: true, force: true });
});

test('a server killed mid-deal, and every server killed mid-settlement: the table and the retried request answer within seconds, the money exact', async () => {
  const [a, b] = servers as [Server, Server];
  let at = a;
  const view = async (token = operator) => (await call(at, 'GET', `/tables/${TABLE}`, token)).body;
  const report: string[] = [];
  await each(PLAYERS, 20, async (p) => {
    const r = await call(at, 'POST', `/wallets/${p}/credit`, operator, { amount: CREDIT, reason: 'crash test' });
    expect(r.status).toBe(200);
  });
  expect((await call(at, 'POST', '/tables', operator, { tableId: TABLE })).status).toBe(201);

  /** Every player bets on the round open now (the countdown may deal it first: those bets are refused). */
  const betAll = async () => {
    const round = (await view()).round.id as string;
    let placed = 0;
    await each(PLAYERS, 20, async (p) => {
      const r = await call(at, 'POST', `/tables/${TABLE}/bets`, tokens.get(p)!, { round, bet: 'main', amount: STAKE });
      if (r.status === 200) placed++;
      else expect(r.body.code, JSON.stringify(r.body)).toBe('betting-closed');
    });
    return { round, placed };
  };

  // 1. Server a dies while the operator's deal of every player is in flight (a staged transition,
  // under the request's idempotency claim and the table's lock); server b, as another instance
  // would, answers the table and the client's retry as soon as the dead holder's leases lapse.
  const { round: first, placed } = await betAll();
  expect(placed).toBe(PLAYERS.length);
  const dealKill = await killWhenHeld([a], call(a, 'POST', `/tables/${TABLE}/deal`, operator, undefined, 'deal-1'));
  at = b;
  const [table1, retry1] = await Promise.all([
    untilAnswered(dealKill.at, () => call(b, 'GET', `/tables/${TABLE}`, operator)),
    // Had the first attempt not committed, and the betting countdown dealt meanwhile, the retry is told so.
    untilAnswered(dealKill.at, () => call(b, 'POST', `/tables/${TABLE}/deal`, operator, undefined, 'deal-1'), [
      'not-betting',
    ]),
  ]);
  if (retry1.answer.status === 200) expect(retry1.answer.body.view.round.id).toBe(first);
  report.push(
    `server killed mid-deal, ${dealKill.caught}; on the other server the table answered ${table1.seconds.toFixed(1)} s after the kill, the retried deal ${retry1.seconds.toFixed(1)} s after (${retry1.answer.status === 200 ? 'dealt' : 'the countdown had dealt'})`,
  );

  // 2. The next round in play, every player standing; at the decision deadline a sweep settles
  // every player (a staged transition) and every server dies in the middle of it. One starts
  // again on the same data.
  let round = first;
  for (let tries = 0; tries < 5; tries++) {
    let v = await view();
    // The round dealt in 1. plays out by its deadlines (the dealer may also have had blackjack): wait for a new one.
    for (let i = 0; i < 400 && v.round.id === round; i++) {
      await delay(100);
      v = await view();
    }
    const next = await betAll();
    round = next.round;
    const dealt = await call(at, 'POST', `/tables/${TABLE}/deal`, operator);
    if (dealt.status !== 200) expect(dealt.body.code, JSON.stringify(dealt.body)).toBe('not-betting');
    // More players than one transaction holds (33), or the settlement is not staged: try the next round.
    if (next.placed <= 40) continue;
    if ((await view()).round.phase === 'insurance')
      await each(PLAYERS, 20, async (p) => {
        await call(at, 'POST', `/tables/${TABLE}/actions`, tokens.get(p)!, { action: 'insurance', accept: false });
      });
    if ((await view()).round.phase === 'turns') break;
  }
  const deciding: string[] = [];
  await each(PLAYERS, 20, async (p) => {
    if ((await view(tokens.get(p)!)).legal.some((m: { action: string }) => m.action === 'stand')) deciding.push(p);
  });
  const last = deciding.pop()!;
  expect(last).toBeDefined();
  await each(deciding, 20, async (p) => {
    const r = await call(at, 'POST', `/tables/${TABLE}/actions`, tokens.get(p)!, { action: 'stand' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
  const stand = (to: Server) =>
    call(to, 'POST', `/tables/${TABLE}/actions`, tokens.get(last)!, { action: 'stand' }, 'stand-1');
  const stood = await stand(at);
  expect(stood.status, JSON.stringify(stood.body)).toBe(200);
  const settleKill = await killWhenHeld(servers.filter(alive), new Promise(() => undefined));
  const c = await start('c', Number(new URL(b.base).port));
  const up = Date.now();
  at = c;
  const [table2, retry2] = await Promise.all([
    untilAnswered(settleKill.at, () => call(c, 'GET', `/tables/${TABLE}`, operator)),
    untilAnswered(settleKill.at, () => stand(c)),
  ]);
  expect(retry2.answer.body).toEqual(stood.body);
  report.push(
    `every server killed mid-settlement, ${settleKill.caught}; restarted in ${((up - settleKill.at) / 1000).toFixed(1)} s; the table answered ${table2.seconds.toFixed(1)} s after the kill, the last stand, retried, ${retry2.seconds.toFixed(1)} s after`,
  );
  console.log(`crash recovery (${PLAYERS.length} players, leases of ${LEASE_MS / 1000} s):\n  ${report.join('\n  ')}`);

  // The money: every round settled once; every wallet its credit plus what its bets returned, and equal to its ledger.
  let settled = await call(at, 'GET', `/rounds/${round}`, operator);
  for (let i = 0; i < 100 && settled.body.round.phase !== 'settled'; i++) {
    await delay(100);
    settled = await call(at, 'GET', `/rounds/${round}`, operator);
  }
  const rounds = Number(round.split('-r')[1]);
  const net = new Map(PLAYERS.map((p) => [p, 0]));
  for (let no = 1; no <= rounds; no++) {
    const recall = (await call(at, 'GET', `/rounds/${TABLE}-r${no}`, operator)).body;
    expect(recall.round.phase, `round ${no}`).toBe('settled');
    const deals = recall.steps.flatMap((s: { commands: { command: { type: string } }[] }) =>
      s.commands.filter((c) => c.command.type === 'deal'),
    );
    expect(deals.length, `round ${no} dealt once`).toBeLessThanOrEqual(1);
    for (const bet of recall.bets as { player: string; staked: number; returned: number; status: string }[]) {
      expect(bet.status).toBe('settled');
      net.set(bet.player, net.get(bet.player)! + bet.returned - bet.staked);
    }
  }
  await each(PLAYERS, 20, async (p) => {
    const [wallet, ledger] = await Promise.all([store.wallet.balance(p), store.wallet.ledger(p)]);
    expect(wallet.balance, p).toBe(CREDIT + net.get(p)!);
    expect(
      ledger.reduce((sum, e) => sum + e.amount, 0),
      p,
    ).toBe(wallet.balance);
    // One bet, and at most one payout, per round: nothing moved twice.
    const moves = ledger.filter((e) => e.ref).map((e) => `${e.ref} ${e.kind}`);
    expect(new Set(moves).size, `${p}: ${moves.join(', ')}`).toBe(moves.length);
  });
}, 400_000);
