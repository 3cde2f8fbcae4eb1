// Operators' money actions: credits within the stage's per-call and per-day limits (422
// credit-limit above them, naming the limit, nothing written), every credit and void in the ledger
// with the operator as actor and their reason, and each one that committed counted for the
// metrics an alarm watches (OperatorCredits, OperatorCreditAmount, OperatorVoids).
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { stageConfig } from '../../infra/config.ts';
import { recordOperatorMoney } from '../../lambdas/handlers/metrics.ts';
import { creditLimitsFrom, type OperatorMoney } from '../../lambdas/handlers/operator-money.ts';
import { synthStacks, templateOf } from '../infra/synth.ts';
import { type Harness, harness } from './harness.ts';

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

const LIMITS = { perCall: 100_000, perDay: 250_000 };

async function open(): Promise<{ h: Harness; seen: OperatorMoney[] }> {
  const seen: OperatorMoney[] = [];
  const h = await harness('blackjack-mewah', { api: { creditLimits: LIMITS, onOperatorMoney: (m) => seen.push(m) } });
  opened.push(h);
  return { h, seen };
}

const credit = (h: Harness, player: string, amount: number, o: { as?: string; key?: string; reason?: string } = {}) =>
  h.call('POST', `/wallets/${player}/credit`, {
    as: o.as ?? 'op',
    role: 'operator',
    ...(o.key ? { key: o.key } : {}),
    body: { amount, reason: o.reason ?? 'deposit' },
  });

describe('operator credit limits', () => {
  test('a credit above the per-call limit is refused with the limit in the message, and writes nothing', async () => {
    const { h, seen } = await open();
    const r = await credit(h, 'alice', 100_001);
    expect([r.status, r.body.code]).toEqual([422, 'credit-limit']);
    expect(r.body.message).toBe(
      'a credit is at most 1,000.00 USD per call (the per-call limit); this one is 1,000.01 USD',
    );
    expect(await h.store.wallet.ledger('alice')).toEqual([]);
    expect((await credit(h, 'alice', 100_000)).status).toBe(200);
    expect(seen).toEqual([{ action: 'credit', amount: 100_000 }]);
  });

  test("an operator's credits of one UTC day stop at the per-day limit, even racing; another operator and the next day start afresh", async () => {
    const { h, seen } = await open();
    expect((await credit(h, 'alice', 100_000)).status).toBe(200);
    // Four more of 100,000 at once: only one fits under 250,000.
    const racing = await Promise.all(['b', 'c', 'd', 'e'].map((p) => credit(h, p, 100_000)));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    const refused = racing.find((r) => r.status === 422)!;
    expect(refused.body).toEqual({
      code: 'credit-limit',
      message:
        'an operator credits at most 2,500.00 USD a day (UTC; the per-day limit); you have credited 2,000.00 USD today, and this credit of 1,000.00 USD would pass it',
    });
    expect((await credit(h, 'alice', 50_000)).status).toBe(200);
    expect((await credit(h, 'alice', 1)).body.code).toBe('credit-limit');
    const total = async () =>
      (await Promise.all(['alice', 'b', 'c', 'd', 'e'].map((p) => h.store.wallet.balance(p)))).reduce(
        (s, w) => s + w.balance,
        0,
      );
    expect(await total()).toBe(250_000);
    // A replay of a committed credit is its first answer, not a second credit, and is not counted again.
    const once = await credit(h, 'alice', 1, { as: 'op2', key: 'k-1' });
    expect((await credit(h, 'alice', 1, { as: 'op2', key: 'k-1' })).body).toEqual(once.body);
    expect(seen.filter((m) => m.action === 'credit').map((m) => (m as { amount: number }).amount)).toEqual(
      expect.arrayContaining([100_000, 100_000, 50_000, 1]),
    );
    expect(seen).toHaveLength(4);
    h.clock.now += 24 * 3600_000;
    expect((await credit(h, 'alice', 100_000)).status).toBe(200);
  });

  test('every operator money action is in the ledger with actor and reason, and counted once', async () => {
    const { h, seen } = await open();
    for (const p of ['alice', 'bob'])
      expect((await credit(h, p, 50_000, { reason: `first deposit of ${p}` })).status).toBe(200);
    expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
    expect(
      (
        await h.call('POST', '/tables/t1/bets', {
          as: 'alice',
          body: { round: 't1-r1', bet: 'main', seat: 1, amount: 1000 },
        })
      ).status,
    ).toBe(200);
    const voided = await h.call('POST', '/rounds/t1-r1/void', {
      as: 'op',
      role: 'operator',
      key: 'void-1',
      body: { reason: 'dealer misdealt' },
    });
    expect(voided.status).toBe(200);
    expect(
      (
        await h.call('POST', '/rounds/t1-r1/void', {
          as: 'op',
          role: 'operator',
          key: 'void-1',
          body: { reason: 'dealer misdealt' },
        })
      ).body,
    ).toEqual(voided.body);
    const ledger = await h.store.wallet.ledger('alice');
    expect(ledger.map((e) => [e.kind, e.amount, e.actor, e.reason])).toEqual([
      ['operator-credit', 50_000, 'op', 'first deposit of alice'],
      ['bet', -1000, 'alice', 'bet main'],
      ['refund', 1000, 'op', 'returned main: round void: dealer misdealt'],
    ]);
    expect(seen).toEqual([
      { action: 'credit', amount: 50_000 },
      { action: 'credit', amount: 50_000 },
      { action: 'void' },
    ]);
  });
});

describe('where the limits and the metric come from', () => {
  afterEach(() => vi.restoreAllMocks());

  test('each stage has its limits in infra/config.ts, given to the API function by environment', () => {
    expect(stageConfig('prod', { jwtIssuer: 'https://login.operator.test/' }).operatorCredit).toEqual({
      perCall: 1_000_000,
      perDay: 10_000_000,
    });
    const functions = templateOf(synthStacks({ stage: 'dev', variants: 'andar-bahar' }), 'andar-bahar').findResources(
      'AWS::Lambda::Function',
    ) as Record<string, { Properties: { Description?: string; Environment: { Variables: Record<string, string> } } }>;
    const api = Object.values(functions).find((f) => f.Properties.Description?.endsWith('HTTP API'))!;
    expect(api.Properties.Environment.Variables).toMatchObject({
      CROUPIER_CREDIT_LIMIT_PER_CALL: '10000000',
      CROUPIER_CREDIT_LIMIT_PER_DAY: '100000000',
    });
    expect(creditLimitsFrom(api.Properties.Environment.Variables)).toEqual({
      perCall: 10_000_000,
      perDay: 100_000_000,
    });
    expect(creditLimitsFrom({})).toEqual({ perCall: 100_000_000, perDay: 10_000_000_000 });
    expect(() => creditLimitsFrom({ CROUPIER_CREDIT_LIMIT_PER_CALL: '12.5' })).toThrow(/not a whole number/);
  });

  test('a credit is published as OperatorCredits and OperatorCreditAmount (minor units), a void as OperatorVoids', () => {
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    recordOperatorMoney({ action: 'credit', amount: 12_345 });
    recordOperatorMoney({ action: 'void' });
    const [credited, voided] = spy.mock.calls
      .map((c) => String(c[0]))
      .filter((line) => line.includes('_aws'))
      .map((line) => JSON.parse(line));
    expect([credited.OperatorCredits, credited.OperatorCreditAmount]).toEqual([1, 12_345]);
    expect(voided.OperatorVoids).toBe(1);
  });
});
