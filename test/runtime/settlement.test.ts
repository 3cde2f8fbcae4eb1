// A common-draw round of 2,000 players: the deal and the settlement are staged transitions applied
// in pages; a process killed in the middle of the settlement (the store fails after N writes)
// leaves it pending, and the next sweep settles every player exactly once.

import { Logger } from '@aws-lambda-powertools/logger';
import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, test } from 'vitest';
import { apply, type Ctx } from '../../lambdas/engine/index.ts';
import { createSweep } from '../../lambdas/handlers/sweep.ts';
import { openStore } from '../../lambdas/handlers/wallets.ts';
import { commit, type DocumentClient, keys } from '../../lambdas/store/index.ts';
import { type Harness, harness, packOf, seeds } from './harness.ts';

const PLAYERS = 2000;
const START = 10_000;
const STAKE = 100;
let h: Harness;
afterAll(async () => h?.table.drop());

/** A client that dies (throws on every call) after `writes` transactions. */
function dyingAfter(doc: DocumentClient, writes: number): DocumentClient {
  let count = 0;
  return new Proxy(doc, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return async (command: unknown) => {
        if (command instanceof TransactWriteCommand && ++count > writes) throw new Error('process killed');
        return target.send(command as never);
      };
    },
  });
}

test('a settlement killed halfway settles every one of 2,000 players exactly once after restart', async () => {
  h = await harness('blackjack-tanpa-batas', { seedLabel: 'big' });
  const { pack, charts } = packOf('blackjack-tanpa-batas');
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  const names = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(4, '0')}`);
  const at = new Date(h.clock.now).toISOString();
  const writes = names.flatMap((p) => [
    {
      PutRequest: {
        Item: { ...keys.wallet(p, 'real'), type: 'wallet', playerId: p, balance: START, version: 1, updatedAt: at },
      },
    },
    {
      PutRequest: {
        Item: {
          ...keys.ledgerEntry(p, 1, 'real'),
          type: 'ledger',
          playerId: p,
          seq: 1,
          amount: START,
          balanceAfter: START,
          kind: 'operator-credit',
          actor: 'op',
          reason: 'seed',
          at,
        },
      },
    },
  ]);
  for (let i = 0; i < writes.length; i += 25)
    await h.table.doc.send(new BatchWriteCommand({ RequestItems: { [h.table.tableName]: writes.slice(i, i + 25) } }));

  // Everyone bets in one staged transition (the same path a big deal or settlement takes).
  const ctx = (): Ctx => ({ pack, charts, env: { now: h.clock.now, newSeed: seeds('unused') }, events: [] });
  const betAll = (c: Ctx, state: Parameters<typeof apply>[1]) => {
    for (const p of names) {
      apply(c, state, { type: 'join', player: p, balance: START }, p);
      const r = apply(c, state, { type: 'bet', player: p, bet: 'main', amount: STAKE }, p);
      if (!r.ok) throw new Error(r.error.message);
    }
  };
  const loaded = await h.store.load('t1', 'all', h.clock.now);
  const lock = await h.store.lock(loaded, h.clock.now);
  const fresh = await h.store.load('t1', 'all', h.clock.now, { ownLock: lock, also: names });
  const c = ctx();
  betAll(c, fresh.state);
  await commit(
    h.store.doc,
    await h.store.stage(fresh, fresh.state, { at: h.clock.now, actor: 'seed', log: [], events: c.events! }, lock),
  );
  await h.store.applyPending('t1');
  expect((await h.store.wallet.balance('p0000')).balance).toBe(START - STAKE);

  const dealt = await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
  expect(dealt.status, JSON.stringify(dealt.body).slice(0, 300)).toBe(200);
  expect(dealt.body.view.round.phase).toBe('turns');

  // The decision window expires; the sweep's process dies after 20 transactions of the settlement.
  h.clock.now = dealt.body.view.round.deadline + 1;
  const dying = dyingAfter(h.table.doc, 20);
  const quiet = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
  const killed = createSweep(
    {
      pack,
      charts,
      store: openStore(dying, h.table.tableName, pack),
      clock: () => h.clock.now,
      newSeed: seeds('big-2'),
    },
    quiet,
  );
  const first = await killed();
  expect(first.failed).toHaveLength(1);
  const table = await h.store.tableItem('t1');
  expect(table.pending).toBeDefined();

  // Restart: the next sweep finishes the settlement (and opens the next round).
  const second = await h.sweep();
  expect(second).toMatchObject({ failed: [] });
  const round = await h.store.round('t1-r1');
  expect(round.round.phase).toBe('settled');
  expect(Object.keys(round.parts)).toHaveLength(PLAYERS);
  const wallets = await h.store.wallets(names);
  let total = 0;
  for (const p of names) {
    const bets = round.parts[p]!.bets;
    expect(bets.every((b) => b.status !== 'open')).toBe(true);
    const expected = START + bets.reduce((s, b) => s + b.returned - b.staked, 0);
    expect(wallets[p]!.balance, p).toBe(expected);
    total += wallets[p]!.balance;
  }
  // Exactly one settlement entry per player that was paid, and ledgers that sum to the balance.
  for (const p of names.slice(0, 200)) {
    const ledger = await h.store.wallet.ledger(p);
    expect(ledger.reduce((s, e) => s + e.amount, 0)).toBe(wallets[p]!.balance);
    expect(ledger.filter((e) => e.kind === 'payout' || e.kind === 'refund').length).toBeLessThanOrEqual(1);
  }
  expect(total).toBeGreaterThan(0);
}, 180_000);
