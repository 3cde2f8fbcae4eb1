import { afterAll, describe, expect, test } from 'vitest';
import { signToken } from '../../lambdas/auth/index.ts';
import type { TableView } from '../../lambdas/projection/index.ts';
import { newerWallet, type Wallet, withWallet } from '../../web/src/wallet.ts';
import { fanOutChange, type Harness, harness, pushRig, subscribeSocket } from './harness.ts';

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

/** The pack's socket routes and fan-out over the harness's table; what they post is held until taken. */
function pushFor(h: Harness, packId: string) {
  const { key, posted: held, socket, fanout } = pushRig(h, packId);
  return {
    /** Connects as `sub` and subscribes: the snapshot is read now, its message held. */
    async subscribe(tableId: string, sub: string): Promise<string> {
      const connectionId = `c-${sub}`;
      held.set(connectionId, []);
      const token = signToken({ sub, role: 'player' }, { key });
      await subscribeSocket(socket, connectionId, token, tableId);
      return connectionId;
    },
    /** What the stream tells the fan-out after a player's command. */
    async changed(tableId: string, players: readonly string[]): Promise<void> {
      await fanOutChange(h, fanout, tableId, players);
    },
    /** The table views held for a connection, delivered now. */
    deliver(connectionId: string): TableView[] {
      return held
        .get(connectionId)!
        .splice(0)
        .map((raw) => JSON.parse(raw) as { type: string; view?: TableView })
        .flatMap((m) => (m.type === 'table' && m.view ? [m.view] : []));
    },
  };
}

const PACKS = [
  {
    pack: 'blackjack-mewah',
    first: { bet: 'main', seat: 1, amount: 1000 },
    second: { bet: 'main', seat: 2, amount: 1000 },
  },
  { pack: 'blackjack-tanpa-batas', first: { bet: 'main', amount: 1000 }, second: { bet: 'pair', amount: 1000 } },
];

describe.each(PACKS)('$pack: a push snapshot read before a credit, delivered after it', ({ pack, first, second }) => {
  test('the balance shown stays the newest: the wallet versions say which is', async () => {
    const h = await harness(pack);
    opened.push(h);
    const push = pushFor(h, pack);
    const credit = (amount: number) =>
      h.call('POST', '/wallets/ana/credit', { as: 'op', role: 'operator', body: { amount, reason: 'push race' } });
    const bet = async (body: object) => {
      const r = await h.call('POST', '/tables/t1/bets', { as: 'ana', body: { round: 't1-r1', ...body } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.view as TableView;
    };
    expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
    expect((await credit(100_000)).status).toBe(200);
    const answered = await bet(first);

    // The snapshot is read now (ana at 99,000.00); the credit, her view and her next bet come before it arrives.
    const connection = await push.subscribe('t1', 'ana');
    expect((await credit(50_000)).status).toBe(200);
    const read = (await h.call('GET', '/tables/t1', { as: 'ana' })).body as TableView;
    const late = push.deliver(connection);
    expect(late).toHaveLength(1);
    const snapshot = late[0]!;
    expect([snapshot.you?.balance, read.you?.balance]).toEqual([99_000, 149_000]);
    expect(snapshot.you!.walletVersion).toBeLessThan(read.you!.walletVersion);

    // What the page does with each view in the order they came.
    let wallet: Wallet | null = null;
    const shown = (v: TableView) => {
      wallet = newerWallet(wallet, v);
      return withWallet(v, wallet).you?.balance;
    };
    expect([answered, read, snapshot].map(shown)).toEqual([99_000, 149_000, 149_000]);

    // A later command's answer and its push carry the same version, and the same balance.
    const later = await bet(second);
    await push.changed('t1', ['ana']);
    const pushed = push.deliver(connection);
    expect(pushed.map((v) => v.you?.walletVersion)).toEqual([later.you!.walletVersion]);
    expect([later, ...pushed].map(shown)).toEqual([148_000, 148_000]);

    // Every balance seen is the wallet's at the version named: the ledger entry of that number says so.
    const ledger = await h.store.wallet.ledger('ana');
    for (const v of [answered, read, snapshot, later, ...pushed])
      expect(ledger[v.you!.walletVersion - 1]?.balanceAfter).toBe(v.you!.balance);
    const now = await h.store.wallet.balance('ana');
    expect(wallet).toEqual({ balance: now.balance, version: now.version });
  });
});
