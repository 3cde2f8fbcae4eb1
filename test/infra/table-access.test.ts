// The IAM actions each function holds on its table (infra/table-access.ts) are what its code calls:
// the real API and sweep play seated, common-draw and solo practice tables on DynamoDB Local, a
// middleware records the action every call needs (a transaction: those of its items), and each
// function used every action it holds and none it does not. The same run checks the play metrics
// the Lambda entries publish: rounds settled and money in and out agree with the wallets' ledgers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { actionsOfCall, TABLE_ACCESS } from '../../infra/table-access.ts';
import { loadDevKey, signToken } from '../../lambdas/auth/index.ts';
import type { EngineEvent } from '../../lambdas/engine/types.ts';
import { createApi } from '../../lambdas/handlers/api.ts';
import { PackShelf } from '../../lambdas/handlers/packs.ts';
import { createSweep } from '../../lambdas/handlers/sweep.ts';
import { openStore } from '../../lambdas/handlers/wallets.ts';
import { Connections } from '../../lambdas/push/connections.ts';
import { createFanout } from '../../lambdas/push/fanout.ts';
import { createSocketHandler } from '../../lambdas/push/socket.ts';
import { jwtVerifier } from '../../lambdas/push/verify.ts';
import { createDocumentClient, type DocumentClient } from '../../lambdas/store/index.ts';
import { PackArtifacts } from '../../lambdas/store/packs.ts';
import { callOn, changeRecords, type Harness, harness, packOf, seeds } from '../runtime/harness.ts';
import { dynamoEndpoint } from '../setup/dynamo.ts';

const quiet = new Logger({ serviceName: 'test', logLevel: 'SILENT' });

/** A client on DynamoDB Local that records the IAM actions its calls need. */
function recordingClient(actions: Set<string>): DocumentClient {
  const doc = createDocumentClient({ endpoint: dynamoEndpoint() });
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName).replace(/Command$/, '');
      const items = (args.input as { TransactItems?: Record<string, unknown>[] }).TransactItems ?? [];
      for (const action of actionsOfCall(
        command,
        items.map((i) => Object.keys(i)[0]),
      ))
        actions.add(action);
      return next(args);
    },
    { step: 'initialize', name: 'recordActions' },
  );
  return doc;
}

/** What the API and the sweep did, and what they told the metrics. */
const used = { api: new Set<string>(), sweep: new Set<string>(), socket: new Set<string>(), fanout: new Set<string>() };
const FUNCTIONS = ['api', 'sweep', 'socket', 'fanout'] as const;
const key = loadDevKey(join(mkdtempSync(join(tmpdir(), 'table-access-')), 'key.json'));
const play = { settled: 0, moneyIn: 0, moneyOut: 0 };
function committed(events: readonly EngineEvent[]): void {
  for (const e of events)
    if (e.type === 'round-settled') play.settled++;
    else if (e.type === 'wallet' && !e.player.startsWith('~')) {
      if (e.delta < 0) play.moneyIn -= e.delta;
      else play.moneyOut += e.delta;
    }
}

/** A pack's table with the API and the sweep as deployed (recording), on a virtual clock. */
async function variant(packId: string) {
  const h = await harness(packId);
  const running = packOf(packId);
  const store = (doc: DocumentClient) => openStore(doc, h.table.tableName, running.pack);
  const api = createApi({
    ...running,
    store: store(recordingClient(used.api)),
    clock: () => h.clock.now,
    newSeed: seeds(packId),
    logger: quiet,
    committed,
  });
  const sweep = createSweep(
    {
      ...running,
      store: store(recordingClient(used.sweep)),
      clock: () => h.clock.now,
      newSeed: seeds(`${packId}-sweep`),
      committed,
    },
    quiet,
  );
  const call = (method: string, path: string, o: Parameters<typeof callOn>[3] = {}) => callOn(api, method, path, o);
  // Push: the socket routes and the fan-out as deployed (recording); one connection is gone when posted to.
  const pushDeps = (doc: DocumentClient) => ({
    ...running,
    store: store(doc),
    packs: new PackShelf(running, new PackArtifacts(doc, h.table.tableName)),
    connections: new Connections(doc, h.table.tableName, () => h.clock.now),
    clock: () => h.clock.now,
    post: async (connectionId: string) => (connectionId === 'gone' ? ('gone' as const) : ('sent' as const)),
  });
  const socket = createSocketHandler({
    ...pushDeps(recordingClient(used.socket)),
    verify: jwtVerifier({
      issuer: 'croupier-local',
      audience: 'croupier',
      jwksUri: 'http://127.0.0.1/j',
      jwks: key.jwks,
    }),
  });
  const fanout = createFanout(pushDeps(recordingClient(used.fanout)));
  const follow = async (connectionId: string, sub: string, tableId: string, firstMessage = false) => {
    const token = signToken({ sub, role: 'player' }, { key });
    const context = (routeKey: string) => ({ routeKey, connectionId });
    await socket({ requestContext: context('$connect'), queryStringParameters: firstMessage ? {} : { token } });
    if (firstMessage)
      await socket({ requestContext: context('$default'), body: JSON.stringify({ action: 'auth', token }) });
    await socket({
      requestContext: context('$default'),
      body: JSON.stringify({ action: 'subscribe', table: tableId }),
    });
  };
  const leave = (connectionId: string) => socket({ requestContext: { routeKey: '$disconnect', connectionId } });
  /** Tells the fan-out the table and these players' parts of its current round changed. */
  const changed = async (tableId: string, who: readonly string[]) => {
    const { currentRoundId } = await h.store.tableItem(tableId);
    await fanout(changeRecords(tableId, currentRoundId, who));
  };
  return { h, call, sweep, follow, leave, changed };
}

const opened: Harness[] = [];
const players: { v: Awaited<ReturnType<typeof variant>>; name: string }[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));
const op = { as: 'op', role: 'operator' as const };

beforeAll(async () => {
  // Seated blackjack: credits, bets, a refused bet (its idempotency claim released), deal,
  // decisions, an idempotent replay, views, recall, history; the clock finishes the round.
  const seated = await variant('blackjack-mewah');
  opened.push(seated.h);
  expect((await seated.call('POST', '/tables', { ...op, body: { tableId: 't1' } })).status).toBe(201);
  await seated.follow('c-alice', 'alice', 't1');
  await seated.follow('gone', 'bob', 't1', true);
  for (const p of ['alice', 'bob']) {
    players.push({ v: seated, name: p });
    expect(
      (await seated.call('POST', `/wallets/${p}/credit`, { ...op, body: { amount: 100_000, reason: 'welcome' } }))
        .status,
    ).toBe(200);
  }
  const bet = { as: 'alice', key: 'alice-bet-1', body: { round: 'next', bet: 'main', seat: 1, amount: 1000 } };
  expect((await seated.call('POST', '/tables/t1/bets', bet)).status).toBe(200);
  expect((await seated.call('POST', '/tables/t1/bets', bet)).status).toBe(200); // replayed
  expect(
    (
      await seated.call('POST', '/tables/t1/bets', {
        as: 'bob',
        body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
      })
    ).status,
  ).toBe(403);
  expect(
    (
      await seated.call('POST', '/tables/t1/bets', {
        as: 'bob',
        body: { round: 'next', bet: 'main', seat: 2, amount: 2000 },
      })
    ).status,
  ).toBe(200);
  expect((await seated.call('POST', '/tables/t1/deal', op)).status).toBe(200);
  for (const p of ['alice', 'bob'])
    await seated.call('POST', '/tables/t1/actions', { as: p, body: { action: 'stand', seat: p === 'alice' ? 1 : 2 } });
  await seated.call('GET', '/tables/t1', { as: 'alice' });
  await seated.changed('t1', ['alice', 'bob']);
  await seated.leave('c-alice');
  seated.h.clock.now += 10 * 60_000;
  await seated.sweep();
  await seated.call('GET', '/rounds/t1-r1', { as: 'alice' });
  await seated.call('GET', '/history', { as: 'bob' });
  await seated.call('GET', '/wallet', { as: 'bob' });

  // Common draw with enough players that a settlement is staged (journal pages in batches) whether
  // they win (a wallet and ledger entry each) or lose (their items alone): round 1 settled by the
  // API (a view after the decision window), round 2 by the sweep.
  const common = await variant('blackjack-tanpa-batas');
  opened.push(common.h);
  expect((await common.call('POST', '/tables', { ...op, body: { tableId: 'c1' } })).status).toBe(201);
  const crowd = Array.from({ length: 100 }, (_, i) => `p${i}`);
  /** Every player at once, ten at a time: each touches only their own wallet and items. */
  const everyone = async (request: (p: string) => Promise<{ status: number }>) => {
    for (let i = 0; i < crowd.length; i += 10)
      for (const r of await Promise.all(crowd.slice(i, i + 10).map(request))) expect(r.status).toBe(200);
  };
  players.push(...crowd.map((name) => ({ v: common, name })));
  await everyone((p) =>
    common.call('POST', `/wallets/${p}/credit`, { ...op, body: { amount: 10_000, reason: 'seed' } }),
  );
  await common.follow('c-p0', 'p0', 'c1');
  await common.changed('c1', ['p0', 'p1']);
  for (const [round, settle] of [
    [1, () => common.call('GET', '/tables/c1', op)],
    [2, () => common.sweep()],
  ] as const) {
    await everyone((p) =>
      common.call('POST', '/tables/c1/bets', { as: p, body: { round: 'next', bet: 'main', amount: 100 } }),
    );
    expect((await common.call('POST', '/tables/c1/deal', op)).status).toBe(200);
    // A staged command the rules refuse gives its idempotency claim back (DeleteItem).
    const again = await common.call('POST', '/tables/c1/deal', { ...op, key: `deal-again-${round}` });
    expect(again.body.code).toBe('not-betting');
    for (let i = 0; i < 10 && (await common.h.store.round(`c1-r${round}`)).round.phase !== 'settled'; i++) {
      common.h.clock.now += 60_000;
      await settle();
    }
    expect((await common.h.store.round(`c1-r${round}`)).round.phase).toBe('settled');
  }

  // A solo practice table: a player opens it, takes practice points, plays a round and ends the session.
  const solo = await variant('blackjack-eropa');
  opened.push(solo.h);
  players.push({ v: solo, name: 'erik' });
  expect((await solo.call('POST', '/tables', { as: 'erik', body: { tableId: 'erik-1' } })).status).toBe(201);
  expect((await solo.call('POST', '/wallet/practice-points', { as: 'erik' })).status).toBe(200);
  expect(
    (
      await solo.call('POST', '/tables/erik-1/bets', {
        as: 'erik',
        body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
      })
    ).status,
  ).toBe(200);
  expect((await solo.call('POST', '/tables/erik-1/deal', { as: 'erik' })).status).toBe(200);
  expect((await solo.call('DELETE', '/tables/erik-1', { as: 'erik' })).status).toBe(200);
  await solo.sweep();
}, 300_000);

describe('DynamoDB actions per function', () => {
  test.each(FUNCTIONS)('the %s function calls exactly the actions it is granted', (fn) => {
    const granted = [...TABLE_ACCESS[fn]].sort();
    expect(
      [...used[fn]].filter((a) => !granted.includes(a as never)),
      'called but not granted',
    ).toEqual([]);
    expect(
      granted.filter((a) => !used[fn].has(a)),
      'granted but never called',
    ).toEqual([]);
  });

  test('nothing scans, reads a stream or manages the table', () => {
    for (const fn of FUNCTIONS) for (const a of used[fn]) expect(a).not.toMatch(/Scan|Stream|Shard|Table|Records/);
  });
});

describe('play metrics', () => {
  test('rounds settled and money in and out agree with the ledgers of the players (AI players left out)', async () => {
    expect(play.settled).toBeGreaterThanOrEqual(2);
    let staked = 0;
    let returned = 0;
    for (const { v, name } of players) {
      const wallet = (await v.call('GET', '/wallet', { as: name })).body as {
        ledger: { kind: string; amount: number }[];
      };
      for (const e of wallet.ledger)
        if (e.kind === 'bet') staked -= e.amount;
        else if (e.kind === 'payout' || e.kind === 'refund') returned += e.amount;
    }
    expect(staked).toBeGreaterThan(0);
    expect(play.moneyIn).toBe(staked);
    expect(play.moneyOut).toBe(returned);
  });
});
