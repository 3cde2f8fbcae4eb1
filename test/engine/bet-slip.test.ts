// A bet slip places a player's bets in one command, all or none: the same bets and events as
// placing them one by one, and a refused slip leaves the table exactly as it was.
import { describe, expect, it } from 'vitest';
import { apply, type BetSpec } from '../../lambdas/engine/index.ts';
import { ctxFor, must, pack, refused, table } from './helpers.ts';

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

  // A slip of plain bets (spots of their own, within their limits) is placed in one pass; with the
  // round's events kept and without, it must leave exactly what its bets placed one by one leave.
  const PLAIN: [string, BetSpec[]][] = [
    [
      'andar-bahar',
      pack('andar-bahar').bets.map((b) => ({ bet: b.name, amount: 1000, ...(b.mode ? { mode: b.mode } : {}) })),
    ],
    [
      'blackjack-tanpa-batas',
      ['main', 'pair', 'lucky-trio', 'poker-trio', 'bust-bonus'].map((bet) => ({ bet, amount: 1000 })),
    ],
    [
      'blackjack-mewah',
      [
        { bet: 'main', seat: 3, amount: 1000 },
        { bet: 'pair', seat: 3, amount: 500 },
      ],
    ],
    [
      'blackjack-lucky-ladies',
      [
        { bet: 'main', seat: 2, amount: 1000 },
        { bet: 'lucky-ladies', seat: 2, amount: 500 },
      ],
    ],
  ];
  for (const [id, bets] of PLAIN)
    it(`${id}: a slip placed in one pass leaves what its bets one by one leave, events kept or not, on a seat already held too`, () => {
      const results = [true, false].flatMap((events) =>
        [true, false].map((asSlip) => {
          const ctx = ctxFor(id, 4);
          const state = table(ctx, { alice: 1_000_000 });
          if (!events) ctx.events = null;
          for (let round = 0; round < 2; round++) {
            if (round > 0) {
              for (let i = 0; state.round.phase !== 'settled' && i < 50; i++) apply(ctx, state, { type: 'timeout' });
              apply(ctx, state, { type: 'next-round' });
            }
            // On a seated table the first round takes the seat; the second bets on a seat already held.
            if (asSlip) expect(apply(ctx, state, { type: 'bets', player: 'alice', bets }).ok).toBe(true);
            else
              for (const spec of bets)
                expect(apply(ctx, state, { type: 'bet', player: 'alice', ...spec }).ok).toBe(true);
          }
          return { bets: state.round.bets, players: state.players, events: state.round.events };
        }),
      );
      expect(results[0]).toEqual(results[1]);
      expect(results[2]).toEqual(results[3]);
      expect(results[0].bets).toEqual(results[2].bets);
      expect(results[0].bets.length).toBe(bets.length);
    });

  // Frozen bets in an array that is not frozen: the array can still change, so a bet swapped in
  // for another must be planned again.
  it('a slip of frozen bets with one bet swapped places the new bet, not the planned one', () => {
    const ctx = ctxFor('blackjack-tanpa-batas', 4);
    ctx.events = null;
    const state = table(ctx, { alice: 1_000_000 });
    const bets: BetSpec[] = [Object.freeze({ bet: 'main', amount: 1000 }), Object.freeze({ bet: 'pair', amount: 500 })];
    const slip = { type: 'bets', player: 'alice', bets } as const;
    expect(apply(ctx, state, slip).ok).toBe(true);
    for (let i = 0; state.round.phase !== 'settled' && i < 50; i++) apply(ctx, state, { type: 'timeout' });
    apply(ctx, state, { type: 'next-round' });
    bets[1] = Object.freeze({ bet: 'pair', amount: 700 });
    const before = state.players.alice.balance;
    expect(apply(ctx, state, slip).ok).toBe(true);
    expect(state.round.bets.map((b) => [b.name, b.amount])).toEqual([
      ['main', 1000],
      ['pair', 700],
    ]);
    expect(state.players.alice.balance).toBe(before - 1700);
  });

  // A frozen slip (array and bets) is known by its array alone: planned once per pack, reused each round.
  it('a frozen slip places its bets every round, and a plan made on one pack is never used on another', () => {
    const bets = Object.freeze([
      Object.freeze({ bet: 'main', amount: 1000 }),
      Object.freeze({ bet: 'pair', amount: 500 }),
    ]);
    const slip = { type: 'bets', player: 'alice', bets } as const;
    const ctx = ctxFor('blackjack-tanpa-batas', 4);
    ctx.events = null;
    const state = table(ctx, { alice: 1_000_000 });
    for (let round = 0; round < 3; round++) {
      if (round > 0) {
        for (let i = 0; state.round.phase !== 'settled' && i < 50; i++) apply(ctx, state, { type: 'timeout' });
        apply(ctx, state, { type: 'next-round' });
      }
      const before = state.players.alice.balance;
      expect(apply(ctx, state, slip).ok).toBe(true);
      expect(state.round.bets.map((b) => [b.name, b.amount])).toEqual([
        ['main', 1000],
        ['pair', 500],
      ]);
      expect(state.players.alice.balance).toBe(before - 1500);
    }
    // Lucky Ladies has no Pair and seats its bets: the same slip is refused there, as a copy of it is.
    const other = ctxFor('blackjack-lucky-ladies', 4);
    const copy = { ...slip, bets: bets.map((b) => ({ ...b })) };
    expect(refused(other, table(other, { alice: 1_000_000 }), slip)).toBe(
      refused(other, table(other, { alice: 1_000_000 }), copy),
    );
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
