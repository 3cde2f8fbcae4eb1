// A round always finishes under the pack version it started with (docs/operators.md): a round
// started under pack v1 and finished after the API switched to v2 (a deploy) settles under v1's
// payouts, loaded back from the store by its SHA-256; the next round opens under v2 on a new shoe.

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, test } from 'vitest';
import { apply, type Ctx, createTable, playerView } from '../../lambdas/engine/index.ts';
import { fromArtifact, type PackArtifact, toArtifact } from '../../lambdas/pack/artifact.ts';
import { canonicalJson, sha256 } from '../../lambdas/pack/compile.ts';
import { keys } from '../../lambdas/store/keys.ts';
import { callOn, EPOCH, type Harness, harness, packOf, type Running, seeds } from './harness.ts';

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

/** v2: blackjack-eropa as deployed now; v1: the same pack as it was, paying 2:1 on a win. */
function versions(): { v1: Running; v2: Running } {
  const current = packOf('blackjack-eropa');
  const v2 = { ...current, artifact: toArtifact(current.pack, current.charts) };
  const old = structuredClone(v2.artifact) as PackArtifact;
  old.resolved.version = '0.9.0';
  const main = old.resolved.spec.bets.find((b) => b.name === 'main')! as { payouts: Record<string, string> };
  main.payouts.win = '2:1';
  old.sha256 = sha256(canonicalJson(old.resolved));
  return { v1: { ...fromArtifact(old), artifact: old }, v2 };
}

/** Alice bets 1000 on seat 1, deals and stands: her balance after the round under a pack and a shoe seed. */
function pureRound(running: Running, label: string): number {
  const ctx: Ctx = {
    pack: running.pack,
    charts: running.charts,
    env: { now: EPOCH, newSeed: seeds(label) },
    events: [],
  };
  const state = createTable(ctx, 't1');
  apply(ctx, state, { type: 'join', player: 'alice', balance: 100_000 });
  apply(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
  apply(ctx, state, { type: 'deal' });
  for (let i = 0; i < 10 && playerView(ctx, state, 'alice').legal.length; i++)
    apply(ctx, state, { type: 'act', player: 'alice', action: 'stand', seat: 1 });
  return state.players.alice.balance;
}

test('a round started under v1 settles under v1 after the API switched to v2; the next round runs v2', async () => {
  const { v1, v2 } = versions();
  expect(v1.pack.sha256).not.toBe(v2.pack.sha256);
  // A shoe on which standing wins: v1 pays 2000 on it, v2 would pay 1000.
  const label = Array.from({ length: 200 }, (_, i) => `versions-${i}`).find((l) => pureRound(v1, l) === 102_000)!;
  expect(label).toBeDefined();
  expect(pureRound(v2, label)).toBe(101_000);

  const h = await harness('blackjack-eropa', { seedLabel: label, running: v1 });
  opened.push(h);
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  await h.call('POST', '/wallets/alice/credit', {
    as: 'op',
    role: 'operator',
    body: { amount: 100_000, reason: 'practice points' },
  });
  expect(
    (
      await h.call('POST', '/tables/t1/bets', {
        as: 'alice',
        body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
      })
    ).status,
  ).toBe(200);
  const dealt = await h.call('POST', '/tables/t1/deal', { as: 'alice' });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  expect(dealt.body.view.pack).toEqual({ id: 'blackjack-eropa', version: '0.9.0', sha256: v1.pack.sha256 });
  const roundId = dealt.body.view.round.id;

  // The deploy: a new process with v2 baked in; it has never seen v1 and reads it from the table.
  const deployed = h.api(undefined, v2);
  const call = (method: string, path: string, o = {}) => callOn(deployed, method, path, o);
  for (let i = 0; i < 10; i++) {
    const view = (await call('GET', '/tables/t1', { as: 'alice' })).body;
    if (view.round.id !== roundId) break;
    expect(view.pack.sha256).toBe(v1.pack.sha256);
    if (!view.legal.length) break;
    const r = await call('POST', '/tables/t1/actions', { as: 'alice', body: { action: 'stand', seat: 1 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const wallet = (await call('GET', '/wallet', { as: 'alice' })).body;
  expect(wallet.balance).toBe(102_000);
  expect(wallet.ledger.reduce((s: number, e: { amount: number }) => s + e.amount, 0)).toBe(102_000);
  const recalled = (await call('GET', `/rounds/${roundId}`, { as: 'alice' })).body;
  expect(recalled.pack).toEqual({ id: 'blackjack-eropa', version: '0.9.0', sha256: v1.pack.sha256 });
  expect(recalled.round.phase).toBe('settled');
  expect(recalled.bets[0].returned).toBe(3000);

  // The next round opens under v2, on a shoe of its own.
  const next = (await call('GET', '/tables/t1', { as: 'alice' })).body;
  expect(next.round.no).toBe(2);
  expect(next.pack).toEqual({ id: 'blackjack-eropa', version: v2.pack.version, sha256: v2.pack.sha256 });
  expect(next.round.shoeId).not.toBe(recalled.round.shoeId);
  expect(
    (
      await call('POST', '/tables/t1/bets', {
        as: 'alice',
        body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
      })
    ).status,
  ).toBe(200);
  const second = (await call('POST', '/tables/t1/deal', { as: 'alice' })).body.view.round.id;
  expect((await call('GET', `/rounds/${second}`, { as: 'alice' })).body.pack.sha256).toBe(v2.pack.sha256);

  // Both packs are stored once, content-addressed.
  for (const running of [v1, v2]) {
    const { Item } = await h.table.doc.send(
      new GetCommand({ TableName: h.table.tableName, Key: keys.pack(running.pack.sha256) }),
    );
    expect(JSON.parse(Item!.data as string)).toEqual(running.artifact);
  }
});

test('a pack in the table that does not match its hash is refused, never run', async () => {
  const { v1, v2 } = versions();
  const h = await harness('blackjack-eropa', { seedLabel: 'versions-tamper', running: v1 });
  opened.push(h);
  await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } });
  const tampered = structuredClone(v1.artifact!);
  (tampered.resolved.spec.bets[0] as { payouts: Record<string, string> }).payouts.win = '100:1';
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  await h.table.doc.send(
    new PutCommand({
      TableName: h.table.tableName,
      Item: { ...keys.pack(v1.pack.sha256), type: 'pack', data: JSON.stringify(tampered) },
    }),
  );
  const r = await callOn(h.api(undefined, v2), 'GET', '/tables/t1', { as: 'alice' });
  expect(r.status).toBe(500);
});
