// DynamoDB round trips per request, counted with SDK middleware (counts, never time). A player's
// command is one BatchGetItem (the table item, its round, shoe, the player's items, wallets and
// the request's idempotency record, warm) and one TransactWriteItems (the change, the money and
// the stored answer), the first bet after a round ended included: it opens the next round in the
// same transaction. A view is one BatchGetItem. Recall and history read a bounded number of items.
import { afterAll, describe, expect, test } from 'vitest';
import { createDocumentClient, type DocumentClient } from '../../lambdas/store/index.ts';
import { dynamoEndpoint } from '../setup/dynamo.ts';
import { type Call, callOn, type Harness, harness } from './harness.ts';

/** A client that records the name of every command it sends. */
function countingClient(): { doc: DocumentClient; calls: string[] } {
  const doc = createDocumentClient({ endpoint: dynamoEndpoint() });
  const calls: string[] = [];
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
  return { doc, calls };
}

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

const ONE_READ_ONE_WRITE = ['BatchGetItem', 'TransactWriteItems'];
const ONE_READ = ['BatchGetItem'];

/** A table with alice funded, and an API instance (another Lambda) whose calls are counted. */
async function table(packId: string) {
  const h = await harness(packId);
  opened.push(h);
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  for (const p of ['alice', 'bob'])
    expect(
      (
        await h.call('POST', `/wallets/${p}/credit`, {
          as: 'op',
          role: 'operator',
          body: { amount: 100_000, reason: 'w' },
        })
      ).status,
    ).toBe(200);
  const { doc, calls } = countingClient();
  const api = h.api(doc);
  /** The calls one request made, sorted. */
  const counted = async (run: () => Promise<Call>): Promise<string[]> => {
    calls.length = 0;
    const r = await run();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return [...calls].sort();
  };
  const call = (method: string, path: string, o: Parameters<typeof callOn>[3] = {}) => callOn(api, method, path, o);
  // A warm instance has stored the deployed pack's artifact once (it does so before it opens its first table or round).
  expect((await call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't2' } })).status).toBe(201);
  return { h, counted, call };
}

/** A decision alice may take now, from her view. */
function decision(view: { legal: { action: string; seat: number }[] }) {
  const move = view.legal[0];
  if (!move) return undefined;
  return move.action === 'insurance' || move.action.startsWith('follow')
    ? { action: move.action, seat: move.seat, accept: false }
    : { action: 'stand', seat: move.seat };
}

describe('DynamoDB calls per request', () => {
  test('seated blackjack: bet, raise, view, action, the first bet after the round ended, recall, history', async () => {
    const { h, counted, call } = await table('blackjack-mewah');
    const bet = { round: 'next', bet: 'main', seat: 1, amount: 100 };
    // This instance has read the table once (it keeps where the table item points).
    await call('GET', '/tables/t1', { as: 'alice' });
    expect(await counted(() => call('POST', '/tables/t1/bets', { as: 'alice', body: bet }))).toEqual(
      ONE_READ_ONE_WRITE,
    );
    expect(await counted(() => call('POST', '/tables/t1/bets', { as: 'alice', body: bet }))).toEqual(
      ONE_READ_ONE_WRITE,
    );
    expect(await counted(() => call('GET', '/tables/t1', { as: 'alice' }))).toEqual(ONE_READ);
    expect((await call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
    let actions = 0;
    let roundId = '';
    for (let i = 0; i < 10; i++) {
      const view = (await call('GET', '/tables/t1', { as: 'alice' })).body;
      roundId = view.round.id;
      const body = decision(view);
      if (!body || view.round.phase === 'settled') break;
      let answer: Call | undefined;
      expect(
        await counted(async () => (answer = await call('POST', '/tables/t1/actions', { as: 'alice', body }))),
      ).toEqual(ONE_READ_ONE_WRITE);
      actions++;
      if (answer!.body.view.round.phase === 'settled') break;
    }
    expect(actions, 'the fixed shoe gives alice a decision').toBeGreaterThan(0);
    const ended = await h.store.tableItem('t1');
    expect((await h.store.round(ended.currentRoundId)).round.phase).toBe('settled');
    // The first bet after the round ended opens the next one in its own transaction.
    let first: Call | undefined;
    expect(
      await counted(async () => (first = await call('POST', '/tables/t1/bets', { as: 'alice', body: bet }))),
    ).toEqual(ONE_READ_ONE_WRITE);
    expect(first!.body.view.round.id).not.toBe(roundId);
    // Recall: the round item and alice's own part (GetItem, BatchGetItem), the shared steps and hers (Query), the shoe.
    const recall = ['BatchGetItem', 'GetItem', 'GetItem', 'Query', 'Query'];
    expect(await counted(() => call('GET', `/rounds/${roundId}`, { as: 'alice' }))).toEqual(recall);
    // History: her latest rounds (one Query), each recalled as above: bounded by the limit, not by players.
    const history = await counted(() => call('GET', '/history?limit=2', { as: 'alice' }));
    expect(history).toEqual(['Query', ...recall, ...recall].sort());
  });

  test('a stale hint (another instance opened the next round) costs one more batch read, never a wrong answer', async () => {
    const { h, counted, call } = await table('blackjack-mewah');
    const bet = { round: 'next', bet: 'main', seat: 1, amount: 100 };
    const first = (await call('GET', '/tables/t1', { as: 'alice' })).body.round.id;
    // Another instance plays the round to its end and opens the next one.
    expect((await h.call('POST', '/tables/t1/bets', { as: 'alice', body: bet })).status).toBe(200);
    expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const view = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
      const body = decision(view);
      if (view.round.id !== first || !body) break;
      expect((await h.call('POST', '/tables/t1/actions', { as: 'alice', body })).status).toBe(200);
    }
    const now = (await h.call('GET', '/tables/t1', { as: 'alice' })).body.round.id;
    expect(now).not.toBe(first);
    let answer: Call | undefined;
    const calls = await counted(
      async () => (answer = await call('POST', '/tables/t1/bets', { as: 'alice', body: bet })),
    );
    expect(answer!.body.view.round.id).toBe(now);
    // The hinted round read alongside the table item, then the round it points at.
    expect(calls).toEqual(['BatchGetItem', 'BatchGetItem', 'TransactWriteItems']);
  });

  test("common draw: bet, raise, view, action; a player's recall and history read their own part only", async () => {
    const { h, counted, call } = await table('blackjack-tanpa-batas');
    const bet = { round: 'next', bet: 'main', amount: 100 };
    await call('GET', '/tables/t1', { as: 'alice' });
    for (const p of ['alice', 'bob'])
      expect(await counted(() => call('POST', '/tables/t1/bets', { as: p, body: bet }))).toEqual(ONE_READ_ONE_WRITE);
    expect(await counted(() => call('POST', '/tables/t1/bets', { as: 'alice', body: bet }))).toEqual(
      ONE_READ_ONE_WRITE,
    );
    expect(await counted(() => call('GET', '/tables/t1', { as: 'alice' }))).toEqual(ONE_READ);
    const roundId = (await call('GET', '/tables/t1', { as: 'alice' })).body.round.id;
    // The betting window closes by time; the deal (every player's) is maintenance, then alice decides.
    h.clock.now += 120_000;
    await h.sweep();
    const body = decision((await call('GET', '/tables/t1', { as: 'alice' })).body);
    expect(body, 'the fixed shoe gives alice a decision').toBeTruthy();
    expect(await counted(() => call('POST', '/tables/t1/actions', { as: 'alice', body }))).toEqual(ONE_READ_ONE_WRITE);
    let recall: Call | undefined;
    const calls = await counted(async () => (recall = await call('GET', `/rounds/${roundId}`, { as: 'alice' })));
    expect(recall!.body.bets.map((b: { player: string }) => b.player)).toEqual(['alice']);
    // The round item and the shoe (GetItem), alice's part (BatchGetItem), the shared steps and her own (Query): no
    // Query of the players.
    expect(calls).toEqual(['BatchGetItem', 'GetItem', 'GetItem', 'Query', 'Query']);
    expect(await counted(() => call('GET', '/history?limit=1', { as: 'alice' }))).toEqual(['Query', ...calls].sort());
    // An operator's recall has every step.
    const all = (await h.call('GET', `/rounds/${roundId}`, { as: 'op', role: 'operator' })).body;
    expect(all.steps.map((s: { actor: string }) => s.actor).slice(0, 4)).toEqual(['system', 'alice', 'bob', 'alice']);
  });
});
