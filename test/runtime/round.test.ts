// A full round of every variant through the API handler against DynamoDB Local: wallet credit,
// table, bet, deal, decisions (or deadlines), settlement; balances exact against the ledger, the
// round's bets and the pure interpreter run on the same shoe.
import { afterAll, describe, expect, test } from 'vitest';
import { apply, type Command, type Ctx, createTable } from '../../lambdas/engine/index.ts';
import { EPOCH, type Harness, harness, packOf, seeds } from './harness.ts';

const VARIANTS: { pack: string; bet: Record<string, unknown>; dealer: 'operator' | 'player' | 'clock' }[] = [
  { pack: 'blackjack-mewah', bet: { bet: 'main', seat: 1, amount: 1000 }, dealer: 'operator' },
  { pack: 'blackjack-lucky-ladies', bet: { bet: 'main', seat: 3, amount: 1000 }, dealer: 'clock' },
  { pack: 'blackjack-eropa', bet: { bet: 'main', seat: 1, amount: 1000 }, dealer: 'player' },
  { pack: 'blackjack-tanpa-batas', bet: { bet: 'main', amount: 1000 }, dealer: 'operator' },
  { pack: 'andar-bahar', bet: { bet: 'andar', amount: 1000 }, dealer: 'clock' },
];

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

/** Plays the caller's round to its end: stand when asked, decline insurance, let deadlines pass. */
async function playOut(h: Harness, player: string, log: { at: number; cmd: Command; actor: string }[]): Promise<any> {
  for (let i = 0; i < 40; i++) {
    const view = (await h.call('GET', '/tables/t1', { as: player })).body;
    if (view.round.no > 1 || view.round.phase === 'settled' || view.round.phase === 'void') return view;
    const move = view.legal[0];
    if (move) {
      const body =
        move.action === 'insurance' || move.action.startsWith('follow')
          ? { action: move.action, seat: move.seat, accept: false }
          : { action: 'stand', ...(move.seat ? { seat: move.seat } : {}) };
      const r = await h.call('POST', '/tables/t1/actions', { as: player, body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      log.push({ at: h.clock.now, actor: player, cmd: { type: 'act', player, ...(body as any) } });
    } else {
      h.clock.now = (view.round.deadline ?? h.clock.now) + 1;
      log.push({ at: h.clock.now, actor: 'system', cmd: { type: 'tick' } });
    }
  }
  throw new Error('the round did not finish');
}

describe.each(VARIANTS)('a full round of $pack', ({ pack, bet, dealer }) => {
  test('from wallet credit to settlement, balances exact', async () => {
    const h = await harness(pack);
    opened.push(h);
    const log: { at: number; cmd: Command; actor: string }[] = [];
    expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
    expect(
      (
        await h.call('POST', '/wallets/alice/credit', {
          as: 'op',
          role: 'operator',
          body: { amount: 100_000, reason: 'welcome' },
        })
      ).body.balance,
    ).toBe(100_000);
    const placed = await h.call('POST', '/tables/t1/bets', { as: 'alice', body: { round: 't1-r1', ...bet } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.view.you.balance).toBe(99_000);
    log.push({ at: h.clock.now, actor: 'alice', cmd: { type: 'bet', player: 'alice', ...(bet as any) } });
    if (dealer === 'operator') {
      expect((await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' })).status).toBe(200);
      log.push({ at: h.clock.now, actor: 'op', cmd: { type: 'deal' } });
    } else if (dealer === 'player') {
      expect((await h.call('POST', '/tables/t1/deal', { as: 'alice' })).status).toBe(200);
      log.push({ at: h.clock.now, actor: 'alice', cmd: { type: 'deal' } });
    }
    await playOut(h, 'alice', log);

    // The interpreter alone, same shoe seeds, same commands at the same times.
    const { pack: compiled, charts } = packOf(pack);
    const ctx: Ctx = { pack: compiled, charts, env: { now: EPOCH, newSeed: seeds(pack) }, events: [] };
    const state = createTable(ctx, 't1');
    apply(ctx, state, { type: 'join', player: 'alice', balance: 100_000 });
    for (const entry of log) {
      ctx.env.now = entry.at;
      apply(ctx, state, entry.cmd, entry.actor);
    }
    const expected = state.players.alice.balance;

    const wallet = (await h.call('GET', '/wallet', { as: 'alice' })).body;
    expect(wallet.balance).toBe(expected);
    expect(wallet.ledger.reduce((s: number, e: any) => s + e.amount, 0)).toBe(wallet.balance);
    const history = (await h.call('GET', '/history', { as: 'alice' })).body;
    expect(history.rounds).toHaveLength(1);
    const round = history.rounds[0];
    expect(['settled', 'void']).toContain(round.round.phase);
    const net = round.bets.reduce((s: number, b: any) => s + b.returned - b.staked, 0);
    expect(100_000 + net).toBe(wallet.balance);
    expect(round.bets.every((b: any) => b.status !== 'open')).toBe(true);
    expect(round.steps.length).toBeGreaterThan(2);
    expect(round.shoe.commitment).toMatch(/^[0-9a-f]{64}$/);
  });
});
