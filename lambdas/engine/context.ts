// What every command does with its context (Ctx, model.ts): events emitted where the context
// collects them, the answer given, and who decides for a player.
import type { Ctx, Table } from './model.ts';
import type { EngineEvent, Result } from './types.ts';

/** Whether the engine answers for `player` itself: an AI player, or the policy's. */
export const decidesItself = (ctx: Ctx, table: Table, player: number): boolean =>
  !!table.players.ai[player] || ctx.policy?.player === player;

export function emit(ctx: Ctx, table: Table, event: EngineEvent): void {
  if (!ctx.events) return;
  ctx.events.push(event);
  table.round.events.push(event);
}

const NO_EVENTS: EngineEvent[] = [];
const OK_WITHOUT_EVENTS: Result = Object.freeze({ ok: true, events: NO_EVENTS });

/** A command's success, with the events it produced (one shared answer when events are off). */
export const ok = (ctx: Ctx): Result => (ctx.events ? { ok: true, events: ctx.events } : OK_WITHOUT_EVENTS);
