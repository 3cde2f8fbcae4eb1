// Money in whole minor units (R-BJ-MONEY-1). The pack's rounding is a setting: a copy of mewah
// that rounds half up, written purely in YAML, rounds a surrender's half stake and a 3:2 blackjack
// on an odd stake up, where the shipped pack (rounding down) rounds both down.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Ctx } from '../../lambdas/engine/index.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { copyRules, type RulesCopy } from '../pack/helpers.ts';
import { balances, EPOCH, must, ofType, refused, pack as shipped, table } from './helpers.ts';

let rules: RulesCopy;
let halfUp: Ctx;
let down: Ctx;
beforeAll(() => {
  rules = copyRules();
  let text = rules.read('blackjack-mewah.yaml').replace('id: blackjack-mewah', 'id: blackjack-mewah-half-up');
  text = text.replace(/rounding: down/, 'rounding: half-up');
  rules.write('blackjack-mewah-half-up.yaml', text);
  const ctx = (p: Ctx['pack']): Ctx => ({
    pack: p,
    charts: {},
    env: { now: EPOCH, newSeed: () => new Uint8Array(32) },
    events: [],
  });
  halfUp = ctx(loadPack(rules.path('blackjack-mewah-half-up.yaml')));
  down = ctx(shipped('blackjack-mewah'));
});
afterAll(() => rules.remove());

// Seat 1: T 6 (16) surrenders against a 9; seat 2: A K blackjack. Dealer 9 8 = 17.
const SHOE = 'TD AS 9C 6S KH 8D';

function play(ctx: Ctx) {
  const state = table(ctx, { alice: 100_000 }, SHOE);
  must(ctx, state, {
    type: 'bets',
    player: 'alice',
    bets: [
      { bet: 'main', amount: 1001, seat: 1 },
      { bet: 'main', amount: 1001, seat: 2 },
    ],
  });
  must(ctx, state, { type: 'deal' });
  must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'surrender' });
  const events = ofType(state.round.events, 'settled');
  return {
    balance: balances(state).alice,
    surrender: events.find((e) => e.outcome === 'surrender')!.returned,
    blackjack: events.find((e) => e.outcome === 'blackjack')!.returned,
  };
}

test('half up: a surrender returns 501 of 1001 and 3:2 on 1001 pays 1502 (R-BJ-MONEY-1, R-MW-SURR-1)', () => {
  expect(halfUp.pack.rounding).toBe('half-up');
  expect(play(halfUp)).toEqual({ surrender: 501, blackjack: 1001 + 1502, balance: 100_000 - 2002 + 501 + 2503 });
});

test('down (the shipped pack): the same round returns 500 and pays 1501 (R-BJ-MONEY-1, R-MW-SURR-1)', () => {
  expect(play(down)).toEqual({ surrender: 500, blackjack: 1001 + 1501, balance: 100_000 - 2002 + 500 + 2502 });
});

test('a player joins with whole minor units only: a fraction, a negative or an unsafe balance is refused and nothing changes (R-BJ-MONEY-1)', () => {
  const ctx = down;
  const state = table(ctx, {});
  for (const balance of [100.5, -1, 2 ** 53, Number.NaN])
    expect(refused(ctx, state, { type: 'join', player: 'bob', balance })).toBe('invalid-balance');
  must(ctx, state, { type: 'join', player: 'bob', balance: 0 });
  expect(balances(state)).toEqual({ bob: 0 });
});
