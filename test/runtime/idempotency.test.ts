// Idempotency against DynamoDB Local: a repeated key returns the first response and moves money
// once, even when the repeats race the first request.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DynamoWallet, Idempotency, StoreError } from '../../lambdas/store/index.ts';
import { freshTable, type TestTable } from '../setup/dynamo.ts';

// Near the real clock: DynamoDB Local's TTL sweeper really deletes records whose `expiresAt` has passed.
const NOW = Date.now();
let table: TestTable;
let wallet: DynamoWallet;
let idem: Idempotency;

beforeAll(async () => {
  table = await freshTable('idem');
  wallet = new DynamoWallet(table.doc, table.tableName, 'real');
  idem = new Idempotency(table.doc, table.tableName, { ttlSeconds: 3600, claimSeconds: 30 });
});
afterAll(async () => table?.drop());

// A bet-like command: debit `amount`, answer with the new balance.
function debit(playerId: string, amount: number, calls: { n: number }) {
  return async () => {
    calls.n++;
    const current = await wallet.balance(playerId);
    const change = { wallet: current, amount: -amount, kind: 'bet', actor: playerId, at: NOW };
    return {
      response: { statusCode: 200, balance: wallet.applied(change).balance },
      items: wallet.changeItems(change),
    };
  };
}

describe('idempotency', () => {
  test('a repeat returns the first response and moves money once', async () => {
    await wallet.credit({ playerId: 'bo', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    const calls = { n: 0 };
    const first = await idem.run({ caller: 'bo', key: 'k1', now: NOW }, debit('bo', 100, calls));
    const again = await idem.run({ caller: 'bo', key: 'k1', now: NOW + 1000 }, debit('bo', 100, calls));
    expect(first).toEqual({ response: { statusCode: 200, balance: 900 }, replayed: false });
    expect(again).toEqual({ response: { statusCode: 200, balance: 900 }, replayed: true });
    expect(calls.n).toBe(1);
    expect((await wallet.balance('bo')).balance).toBe(900);
    expect(await wallet.ledger('bo')).toHaveLength(2);
  });

  test('20 concurrent requests with one key have one effect', async () => {
    await wallet.credit({ playerId: 'cy', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    const calls = { n: 0 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => idem.run({ caller: 'cy', key: 'same', now: NOW }, debit('cy', 100, calls))),
    );
    const applied = outcomes.filter((o) => o.status === 'fulfilled' && !o.value.replayed);
    expect(applied).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') expect(outcome.value.response).toEqual({ statusCode: 200, balance: 900 });
      else expect(outcome.reason).toMatchObject({ code: 'idempotency-in-progress' });
    }
    expect((await wallet.balance('cy')).balance).toBe(900);
    const ledger = await wallet.ledger('cy');
    expect(ledger.reduce((s, e) => s + e.amount, 0)).toBe(900);
  });

  test('keys are scoped per caller', async () => {
    await wallet.credit({ playerId: 'di', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    await wallet.credit({ playerId: 'ed', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    const calls = { n: 0 };
    await idem.run({ caller: 'di', key: 'shared', now: NOW }, debit('di', 10, calls));
    const other = await idem.run({ caller: 'ed', key: 'shared', now: NOW }, debit('ed', 10, calls));
    expect(other.replayed).toBe(false);
    expect(calls.n).toBe(2);
  });

  test('the same key with a different request is refused', async () => {
    const calls = { n: 0 };
    await wallet.credit({ playerId: 'fa', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    await idem.run({ caller: 'fa', key: 'k', now: NOW, fingerprint: 'bet:100' }, debit('fa', 100, calls));
    await expect(
      idem.run({ caller: 'fa', key: 'k', now: NOW, fingerprint: 'bet:500' }, debit('fa', 500, calls)),
    ).rejects.toMatchObject({
      code: 'idempotency-key-reused',
    });
    expect((await wallet.balance('fa')).balance).toBe(900);
  });

  test('a failed attempt releases the key so the retry runs afresh', async () => {
    await wallet.credit({ playerId: 'gi', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    const calls = { n: 0 };
    await expect(
      idem.run({ caller: 'gi', key: 'k', now: NOW }, async () => {
        throw new Error('handler crashed before writing');
      }),
    ).rejects.toThrow('handler crashed');
    const retried = await idem.run({ caller: 'gi', key: 'k', now: NOW }, debit('gi', 100, calls));
    expect(retried).toEqual({ response: { statusCode: 200, balance: 900 }, replayed: false });
  });

  test('an expired record no longer answers, and a claim that outlived its attempt can be taken over', async () => {
    await wallet.credit({ playerId: 'ho', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    const calls = { n: 0 };
    await idem.run({ caller: 'ho', key: 'old', now: NOW }, debit('ho', 100, calls));
    const later = await idem.run({ caller: 'ho', key: 'old', now: NOW + 3601_000 }, debit('ho', 100, calls));
    expect(later.replayed).toBe(false);

    // An attempt that died holding its claim: a retry after the claim window takes over, and the
    // dead attempt can no longer commit (its stored response is conditioned on the claim).
    const dead = await idem.begin({ caller: 'ho', key: 'died', now: NOW });
    if (dead.replayed) throw new Error('unexpected replay');
    await expect(idem.begin({ caller: 'ho', key: 'died', now: NOW + 1000 })).rejects.toBeInstanceOf(StoreError);
    const takeover = await idem.run({ caller: 'ho', key: 'died', now: NOW + 31_000 }, debit('ho', 100, calls));
    expect(takeover.replayed).toBe(false);
    await expect(idem.complete(dead.claim, { statusCode: 200 })).rejects.toMatchObject({ code: 'conflict' });
    expect((await wallet.balance('ho')).balance).toBe(700);
  });
});
