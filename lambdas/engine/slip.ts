// What a bet slip can change before one of its bets is refused, so the slip is all or nothing:
// only the slip's player's balance, bets, warnings and seats, the round's void list and its events.
import { hasSeats } from '../pack/compiled.ts';
import type { Ctx } from './context.ts';
import type { BetRecord, BetSpec, SeatHolder, TableState } from './types.ts';

export interface SlipSnapshot {
  player: string;
  balance: number;
  bets: number;
  nextBetId: number;
  /** The player's bets already on the table, with what a slip may change on them. */
  own: { record: BetRecord; amount: number; staked: number; status: BetRecord['status']; returned: number }[];
  /** Seat holders by seat number (a plain copy of an object keyed by number is slow). */
  seats: (SeatHolder | undefined)[];
  warnings: Record<string, number> | undefined;
  voided: number;
  events: number;
  roundEvents: number;
}

export function snapshotSlip(ctx: Ctx, state: TableState, player: string, bets: readonly BetSpec[]): SlipSnapshot {
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
    seats: takesSeat(state, bets) ? holders(ctx, state) : NO_SEATS,
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
  for (let seat = 1; seat < s.seats.length; seat++) {
    const holder = s.seats[seat];
    if (holder) state.seats[seat] = holder;
    else if (state.seats[seat]) delete state.seats[seat];
  }
  if (s.warnings) state.warnings[s.player] = s.warnings;
  else delete state.warnings[s.player];
  round.voidedPlayers.length = s.voided;
  if (ctx.events) ctx.events.length = s.events;
  round.events.length = s.roundEvents;
}

const NO_SEATS: (SeatHolder | undefined)[] = [];

/** Whether a bet of the slip is on a free seat: taking seats is the only way a slip changes them. */
function takesSeat(state: TableState, bets: readonly BetSpec[]): boolean {
  for (let i = 0; i < bets.length; i++) {
    const seat = bets[i].seat;
    if (seat !== undefined && !state.seats[seat]) return true;
  }
  return false;
}

function holders(ctx: Ctx, state: TableState): (SeatHolder | undefined)[] {
  if (!hasSeats(ctx.pack)) return NO_SEATS;
  const out: (SeatHolder | undefined)[] = [undefined];
  for (let seat = 1; seat <= ctx.pack.table.seats; seat++) out.push(state.seats[seat]);
  return out;
}
