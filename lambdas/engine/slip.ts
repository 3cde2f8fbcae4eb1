// What a bet slip can change before one of its bets is refused, so the slip is all or nothing:
// only the slip's player's balance, bets, warnings and seats, the round's void list and its events.
import type { Ctx } from './context.ts';
import type { BetRecord, SeatHolder, TableState } from './types.ts';

export interface SlipSnapshot {
  player: string;
  balance: number;
  bets: number;
  nextBetId: number;
  /** The player's bets already on the table, with what a slip may change on them. */
  own: { record: BetRecord; amount: number; staked: number; status: BetRecord['status']; returned: number }[];
  seats: Record<string, SeatHolder>;
  warnings: Record<string, number> | undefined;
  voided: number;
  events: number;
  roundEvents: number;
}

export function snapshotSlip(ctx: Ctx, state: TableState, player: string): SlipSnapshot {
  const round = state.round;
  const own: SlipSnapshot['own'] = [];
  for (const record of round.bets) if (record.player === player) own.push({ record, amount: record.amount, staked: record.staked, status: record.status, returned: record.returned });
  const warnings = state.warnings[player];
  return {
    player,
    balance: state.players[player].balance,
    bets: round.bets.length,
    nextBetId: round.nextBetId,
    own,
    seats: { ...state.seats },
    warnings: warnings && { ...warnings },
    voided: round.voidedPlayers.length,
    events: ctx.events?.length ?? 0,
    roundEvents: round.events.length,
  };
}

export function restoreSlip(ctx: Ctx, state: TableState, s: SlipSnapshot): void {
  const round = state.round;
  state.players[s.player].balance = s.balance;
  round.bets.length = s.bets;
  round.nextBetId = s.nextBetId;
  for (const o of s.own) Object.assign(o.record, { amount: o.amount, staked: o.staked, status: o.status, returned: o.returned });
  state.seats = s.seats;
  if (s.warnings) state.warnings[s.player] = s.warnings;
  else delete state.warnings[s.player];
  round.voidedPlayers.length = s.voided;
  if (ctx.events) ctx.events.length = s.events;
  round.events.length = s.roundEvents;
}
