// Idempotency against DynamoDB Local: a repeated key returns the first response and moves money
// once, even when the repeats race the first request: a repeat in flight waits for the first
// answer (bounded), a claim is a lease its live holder renews, and a dead holder's claim is taken
// over once it lapses without the late holder ever committing.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DynamoWallet, Idempotency } from '../../lambdas/store/index.ts';
import { freshTable, type TestTable } from '../setup/dynamo.ts';

// Near the real clock: DynamoDB Local's TTL sweeper really deletes records whose `expiresAt` has passed.
const NOW = Date.now();
let table: TestTable;
let wallet: DynamoWallet;
let idem: Idempotency;

beforeAll(async () => {
  table = await freshTable('idem');
  wallet = new DynamoWallet(table.doc, table.tableName, 'real');
  idem = new Idempotency(table.doc, table.tableName, { ttlSeconds: 3600 });
});
afterAll(async () => table?.drop());

// A bet-like command: debit `amount`, answer with the new balance; `hold` keeps it in flight first.
function debit(playerId: string, amount: number, calls: { n: number }, hold?: Promise<unknown>) {
  return async () => {
    calls.n++;
    await hold;
    const current = await wallet.balance(playerId);
    const change = { wallet: current, amount: -amount, kind: 'bet', actor: playerId, at: NOW };
    return {
      response: { statusCode: 200, balance: wallet.applied(change).balance },
      items: wallet.changeItems(change),
    };
  };
}

async function funded(playerId: string): Promise<void> {
  await wallet.credit({ playerId, amount: 1000, actor: 'op', reason: 'seed', at: NOW });
}

describe('idempotency', () => {
  test('a repeat returns the first response and moves money once', async () => {
    await funded('bo');
    const calls = { n: 0 };
    const first = await idem.run({ caller: 'bo', key: 'k1', now: NOW }, debit('bo', 100, calls));
    const again = await idem.run({ caller: 'bo', key: 'k1', now: NOW + 1000 }, debit('bo', 100, calls));
    expect(first).toEqual({ response: { statusCode: 200, balance: 900 }, replayed: false });
    expect(again).toEqual({ response: { statusCode: 200, balance: 900 }, replayed: true });
    expect(calls.n).toBe(1);
    expect((await wallet.balance('bo')).balance).toBe(900);
    expect(await wallet.ledger('bo')).toHaveLength(2);
  });

  test('20 concurrent requests with one key: the first runs, the 19 others wait for its answer; one debit', async () => {
    await funded('cy');
    const calls = { n: 0 };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        idem.run({ caller: 'cy', key: 'same', now: NOW }, debit('cy', 100, calls, delay(100))),
      ),
    );
    expect(calls.n).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    for (const o of outcomes) expect(o.response).toEqual({ statusCode: 200, balance: 900 });
    expect((await wallet.balance('cy')).balance).toBe(900);
    expect((await wallet.ledger('cy')).reduce((s, e) => s + e.amount, 0)).toBe(900);
  });

  test('a repeat waits a bounded time: past it, 409 idempotency-in-progress saying when to retry', async () => {
    await funded('du');
    const quick = new Idempotency(table.doc, table.tableName, { ttlSeconds: 3600, waitMs: 150 });
    let release!: () => void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    const calls = { n: 0 };
    const first = quick.run({ caller: 'du', key: 'slow', now: NOW }, debit('du', 100, calls, held));
    await delay(50);
    const refused = await quick
      .run({ caller: 'du', key: 'slow', now: NOW }, debit('du', 100, calls))
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'idempotency-in-progress', retryAfterSeconds: expect.any(Number) });
    release();
    expect((await first).response).toEqual({ statusCode: 200, balance: 900 });
    expect(calls.n).toBe(1);
  });

  test('keys are scoped per caller', async () => {
    await funded('di');
    await funded('ed');
    const calls = { n: 0 };
    await idem.run({ caller: 'di', key: 'shared', now: NOW }, debit('di', 10, calls));
    const other = await idem.run({ caller: 'ed', key: 'shared', now: NOW }, debit('ed', 10, calls));
    expect(other.replayed).toBe(false);
    expect(calls.n).toBe(2);
  });

  test('the same key with a different request is refused', async () => {
    const calls = { n: 0 };
    await funded('fa');
    await idem.run({ caller: 'fa', key: 'k', now: NOW, fingerprint: 'bet:100' }, debit('fa', 100, calls));
    await expect(
      idem.run({ caller: 'fa', key: 'k', now: NOW, fingerprint: 'bet:500' }, debit('fa', 500, calls)),
    ).rejects.toMatchObject({
      code: 'idempotency-key-reused',
    });
    expect((await wallet.balance('fa')).balance).toBe(900);
  });

  test('a failed attempt releases the key so the retry runs afresh', async () => {
    await funded('gi');
    const calls = { n: 0 };
    await expect(
      idem.run({ caller: 'gi', key: 'k', now: NOW }, async () => {
        throw new Error('handler crashed before writing');
      }),
    ).rejects.toThrow('handler crashed');
    const retried = await idem.run({ caller: 'gi', key: 'k', now: NOW }, debit('gi', 100, calls));
    expect(retried).toEqual({ response: { statusCode: 200, balance: 900 }, replayed: false });
  });

  test('a live holder renews its claim: a repeat waits for its answer instead of taking it over', async () => {
    await funded('ji');
    // A lease of 300 ms, renewed every 100 ms, on a command that takes 900 ms.
    const short = new Idempotency(table.doc, table.tableName, { ttlSeconds: 3600, leaseMs: 300 });
    const calls = { n: 0 };
    const first = short.run({ caller: 'ji', key: 'long', now: NOW }, debit('ji', 100, calls, delay(900)));
    await delay(450);
    const again = await short.run({ caller: 'ji', key: 'long', now: NOW }, debit('ji', 100, calls));
    expect(again).toEqual({ response: { statusCode: 200, balance: 900 }, replayed: true });
    expect((await first).replayed).toBe(false);
    expect(calls.n).toBe(1);
    expect((await wallet.balance('ji')).balance).toBe(900);
  });

  test('an expired record no longer answers; a claim whose holder died is taken over once its lease lapses, and the dead holder can no longer commit', async () => {
    await funded('ho');
    const clock = { now: NOW };
    const timed = new Idempotency(table.doc, table.tableName, {
      ttlSeconds: 3600,
      leaseMs: 3000,
      waitMs: 100,
      clock: () => clock.now,
    });
    const calls = { n: 0 };
    await timed.run({ caller: 'ho', key: 'old', now: NOW }, debit('ho', 100, calls));
    clock.now = NOW + 3601_000;
    const later = await timed.run({ caller: 'ho', key: 'old', now: clock.now }, debit('ho', 100, calls));
    expect(later.replayed).toBe(false);

    // An attempt that died holding its claim (claimed, never renewed): within its lease a repeat
    // waits and is told to retry; once the lease lapsed the repeat takes over, and the dead
    // attempt can no longer commit (its stored response is conditioned on the claim).
    const dead = await timed.begin({ caller: 'ho', key: 'died', now: clock.now });
    if (dead.replayed) throw new Error('unexpected replay');
    clock.now += 1000;
    await expect(timed.begin({ caller: 'ho', key: 'died', now: clock.now })).rejects.toMatchObject({
      code: 'idempotency-in-progress',
      retryAfterSeconds: 2,
    });
    clock.now += 2001;
    const takeover = await timed.run({ caller: 'ho', key: 'died', now: clock.now }, debit('ho', 100, calls));
    expect(takeover.replayed).toBe(false);
    await expect(timed.complete(dead.claim, { statusCode: 200 })).rejects.toMatchObject({ code: 'conflict' });
    expect((await wallet.balance('ho')).balance).toBe(700);
  });
});
