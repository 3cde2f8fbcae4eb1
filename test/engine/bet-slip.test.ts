// A bet slip places a player's bets in one command, all or none: the same bets and events as
// placing them one by one, and a refused slip leaves the table exactly as it was.
import { describe, expect, it } from 'vitest';
import type { BetSpec } from '../../lambdas/engine/types.ts';
import { ctxFor, must, refused, table } from './helpers.ts';

const AB_SLIP: BetSpec[] = [
  { bet: 'andar', amount: 1000 },
  { bet: 'bahar', amount: 1000, mode: 'no-commission' },
  { bet: 'first-3', amount: 500 },
];

describe('bet slip', () => {
  it('places the same bets with the same events as one command per bet', () => {
    const a = ctxFor('andar-bahar', 3);
    const b = ctxFor('andar-bahar', 3);
    const one = table(a, { alice: 100_000 });
    const each = table(b, { alice: 100_000 });
    const slipEvents = must(a, one, { type: 'bets', player: 'alice', bets: AB_SLIP });
    const eachEvents = AB_SLIP.flatMap((spec) => must(b, each, { type: 'bet', player: 'alice', ...spec }));
    expect(slipEvents).toEqual(eachEvents);
    expect(one.round.bets).toEqual(each.round.bets);
    expect(one.players).toEqual(each.players);
  });

  it('a refused bet refuses the whole slip and leaves the state unchanged', () => {
    const ctx = ctxFor('blackjack-mewah', 5);
    const state = table(ctx, { alice: 100_000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 2, amount: 1000 });
    const before = structuredClone(state);
    const code = refused(ctx, state, {
      type: 'bets',
      player: 'alice',
      bets: [
        { bet: 'main', seat: 1, amount: 1000 },
        { bet: 'main', seat: 2, amount: 1000 },
        { bet: 'no-such-bet', seat: 1, amount: 100 },
      ],
    });
    expect(code).toBe('unknown-bet');
    expect(state).toEqual(before);
  });

  it('an empty slip is refused', () => {
    const ctx = ctxFor('andar-bahar', 1);
    const state = table(ctx, { alice: 100_000 });
    expect(refused(ctx, state, { type: 'bets', player: 'alice', bets: [] })).toBe('empty-slip');
  });
});
