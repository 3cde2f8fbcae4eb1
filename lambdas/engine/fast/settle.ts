// Pay-table bets the simulator settles ahead of the general way's pass over every row (paytable.ts,
// settleDecided), from what it remembers of its slip or from lookup tables. Each answers false,
// having changed nothing, where the general way must settle; where it remembers, it lets the
// general way settle and keeps how it settled.
import { multisetIndex, Paying } from '../../pack/line-table.ts';
import type { Ctx, GroupOf, Table } from '../model.ts';
import { paying, settleDecided } from '../paytable.ts';
import { firstCardsAt } from '../state.ts';
import { Memo } from './memos.ts';
import { settleFinalByShape, settleFromTables } from './side-tables.ts';
import { type SlipLedger, slipLedger } from './slip-ledger.ts';

/**
 * Blackjack side bets (FastPath.settleSideBets). Before the dealer's final hand, one spot's side
 * bets settle as the same stage of the slip settled before for the same key (stageKey), or, where
 * one reads the up card, from their lookup tables (side-tables.ts): with the up card a key would
 * have too many values for its memory to stay in the core's caches. On the dealer's final hand,
 * the bets read by its shape alone (Bust Bonus) settle without the general way's pass.
 */
export function settleSideBets(
  ctx: Ctx,
  table: Table,
  groupOf: GroupOf,
  finalShape: number | null,
  dealerBlackjack: boolean | undefined,
): boolean {
  const bets = slipLedger(table.round);
  if (finalShape !== null) {
    settleFinalByShape(ctx.pack, table, bets, dealerBlackjack, finalShape);
    return !bets.anyOpenOf(ctx.pack.paytableBets);
  }
  const key = stageKey(ctx, table);
  if (key < 0) return settleFromTables(ctx.pack, table, bets, dealerBlackjack);
  if (!bets.isBlockAllOpen()) return false;
  if (bets.settleKnownStep(key, table.players.balance)) return true;
  const touched = bets.touchedRows();
  settleDecided(ctx, table, groupOf, false);
  bets.rememberStep(key, touched);
  return true;
}

/**
 * What decides every side bet of a block (one spot's bets, slip-ledger.ts) before the dealer's
 * final hand, where none reads the up card: the spot's first two cards (as a multiset: a group's
 * lines read its cards in any order, line-table.ts) and the dealer-blackjack fact (not known, yes,
 * no), one of 1,378 × 3 keys; -1 for none. With the up card there would be ~215,000 keys, whose
 * memory (megabytes, read at random) misses the core's caches.
 */
function stageKey(ctx: Ctx, table: Table): number {
  const round = table.round;
  if (ctx.pack.upCardBets.indices.length > 0) return -1;
  const first = round.bets.length > 0 ? firstCardsAt(round, round.bets.seat(0)) : undefined;
  if (!first || first.length < 2) return -1;
  const blackjack = round.dealer.blackjack;
  return multisetIndex(first, 2) * 3 + (blackjack === null ? 0 : blackjack ? 1 : 2);
}

/**
 * Bets settled from the round's outcome (FastPath.settleOutcome, Andar Bahar): the slip, untouched
 * since it was opened, settles as it did before for the same key (blockKey); otherwise the outcome
 * bets settle from their tables in one pass (SlipLedger.settleOutcomes) and the general way
 * settles the rest.
 */
export function settleOutcome(ctx: Ctx, table: Table, groupOf: GroupOf, outcome: number): boolean {
  const bets = slipLedger(table.round);
  const balance = table.players.balance;
  const key = bets.isUntouchedBlock() ? blockKey(ctx, table, bets, groupOf, outcome) : -1;
  if (key >= 0 && bets.settleKnownBlock(key, balance)) return true;
  if (bets.anyOpenOf(ctx.pack.paytableBets) && bets.settleOutcomes(ctx.pack.outcomeSettlement, outcome, balance) !== 0)
    settleDecided(ctx, table, groupOf, true, outcome);
  if (key >= 0) bets.rememberBlock(key);
  return true;
}

/**
 * What decides every bet of an untouched block once the round's outcome is known: the outcome, and
 * the paying line of each row not settled from the outcome alone (first-3), as one number; -1 when
 * a line is undecided or the number would be too large to remember by.
 */
function blockKey(ctx: Ctx, table: Table, bets: SlipLedger, groupOf: GroupOf, outcome: number): number {
  const others = bets.blockOthers(ctx.pack.outcomeSettlement);
  let key = outcome;
  for (let i = 0; i < others.length; i++) {
    const row = others[i];
    const bet = ctx.pack.bets[bets.bet(row)];
    const group = groupOf(ctx, table, row, bet, true);
    const line = group ? paying(bet, group) : Paying.UNDECIDED;
    if (line === Paying.UNDECIDED) return -1;
    key = key * (bet.lines.length + 1) + line + 1;
    if (key >= Memo.MAX_KEY) return -1;
  }
  return key;
}
