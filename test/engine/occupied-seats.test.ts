// The working form keeps the list of taken seats beside the seats themselves (Table.occupied), and
// every seat pass walks the list: it must name exactly the seats with a holder after any command,
// whether a seat was taken, released, or taken by a slip that was then refused and undone.
import { describe, expect, it } from 'vitest';
import { FastRandom } from '../../lambdas/core/rng.ts';
import { type BetSpec, type Command, execute, openTable, type Table } from '../../lambdas/engine/index.ts';
import { ctxFor } from './helpers.ts';

const takenSeats = (table: Table): number[] => table.seats.flatMap((holder, seat) => (holder ? [seat] : []));

describe('occupied seats (R-MW-SEAT-1..4)', () => {
  it('names exactly the seats with a holder after every command of 400 random rounds on a 7-seat table', () => {
    const ctx = ctxFor('blackjack-mewah', 5);
    const table = openTable(ctx, 't1');
    // carol can cover one table minimum only: she loses her seat for a short balance (R-MW-SEAT-4).
    for (const [player, balance] of [
      ['alice', 10_000_000],
      ['bob', 10_000_000],
      ['carol', 150],
    ] as const)
      execute(ctx, table, { type: 'join', player, balance });
    const rng = new FastRandom(42);
    const pick = <T>(xs: readonly T[]): T => xs[rng.below(xs.length)];
    const seen = { taken: 0, released: 0, refusedSlips: 0 };
    for (let round = 0; round < 400; round++) {
      for (let i = rng.below(4); i > 0; i--) {
        const seat = 1 + rng.below(7);
        // A pair without a main bet, or a main bet under the minimum, makes some slips refused after a seat was taken
        // in them.
        const bets: BetSpec[] = [{ bet: 'main', seat, amount: pick([100, 1000, 40]) }];
        if (rng.below(3) === 0)
          bets.push({ bet: 'pair', seat: pick([seat, 1 + rng.below(7)]), amount: pick([100, 100_000]) });
        ctx.events = [];
        const r = execute(ctx, table, { type: 'bets', player: pick(['alice', 'bob', 'carol']), bets });
        if (!r.ok) seen.refusedSlips++;
        else for (const e of r.events) if (e.type === 'seat-taken') seen.taken++;
        expect(table.occupied).toEqual(takenSeats(table));
      }
      const commands: Command[] = [
        { type: 'deal' },
        ...Array.from({ length: 12 }, (): Command => ({ type: 'timeout' })),
        { type: 'next-round' },
      ];
      for (const cmd of commands) {
        ctx.events = [];
        const r = execute(ctx, table, cmd);
        if (r.ok) for (const e of r.events) if (e.type === 'seat-released') seen.released++;
        expect(table.occupied).toEqual(takenSeats(table));
      }
    }
    // The run did what it is meant to check.
    expect(seen.taken).toBeGreaterThan(20);
    expect(seen.released).toBeGreaterThan(20);
    expect(seen.refusedSlips).toBeGreaterThan(20);
  });
});
