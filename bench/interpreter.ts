// Interpreter figure for `npm run bench`: one command on a full 7-seat round (p50 / p99). Rounds
// per second are measured through the simulation workers (simulate.ts).

import { FastRandom } from '../lambdas/core/rng.ts';
import { apply, type Ctx, createTable, currentHand, loadTable, type PlayAction } from '../lambdas/engine/index.ts';
import { bestStrategy } from '../lambdas/math/index.ts';
import { decide } from '../lambdas/pack/chart.ts';
import { loadPack } from '../lambdas/pack/load.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Latency of single commands on a 7-seat blackjack round, warm. */
export function commandLatency(packId = 'blackjack-mewah', rounds = 20_000) {
  const pack = loadPack(packId);
  const chart = bestStrategy(pack);
  const rng = new FastRandom(7);
  const ctx: Ctx = {
    pack,
    charts: {},
    env: { now: 0, newSeed: () => Uint8Array.from({ length: 32 }, () => rng.nextUint32() & 255) },
    events: [],
  };
  const state = createTable(ctx, 'bench');
  const seats = pack.table.seats;
  for (let s = 1; s <= seats; s++) apply(ctx, state, { type: 'join', player: `p${s}`, balance: 1e12 });
  const times: number[] = [];
  const timed = (cmd: Parameters<typeof apply>[2]) => {
    ctx.events = [];
    const t = process.hrtime.bigint();
    const r = apply(ctx, state, cmd);
    times.push(Number(process.hrtime.bigint() - t));
    return r;
  };
  for (let r = 0; r < rounds; r++) {
    for (let s = 1; s <= seats; s++) timed({ type: 'bet', player: `p${s}`, bet: 'main', amount: 1000, seat: s });
    timed({ type: 'deal' });
    for (let guard = 0; state.round.phase !== 'settled' && state.round.phase !== 'void' && guard < 100; guard++) {
      if (state.round.phase !== 'turns') {
        timed({ type: 'timeout' });
        continue;
      }
      // The player's decision, untimed: the chart on the hand in turn.
      const table = loadTable(ctx, state);
      const who = table.round.holders.find((h) => h.seat === table.round.turnSeat)!;
      const legal = table.family.legalMoves!(ctx, table, who.owner).map((m) => m.action as PlayAction);
      const action = decide(chart, currentHand(who)!.cards, table.round.dealer.cards[0], legal);
      timed({ type: 'act', player: who.owner, seat: who.seat, action });
    }
    apply(ctx, state, { type: 'next-round' });
    if (r === rounds / 4) times.length = 0; // the first quarter warms V8 up
  }
  times.sort((a, b) => a - b);
  return {
    pack: packId,
    seats,
    commands: times.length,
    p50Ms: percentile(times, 0.5) / 1e6,
    p99Ms: percentile(times, 0.99) / 1e6,
  };
}
