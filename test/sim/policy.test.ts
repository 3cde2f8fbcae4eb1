// The simulator's player decides by a chart given to the engine up front (Policy, context.ts): the
// deal then plays the whole round. It must be exactly the round the same decisions sent as act
// commands give, one command per decision, as a player at the live table would send them.
import { describe, expect, it } from 'vitest';
import { FastRandom } from '../../lambdas/core/rng.ts';
// The rules' legal actions as the engine computes them for the policy: an internal, behind the front door.
import { legalMask } from '../../lambdas/engine/blackjack/turns.ts';
import { type Ctx, currentHand, execute, openTable, saveTable, type Table } from '../../lambdas/engine/index.ts';
import { ACTIONS, type Chart, decideBit } from '../../lambdas/pack/chart.ts';
import { hasSeats } from '../../lambdas/pack/compiled.ts';
import { packWithChart } from './helpers.ts';

const PLAYER = 'p';

function simCtx(id: string, byPolicy: boolean): { ctx: Ctx; table: Table; chart: Chart } {
  const { pack, chart } = packWithChart(id);
  const rng = new FastRandom(3);
  const newSeed = () => Uint8Array.from({ length: 32 }, () => rng.nextUint32() & 0xff);
  const ctx: Ctx = { pack, charts: {}, env: { now: 0, newSeed, generator: 'xoshiro' }, events: [] };
  const table = openTable(ctx, 'sim');
  expect(execute(ctx, table, { type: 'join', player: PLAYER, balance: 1e12 }).ok).toBe(true);
  if (byPolicy) ctx.policy = { player: table.players.joinedIndex(PLAYER), chart: chart! };
  return { ctx, table, chart: chart! };
}

/** The decisions as commands: insurance declined, then the chart's action on the hand in play, until the round ends. */
function playByCommands(ctx: Ctx, table: Table, chart: Chart, seat: { seat?: number }): void {
  const round = table.round;
  for (let guard = 0; round.phase !== 'settled' && round.phase !== 'void'; guard++) {
    expect(guard).toBeLessThan(50);
    if (round.phase === 'insurance') {
      expect(execute(ctx, table, { type: 'act', player: PLAYER, action: 'insurance', accept: false, ...seat }).ok).toBe(
        true,
      );
      continue;
    }
    const h = round.holders.find((x) => currentHand(x))!;
    const action =
      ACTIONS[
        31 - Math.clz32(decideBit(chart, currentHand(h)!.cards, round.dealer.cards[0], legalMask(ctx, table, h)))
      ];
    expect(execute(ctx, table, { type: 'act', player: PLAYER, action, ...seat }).ok).toBe(true);
  }
}

/**
 * Per round: the saved round and the balance, without the command log and the decision windows:
 * those are what differ, since a policy decides at once, as an AI player does, and no window opens.
 */
function rounds(id: string, byPolicy: boolean, count: number): string[] {
  const { ctx, table, chart } = simCtx(id, byPolicy);
  const seat = hasSeats(ctx.pack) ? { seat: 1 } : {};
  const bets = ctx.pack.bets.filter((b) => b.type !== 'behind').map((b) => ({ bet: b.name, amount: b.min, ...seat }));
  const out: string[] = [];
  for (let r = 0; r < count; r++) {
    ctx.events = [];
    // Round limits close some bets late in a shoe: the slip is what the table still takes.
    const open = bets.filter((b) => {
      const limit = ctx.pack.bets.find((c) => c.name === b.bet)!.roundLimit;
      return limit === null || table.round.roundInShoe <= limit;
    });
    expect(execute(ctx, table, { type: 'bets', player: PLAYER, bets: open }).ok).toBe(true);
    expect(execute(ctx, table, { type: 'deal' }).ok).toBe(true);
    if (byPolicy) expect(table.round.phase).toMatch(/^(settled|void)$/);
    else playByCommands(ctx, table, chart, seat);
    const { log: _log, events, ...saved } = saveTable(ctx.pack, table).round;
    out.push(
      JSON.stringify({ saved, events: events.filter((e) => e.type !== 'window'), balance: table.players.balance[0] }),
    );
    expect(execute(ctx, table, { type: 'next-round' }).ok).toBe(true);
  }
  return out;
}

describe('a policy plays the round the same decisions as commands play', () => {
  for (const id of ['blackjack-tanpa-batas', 'blackjack-mewah', 'blackjack-eropa', 'blackjack-lucky-ladies'])
    it(`${id}: 300 rounds, cards, events, bets and balance alike`, () => {
      const byPolicy = rounds(id, true, 300);
      const byCommands = rounds(id, false, 300);
      // The first round that differs, shown field by field.
      const first = byPolicy.findIndex((r, i) => r !== byCommands[i]);
      if (first >= 0)
        expect({ round: first + 1, ...JSON.parse(byPolicy[first]) }).toEqual({
          round: first + 1,
          ...JSON.parse(byCommands[first]),
        });
      expect(byPolicy).toEqual(byCommands);
    });
});
