// R-BJ-PAUSE-1 through the API on DynamoDB Local: a paused round takes no player command, no
// timeout and no auto-play (a request's own tick and the sweep alike), its clock stops and comes
// back with the time it had left, its views say so, and an operator resumes it or voids it.
import { afterAll, describe, expect, test } from 'vitest';
import { type Harness, harness } from './harness.ts';

const hs: Harness[] = [];
afterAll(async () => Promise.all(hs.map((h) => h.table.drop())));

const op = { as: 'op', role: 'operator' as const };

async function dealtTable(pack: string, players: Record<string, { bet: string; seat?: number; amount: number }[]>) {
  const h = await harness(pack);
  hs.push(h);
  expect((await h.call('POST', '/tables', { ...op, body: { tableId: 't1' } })).status).toBe(201);
  for (const [p, bets] of Object.entries(players)) {
    await h.call('POST', `/wallets/${p}/credit`, { ...op, body: { amount: 100_000, reason: 'test' } });
    for (const b of bets) {
      const r = await h.call('POST', '/tables/t1/bets', { as: p, body: { round: 'next', ...b } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  }
  const dealt = await h.call('POST', '/tables/t1/deal', op);
  expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
  return h;
}

const view = async (h: Harness, as: string) =>
  (await h.call('GET', '/tables/t1', as === 'op' ? op : { as })).body as {
    paused: boolean;
    round: { phase: string; deadline: number | null; paused: boolean; timeLeft: number | null };
    legal: unknown[];
    preselect: number[];
  };
const wallet = async (h: Harness, as: string) => (await h.call('GET', '/wallet', { as })).body;

describe('R-BJ-PAUSE-1: a pause suspends the round in play', () => {
  test('R-BJ-PAUSE-1: no action, no timeout, no sweep moves a paused round; resumed, its window has exactly the time it had left', async () => {
    const h = await dealtTable('blackjack-mewah', { alice: [{ bet: 'main', seat: 1, amount: 1000 }] });
    const dealt = await view(h, 'alice');
    expect(dealt.round.phase).toBe('turns');
    const deadline = dealt.round.deadline!;
    h.clock.now += 4000; // 8 of the 12 s decision window left
    const paused = await h.call('POST', '/tables/t1/pause', { ...op, body: { reason: 'scanner fault' } });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const before = JSON.stringify([await view(h, 'op'), await wallet(h, 'alice')]);

    const seen = await view(h, 'alice');
    expect(seen.paused).toBe(true);
    expect(seen.round).toMatchObject({
      phase: 'turns',
      paused: true,
      deadline: null,
      timeLeft: deadline - h.clock.now,
    });
    expect([seen.legal, seen.preselect]).toEqual([[], []]);

    const hit = await h.call('POST', '/tables/t1/actions', { as: 'alice', body: { action: 'hit', seat: 1 } });
    expect([hit.status, hit.body.code]).toEqual([422, 'round-paused']);
    expect(hit.body.message).toMatch(/round 1 is paused .* until an operator resumes it or voids it/);
    // Long past the old deadline: neither a request's own tick nor the sweep auto-plays it.
    h.clock.now = deadline + 60_000;
    await h.sweep();
    expect((await h.call('GET', '/tables/t1', { as: 'alice' })).body.round.phase).toBe('turns');
    expect(JSON.stringify([await view(h, 'op'), await wallet(h, 'alice')])).toBe(before);
    expect((await h.call('POST', '/tables/t1/pause', { ...op, body: { reason: 'again' } })).body.code).toBe(
      'already-paused',
    );

    const resumed = await h.call('POST', '/tables/t1/resume', { ...op, body: { reason: 'scanner replaced' } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const after = await view(h, 'alice');
    expect(after.round).toMatchObject({ phase: 'turns', paused: false, timeLeft: null, deadline: h.clock.now + 8000 });
    expect(after.legal.length).toBeGreaterThan(0);
    const stand = await h.call('POST', '/tables/t1/actions', { as: 'alice', body: { action: 'stand', seat: 1 } });
    expect(stand.status, JSON.stringify(stand.body)).toBe(200);
    expect(stand.body.view.round.phase).toBe('settled');

    // The round's record names who paused and resumed it, and why.
    const recall = (await h.call('GET', '/rounds/t1-r1', op)).body;
    const steps = recall.steps.map((s: any) => [s.actor, s.commands.map((c: any) => c.command.type).join(), s.note]);
    expect(steps).toContainEqual(['op', 'pause', 'scanner fault']);
    expect(steps).toContainEqual(['op', 'resume', 'scanner replaced']);
  });

  test('R-BJ-PAUSE-1: a paused round is voided with every bet returned; the table stays paused until resumed', async () => {
    const h = await dealtTable('blackjack-tanpa-batas', {
      alice: [
        { bet: 'main', amount: 1000 },
        { bet: 'pair', amount: 200 },
      ],
      bob: [{ bet: 'main', amount: 2500 }],
    });
    expect((await view(h, 'alice')).round.phase).toBe('turns');
    await h.call('POST', '/tables/t1/pause', { ...op, body: { reason: 'card misread' } });
    const double = await h.call('POST', '/tables/t1/actions', { as: 'bob', body: { action: 'hit' } });
    expect([double.status, double.body.code]).toEqual([422, 'round-paused']);
    const voided = await h.call('POST', '/rounds/t1-r1/void', { ...op, body: { reason: 'misread not fixable' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    for (const p of ['alice', 'bob']) {
      const w = await wallet(h, p);
      expect(w.balance).toBe(100_000);
      expect(w.ledger.reduce((s: number, e: any) => s + e.amount, 0)).toBe(100_000);
    }
    // The next round waits for the fault to be fixed: the sweep does not open it while paused.
    h.clock.now += 60_000;
    await h.sweep();
    const held = await view(h, 'op');
    expect([held.paused, held.round.phase, held.round.paused]).toEqual([true, 'void', false]);
    const recall = (await h.call('GET', '/rounds/t1-r1', op)).body;
    expect(recall.steps.some((s: any) => s.actor === 'op' && s.note === 'misread not fixable')).toBe(true);

    await h.call('POST', '/tables/t1/resume', { ...op, body: { reason: 'new deck' } });
    await h.sweep();
    const next = await view(h, 'alice');
    expect([next.paused, next.round.phase]).toEqual([false, 'betting']);
  });

  test('R-BJ-PAUSE-1: paused in betting, bets and the deal are refused and the countdown stops', async () => {
    const h = await harness('blackjack-mewah');
    hs.push(h);
    await h.call('POST', '/tables', { ...op, body: { tableId: 't1' } });
    await h.call('POST', '/wallets/alice/credit', { ...op, body: { amount: 100_000, reason: 'test' } });
    await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'main', seat: 1, amount: 500 },
    });
    const deadline = (await view(h, 'alice')).round.deadline!;
    h.clock.now = deadline - 5000;
    await h.call('POST', '/tables/t1/pause', { ...op, body: { reason: 'dealer change' } });
    const bet = await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'main', seat: 1, amount: 500 },
    });
    expect([bet.status, bet.body.code]).toEqual([422, 'table-paused']);
    expect((await h.call('POST', '/tables/t1/deal', op)).body.code).toBe('table-paused');
    h.clock.now = deadline + 30_000;
    await h.sweep();
    expect((await view(h, 'alice')).round).toMatchObject({ phase: 'betting', paused: true, timeLeft: 5000 });
    await h.call('POST', '/tables/t1/resume', { ...op, body: { reason: 'dealer in' } });
    expect((await view(h, 'alice')).round.deadline).toBe(h.clock.now + 5000);
  });
});
