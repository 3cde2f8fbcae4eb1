// A practice session without an operator (R-EU-TABLE-1, table kind `solo`: one human with AI
// players): the player opens a solo table of their own and asks the house for practice points;
// nobody else may play at that table, and the sweep leaves it to its player. On a money pack only
// demo (play-for-fun) accounts get practice points.
import { afterAll, expect, test } from 'vitest';
import { type Harness, harness } from './harness.ts';

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

async function open(packId: string): Promise<Harness> {
  const h = await harness(packId, { seedLabel: 'practice' });
  opened.push(h);
  return h;
}

test('a player opens their own practice tables (three at most), again without error; nobody else opens, bets at or seats AI players on them; the sweep leaves them to their player', async () => {
  const h = await open('blackjack-eropa');
  const first = await h.call('POST', '/tables', { as: 'erik', body: { tableId: 'erik-1' } });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(first.body).toEqual({ tableId: 'erik-1', roundId: 'erik-1-r1', created: true });
  // Opening it again (another tab, a reload) answers with the table as it is.
  const again = await h.call('POST', '/tables', { as: 'erik', body: { tableId: 'erik-1' } });
  expect([again.status, again.body]).toEqual([200, { tableId: 'erik-1', roundId: 'erik-1-r1', created: false }]);
  const taken = await h.call('POST', '/tables', { as: 'bob', body: { tableId: 'erik-1' } });
  expect([taken.status, taken.body.code]).toEqual([409, 'table-exists']);
  expect(taken.body.message).toBe('table erik-1 already exists and is not yours; open a table under another id');

  for (const name of ['erik', 'bob'])
    expect((await h.call('POST', '/wallet/practice-points', { as: name })).status).toBe(200);
  // bob may not bet at erik's table, not even before erik sits; erik may.
  const bob = await h.call('POST', '/tables/erik-1/bets', {
    as: 'bob',
    body: { round: 'next', bet: 'main', seat: 3, amount: 100 },
  });
  expect([bob.status, bob.body.code]).toEqual([403, 'not-your-table']);
  expect(bob.body.message).toBe(
    "this solo table is erik's: one player plays at it, with AI players in the other seats; open a table of your own",
  );
  expect((await h.call('POST', '/tables/erik-1/ai', { as: 'bob', body: { level: 'easy', seat: 2 } })).body.code).toBe(
    'not-seated',
  );
  expect(
    (
      await h.call('POST', '/tables/erik-1/bets', {
        as: 'erik',
        body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
      })
    ).status,
  ).toBe(200);
  expect((await h.call('POST', '/tables/erik-1/ai', { as: 'erik', body: { level: 'easy', seat: 2 } })).status).toBe(
    200,
  );
  expect((await h.store.wallet.balance('bob')).balance).toBe(100_000); // bob's refused bet moved nothing

  // Three tables of one's own at most (each is read by every sweep); opening one again still works.
  for (const id of ['erik-2', 'erik-3'])
    expect((await h.call('POST', '/tables', { as: 'erik', body: { tableId: id } })).status).toBe(201);
  const fourth = await h.call('POST', '/tables', { as: 'erik', body: { tableId: 'erik-4' } });
  expect([fourth.status, fourth.body]).toEqual([
    409,
    {
      code: 'table-limit',
      message:
        'you have opened 3 tables of your own (erik-1, erik-2, erik-3), the most a player may; play at one of them',
    },
  ]);
  expect((await h.call('POST', '/tables', { as: 'erik', body: { tableId: 'erik-2' } })).body.created).toBe(false);
  expect((await h.call('GET', '/tables/erik-4', { as: 'erik' })).body.code).toBe('table-not-found');

  // The sweep never reads a player's practice tables: a round they walk away from is finished by
  // their next request, auto-played as of its deadline (R-BJ-AUTO-1).
  expect(await h.store.tableIds()).toEqual([]);
  expect((await h.call('POST', '/tables/erik-1/deal', { as: 'erik' })).status).toBe(200);
  h.clock.now += 10 * 60_000;
  expect(await h.sweep()).toEqual({ swept: [], failed: [] });
  expect((await h.store.round('erik-1-r1')).round.phase).toBe('turns');
  expect((await h.call('GET', '/tables/erik-1', { as: 'erik' })).body.round.id).toBe('erik-1-r2');
  const played = (await h.call('GET', '/rounds/erik-1-r1', { as: 'erik' })).body;
  expect(played.round.phase).toBe('settled');
  expect(
    played.steps
      .flatMap((s: { events: { type: string; auto?: boolean }[] }) => s.events)
      .some((e: { type: string; auto?: boolean }) => e.type === 'action' && e.auto),
  ).toBe(true);

  // Money tables stay the operator's to open.
  const mewah = await open('blackjack-mewah');
  const refused = await mewah.call('POST', '/tables', { as: 'erik', body: { tableId: 'm1' } });
  expect([refused.status, refused.body.message]).toEqual([403, 'this needs the operator role']);
});

test('practice points: topped up to 1000 minimum bets on request, in the ledger; not while held; never on a money pack', async () => {
  const h = await open('blackjack-eropa');
  const granted = await h.call('POST', '/wallet/practice-points', { as: 'pia' });
  expect([granted.status, granted.body]).toEqual([200, { player: 'pia', balance: 100_000, granted: 100_000 }]);
  const held = await h.call('POST', '/wallet/practice-points', { as: 'pia' });
  expect([held.status, held.body.code]).toEqual([422, 'practice-points-held']);
  expect(held.body.message).toBe(
    'you hold 1,000.00 PTS, at least the practice float of 1000 minimum bets; points are topped up when you hold fewer',
  );

  // After playing some away, the grant is the difference (the same key answers the same, once).
  await h.call('POST', '/tables', { as: 'pia', body: { tableId: 'pia-1' } });
  expect(
    (
      await h.call('POST', '/tables/pia-1/bets', {
        as: 'pia',
        body: { round: 'next', bet: 'main', seat: 1, amount: 2_500 },
      })
    ).status,
  ).toBe(200);
  const topped = await h.call('POST', '/wallet/practice-points', { as: 'pia', key: 'top-up-1' });
  expect(topped.body).toEqual({ player: 'pia', balance: 100_000, granted: 2_500 });
  expect((await h.call('POST', '/wallet/practice-points', { as: 'pia', key: 'top-up-1' })).body).toEqual(topped.body);
  const ledger = (await h.call('GET', '/wallet', { as: 'pia' })).body.ledger as {
    kind: string;
    amount: number;
    actor: string;
  }[];
  expect(ledger.filter((e) => e.kind === 'practice-grant').map((e) => [e.amount, e.actor])).toEqual([
    [2_500, 'house'],
    [100_000, 'house'],
  ]);

  expect((await h.call('POST', '/wallet/practice-points', { as: 'op', role: 'operator' })).status).toBe(403);
  const money = await open('andar-bahar');
  const refused = await money.call('POST', '/wallet/practice-points', { as: 'pia' });
  expect([refused.status, refused.body.code]).toEqual([422, 'not-practice']);
  expect(refused.body.message).toBe(
    'Andar Bahar plays for money (USD); practice points are for practice packs and demo accounts, and only an operator credits a money wallet',
  );
  expect((await money.store.wallet.balance('pia')).balance).toBe(0);
});

/** 1000 of mewah's minimum main bets (1.00 USD). */
const MEWAH_FLOAT = 1000 * 100;

test('a demo account on a money pack has practice points of its own: never the real wallet of its player, never staked at a real-money table', async () => {
  const h = await open('blackjack-mewah');
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  const deposit = await h.call('POST', '/wallets/dana/credit', {
    as: 'op',
    role: 'operator',
    body: { amount: 5_000, reason: 'deposit' },
  });
  expect(deposit.status).toBe(200);

  // Play money for the demo token, in its own wallet; the real wallet of the same player is untouched.
  const granted = await h.call('POST', '/wallet/practice-points', { as: 'dana', demo: true });
  expect([granted.status, granted.body]).toEqual([200, { player: 'dana', balance: MEWAH_FLOAT, granted: MEWAH_FLOAT }]);
  const demoWallet = (await h.call('GET', '/wallet', { as: 'dana', demo: true })).body;
  expect([demoWallet.wallet, demoWallet.balance]).toEqual(['practice', MEWAH_FLOAT]);
  expect(
    demoWallet.ledger.map((e: { kind: string; actor: string; reason: string }) => [e.kind, e.actor, e.reason]),
  ).toEqual([['practice-grant', 'house', 'play money for a demo account, on request']]);
  const realWallet = (await h.call('GET', '/wallet', { as: 'dana' })).body;
  expect([realWallet.wallet, realWallet.balance, realWallet.ledger.length]).toEqual(['real', 5_000, 1]);
  expect((await h.store.wallet.balance('dana')).balance).toBe(5_000);
  expect((await h.call('POST', '/wallet/practice-points', { as: 'dana', demo: true })).body.code).toBe(
    'practice-points-held',
  );
  const real = await h.call('POST', '/wallet/practice-points', { as: 'rui' });
  expect([real.status, real.body.code]).toEqual([422, 'not-practice']);

  // The demo token stakes nothing at a real-money table, on any route that would (R-MW-SEAT-1 is the
  // scenarios' at the engine: a demo account never sits, and bets behind only where stakes are points).
  expect(
    (
      await h.call('POST', '/tables/t1/bets', {
        as: 'rui',
        body: { round: 'next', bet: 'main', seat: 1, amount: 1_000 },
      })
    ).status,
  ).toBe(422); // rui has no money
  expect(
    (
      await h.call('POST', '/wallets/rui/credit', {
        as: 'op',
        role: 'operator',
        body: { amount: 100_000, reason: 'deposit' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await h.call('POST', '/tables/t1/bets', {
        as: 'rui',
        body: { round: 'next', bet: 'main', seat: 1, amount: 1_000 },
      })
    ).status,
  ).toBe(200);
  for (const [path, body] of [
    ['/tables/t1/bets', { round: 'next', bet: 'behind', seat: 1, amount: 1_000 }],
    ['/tables/t1/bets', { round: 'next', bet: 'main', seat: 2, amount: 1_000 }],
    ['/tables/t1/bet-slips', { round: 'next', bets: [{ bet: 'behind', seat: 1, amount: 1_000 }] }],
    ['/tables/t1/actions', { action: 'stand', seat: 1 }],
    ['/tables/t1/deal', undefined],
  ] as const) {
    const r = await h.call('POST', path, { as: 'dana', demo: true, body });
    expect([path, r.status, r.body.code]).toEqual([path, 403, 'demo-account']);
    expect(r.body.message).toBe(
      'a demo account plays for practice points, and this table plays for real money (USD): demo points are never staked here',
    );
  }
  // It sees the table as everyone does: no real wallet, no real bets, nothing to decide; no real history.
  const seen = (await h.call('GET', '/tables/t1', { as: 'dana', demo: true })).body;
  expect([seen.you, seen.bets, seen.legal]).toEqual([null, [], []]);
  expect((await h.call('GET', '/history', { as: 'dana', demo: true })).body.rounds).toEqual([]);
  // A demo operator token moves no money either.
  const credit = await h.call('POST', '/wallets/dana/credit', {
    as: 'op',
    role: 'operator',
    demo: true,
    body: { amount: 1, reason: 'x' },
  });
  expect([credit.status, credit.body.code]).toEqual([403, 'demo-account']);

  // The real account cannot stake the demo points: its bets come from its real 5,000 only.
  const over = await h.call('POST', '/tables/t1/bets', {
    as: 'dana',
    body: { round: 'next', bet: 'main', seat: 2, amount: 6_000 },
  });
  expect(over.status).toBe(422);
  const bet = await h.call('POST', '/tables/t1/bets', {
    as: 'dana',
    body: { round: 'next', bet: 'main', seat: 2, amount: 5_000 },
  });
  expect(bet.status, JSON.stringify(bet.body)).toBe(200);
  expect(bet.body.view.you.balance).toBe(0);
  expect((await h.call('GET', '/wallet', { as: 'dana', demo: true })).body.balance).toBe(MEWAH_FLOAT);
  expect((await h.call('GET', '/wallet', { as: 'dana' })).body.balance).toBe(0);
});

test('a session ends when the player asks (R-EU-END-1): DELETE /tables/{id} finishes the round in play by auto-play, closes the table, and frees one of their three own tables', async () => {
  const h = await open('blackjack-eropa');
  expect((await h.call('POST', '/wallet/practice-points', { as: 'eve' })).status).toBe(200);
  for (const id of ['eve-1', 'eve-2', 'eve-3'])
    expect((await h.call('POST', '/tables', { as: 'eve', body: { tableId: id } })).status).toBe(201);
  expect(
    (
      await h.call('POST', '/tables/eve-1/bets', {
        as: 'eve',
        body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
      })
    ).status,
  ).toBe(200);
  expect((await h.call('POST', '/tables/eve-1/deal', { as: 'eve' })).status).toBe(200);

  // Only the player who opened it ends it; an operator's table is paused instead.
  const other = await h.call('DELETE', '/tables/eve-1', { as: 'bob' });
  expect([other.status, other.body]).toEqual([
    403,
    { code: 'not-your-table', message: 'only the player who opened this table ends its session' },
  ]);
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 'house-1' } })).status).toBe(
    201,
  );
  expect((await h.call('DELETE', '/tables/house-1', { as: 'eve' })).body.code).toBe('not-your-table');

  const ended = await h.call('DELETE', '/tables/eve-1', { as: 'eve', key: 'end-1' });
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  expect(ended.body.view.ended).toBe(true);
  expect(ended.body.view.round).toMatchObject({ id: 'eve-1-r1', phase: 'settled' });
  const types = ended.body.events.map((e: { type: string }) => e.type);
  expect(types).toContain('round-settled');
  expect(types.at(-1)).toBe('session-ended');
  // The same key answers the same; the table refuses everything after, and is not reopened.
  expect((await h.call('DELETE', '/tables/eve-1', { as: 'eve', key: 'end-1' })).body).toEqual(ended.body);
  const again = await h.call('DELETE', '/tables/eve-1', { as: 'eve' });
  expect([again.status, again.body.code]).toEqual([422, 'session-ended']);
  expect(
    (
      await h.call('POST', '/tables/eve-1/bets', {
        as: 'eve',
        body: { round: 'next', bet: 'main', seat: 1, amount: 100 },
      })
    ).body.code,
  ).toBe('session-ended');
  h.clock.now += 10 * 60_000;
  const view = await h.call('GET', '/tables/eve-1', { as: 'eve' });
  expect([view.status, view.body.ended, view.body.round.id]).toEqual([200, true, 'eve-1-r1']);
  const reopen = await h.call('POST', '/tables', { as: 'eve', body: { tableId: 'eve-1' } });
  expect([reopen.status, reopen.body.message]).toEqual([
    409,
    'your session at table eve-1 has ended; open a table under another id',
  ]);

  // The round stays for recall, and a fourth table of her own may open now.
  const recalled = (await h.call('GET', '/rounds/eve-1-r1', { as: 'eve' })).body;
  expect(recalled.round.phase).toBe('settled');
  expect([...(await h.store.ownTables('eve'))].sort()).toEqual(['eve-2', 'eve-3']);
  expect((await h.call('POST', '/tables', { as: 'eve', body: { tableId: 'eve-4' } })).status).toBe(201);
});
