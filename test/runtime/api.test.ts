// The API under load and abuse, on DynamoDB Local: repeated idempotency keys, racing bets,
// operator void, fuzzed and malformed bodies, authorization, and what responses never contain.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatCard } from '../../lambdas/core/cards.ts';
import { repeatBets } from '../../web/src/controls.ts';
import { type Call, type Harness, harness } from './harness.ts';

const hs: Harness[] = [];
afterAll(async () => Promise.all(hs.map((h) => h.table.drop())));

async function table(pack: string, players: string[], credit = 100_000): Promise<Harness> {
  const h = await harness(pack);
  hs.push(h);
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  for (const p of players)
    await h.call('POST', `/wallets/${p}/credit`, {
      as: 'op',
      role: 'operator',
      body: { amount: credit, reason: 'test' },
    });
  return h;
}

const balanceOf = async (h: Harness, p: string) => (await h.call('GET', '/wallet', { as: p })).body.balance as number;

describe('idempotency and races', () => {
  test('20 concurrent identical requests with one idempotency key: 20 identical 200s, byte for byte, and one debit', async () => {
    const h = await table('blackjack-mewah', ['alice']);
    const calls = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.call('POST', '/tables/t1/bets', {
          as: 'alice',
          key: 'same-key',
          body: { round: 't1-r1', bet: 'main', seat: 1, amount: 1000 },
        }),
      ),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(20).fill(200));
    expect(new Set(calls.map((c) => c.raw)).size).toBe(1);
    expect(await balanceOf(h, 'alice')).toBe(99_000);
    const ledger = (await h.call('GET', '/wallet', { as: 'alice' })).body.ledger as { kind: string }[];
    expect(ledger.map((e) => e.kind)).toEqual(['bet', 'operator-credit']);
    const again = await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      key: 'same-key',
      body: { round: 't1-r1', bet: 'main', seat: 1, amount: 1000 },
    });
    expect(again.raw).toBe(calls[0]!.raw);
    expect(await balanceOf(h, 'alice')).toBe(99_000);
  });

  test('20 concurrent different bets on one seated round: each applied once or cleanly refused, money conserved', async () => {
    const players = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const h = await table('blackjack-mewah', players, 10_000);
    const calls = await Promise.all(
      players.map((p, i) =>
        h.call('POST', '/tables/t1/bets', {
          as: p,
          body: { round: 'next', bet: 'main', seat: (i % 7) + 1, amount: 500 },
        }),
      ),
    );
    // A seat another player took first is theirs (403), as the state says when the loser reloads.
    for (const c of calls) expect([200, 403, 409, 422]).toContain(c.status);
    const view = (await h.call('GET', '/tables/t1', { as: 'op', role: 'operator' })).body;
    const staked = view.bets.reduce((s: number, b: any) => s + b.staked, 0);
    const balances = await Promise.all(players.map((p) => balanceOf(h, p)));
    expect(balances.reduce((a, b) => a + b, 0) + staked).toBe(20 * 10_000);
    for (const [i, p] of players.entries()) {
      const mine = view.bets.filter((b: any) => b.player === p);
      expect(mine.length).toBe(calls[i]!.status === 200 ? 1 : 0);
      expect(balances[i]).toBe(10_000 - (mine[0]?.staked ?? 0));
    }
  });

  test('20 concurrent bets on one common-draw round all land, each on its own item', async () => {
    const players = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const h = await table('blackjack-tanpa-batas', players, 10_000);
    const calls = await Promise.all(
      players.map((p) =>
        h.call('POST', '/tables/t1/bets', { as: p, body: { round: 'next', bet: 'main', amount: 300 } }),
      ),
    );
    for (const c of calls) expect(c.status, JSON.stringify(c.body)).toBe(200);
    const view = (await h.call('GET', '/tables/t1', { as: 'op', role: 'operator' })).body;
    expect(view.bets).toHaveLength(20);
    for (const p of players) expect(await balanceOf(h, p)).toBe(9_700);
  });
});

/** The operator deals round `no`; `player` stands on every hand and declines every offer until the next round opens. */
async function dealAndFinish(h: Harness, player: string, no: number): Promise<void> {
  expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
  for (let i = 0; i < 40; i++) {
    const view = (await h.call('GET', '/tables/t1', { as: player })).body;
    if (view.round.no > no) return;
    const move = view.legal[0];
    if (!move) h.clock.now = (view.round.deadline ?? h.clock.now) + 1;
    else
      await h.call('POST', '/tables/t1/actions', {
        as: player,
        body:
          move.action === 'insurance' || move.action.startsWith('follow')
            ? { action: move.action, seat: move.seat, accept: false }
            : { action: 'stand', seat: move.seat },
      });
  }
  throw new Error(`round ${no} did not finish`);
}

describe('late actions', () => {
  test('an action for a round that finished while it was on its way is refused, never applied to the next round', async () => {
    const h = await table('blackjack-mewah', ['alice']);
    const viewOf = async () => (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
    // Round 1 is dealt, alice does not act in time: the clock plays her hand out and round 2 opens.
    await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
    });
    expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
    for (let i = 0; i < 10 && (await viewOf()).round.no === 1; i++)
      h.clock.now = ((await viewOf()).round.deadline ?? h.clock.now) + 1;
    // Rounds are dealt until one waits for alice's decision, so a late Hit would have a hand to land on.
    let view = await viewOf();
    for (let i = 0; i < 20 && !view.legal.some((m: { action: string }) => m.action === 'hit'); i++) {
      if (view.round.phase !== 'betting') await dealAndFinish(h, 'alice', view.round.no);
      view = await viewOf();
      await h.call('POST', '/tables/t1/bets', {
        as: 'alice',
        body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
      });
      expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
      view = await viewOf();
    }
    expect(view.round.no).toBeGreaterThan(1);
    expect(view.legal.some((m: { action: string }) => m.action === 'hit')).toBe(true);
    const balance = await balanceOf(h, 'alice');
    // A Hit clicked on round 1.
    const late = await h.call('POST', '/tables/t1/actions', {
      as: 'alice',
      body: { action: 'hit', seat: 1, round: 1 },
    });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('round-finished');
    expect(late.body.message).toContain(`round 1 is finished; the table is on round ${view.round.no}`);
    const after = await viewOf();
    expect(after.seats).toEqual(view.seats);
    expect(after.round).toEqual(view.round);
    expect(await balanceOf(h, 'alice')).toBe(balance);
    // A round not yet open is named as such; the round on the table takes the action.
    expect(
      (
        await h.call('POST', '/tables/t1/actions', {
          as: 'alice',
          body: { action: 'stand', seat: 1, round: view.round.no + 1 },
        })
      ).body.code,
    ).toBe('round-not-started');
    expect(
      (
        await h.call('POST', '/tables/t1/actions', {
          as: 'alice',
          body: { action: 'stand', seat: 1, round: view.round.no },
        })
      ).status,
    ).toBe(200);
  });
});

describe('late bets', () => {
  test('a bet names its round: once that round stops taking bets it is refused (betting-closed), never carried into the next round; "next" takes whichever round is open', async () => {
    const h = await table('andar-bahar', ['alice', 'bob']);
    const seen = (await h.call('GET', '/tables/t1', { as: 'alice' })).body.round;
    expect([seen.id, seen.phase]).toEqual(['t1-r1', 'betting']);
    expect(
      (await h.call('POST', '/tables/t1/bets', { as: 'bob', body: { round: 't1-r1', bet: 'bahar', amount: 500 } }))
        .status,
    ).toBe(200);
    // Alice's bet is on its way while the betting countdown ends: the round deals, settles, and round 2 opens.
    h.clock.now = seen.deadline + 1;
    const late = await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 't1-r1', bet: 'andar', amount: 1000 },
    });
    expect([late.status, late.body.code]).toEqual([422, 'betting-closed']);
    expect(late.body.message).toBe(
      'round t1-r1 takes no more bets: the table is on round t1-r2 (betting); name that round to bet on it, or "next"',
    );
    expect(await balanceOf(h, 'alice')).toBe(100_000);
    const r2 = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
    expect([r2.round.id, r2.bets]).toEqual(['t1-r2', []]);
    // The same slip for the open round, or for "next", is placed there.
    const slip = await h.call('POST', '/tables/t1/bet-slips', {
      as: 'alice',
      body: { round: 't1-r1', bets: [{ bet: 'andar', amount: 1000 }] },
    });
    expect(slip.body.code).toBe('betting-closed');
    const placed = await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'andar', amount: 1000 },
    });
    expect([placed.status, placed.body.view.round.id]).toEqual([200, 't1-r2']);
    // A round that is dealt takes no bets either, whoever names it.
    expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
    const after = (await h.call('GET', '/tables/t1', { as: 'alice' })).body.round.id;
    const dealt = await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 't1-r2', bet: 'andar', amount: 1000 },
    });
    expect([dealt.status, dealt.body.code]).toEqual([422, 'betting-closed']);
    expect(after).toBe('t1-r3');
    expect(await balanceOf(h, 'alice')).toBe(
      100_000 - 1000 + (await h.call('GET', '/rounds/t1-r2', { as: 'alice' })).body.bets[0].returned,
    );
    const bad = await h.call('POST', '/tables/t1/bets', { as: 'alice', body: { bet: 'andar', amount: 1000 } });
    expect([bad.status, bad.body.message]).toEqual([400, "body: must have required property 'round'"]);
  });
});

describe('seats across rounds', () => {
  test('a player who sat in a round and bets nothing in the next keeps the seat for it and loses it at the round after (R-MW-SEAT-4)', async () => {
    const h = await table('blackjack-mewah', ['alice', 'bob']);
    const seatsOf = async (p: string) => (await h.call('GET', '/tables/t1', { as: p })).body.you.seats;
    expect(
      (
        await h.call('POST', '/tables/t1/bets', {
          as: 'alice',
          body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
        })
      ).status,
    ).toBe(200);
    await dealAndFinish(h, 'alice', 1);
    expect(await seatsOf('alice')).toEqual([1]);
    // The recall lists the round's steps in the order they happened, though the test clock stood still.
    const steps = (await h.call('GET', '/rounds/t1-r1', { as: 'op', role: 'operator' })).body.steps as {
      commands: { command: { type: string } }[];
    }[];
    expect(steps.map((x) => x.commands.map((c) => c.command.type).join('+'))).toEqual(['', 'join+bet', 'deal', 'act']);
    // Round 2: only bob bets; alice's seat is still hers, so bob cannot take it.
    const taken = await h.call('POST', '/tables/t1/bets', {
      as: 'bob',
      body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
    });
    expect([taken.status, taken.body.code]).toEqual([403, 'not-your-seat']);
    expect(
      (
        await h.call('POST', '/tables/t1/bets', {
          as: 'bob',
          body: { round: 'next', bet: 'main', seat: 3, amount: 1000 },
        })
      ).status,
    ).toBe(200);
    await dealAndFinish(h, 'bob', 2);
    expect(await seatsOf('alice')).toEqual([]);
    expect(await seatsOf('bob')).toEqual([3]);
  });
});

describe('bet slips', () => {
  test('a slip places its bets in one request, all or none', async () => {
    const h = await table('andar-bahar', ['alice']);
    const slip = [
      { bet: 'andar', amount: 1000 },
      { bet: 'bahar', amount: 500, mode: 'no-commission' },
      { bet: 'first-3', amount: 200 },
    ];
    const placed = await h.call('POST', '/tables/t1/bet-slips', { as: 'alice', body: { round: 'next', bets: slip } });
    expect(placed.status).toBe(200);
    expect(placed.body.view.bets.map((b: { bet: string; amount: number }) => [b.bet, b.amount])).toEqual([
      ['andar/commission', 1000],
      ['bahar/no-commission', 500],
      ['first-3/commission', 200],
    ]);
    expect(await balanceOf(h, 'alice')).toBe(100_000 - 1700);

    // The third bet is over its maximum: nothing of the slip is placed, and the message says which bet and why.
    const refused = await h.call('POST', '/tables/t1/bet-slips', {
      as: 'alice',
      body: {
        round: 'next',
        bets: [
          { bet: 'andar', amount: 100 },
          { bet: 'cards-1-5', amount: 100 },
          { bet: 'first-3', amount: 60_000 },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^bet 3 of 3 \(first-3\): .*maximum.*; no bet of the slip was placed$/);
    expect(await balanceOf(h, 'alice')).toBe(100_000 - 1700);
    const view = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
    expect(view.bets.map((b: { amount: number }) => b.amount)).toEqual([1000, 500, 200]);

    const empty = await h.call('POST', '/tables/t1/bet-slips', { as: 'alice', body: { round: 'next', bets: [] } });
    expect(empty.status).toBe(400);
  });

  test("the web table's repeat of a round on two mirrored seats places the same bets again (R-MW-SEAT-2)", async () => {
    const h = await table('blackjack-mewah', ['alice']);
    const first = [
      { bet: 'main', seat: 1, amount: 1000 },
      { bet: 'main', seat: 2, amount: 1000 },
      { bet: 'pair', seat: 2, amount: 500 },
    ];
    expect(
      (await h.call('POST', '/tables/t1/bet-slips', { as: 'alice', body: { round: 'next', bets: first } })).status,
    ).toBe(200);
    await dealAndFinish(h, 'alice', 1);
    const view = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
    expect(view.round.no).toBe(2);
    // She keeps both seats: the round opened from the table alone once read no balance for her and
    // released them as "below the table minimum" (R-MW-SEAT-4).
    expect(view.you.seats).toEqual([1, 2]);
    const recall = (await h.call('GET', '/rounds/t1-r1', { as: 'alice' })).body;
    const slip = repeatBets(recall.bets, 'alice', view.you.seats, true);
    expect(slip).toEqual([
      { bet: 'main', seat: 1, amount: 1000 },
      { bet: 'pair', seat: 2, amount: 500 },
    ]); // seat 2's main comes by the mirror
    // Holding seat 1 only, whatever order the seats were bet in: seat 1's bet first, since seat 2 is taken with the
    // same amount.
    const mainsFromSeat2 = recall.bets.filter((b: { name: string }) => b.name === 'main').reverse();
    expect(repeatBets(mainsFromSeat2, 'alice', [1], true)).toEqual([
      { bet: 'main', seat: 1, amount: 1000 },
      { bet: 'main', seat: 2, amount: 1000 },
    ]);
    const placed = await h.call('POST', '/tables/t1/bet-slips', { as: 'alice', body: { round: 'next', bets: slip } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const bets = (placed.body.view.bets as { bet: string; seat: number; amount: number }[]).map((b) => [
      b.bet,
      b.seat,
      b.amount,
    ]);
    expect(bets.sort()).toEqual(first.map((b) => [b.bet, b.seat, b.amount]).sort());
  });
});

describe('operator void', () => {
  test('every bet comes back and the ledger balances', async () => {
    const h = await table('blackjack-mewah', ['alice', 'bob']);
    await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
    });
    await h.call('POST', '/tables/t1/bets', { as: 'bob', body: { round: 'next', bet: 'main', seat: 2, amount: 2500 } });
    await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    expect((await h.call('POST', '/rounds/t1-r1/void', { as: 'alice', body: { reason: 'x' } })).status).toBe(403);
    const v = await h.call('POST', '/rounds/t1-r1/void', {
      as: 'op',
      role: 'operator',
      body: { reason: 'card misdealt' },
    });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    for (const p of ['alice', 'bob']) {
      const w = (await h.call('GET', '/wallet', { as: p })).body;
      expect(w.balance).toBe(100_000);
      expect(w.ledger.reduce((s: number, e: any) => s + e.amount, 0)).toBe(100_000);
    }
    const recall = (await h.call('GET', '/rounds/t1-r1', { as: 'op', role: 'operator' })).body;
    expect(recall.round.phase).toBe('void');
    expect(recall.steps.some((s: any) => s.note === 'card misdealt' && s.actor === 'op')).toBe(true);
  });
});

describe('bad input', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await table('blackjack-mewah', ['alice']);
  });
  const snapshot = async () =>
    JSON.stringify([
      (await h.call('GET', '/tables/t1', { as: 'op', role: 'operator' })).body,
      await balanceOf(h, 'alice'),
    ]);

  test('fuzzed bodies and malformed JSON never give a 5xx and never change state', async () => {
    const before = await snapshot();
    const paths = [
      '/tables/t1/bets',
      '/tables/t1/bet-slips',
      '/tables/t1/actions',
      '/wallets/alice/credit',
      '/tables',
      '/tables/t1/pause',
      '/rounds/t1-r1/void',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            { bet: fc.string(), amount: fc.oneof(fc.integer(), fc.double(), fc.string()), seat: fc.anything() },
            { requiredKeys: [] },
          ),
        ),
        async (path, body) => {
          const r = await h.call('POST', path, { as: 'alice', body });
          expect(r.status).toBeLessThan(500);
          expect(r.status).not.toBe(200);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string(), async (raw) => {
        const r = await h.call('POST', '/tables/t1/bets', { as: 'alice', raw });
        expect(r.status).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
    expect(
      (await h.call('POST', '/tables/t1/bets', { as: 'alice', raw: '{"bet": "main", "amount": 10' })).body.code,
    ).toBe('invalid-json');
    expect(
      (
        await h.call('POST', '/tables/t1/bets', {
          as: 'alice',
          body: { round: 'next', bet: 'main', amount: 1.5, seat: 1 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call('POST', '/tables/t1/bets', {
          as: 'alice',
          key: null,
          body: { round: 'next', bet: 'main', amount: 100, seat: 1 },
        })
      ).body.code,
    ).toBe('missing-idempotency-key');
    expect(await snapshot()).toBe(before);
  });
});

describe('authorization and secrecy', () => {
  test('a player cannot act on another seat (403, before the engine), read another history, or call operator routes', async () => {
    const h = await table('blackjack-mewah', ['alice', 'bob']);
    await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
    });
    const steal = await h.call('POST', '/tables/t1/bets', {
      as: 'bob',
      body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
    });
    expect([steal.status, steal.body.code]).toEqual([403, 'not-your-seat']);
    // In a slip too, and nothing of the slip is placed.
    const slip = await h.call('POST', '/tables/t1/bet-slips', {
      as: 'bob',
      body: {
        round: 'next',
        bets: [
          { bet: 'behind', seat: 1, amount: 100 },
          { bet: 'main', seat: 1, amount: 1000 },
        ],
      },
    });
    expect([slip.status, slip.body.code]).toEqual([403, 'not-your-seat']);
    expect(slip.body.message).toBe(
      "bet 2 of 2 (main): seat 1 is alice's; bet on your own seat or an empty one, or behind this one",
    );
    expect((await h.call('GET', '/wallet', { as: 'bob' })).body.balance).toBe(100_000);
    await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    const act = await h.call('POST', '/tables/t1/actions', { as: 'bob', body: { action: 'hit', seat: 1 } });
    expect([act.status, act.body.code]).toEqual([403, 'not-your-seat']);
    expect((await h.call('GET', '/rounds/t1-r1', { as: 'bob' })).status).toBe(404);
    expect((await h.call('GET', '/history', { as: 'bob' })).body.rounds).toHaveLength(0);
    for (const [path, body] of [
      ['/tables', { tableId: 't2' }],
      ['/wallets/bob/credit', { amount: 5, reason: 'me' }],
      ['/tables/t1/pause', { reason: 'x' }],
      ['/tables/t1/deal', undefined],
    ] as const)
      expect((await h.call('POST', path, { as: 'bob', body })).status).toBe(403);
    expect((await h.call('GET', '/wallet')).status).toBe(401);
  });

  test("the next common-draw card is nobody's to see before they draw it: recall and history show a player only the stream they drew", async () => {
    const h = await table('blackjack-tanpa-batas', ['alice', 'bob']);
    for (const p of ['alice', 'bob'])
      await h.call('POST', '/tables/t1/bets', { as: p, body: { round: 't1-r1', bet: 'main', amount: 1000 } });
    expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
    const hit = await h.call('POST', '/tables/t1/actions', { as: 'alice', body: { action: 'hit', round: 1 } });
    expect(hit.status, hit.raw).toBe(200);
    const drawn = hit.body.view.common.yourHands[0].cards[2] as string;
    const { round } = await h.store.round('t1-r1');
    expect(round.common!.stream.map(formatCard)).toEqual([drawn]);
    // Bob has not drawn yet: the card alice drew is the next card he would draw.
    const recall = (await h.call('GET', '/rounds/t1-r1', { as: 'bob' })).body;
    const history = (await h.call('GET', '/history', { as: 'bob' })).body;
    expect(recall.round.common.stream).toEqual([]);
    expect(history.rounds[0].round.common.stream).toEqual([]);
    expect(
      JSON.stringify([recall.steps, history.rounds[0].steps]).match(/stream-\d/g),
      'no stream card event for bob',
    ).toBeNull();
    expect((await h.call('GET', '/rounds/t1-r1', { as: 'alice' })).body.round.common.stream).toEqual([drawn]);
    expect((await h.call('GET', '/rounds/t1-r1', { as: 'op', role: 'operator' })).body.round.common.stream).toEqual([
      drawn,
    ]);
    // Once he draws it, it is his to see.
    const his = await h.call('POST', '/tables/t1/actions', { as: 'bob', body: { action: 'hit', round: 1 } });
    expect(his.body.view.common.yourHands[0].cards[2]).toBe(drawn);
    expect((await h.call('GET', '/rounds/t1-r1', { as: 'bob' })).body.round.common.stream).toEqual([drawn]);
  });

  test('no response contains the hole card before it is shown, the shoe order or a seed', async () => {
    const h = await table('blackjack-mewah', ['alice']);
    const responses: Call[] = [];
    const call = async (...args: Parameters<Harness['call']>) => {
      const r = await h.call(...args);
      responses.push(r);
      return r;
    };
    await call('POST', '/tables/t1/bets', { as: 'alice', body: { round: 'next', bet: 'main', seat: 1, amount: 1000 } });
    await call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    const loaded = await h.store.load('t1', 'all', h.clock.now);
    const shoe = loaded.state.shoe!;
    const hole = loaded.state.round.dealer.cards[1]!;
    await call('GET', '/tables/t1', { as: 'alice' });
    await call('GET', '/tables/t1', { as: 'op', role: 'operator' });
    await call('GET', '/rounds/t1-r1', { as: 'alice' });
    await call('GET', '/rounds/t1-r1', { as: 'op', role: 'operator' });
    await call('GET', '/history', { as: 'alice' });
    for (const r of responses) {
      expect(r.raw).not.toContain(shoe.seed);
      expect(r.raw).not.toMatch(/"seed":"[0-9a-f]/);
      expect(r.raw).not.toMatch(/"dealer-hole","card":"/);
      const cards = JSON.stringify(r.body?.view?.dealer?.cards ?? r.body?.round?.dealer?.cards ?? []);
      expect(cards).not.toContain(`"${formatCard(hole)}"`);
    }
  });
});

describe('cards', () => {
  /** Every card a body carries, by the keys that hold cards; throws on a card that is not text. */
  function cardsIn(value: unknown, key = '', out: string[] = []): string[] {
    if (Array.isArray(value)) for (const v of value) cardsIn(v, key, out);
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) cardsIn(v, CARD_KEYS.has(k) ? k : key === 'sides' ? key : k, out);
    else if (CARD_KEYS.has(key) && value !== null) {
      expect(value, `${key} holds a card as text`).toMatch(/^[A2-9TJQK][SHDC]$/);
      out.push(value as string);
    }
    return out;
  }
  const CARD_KEYS = new Set(['card', 'shown', 'cards', 'gameCard', 'sides', 'stream', 'initial', 'andar', 'bahar']);

  test('views, events, recalls and history write every card as text ("QH"), as scenario files do', async () => {
    const h = await table('andar-bahar', ['alice']);
    const bet = await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'andar', amount: 1000 },
    });
    const gameCard = bet.body.view.andarBahar.gameCard;
    const dealt = await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    const { andar, bahar } = dealt.body.view.andarBahar;
    expect(cardsIn(dealt.body.events).sort()).toEqual([...andar, ...bahar].sort());
    const recall = (await h.call('GET', '/rounds/t1-r1', { as: 'alice' })).body;
    expect(recall.round.andarBahar).toMatchObject({ gameCard, sides: [andar, bahar] });
    expect(cardsIn(recall).length).toBeGreaterThan(andar.length + bahar.length);
    expect(cardsIn((await h.call('GET', '/history', { as: 'alice' })).body).length).toBeGreaterThan(0);

    const bj = await table('blackjack-tanpa-batas', ['bob']);
    await bj.call('POST', '/tables/t1/bets', { as: 'bob', body: { round: 'next', bet: 'main', amount: 1000 } });
    await bj.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    bj.clock.now += 60_000; // every window times out: the round plays itself out
    await bj.call('GET', '/tables/t1', { as: 'bob' });
    const played = (await bj.call('GET', '/rounds/t1-r1', { as: 'bob' })).body;
    expect(played.round.phase).toBe('settled');
    expect(played.round.dealer.cards).toEqual(cardsIn(played.round.dealer));
    expect(played.hands.bob[0].cards.slice(0, 2)).toEqual(played.round.common.cards);
    cardsIn(played);
  });
});

describe('schemas', () => {
  test('schemas/api is generated from the TypeBox bodies and the OpenAPI document uses them', async () => {
    const { spawnSync } = await import('node:child_process');
    expect(spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-api-schemas.ts', '--check']).status).toBe(0);
    const h = await harness('andar-bahar');
    hs.push(h);
    const doc = (await h.call('GET', '/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/tables/{tableId}/bets'].post.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/BetBody',
    );
    expect(doc.components.schemas.BetBody.required).toEqual(['round', 'bet', 'amount']);
    expect(doc.paths['/tables'].post.responses).toMatchObject({
      '200': { description: 'there already' },
      '201': { description: 'created' },
    });
  });
});

describe('a player away while the round plays', () => {
  test('R-AB-FAULT-1: a round that started stays started: the clock deals and settles it without the player, and the result is there when they come back (history, recall, wallet)', async () => {
    const h = await table('andar-bahar', ['alice']);
    expect(
      (await h.call('POST', '/tables/t1/bets', { as: 'alice', body: { round: 'next', bet: 'bahar', amount: 1000 } }))
        .status,
    ).toBe(200);
    // Alice's connection drops; the betting countdown ends and the scheduled sweep deals.
    h.clock.now += 60_000;
    await h.sweep();
    const history = (await h.call('GET', '/history', { as: 'alice' })).body;
    const round = history.rounds.find((r: { round: { id: string } }) => r.round.id === 't1-r1');
    expect(round.round.phase).toBe('settled');
    const bet = round.bets.find((b: { name: string }) => b.name === 'bahar');
    expect(bet).toMatchObject({ status: 'settled', staked: 1000 });
    expect(await balanceOf(h, 'alice')).toBe(100_000 - 1000 + bet.returned);
    const recalled = (await h.call('GET', '/rounds/t1-r1', { as: 'alice' })).body;
    expect(recalled.bets).toEqual(round.bets);
    const settled = recalled.steps
      .flatMap((s: { events: { type: string }[] }) => s.events)
      .filter((e: { type: string }) => e.type === 'settled');
    expect(settled).toEqual([
      expect.objectContaining({ player: 'alice', bet: 'bahar/commission', returned: bet.returned }),
    ]);
  });
});
