// AI players on a solo practice table through the API (R-EU-AI-1/2, blackjack-eropa): the player
// seats two AI players of different levels; at the deal each bets the table minimum from its own
// house-funded wallet; the engine plays their hands (their decisions are in the round's events);
// the human's money is exact against the pure interpreter on the same shoe, and never pays for them.
import { afterAll, expect, test } from 'vitest';
import { apply, type Command, type Ctx, createTable } from '../../lambdas/engine/index.ts';
import { aiName } from '../../lambdas/handlers/ai-seats.ts';
import { EPOCH, type Harness, harness, packOf, seeds } from './harness.ts';

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

const EASY = aiName('t1', 2);
const HARD = aiName('t1', 3);

test('a blackjack-eropa round with two AI players at different levels, through the handler', async () => {
  const h = await harness('blackjack-eropa', { seedLabel: 'ai-players' });
  opened.push(h);
  const log: { at: number; actor: string; cmd: Command }[] = [];
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
  log.push({
    at: h.clock.now,
    actor: 'alice',
    cmd: { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 },
  });

  // Seating: the player at the table, a free seat, a level the pack has.
  const easy = await h.call('POST', '/tables/t1/ai', { as: 'alice', body: { level: 'easy', seat: 2 } });
  expect(easy.status, JSON.stringify(easy.body)).toBe(200);
  expect((await h.call('POST', '/tables/t1/ai', { as: 'alice', body: { level: 'hard', seat: 3 } })).status).toBe(200);
  expect((await h.call('POST', '/tables/t1/ai', { as: 'alice', body: { level: 'normal', seat: 3 } })).body.code).toBe(
    'seat-taken',
  );
  expect((await h.call('POST', '/tables/t1/ai', { as: 'alice', body: { level: 'normal', seat: 1 } })).body.code).toBe(
    'seat-taken',
  );
  expect((await h.call('POST', '/tables/t1/ai', { as: 'bob', body: { level: 'normal', seat: 4 } })).body.code).toBe(
    'not-seated',
  );
  expect((await h.call('POST', '/tables/t1/ai', { as: 'alice', body: { level: 'normal', seat: 9 } })).body.code).toBe(
    'no-such-seat',
  );
  expect((await h.call('POST', '/tables/t1/ai', { as: 'alice', body: { level: 'genius', seat: 4 } })).status).toBe(400);
  // Nobody can act as an AI player: its name is not a usable token subject.
  expect((await h.call('GET', '/wallet', { as: EASY })).status).toBe(401);
  // Each AI player is funded by the house in a wallet of its own: 100 minimum bets.
  for (const ai of [EASY, HARD]) {
    expect((await h.store.wallet.balance(ai)).balance).toBe(10_000);
    expect((await h.store.wallet.ledger(ai, { limit: 5 })).map((e) => e.kind)).toEqual(['house-float']);
  }

  // The deal: each AI player bets the table minimum on its seat in the same transaction.
  const dealt = await h.call('POST', '/tables/t1/deal', { as: 'alice' });
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  log.push({ at: h.clock.now, actor: 'alice', cmd: { type: 'deal' } });
  const placed = dealt.body.events.filter((e: any) => e.type === 'bet-placed');
  expect(placed.map((e: any) => [e.player, e.seat, e.amount])).toEqual([
    [EASY, 2, 100],
    [HARD, 3, 100],
  ]);
  const roundId = dealt.body.view.round.id;

  const seen: any[] = [...dealt.body.events];
  for (let i = 0; i < 10; i++) {
    const view = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
    if (view.round.id !== roundId || !view.legal.length) break;
    const r = await h.call('POST', '/tables/t1/actions', { as: 'alice', body: { action: 'stand', seat: 1 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    seen.push(...r.body.events);
    log.push({ at: h.clock.now, actor: 'alice', cmd: { type: 'act', player: 'alice', action: 'stand', seat: 1 } });
  }
  // The AI players' decisions are the engine's, visible to the player in the events it gets back.
  const decisions = (events: any[], who: string) => events.filter((e) => e.type === 'action' && e.player === who);
  expect(decisions(seen, EASY).length).toBeGreaterThan(0);
  expect(decisions(seen, EASY).every((e: any) => e.note === 'ai easy')).toBe(true);
  expect(decisions(seen, HARD).every((e: any) => e.note === 'ai hard')).toBe(true);
  expect(decisions(seen, HARD).length).toBeGreaterThan(0);

  // And in the round's record (operator recall: every step, every event).
  const recalled = (await h.call('GET', `/rounds/${roundId}`, { as: 'op', role: 'operator' })).body;
  expect(recalled.round.phase).toBe('settled');
  const events = recalled.steps.flatMap((s: any) => s.events);
  expect(decisions(events, EASY)).toEqual(decisions(seen, EASY));
  expect(decisions(events, HARD)).toEqual(decisions(seen, HARD));
  expect(recalled.bets.filter((b: any) => b.player !== 'alice').map((b: any) => [b.player, b.staked])).toEqual([
    [EASY, 100],
    [HARD, 100],
  ]);

  // The pure interpreter on the same shoe: same money for everyone.
  const { pack, charts } = packOf('blackjack-eropa');
  const ctx: Ctx = { pack, charts, env: { now: EPOCH, newSeed: seeds('ai-players') }, events: [] };
  const state = createTable(ctx, 't1');
  apply(ctx, state, { type: 'join', player: 'alice', balance: 100_000 });
  for (const entry of log) {
    ctx.env.now = entry.at;
    if (entry.cmd.type === 'deal') {
      apply(ctx, state, { type: 'join', player: EASY, balance: 10_000, ai: 'easy' });
      apply(ctx, state, { type: 'join', player: HARD, balance: 10_000, ai: 'hard' });
      apply(ctx, state, { type: 'bet', player: EASY, bet: 'main', seat: 2, amount: 100 });
      apply(ctx, state, { type: 'bet', player: HARD, bet: 'main', seat: 3, amount: 100 });
    }
    apply(ctx, state, entry.cmd, entry.actor);
  }
  const wallet = (await h.call('GET', '/wallet', { as: 'alice' })).body;
  expect(wallet.balance).toBe(state.players.alice.balance);
  expect(wallet.ledger.reduce((s: number, e: any) => s + e.amount, 0)).toBe(wallet.balance);
  expect(new Set(wallet.ledger.map((e: any) => e.kind))).not.toContain('house-float');
  const aliceBets = recalled.bets.filter((b: any) => b.player === 'alice');
  expect(100_000 + aliceBets.reduce((s: number, b: any) => s + b.returned - b.staked, 0)).toBe(wallet.balance);
  for (const ai of [EASY, HARD]) expect((await h.store.wallet.balance(ai)).balance).toBe(state.players[ai].balance);

  // Next round: the easy player leaves between rounds; the hard one bets again at the deal.
  expect((await h.call('DELETE', '/tables/t1/ai/2', { as: 'bob' })).body.code).toBe('not-seated');
  const left = await h.call('DELETE', '/tables/t1/ai/2', { as: 'alice' });
  expect(left.status, JSON.stringify(left.body)).toBe(200);
  expect(left.body.view.round.no).toBe(2);
  expect(
    (
      await h.call('POST', '/tables/t1/bets', {
        as: 'alice',
        body: { round: 'next', bet: 'main', seat: 1, amount: 1000 },
      })
    ).status,
  ).toBe(200);
  const second = await h.call('POST', '/tables/t1/deal', { as: 'alice' });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  expect(second.body.events.filter((e: any) => e.type === 'bet-placed').map((e: any) => e.player)).toEqual([HARD]);
});

test('AI players are offered only on solo practice tables', async () => {
  const h = await harness('blackjack-mewah', { seedLabel: 'ai-mewah' });
  opened.push(h);
  await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } });
  const r = await h.call('POST', '/tables/t1/ai', { as: 'op', role: 'operator', body: { level: 'easy', seat: 2 } });
  expect(r.status).toBe(422);
  expect(r.body.code).toBe('ai-not-offered');
});
