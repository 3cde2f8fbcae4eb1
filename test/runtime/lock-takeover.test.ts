// A process that locked a table for a staged transition and then died must not stop the table for
// long: while its lock is live the table refuses to load for anyone else (nothing half-applied),
// and once its lease lapses (seconds: a live holder renews it) the next command takes the table
// over and plays on.
import { afterAll, expect, test } from 'vitest';
import { ConflictError } from '../../lambdas/store/index.ts';
import { LEASE_MS } from '../../lambdas/store/lease.ts';
import { type Harness, harness } from './harness.ts';

let h: Harness | undefined;
afterAll(async () => h?.table.drop());

test('a dead lock holder blocks the table until its lease lapses, then the next command takes it over', async () => {
  h = await harness('andar-bahar');
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  await h.call('POST', '/wallets/alice/credit', {
    as: 'op',
    role: 'operator',
    body: { amount: 100_000, reason: 'test' },
  });

  // The dying process: it locks the table (as a staged settlement does first) and never comes back.
  const loaded = await h.store.load('t1', 'all', h.clock.now);
  await h.store.lock(loaded, h.clock.now);

  // While the lock is live, no one else may load the table to change it.
  await expect(h.store.load('t1', ['alice'], h.clock.now + LEASE_MS - 100)).rejects.toBeInstanceOf(ConflictError);
  expect((await h.call('GET', '/wallet', { as: 'alice' })).body.balance).toBe(100_000);

  // Past the lease, a bet loads and commits; the lapsed lock no longer counts.
  h.clock.now += LEASE_MS + 100;
  const bet = await h.call('POST', '/tables/t1/bets', {
    as: 'alice',
    body: { round: 'next', bet: 'bahar', amount: 1000 },
  });
  expect(bet.status).toBe(200);
  expect((await h.call('GET', '/wallet', { as: 'alice' })).body.balance).toBe(99_000);
  expect((await h.store.tableItem('t1')).lockedUntil).toBeLessThanOrEqual(h.clock.now);

  // The round deals and settles at its deadline as usual, and the table item drops the dead lock.
  h.clock.now += 60_000;
  await h.sweep();
  const view = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
  expect(view.round.no).toBe(2);
  expect((await h.store.tableItem('t1')).lockId).toBeUndefined();
  const history = (await h.call('GET', '/history', { as: 'alice' })).body;
  expect(JSON.stringify(history)).toContain('bahar');
});
