// `resplitAces` is pack data: with it, a split ace that draws another ace may be split again up to
// the hand limit, and otherwise stands on its one card; without it (every shipped pack, R-EU-SPLIT-1)
// a split ace never splits again. A YAML change, no code (the engine once ignored the setting).
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Ctx, execute, openTable, playerView } from '../../lambdas/engine/index.ts';
// The working form's record of a seat's first two cards: an internal, behind the front door.
import { firstCardsAt } from '../../lambdas/engine/state.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { cards, cardText, ctxFor, must, refused, table } from './helpers.ts';

// Seat, dealer up, seat, dealer hole; then the split hands' cards in playing order and the dealer's.
const SHOE = 'AS 9C AH 7D AD KS 5H AC 9S 2S TS';

function resplitVariant(): CompiledPack {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-resplit-'));
  const path = join(dir, 'blackjack-eropa-resplit.yaml');
  const text = readFileSync('rules/blackjack-eropa.yaml', 'utf8')
    .replace('id: blackjack-eropa', 'id: blackjack-eropa-resplit')
    .replace('resplitAces: false', 'resplitAces: true');
  writeFileSync(path, text);
  symlinkSync(resolve('rules/strategies'), join(dir, 'strategies')); // the AI players' charts
  return loadPack(path);
}

function dealtPair(ctx: Ctx) {
  const state = table(ctx, { alice: 100_000 }, SHOE);
  must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
  must(ctx, state, { type: 'deal' });
  must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'split' });
  return state;
}

describe('resplitting aces is pack data', () => {
  it('with resplitAces, an ace drawn to a split ace may be split again up to four hands; the other split aces stand on one card', () => {
    const base = ctxFor('blackjack-eropa');
    const ctx: Ctx = { ...base, pack: resplitVariant(), charts: {} };
    const state = dealtPair(ctx);
    const seat = () => state.round.seats[0];
    // A♠ drew A♦: stand or split only (one card: no hit, no double).
    expect(cardText(seat().hands[0].cards)).toBe('AS AD');
    expect(playerView(ctx, state, 'alice').legal.map((m) => m.action)).toEqual(['stand', 'split']);
    expect(refused(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'hit' })).toBe('action-not-allowed');
    must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'split' });
    // A♠ K♠ is 21 (not a blackjack), A♦ 5♥ stands on its card, A♥ drew A♣: split again, the fourth hand.
    must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'split' });
    expect(seat().hands.map((h) => cardText(h.cards))).toEqual(['AS KS', 'AD 5H', 'AH 9S', 'AC 2S']);
    // Dealer 9 7 draws T and busts: four winning hands at 1:1.
    expect(state.round.phase).toBe('settled');
    const main = state.round.bets.find((b) => b.key === 'main')!;
    expect(main.staked).toBe(4000);
    expect(main.returned).toBe(8000);
  });

  it('without it (blackjack-eropa, R-EU-SPLIT-1), a split ace stands on its one card even when it is another ace', () => {
    const ctx = ctxFor('blackjack-eropa');
    const state = dealtPair(ctx);
    const hands = state.round.seats[0].hands;
    expect(cardText(hands[0].cards)).toBe('AS AD');
    expect(hands[0].done).toBe(true);
    expect(hands.length).toBe(2);
  });
});

describe("a seat's first two cards after a split (side bets read them, R-MW-PAIR-1, R-LL-WIN-1)", () => {
  it('stay the two dealt, in the saved form and in the working form the simulator keeps, whatever the split hands draw', () => {
    const ctx = { ...ctxFor('blackjack-eropa'), pack: resplitVariant(), charts: {} };
    const state = dealtPair(ctx);
    expect(cardText(state.round.seats[0].initial)).toBe('AS AH');
    must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'split' });
    expect(cardText(state.round.seats[0].initial)).toBe('AS AH');
    // The working form without events: the copy is made at the split, not at the deal.
    const quiet: Ctx = { ...ctx, events: null };
    const working = openTable(quiet, 't2', { fixedShoe: cards(SHOE) });
    for (const cmd of [
      { type: 'join', player: 'alice', balance: 100_000 },
      { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 },
      { type: 'deal' },
    ] as const)
      expect(execute(quiet, working, cmd).ok).toBe(true);
    expect(working.round.holders[0].initial).toEqual([]);
    expect(cardText(firstCardsAt(working.round, 1)!.slice(0, 2))).toBe('AS AH');
    expect(execute(quiet, working, { type: 'act', player: 'alice', seat: 1, action: 'split' }).ok).toBe(true);
    expect(cardText(working.round.holders[0].hands[0].cards)).toBe('AS AD');
    expect(cardText(firstCardsAt(working.round, 1)!)).toBe('AS AH');
  });
});
