// A regression guard on DynamoDB round trips per request (counts, never time): a bet, a raise,
// an action and a view on a seated blackjack table, and a player's bet on a common-draw table.
// Each command still commits round + wallet + ledger + idempotency record in one transaction.
import { afterAll, describe, expect, test } from 'vitest';
import { createDocumentClient, type DocumentClient } from '../../lambdas/store/index.ts';
import { dynamoEndpoint } from '../setup/dynamo.ts';
import { callOn, type Harness, harness } from './harness.ts';

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

async function counted(
  h: Harness,
  run: (api: ReturnType<Harness['api']>) => Promise<{ status: number; body: unknown }>,
): Promise<string[]> {
  const { doc, calls } = countingClient();
  const api = h.api(doc);
  // A warm instance: the deployed pack's artifact is already stored once per process.
  await callOn(api, 'GET', '/tables/t1', { as: 'warm-up' });
  calls.length = 0;
  const r = await run(api);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return [...calls].sort();
}

// In parallel: the key's claim, one GetItem of the table (a pending transition is looked for in
// it), one BatchGetItem (shoe, wallets; a partial load's round and player item) and, for a full
// load, one Query (round item and player items), the last two where the table pointed when this
// instance last read it; then the one TransactWriteItems.
const FULL_COMMAND = ['BatchGetItem', 'GetItem', 'PutItem', 'Query', 'TransactWriteItems'];
const FULL_VIEW = ['BatchGetItem', 'GetItem', 'Query'];

describe('DynamoDB calls per request', () => {
  test('seated blackjack: bet, raise, action, view', async () => {
    const h = await harness('blackjack-mewah');
    opened.push(h);
    expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
    expect(
      (
        await h.call('POST', '/wallets/alice/credit', {
          as: 'op',
          role: 'operator',
          body: { amount: 100_000, reason: 'welcome' },
        })
      ).status,
    ).toBe(200);
    const bet = await counted(h, (api) =>
      callOn(api, 'POST', '/tables/t1/bets', {
        as: 'alice',
        body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
      }),
    );
    const raise = await counted(h, (api) =>
      callOn(api, 'POST', '/tables/t1/bets', {
        as: 'alice',
        body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
      }),
    );
    const view = await counted(h, (api) => callOn(api, 'GET', '/tables/t1', { as: 'alice' }));
    expect(bet).toEqual(FULL_COMMAND);
    expect(raise).toEqual(FULL_COMMAND);
    expect(view).toEqual(FULL_VIEW);
    expect(await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).toMatchObject({ status: 200 });
    const seen = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
    const move = seen.legal[0];
    expect(move, 'the fixed shoe gives alice a decision').toBeTruthy();
    const body =
      move.action === 'insurance' || move.action.startsWith('follow')
        ? { action: move.action, seat: move.seat, accept: false }
        : { action: 'stand', seat: move.seat };
    const act = await counted(h, (api) => callOn(api, 'POST', '/tables/t1/actions', { as: 'alice', body }));
    expect(act).toEqual(FULL_COMMAND);
  });

  test('a stale hint (another instance opened the next round) costs a reload, never a wrong answer', async () => {
    const h = await harness('blackjack-mewah');
    opened.push(h);
    expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
    expect(
      (
        await h.call('POST', '/wallets/alice/credit', {
          as: 'op',
          role: 'operator',
          body: { amount: 100_000, reason: 'welcome' },
        })
      ).status,
    ).toBe(200);
    const { doc, calls } = countingClient();
    const other = h.api(doc);
    const first = (await callOn(other, 'GET', '/tables/t1', { as: 'alice' })).body.round.id;
    // This instance plays the round to its end and opens the next one.
    expect(
      (
        await h.call('POST', '/tables/t1/bets', {
          as: 'alice',
          body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
        })
      ).status,
    ).toBe(200);
    expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
    for (let i = 0; i < 20; i++) {
      const view = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
      if (view.round.id !== first) break;
      const move = view.legal[0];
      if (!move) break;
      const body =
        move.action === 'insurance' || move.action.startsWith('follow')
          ? { action: move.action, seat: move.seat, accept: false }
          : { action: 'stand', seat: move.seat };
      expect((await h.call('POST', '/tables/t1/actions', { as: 'alice', body })).status).toBe(200);
    }
    const now = (await h.call('GET', '/tables/t1', { as: 'alice' })).body.round.id;
    expect(now).not.toBe(first);
    calls.length = 0;
    const bet = await callOn(other, 'POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    expect(bet.body.view.round.id).toBe(now);
    // The hinted round and shoe read alongside the table item, then read again where it points.
    expect(calls.sort()).toEqual([
      'BatchGetItem',
      'BatchGetItem',
      'GetItem',
      'PutItem',
      'Query',
      'Query',
      'TransactWriteItems',
    ]);
  });

  test('common draw: a player bet', async () => {
    const h = await harness('blackjack-tanpa-batas');
    opened.push(h);
    expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
    expect(
      (
        await h.call('POST', '/wallets/bob/credit', {
          as: 'op',
          role: 'operator',
          body: { amount: 100_000, reason: 'welcome' },
        })
      ).status,
    ).toBe(200);
    const bet = await counted(h, (api) =>
      callOn(api, 'POST', '/tables/t1/bets', { as: 'bob', body: { round: 'next', bet: 'main', amount: 100 } }),
    );
    const view = await counted(h, (api) => callOn(api, 'GET', '/tables/t1', { as: 'bob' }));
    // A player's own command loads their items only: no Query of the round.
    expect(bet).toEqual(['BatchGetItem', 'GetItem', 'PutItem', 'TransactWriteItems']);
    expect(view).toEqual(['BatchGetItem', 'GetItem']);
  });

  test("a player's recall reads their own part of the round, not every player's", async () => {
    const h = await harness('blackjack-tanpa-batas');
    opened.push(h);
    expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
    for (const p of ['alice', 'bob', 'carol']) {
      await h.call('POST', `/wallets/${p}/credit`, {
        as: 'op',
        role: 'operator',
        body: { amount: 100_000, reason: 'welcome' },
      });
      expect(
        (await h.call('POST', '/tables/t1/bets', { as: p, body: { round: 'next', bet: 'main', amount: 100 } })).status,
      ).toBe(200);
    }
    const roundId = (await h.call('GET', '/tables/t1', { as: 'alice' })).body.round.id;
    type Recall = { status: number; body: { round: 'next'; bets: { player: string }[]; steps: { actor: string }[] } };
    let recall: Recall | undefined;
    const calls = await counted(
      h,
      async (api) => (recall = await callOn(api, 'GET', `/rounds/${roundId}`, { as: 'alice' })),
    );
    expect(recall!.body.bets.map((b) => b.player)).toEqual(['alice']);
    // The round's opening and her own bet; bob's and carol's bets were theirs alone and are not read at all.
    expect(recall!.body.steps.map((s) => s.actor)).toEqual(['system', 'alice']);
    // The round item and the shoe (GetItem), alice's part (BatchGetItem), the shared steps and her own (Query): no
    // Query of the players.
    expect(calls).toEqual(['BatchGetItem', 'GetItem', 'GetItem', 'Query', 'Query']);
    // An operator's recall has every step.
    const all = (await h.call('GET', `/rounds/${roundId}`, { as: 'op', role: 'operator' })) as Recall;
    expect(all.body.steps.map((s) => s.actor)).toEqual(['system', 'alice', 'bob', 'carol']);
  });
});
