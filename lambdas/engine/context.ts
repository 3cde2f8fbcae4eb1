// What the interpreter is given besides state and command: the compiled pack, the time, the
// source of new shoe seeds, and where events go. The simulator passes events: null to skip them.
import type { CompiledPack } from '../pack/compiled.ts';
import type { AiCharts, Chart } from './ai.ts';
import type { Table } from './state.ts';
import type { EngineEvent, Result } from './types.ts';

export interface Env {
  /** The time of the command, ms since epoch (injected: tests drive a virtual clock). */
  now: number;
  /** 32 random bytes for a new shoe; live play uses a CSPRNG (R-BJ-SHOE-3). */
  newSeed(): Uint8Array;
  /** Which generator expands shoe seeds; chacha20 unless the simulator says otherwise. */
  generator?: 'chacha20' | 'xoshiro';
}

export interface Ctx {
  pack: CompiledPack;
  charts: AiCharts;
  env: Env;
  /** Collected events, or null to skip building them (simulation). */
  events: EngineEvent[] | null;
  /** A player who decides by a chart given up front (the simulator); absent in live play. */
  policy?: Policy;
}

/**
 * A player whose every decision is known before the round (the simulator's basic strategy): where
 * the engine would wait for their command, it plays their hand by the chart among the legal
 * actions and declines insurance and follows, as it does for AI players. One command then plays a
 * whole round, with the same rules code an act command runs.
 */
export interface Policy {
  /** Players index. */
  player: number;
  chart: Chart;
}

/** Whether the engine answers for `player` itself: an AI player, or the policy's. */
export const decidesItself = (ctx: Ctx, table: Table, player: number): boolean =>
  !!table.players.ai[player] || ctx.policy?.player === player;

export function emit(ctx: Ctx, table: Table, event: EngineEvent): void {
  if (!ctx.events) return;
  ctx.events.push(event);
  table.round.events.push(event);
}

/** Moves money between a player's balance and the house; every change is an event. */
export function pay(ctx: Ctx, table: Table, player: number, delta: number, reason: string): void {
  if (delta === 0) return;
  table.players.balance[player] += delta;
  if (ctx.events) emit(ctx, table, { type: 'wallet', player: table.players.names[player], delta, reason });
}

const NO_EVENTS: EngineEvent[] = [];
const OK_WITHOUT_EVENTS: Result = Object.freeze({ ok: true, events: NO_EVENTS });

/** A command's success, with the events it produced (one shared answer when events are off). */
export const ok = (ctx: Ctx): Result => (ctx.events ? { ok: true, events: ctx.events } : OK_WITHOUT_EVENTS);
