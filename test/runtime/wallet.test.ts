// The wallet against DynamoDB Local: money moves only in version-conditioned transactions, and
// the ledger always sums to the balance.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConflictError, commit, DynamoWallet, retryOnConflict, StoreError } from '../../lambdas/store/index.ts';
import { freshTable, type TestTable } from '../setup/dynamo.ts';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
let table: TestTable;
let wallet: DynamoWallet;

beforeAll(async () => {
  table = await freshTable('wallet');
  wallet = new DynamoWallet(table.doc, table.tableName, 'real');
});
afterAll(async () => table?.drop());

async function ledgerSum(playerId: string) {
  return (await wallet.ledger(playerId)).reduce((sum, entry) => sum + entry.amount, 0);
}

describe('wallet', () => {
  test('a wallet never written has balance 0 at version 0', async () => {
    expect(await wallet.balance('nobody')).toEqual({ playerId: 'nobody', balance: 0, version: 0 });
  });

  test('an operator credit records actor and reason in the ledger', async () => {
    const { wallet: after, entry } = await wallet.credit({
      playerId: 'ann',
      amount: 5000,
      actor: 'op-1',
      reason: 'welcome',
      at: NOW,
    });
    expect(after).toEqual({ playerId: 'ann', balance: 5000, version: 1 });
    expect(entry).toMatchObject({
      seq: 1,
      amount: 5000,
      balanceAfter: 5000,
      kind: 'operator-credit',
      actor: 'op-1',
      reason: 'welcome',
    });
    expect(await wallet.ledger('ann')).toEqual([entry]);
  });

  test('credit and debit of two wallets commit in one transaction with version conditions', async () => {
    await wallet.credit({ playerId: 'payer', amount: 1000, actor: 'op', reason: 'seed', at: NOW });
    const payer = await wallet.balance('payer');
    const payee = await wallet.balance('payee');
    await commit(table.doc, [
      ...wallet.changeItems({ wallet: payer, amount: -300, kind: 'transfer', actor: 'payer', ref: 't1', at: NOW }),
      ...wallet.changeItems({ wallet: payee, amount: 300, kind: 'transfer', actor: 'payer', ref: 't1', at: NOW }),
    ]);
    expect(await wallet.balance('payer')).toEqual({ playerId: 'payer', balance: 700, version: 2 });
    expect(await wallet.balance('payee')).toEqual({ playerId: 'payee', balance: 300, version: 1 });

    // The same plan again is stale: both versions moved on, so nothing is written.
    const stale = [
      ...wallet.changeItems({ wallet: payer, amount: -300, kind: 'transfer', actor: 'payer', at: NOW }),
      ...wallet.changeItems({ wallet: payee, amount: 300, kind: 'transfer', actor: 'payer', at: NOW }),
    ];
    const error = await commit(table.doc, stale).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).failedItems).toContain(0);
    expect((await wallet.balance('payer')).balance).toBe(700);
    expect(await ledgerSum('payer')).toBe(700);
    expect(await ledgerSum('payee')).toBe(300);
  });

  test('20 concurrent debits with version conditions and retry leave the exact balance', async () => {
    await wallet.credit({ playerId: 'busy', amount: 10_000, actor: 'op', reason: 'seed', at: NOW });
    const debits = Array.from({ length: 20 }, (_, i) => 100 + i); // 100..119, sum 2190
    await Promise.all(
      debits.map((amount, i) =>
        retryOnConflict(async () => {
          const current = await wallet.balance('busy');
          await commit(
            table.doc,
            wallet.changeItems({ wallet: current, amount: -amount, kind: 'bet', actor: 'busy', ref: `r${i}`, at: NOW }),
          );
        }),
      ),
    );
    const final = await wallet.balance('busy');
    expect(final.balance).toBe(10_000 - 2190);
    expect(final.version).toBe(21);
    const entries = await wallet.ledger('busy');
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(await ledgerSum('busy')).toBe(final.balance);
    expect(entries.at(-1)!.balanceAfter).toBe(final.balance);
  });

  test('a debit larger than the balance is refused before anything is written', async () => {
    await wallet.credit({ playerId: 'poor', amount: 50, actor: 'op', reason: 'seed', at: NOW });
    const current = await wallet.balance('poor');
    expect(() => wallet.changeItems({ wallet: current, amount: -51, kind: 'bet', actor: 'poor', at: NOW })).toThrow(
      expect.objectContaining({ code: 'insufficient-funds' }),
    );
  });

  test.each([12.5, Number.NaN, 2 ** 53, -0.01])('amount %s is not minor units and is rejected', async (amount) => {
    const current = await wallet.balance('ann');
    expect(() => wallet.changeItems({ wallet: current, amount, kind: 'bet', actor: 'ann', at: NOW })).toThrow(
      StoreError,
    );
    await expect(wallet.credit({ playerId: 'ann', amount, actor: 'op', reason: 'x', at: NOW })).rejects.toMatchObject({
      code: 'invalid-amount',
    });
  });

  test('an operator credit must be positive and have a reason', async () => {
    await expect(
      wallet.credit({ playerId: 'ann', amount: 0, actor: 'op', reason: 'x', at: NOW }),
    ).rejects.toMatchObject({ code: 'invalid-amount' });
    await expect(
      wallet.credit({ playerId: 'ann', amount: 10, actor: 'op', reason: ' ', at: NOW }),
    ).rejects.toMatchObject({ code: 'invalid-input' });
  });
});
