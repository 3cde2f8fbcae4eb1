// R-BJ-OFFER-1 through the API on DynamoDB Local: the legal moves offer double and split only when
// the wallet covers another stake; one sent anyway takes the pack's short-balance fallback (a hit at
// blackjack-mewah), as the scenario files also show.
import { afterAll, expect, test } from 'vitest';
import { type Harness, harness } from './harness.ts';

const hs: Harness[] = [];
afterAll(async () => Promise.all(hs.map((h) => h.table.drop())));

const op = { as: 'op', role: 'operator' as const };

test('R-BJ-OFFER-1: an uncovered double or split is not offered, and one sent anyway takes the fallback; a covered one is offered', async () => {
  const h = await harness('blackjack-mewah', { seedLabel: 'offers' });
  hs.push(h);
  await h.call('POST', '/tables', { ...op, body: { tableId: 't1' } });
  for (const [p, amount] of [
    ['alice', 1500],
    ['bob', 100_000],
  ] as const)
    await h.call('POST', `/wallets/${p}/credit`, { ...op, body: { amount, reason: 'test' } });
  await h.call('POST', '/tables/t1/bets', { as: 'bob', body: { round: 'next', bet: 'main', seat: 1, amount: 1000 } });
  await h.call('POST', '/tables/t1/bets', { as: 'alice', body: { round: 'next', bet: 'main', seat: 2, amount: 1000 } });
  await h.call('POST', '/tables/t1/deal', op);

  const legal = async (p: string) =>
    ((await h.call('GET', '/tables/t1', { as: p })).body.legal as { action: string }[]).map((m) => m.action);
  // bob (seat 1) plays first and can pay for a double.
  expect((await h.call('GET', '/tables/t1', { as: 'bob' })).body.round.phase).toBe('turns');
  expect(await legal('bob')).toContain('double');
  await h.call('POST', '/tables/t1/actions', { as: 'bob', body: { action: 'stand', seat: 1 } });

  // alice (seat 2) holds 500 against a 1000 stake.
  const moves = await legal('alice');
  expect(moves).toEqual(expect.arrayContaining(['hit', 'stand']));
  expect(moves).not.toContain('double');
  expect(moves).not.toContain('split');
  const pressed = await h.call('POST', '/tables/t1/actions', { as: 'alice', body: { action: 'double', seat: 2 } });
  expect(pressed.status, JSON.stringify(pressed.body)).toBe(200);
  // No second stake was taken: the double was played as a hit (R-MW-DOUBLE-1).
  expect((await h.call('GET', '/wallet', { as: 'alice' })).body.balance).toBe(500);
  expect(JSON.stringify(pressed.body)).toContain('balance too short to double');
});
