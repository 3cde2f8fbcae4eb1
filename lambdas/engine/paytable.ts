// Pay-table bets (side bets, and every Andar Bahar bet): the highest matching line pays; a bet is
// decided when its card group is complete and every fact its lines read is known; all placements
// of one bet settle together, so an aggregate cap applies to one settlement (R-LL-SETTLE-1, R-LL-LIMIT-1).
import { payout } from '../core/money.ts';
import type { CompiledBet } from '../pack/compiled.ts';
import { Paying } from '../pack/line-table.ts';
import { settleBet } from './bets.ts';
import { emit } from './context.ts';
import { Line, Status } from './ledger.ts';
import type { Ctx, GroupOf, GroupView, Table } from './model.ts';

/** Index of the paying line, -1 for none, or Paying.UNDECIDED while an unknown fact could change it. */
export function paying(bet: CompiledBet, group: GroupView): number {
  if (bet.outcomeLines !== null && group.outcome >= 0) return bet.outcomeLines[group.outcome];
  const facts = group.facts;
  // Decided already when both answers pay the same line (R-LL-SETTLE-1).
  if (bet.readsDealerBlackjack && facts.dealerBlackjack === undefined)
    return bet.lineFinder.lineEitherWay(group.cards, group.n);
  if (bet.readsOutcome && (facts.winner === undefined || facts.cardsDealt === undefined)) return Paying.UNDECIDED;
  return bet.lineFinder.lineOf(group.cards, group.n, facts);
}

/**
 * Settles every open pay-table bet that is decided. A bet with a cap per round settles all its
 * placements together (one pass finds them); any other placement settles on its own. `outcome`,
 * once the round's outcome is known (Andar Bahar), is its outcomeIndex: an outcome bet reads its
 * line straight from its table.
 */
export function settleDecided(ctx: Ctx, table: Table, groupOf: GroupOf, final: boolean, outcome = -1): void {
  const bets = table.round.bets;
  const compiled = ctx.pack.bets;
  if (!bets.anyOpenOf(ctx.pack.paytableBets)) return;
  for (let row = 0; row < bets.length; row++) {
    if (bets.status(row) !== Status.OPEN) continue;
    const bet = compiled[bets.bet(row)];
    if (bet.type !== 'paytable') continue;
    // A placement settles on its own unless it shares a cap with others (its only open placement caps alone).
    if (bet.capPerRound === null || bets.openCount(bet.index) === 1) {
      if (outcome >= 0 && bet.outcomeLines !== null) {
        settleOne(ctx, table, bet, row, bet.outcomeLines[outcome]);
        continue;
      }
      const group = groupOf(ctx, table, row, bet, final);
      if (group) settleOne(ctx, table, bet, row, paying(bet, group));
      continue;
    }
    if (openBefore(table, row)) continue; // its first open placement settles them all
    settleTogether(ctx, table, bet, openRowsOf(table, bet.index), groupOf, final);
  }
}

/** Another open placement of the row's bet comes before it. */
function openBefore(table: Table, row: number): boolean {
  const bets = table.round.bets;
  for (let r = 0; r < row; r++) if (bets.bet(r) === bets.bet(row) && bets.status(r) === Status.OPEN) return true;
  return false;
}

function openRowsOf(table: Table, bet: number): number[] {
  const bets = table.round.bets;
  const rows: number[] = [];
  for (let r = 0; r < bets.length; r++) if (bets.bet(r) === bet && bets.status(r) === Status.OPEN) rows.push(r);
  return rows;
}

/** Settles every open placement of `bet` if all are decided (a group that is null is incomplete). */
function settleTogether(
  ctx: Ctx,
  table: Table,
  bet: CompiledBet,
  open: number[],
  groupOf: GroupOf,
  final: boolean,
): void {
  const bets = table.round.bets;
  const lines: number[] = [];
  for (const row of open) {
    const group = groupOf(ctx, table, row, bet, final);
    const line = group ? paying(bet, group) : Paying.UNDECIDED;
    if (line === Paying.UNDECIDED) return;
    lines.push(line);
  }
  if (open.length === 1) {
    settleOne(ctx, table, bet, open[0], lines[0]);
    return;
  }
  const winnings: number[] = [];
  let total = 0;
  for (let i = 0; i < open.length; i++) {
    winnings.push(lines[i] < 0 ? 0 : payout(bets.amount(open[i]), bet.lines[lines[i]].pays, ctx.pack.rounding));
    total += winnings[i];
  }
  if (bet.capPerRound !== null && total > bet.capPerRound) {
    // Pro rata, rounded down: the paid total never exceeds the cap (R-LL-LIMIT-1).
    for (let i = 0; i < winnings.length; i++)
      winnings[i] = Number((BigInt(winnings[i]) * BigInt(bet.capPerRound)) / BigInt(total));
    if (ctx.events) emit(ctx, table, { type: 'capped', bet: bet.key, winnings: total, cap: bet.capPerRound });
  }
  for (let i = 0; i < open.length; i++) {
    const row = open[i];
    const line = lines[i];
    settleBet(
      ctx,
      table,
      row,
      line >= 0 ? bets.amount(row) + winnings[i] : 0,
      line >= 0 ? line : Line.NONE,
      line >= 0 ? bet.lines[line].name : 'lose',
    );
  }
}

/** One placement, its paying line known (or Paying.UNDECIDED: left open). */
function settleOne(ctx: Ctx, table: Table, bet: CompiledBet, row: number, index: number): void {
  if (index === Paying.UNDECIDED) return;
  if (index < 0) {
    settleBet(ctx, table, row, 0, Line.NONE, 'lose');
    return;
  }
  const line = bet.lines[index];
  const amount = table.round.bets.amount(row);
  let won = payout(amount, line.pays, ctx.pack.rounding);
  if (bet.capPerRound !== null && won > bet.capPerRound) won = capped(ctx, table, bet, won);
  settleBet(ctx, table, row, amount + won, index, line.name);
}

/** Winnings over the bet's cap per round: the whole cap, a single placement's pro-rata share (R-LL-LIMIT-1). */
function capped(ctx: Ctx, table: Table, bet: CompiledBet, won: number): number {
  if (ctx.events) emit(ctx, table, { type: 'capped', bet: bet.key, winnings: won, cap: bet.capPerRound! });
  return bet.capPerRound!;
}
