// The engine hands the store typed money movements: every wallet event names its kind (stake,
// payout, refund, void-refund), the bet it moved money for and that bet's seat, so the store labels
// its ledger without reading text (lambdas/store/plan.ts, walletDeltas). Here: every shipped
// pack's rounds, each bet's movements summing to what its record says it netted, and a void.
import { describe, expect, it } from 'vitest';
import { variantIds } from '../../cli/commands/serve.ts';
import type { EngineEvent, MovementKind, TableState } from '../../lambdas/engine/index.ts';
import { hasSeats } from '../../lambdas/pack/compiled.ts';
import { walletDeltas } from '../../lambdas/store/plan.ts';
import { ctxFor, must, ofType, playOut, table } from './helpers.ts';

const SHIPPED = variantIds();

/** A main bet and every pay-table bet the round allows, on seat 1 where the pack has seats. */
function slip(state: TableState, ctx: ReturnType<typeof ctxFor>) {
  const seat = hasSeats(ctx.pack) ? { seat: 1 } : {};
  return ctx.pack.bets
    .filter((b) => b.type === 'hand' || b.type === 'paytable')
    .filter((b) => b.roundLimit === null || state.round.roundInShoe <= b.roundLimit)
    .map((b) => ({
      bet: b.name,
      amount: b.type === 'hand' ? 1000 : 100,
      ...(b.mode ? { mode: b.mode } : {}),
      ...seat,
    }));
}

describe('every wallet event is a typed movement of one bet (R-BJ-MONEY-1)', () => {
  it.each(SHIPPED)('%s: per bet, the movements net what its record says; stakes out, payouts in', (id) => {
    const ctx = ctxFor(id, 7);
    const state = table(ctx, { ann: 10_000_000 });
    for (let round = 0; round < 60; round++) {
      const events: EngineEvent[] = [];
      events.push(...must(ctx, state, { type: 'bets', player: 'ann', bets: slip(state, ctx) }, 'ann'));
      if (state.round.phase === 'betting') events.push(...must(ctx, state, { type: 'deal' }));
      events.push(...playOut(ctx, state));
      const net = new Map<number, number>();
      for (const e of ofType(events, 'wallet')) {
        const bet = state.round.bets.find((b) => b.id === e.bet)!;
        expect(bet, `wallet event for bet ${e.bet}`).toBeDefined();
        expect(e.seat).toBe(bet.seat);
        expect(e.player).toBe(bet.player);
        const expected: MovementKind[] =
          e.delta < 0 ? ['stake'] : bet.status === 'returned' ? ['refund', 'void-refund'] : ['payout'];
        expect(expected, `${e.kind} of ${e.delta} on ${bet.key} (${bet.status})`).toContain(e.kind);
        net.set(e.bet, (net.get(e.bet) ?? 0) + e.delta);
      }
      for (const b of state.round.bets) expect(net.get(b.id) ?? 0, b.key).toBe(b.returned - b.staked);
      must(ctx, state, { type: 'next-round' });
    }
  });
});

describe("the store's ledger labels come from the kinds", () => {
  it('an operator void hands every bet back as void-refund, and the store labels it a refund (R-BJ-VOID-1)', () => {
    const ctx = ctxFor('blackjack-mewah', 3);
    const state = table(ctx, { ann: 100_000, bo: 100_000 });
    const placed = [
      ...must(ctx, state, { type: 'bet', player: 'ann', bet: 'main', seat: 1, amount: 1000 }, 'ann'),
      ...must(ctx, state, { type: 'bet', player: 'bo', bet: 'main', seat: 2, amount: 2500 }, 'bo'),
    ];
    expect(ofType(placed, 'wallet').map((e) => [e.player, e.kind, e.delta, e.seat])).toEqual([
      ['ann', 'stake', -1000, 1],
      ['bo', 'stake', -2500, 2],
    ]);
    must(ctx, state, { type: 'deal' });
    const voided = must(ctx, state, { type: 'void', reason: 'card misdealt' });
    expect(ofType(voided, 'wallet').map((e) => [e.player, e.kind, e.delta])).toEqual([
      ['ann', 'void-refund', 1000],
      ['bo', 'void-refund', 2500],
    ]);
    expect(walletDeltas(voided).get('ann')).toMatchObject({ amount: 1000, refunded: true });
  });

  it('a reason that reads like a return does not make a payout a refund: the kind decides', () => {
    const event = (kind: MovementKind, reason: string): EngineEvent => ({
      type: 'wallet',
      player: 'ann',
      delta: 500,
      kind,
      bet: 1,
      seat: 1,
      reason,
    });
    expect(walletDeltas([event('payout', 'returned main: round void')]).get('ann')?.refunded).toBe(false);
    expect(walletDeltas([event('refund', 'settle main')]).get('ann')?.refunded).toBe(true);
  });
});
