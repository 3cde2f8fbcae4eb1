// Pay-table bets (side bets, and every Andar Bahar bet): the highest matching line pays; a bet is
// decided when its card group is complete and every fact its lines read is known; all placements
// of one bet settle together, so an aggregate cap applies to one settlement (R-LL-SETTLE-1, R-LL-LIMIT-1).
import type { Card } from '../core/cards.ts';
import { payout } from '../core/money.ts';
import type { Facts } from '../pack/conditions.ts';
import type { CompiledBet } from '../pack/compiled.ts';
import { close, credit } from './bets.ts';
import { betOf } from './records.ts';
import { emit, type Ctx } from './context.ts';
import type { BetRecord, TableState } from './types.ts';

export interface GroupView {
  cards: ArrayLike<Card>;
  n: number;
  facts: Facts;
  /** The round's outcome at `outcomeIndex` once known (Andar Bahar), else -1: outcome bets look their line up there. */
  outcome: number;
}

const DEALER_BLACKJACK: Facts = { dealerBlackjack: true };
const NO_DEALER_BLACKJACK: Facts = { dealerBlackjack: false };

/** Index of the paying line, -1 for none, or undefined while an unknown fact could change it. */
export function paying(bet: CompiledBet, group: GroupView): number | undefined {
  if (bet.outcomeLines !== null && group.outcome >= 0) return bet.outcomeLines[group.outcome];
  const facts = group.facts;
  if (bet.readsDealerBlackjack && facts.dealerBlackjack === undefined) {
    // Decided already when both answers pay the same line (R-LL-SETTLE-1).
    const yes = bet.lineOf(group.cards, group.n, DEALER_BLACKJACK);
    const no = bet.lineOf(group.cards, group.n, NO_DEALER_BLACKJACK);
    return yes === no ? yes : undefined;
  }
  if (bet.readsOutcome && (facts.winner === undefined || facts.cardsDealt === undefined)) return undefined;
  return bet.lineOf(group.cards, group.n, facts);
}

/** Where a placement's card group and facts come from; null while its group is incomplete. */
export type GroupOf = (ctx: Ctx, state: TableState, record: BetRecord, bet: CompiledBet, final: boolean) => GroupView | null;

/**
 * Settles every open pay-table bet that is decided. A bet with a cap per round settles all its
 * placements together (one pass finds them); any other placement settles on its own.
 */
export function settleDecided(ctx: Ctx, state: TableState, groupOf: GroupOf, final: boolean): void {
  const records = state.round.bets;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.status !== 'open' || r.type !== 'paytable') continue;
    const bet = betOf(ctx.pack, r);
    if (bet.capPerRound === null) {
      settleOne(ctx, state, bet, r, groupOf(ctx, state, r, bet, final));
      continue;
    }
    if (openBefore(records, i, r.key)) continue; // its first open placement settles them all
    const open = records.filter((o) => o.status === 'open' && o.key === r.key);
    settleTogether(ctx, state, bet, open, (o, b) => groupOf(ctx, state, o, b, final));
  }
}

const openBefore = (records: readonly BetRecord[], i: number, key: string): boolean => {
  for (let j = 0; j < i; j++) if (records[j].key === key && records[j].status === 'open') return true;
  return false;
};

/**
 * Settles every open placement of `bet` if all are decided (`groupOf` returns null while a
 * placement's group is incomplete). Returns whether it settled.
 */
function settleTogether(ctx: Ctx, state: TableState, bet: CompiledBet, open: BetRecord[], groupOf: (r: BetRecord, bet: CompiledBet) => GroupView | null): boolean {
  if (open.length === 0) return true;
  if (open.length === 1) return settleOne(ctx, state, bet, open[0], groupOf(open[0], bet));
  const lines: number[] = [];
  for (const r of open) {
    const group = groupOf(r, bet);
    const line = group ? paying(bet, group) : undefined;
    if (line === undefined) return false;
    lines.push(line);
  }
  const winnings = open.map((r, i) => (lines[i] < 0 ? 0 : payout(r.amount, bet.lines[lines[i]].pays, ctx.pack.rounding)));
  const total = winnings.reduce((a, b) => a + b, 0);
  if (bet.capPerRound !== null && total > bet.capPerRound) {
    // Pro rata, rounded down: the paid total never exceeds the cap (R-LL-LIMIT-1).
    for (let i = 0; i < winnings.length; i++) winnings[i] = Number((BigInt(winnings[i]) * BigInt(bet.capPerRound)) / BigInt(total));
    if (ctx.events) emit(ctx, state, { type: 'capped', bet: bet.key, winnings: total, cap: bet.capPerRound });
  }
  open.forEach((r, i) => {
    const line = lines[i] < 0 ? null : bet.lines[lines[i]].name;
    credit(ctx, state, r, line ? r.amount + winnings[i] : 0, line ?? 'lose');
    close(r, line);
  });
  return true;
}

/** The usual case, one placement of the bet: the same settlement without the arrays. */
function settleOne(ctx: Ctx, state: TableState, bet: CompiledBet, r: BetRecord, group: GroupView | null): boolean {
  const index = group ? paying(bet, group) : undefined;
  if (index === undefined) return false;
  if (index < 0) {
    credit(ctx, state, r, 0, 'lose');
    close(r, null);
    return true;
  }
  const line = bet.lines[index];
  let won = payout(r.amount, line.pays, ctx.pack.rounding);
  if (bet.capPerRound !== null && won > bet.capPerRound) {
    if (ctx.events) emit(ctx, state, { type: 'capped', bet: bet.key, winnings: won, cap: bet.capPerRound });
    won = bet.capPerRound; // the whole cap: its pro-rata share of a single placement
  }
  credit(ctx, state, r, r.amount + won, line.name);
  close(r, line.name);
  return true;
}
