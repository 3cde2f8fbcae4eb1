// The working form keeps Andar Bahar's sides in typed arrays sized for one shoe (state.ts). A fixed
// shoe (scenarios, `croupier play --shoe`) may hold more cards than that: the sides grow, and the
// saved sides, and the bets settled on them are those of the cards as dealt
// (R-AB-DEAL-1, R-AB-PAY-1).
import { describe, expect, it } from 'vitest';
import { execute, openTable } from '../../lambdas/engine/table.ts';
import { saveTable } from '../../lambdas/engine/codec.ts';
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
      expect(execute(ctx, table, { type: 'bets', player: 'p', bets: [{ bet: 'andar', amount: 1000 }, { bet: 'bahar', amount: 1000 }] }).ok).toBe(true);
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
