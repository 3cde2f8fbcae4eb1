// The working form keeps Andar Bahar's cards in dealing order, read from the shoe's own array while
// the round is the table's (state.ts). A fixed shoe (scenarios, `croupier play --shoe`) may hold more
// cards than a deck: the saved sides, and the bets settled on them, are those of the cards as dealt
// (R-AB-DEAL-1, R-AB-PAY-1). A round the table leaves keeps its cards when the shoe deals again, and
// saved sides come back in the order they were dealt.
import { describe, expect, it } from 'vitest';
import { FastRandom } from '../../lambdas/core/rng.ts';
import { execute, openTable, saveTable } from '../../lambdas/engine/index.ts';
// The two forms of the Andar Bahar sides, converted both ways: internals, behind the front door.
import { savedAndarBahar, workingAndarBahar } from '../../lambdas/engine/state.ts';
import { cards, ctxFor } from './helpers.ts';

describe('Andar Bahar sides longer than a deck', () => {
  for (const events of [true, false])
    it(`a fixed shoe of 131 cards deals 65 and 65 before the match, events ${events ? 'on' : 'off'}`, () => {
      const ctx = ctxFor('andar-bahar');
      if (!events) ctx.events = null;
      // The game card A♠, then 130 twos, then A♥: Andar is dealt first, so A♥ is Andar's 66th card.
      const twos = Array.from({ length: 130 }, (_, i) => ['2S', '2H', '2D', '2C'][i % 4]).join(' ');
      const table = openTable(ctx, 'long', { fixedShoe: cards(`AS ${twos} AH`) });
      expect(execute(ctx, table, { type: 'join', player: 'p', balance: 1_000_000 }).ok).toBe(true);
      expect(
        execute(ctx, table, {
          type: 'bets',
          player: 'p',
          bets: [
            { bet: 'andar', amount: 1000 },
            { bet: 'bahar', amount: 1000 },
          ],
        }).ok,
      ).toBe(true);
      expect(execute(ctx, table, { type: 'deal' }).ok).toBe(true);
      const saved = saveTable(ctx.pack, table);
      const ab = saved.round.andarBahar!;
      expect(ab.winner).toBe(0);
      expect(ab.sides[0]).toHaveLength(66);
      expect(ab.sides[1]).toHaveLength(65);
      expect(ab.sides[0][65]).toBe(cards('AH')[0]);
      expect(ab.sides[0].slice(0, 65).every((c) => c >> 2 === 1) && ab.sides[1].every((c) => c >> 2 === 1)).toBe(true);
      // The default mode's Andar pays 0.9:1 (R-AB-PAY-1).
      const bet = (name: string) => saved.round.bets.find((b) => b.name === name);
      expect(bet('andar')).toMatchObject({ status: 'settled', returned: 1900 });
      expect(bet('bahar')).toMatchObject({ status: 'settled', returned: 0 });
    });
});

describe('Andar Bahar cards in the working form', () => {
  it('R-AB-DEAL-1: a round left for the next keeps its cards when a simulator shoe is shuffled again in place', () => {
    // Events on, so each round is a new object and the finished one is left (table.left); the
    // simulator's shoe is reshuffled in place, rewriting the array the finished round read its cards from.
    const ctx = ctxFor('andar-bahar');
    const rng = new FastRandom(3);
    ctx.env.generator = 'xoshiro';
    ctx.env.newSeed = () => Uint8Array.from({ length: 32 }, () => rng.nextUint32() & 0xff);
    const table = openTable(ctx, 'sim');
    expect(execute(ctx, table, { type: 'join', player: 'p', balance: 1_000_000 }).ok).toBe(true);
    for (let round = 0; round < 5; round++) {
      expect(execute(ctx, table, { type: 'bets', player: 'p', bets: [{ bet: 'andar', amount: 1000 }] }).ok).toBe(true);
      expect(execute(ctx, table, { type: 'deal' }).ok).toBe(true);
      const dealt = saveTable(ctx.pack, table).round.andarBahar!;
      const cardEvents = ctx
        .events!.filter((e) => e.type === 'card' && e.to !== 'game')
        .map((e) => e.type === 'card' && e.card);
      expect(execute(ctx, table, { type: 'next-round' }).ok).toBe(true);
      const left = savedAndarBahar(table.left[0].andarBahar!);
      expect(left).toEqual(dealt);
      // The cards as the events showed them, in turn from Andar (R-AB-DEAL-1).
      expect(cardEvents).toEqual(cardEvents.map((_, k) => left.sides[k & 1][k >> 1]));
      ctx.events = [];
    }
  });

  it("R-AB-DEAL-1: saved sides come back in dealing order, the longer side first, of equal sides the pack's first side", () => {
    const saved = (a: number[], b: number[]) => ({ gameCard: 0, sides: [a, b] as [number[], number[]], winner: null });
    for (const [a, b, firstSide] of [
      [[1, 2, 3], [4, 5], 1],
      [[1, 2], [4, 5, 6], 0],
      [[1, 2], [4, 5], 0],
      [[1, 2], [4, 5], 1],
      [[], [], 1],
      [[7], [], 1],
    ] as [number[], number[], 0 | 1][]) {
      const ab = workingAndarBahar(saved(a, b), firstSide);
      expect(savedAndarBahar(ab), `${a} | ${b}`).toEqual(saved(a, b));
      const first = a.length > b.length ? 0 : b.length > a.length ? 1 : firstSide;
      expect(ab.first).toBe(first);
      expect(Array.from(ab.cards.subarray(ab.from, ab.from + ab.count))).toEqual(
        [...a, ...b].map((_, k) => (k & 1 ? [a, b][first ^ 1] : [a, b][first])[k >> 1]),
      );
    }
    expect(() => workingAndarBahar(saved([1, 2, 3], [4]), 0)).toThrow(
      'sides of 3 and 1 cards cannot have been dealt in turn',
    );
  });
});
