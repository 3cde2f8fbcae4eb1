// Owns AI players on solo practice tables (R-EU-AI-1/2), the shell's part of them: who they are,
// how they are funded, and their automatic bets. Their decisions are the engine's (it plays any
// player whose `ai` level is set, from that player's own view); nothing here decides a hand.
//
// Rules (documented in ROUTE_DOCS and docs/operators.md):
// - Only on a solo table of a practice pack (`currency.practice`): the human at the table (or an
//   operator) seats an AI player of a level the pack has a chart for, on a free seat.
// - An AI player is named `~ai~<tableId>~<seat>`; `~` starts no player id (lambdas/auth/claims.ts
//   refuses such a `sub`), so nobody can act for it or read its wallet.
// - Its money is its own house-funded practice wallet, never a human's: when it is seated, and
//   before a deal whenever it holds less than `AI_RESERVE` minimum bets (enough to split to four
//   hands and double each), the house tops it up to `AI_FLOAT` minimum bets with a ledger entry
//   of kind `house-float`.
// - At every deal (the human's deal on a solo table) each AI player places the table minimum main
//   bet on its seat, in the same transaction as the deal; a seat someone else bet on meanwhile is
//   skipped for that round.
import {
  type AiLevel,
  apply,
  type Ctx,
  type EngineError,
  loadTable,
  soloHuman,
  type TableState,
} from '../engine/index.ts';
import type { CompiledPack } from '../pack/compiled.ts';

export const AI_PREFIX = '~ai~';
/** The float an AI wallet is topped up to, in table minimum main bets. */
export const AI_FLOAT = 100;
/** Below this many minimum bets the wallet is topped up before a deal. */
export const AI_RESERVE = 8;

export const aiName = (tableId: string, seat: number): string => `${AI_PREFIX}${tableId}~${seat}`;
export const isAi = (player: string): boolean => player.startsWith(AI_PREFIX);
export const aiSeat = (player: string): number => Number(player.slice(player.lastIndexOf('~') + 1));

function mainBet(pack: CompiledPack) {
  return pack.bets.find((b) => b.type === 'hand') ?? null;
}

/** Whether a pack's tables take AI players at all; an error saying why not otherwise. */
export function aiRefusal(pack: CompiledPack): EngineError | null {
  if (pack.table.kind !== 'solo') return { code: 'ai-not-offered', message: 'AI players sit only at solo tables' };
  if (!pack.currency.practice)
    return { code: 'ai-not-offered', message: 'AI players play only for practice points; this pack plays for money' };
  if (!mainBet(pack)) return { code: 'ai-not-offered', message: 'this pack has no main bet for an AI player to place' };
  return null;
}

/** Checks a request to seat an AI player of `level` on `seat`, on the state as loaded. */
export function seatCheck(
  ctx: Ctx,
  state: TableState,
  caller: { id: string; operator: boolean },
  level: AiLevel,
  seat: number,
): EngineError | null {
  const refusal = aiRefusal(ctx.pack);
  if (refusal) return refusal;
  if (!ctx.charts[level])
    return {
      code: 'ai-level-not-offered',
      message: `this pack has no ${level} AI player; levels: ${Object.keys(ctx.charts).join(', ')}`,
    };
  if (!Number.isInteger(seat) || seat < 1 || seat > ctx.pack.table.seats)
    return { code: 'no-such-seat', message: `there is no seat ${seat}; seats are 1 to ${ctx.pack.table.seats}` };
  const human = soloHuman(loadTable(ctx, state));
  if (!caller.operator && human !== undefined && human !== caller.id)
    return { code: 'not-seated', message: 'only the player at this solo table seats AI players' };
  if (state.seats[seat] || state.players[aiName(state.tableId, seat)] || state.round.bets.some((b) => b.seat === seat))
    return { code: 'seat-taken', message: `seat ${seat} is taken` };
  return null;
}

/** What the house adds to an AI wallet holding `balance` (0 when it has enough). */
export function topUp(pack: CompiledPack, balance: number, seating: boolean): number {
  const min = mainBet(pack)?.min ?? 0;
  if (min <= 0) return 0;
  const float = AI_FLOAT * min;
  return seating || balance < AI_RESERVE * min ? Math.max(0, float - balance) : 0;
}

/** The table's AI players (each has its seat in its name). */
export const aiPlayers = (state: TableState): string[] =>
  Object.keys(state.players).filter((p) => state.players[p].ai !== null && isAi(p));

/** Each AI player places the table minimum main bet on its seat (before a deal); refusals are skipped. */
export function placeAiBets(ctx: Ctx, state: TableState): void {
  const main = mainBet(ctx.pack);
  if (!main || state.round.phase !== 'betting') return;
  for (const player of aiPlayers(state)) {
    const seat = aiSeat(player);
    const holder = state.seats[seat];
    if (holder && holder.owner !== player) continue;
    if (state.round.bets.some((b) => b.player === player && b.status === 'open')) continue;
    apply(ctx, state, { type: 'bet', player, bet: main.name, seat, amount: main.min }, player);
  }
}

/** Takes an AI player off its seat between rounds; an error when it is in a round. */
export function unseat(state: TableState, seat: number): EngineError | null {
  const player = aiName(state.tableId, seat);
  if (!state.players[player]) return { code: 'no-ai-player', message: `there is no AI player on seat ${seat}` };
  if (state.round.phase !== 'betting' || state.round.bets.some((b) => b.player === player && b.status === 'open'))
    return {
      code: 'round-in-progress',
      message: 'an AI player leaves between rounds; try again when the round has settled',
    };
  delete state.players[player];
  if (state.seats[seat]?.owner === player) delete state.seats[seat];
  return null;
}
