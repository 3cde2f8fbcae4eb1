// What a bet slip can change before one of its bets is refused, so the slip is all or nothing:
// only the slip's player's balance, rows, warnings and seats, the round's void list and its events.
import { hasSeats } from '../pack/compiled.ts';
import type { Ctx, SlipSnapshot, Table } from './model.ts';
import { empty, setSeats } from './state.ts';
import type { BetSpec } from './types.ts';

/** Snapshots the slip's player; `into` is reused (a slip never nests). */
export function snapshotSlip(
  ctx: Ctx,
  table: Table,
  player: number,
  bets: readonly BetSpec[],
  into: SlipSnapshot,
): SlipSnapshot {
  const round = table.round;
  const ledger = round.bets;
  into.player = player;
  into.balance = table.players.balance[player];
  into.rows = ledger.length;
  into.nextBetId = round.nextBetId;
  empty(into.own);
  for (let row = 0; row < ledger.length; row++)
    if (ledger.player(row) === player)
      into.own.push(row, ledger.amount(row), ledger.staked(row), ledger.status(row), ledger.returned(row));
  into.seats = takesSeat(ctx, table, bets) ? table.seats.slice() : null;
  into.savedWarnings = false;
  into.warnings = undefined;
  into.voided = round.voidedPlayers.length;
  into.events = ctx.events?.length ?? 0;
  into.roundEvents = round.events.length;
  return into;
}

export const emptySnapshot = (): SlipSnapshot => ({
  player: -1,
  balance: 0,
  rows: 0,
  nextBetId: 0,
  own: [],
  seats: null,
  savedWarnings: false,
  warnings: undefined,
  voided: 0,
  events: 0,
  roundEvents: 0,
});

/** Called before a slip's bet changes the player's warnings: the first change saves them for a refusal to restore. */
export function beforeWarningsChange(s: SlipSnapshot | null, table: Table, name: string): void {
  if (!s || s.savedWarnings) return;
  const warnings = table.warnings[name];
  s.warnings = warnings && { ...warnings };
  s.savedWarnings = true;
}

export function restoreSlip(ctx: Ctx, table: Table, s: SlipSnapshot): void {
  const round = table.round;
  const ledger = round.bets;
  table.players.balance[s.player] = s.balance;
  ledger.truncate(s.rows);
  round.nextBetId = s.nextBetId;
  for (let i = 0; i < s.own.length; i += 5) {
    const row = s.own[i];
    ledger.setMoney(row, s.own[i + 1], s.own[i + 2], s.own[i + 4]);
    ledger.setStatus(row, s.own[i + 3]);
  }
  if (s.seats) setSeats(table, s.seats);
  const name = table.players.names[s.player];
  if (s.savedWarnings) {
    if (s.warnings) table.warnings[name] = s.warnings;
    else delete table.warnings[name];
  }
  round.voidedPlayers.length = s.voided;
  if (ctx.events) ctx.events.length = s.events;
  round.events.length = s.roundEvents;
}

/** Whether a bet of the slip is on a free seat: taking seats is the only way a slip changes them. */
function takesSeat(ctx: Ctx, table: Table, bets: readonly BetSpec[]): boolean {
  if (!hasSeats(ctx.pack)) return false;
  for (let i = 0; i < bets.length; i++) {
    const seat = bets[i].seat;
    if (seat !== undefined && !table.seats[seat]) return true;
  }
  return false;
}
