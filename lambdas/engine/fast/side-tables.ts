// Blackjack side bets settled straight from their pay tables' lookup tables, before the dealer's
// final hand: when the ledger holds one spot's block of bets (slip-ledger.ts, openAll) and every
// pay-table bet of it not on the dealer's final hand reads that spot's first two cards (and the up
// card) through a table by multiset (line-table.ts), the group's multiset index is found once per
// group size and each bet's line read at it, instead of the general way's group, finder and
// settlement per bet (paytable.ts, settleDecided). Bets on the dealer's final hand whose lines
// read only its total and card count (Bust Bonus) settle at its shape (settleFinalByShape). The
// plans of a block are made once and kept with it (plansOf).
import { payout } from '../../core/money.ts';
import type { CompiledBet, CompiledPack } from '../../pack/compiled.ts';
import {
  DEALER_BLACKJACK_FACTS,
  type LineFinder,
  NO_DEALER_BLACKJACK_FACTS,
  Paying,
  pairIndex,
  tripleIndex,
} from '../../pack/line-table.ts';
import type { Table } from '../model.ts';
import { firstCardsAt } from '../state.ts';
import { perBlock } from './memos.ts';
import type { HeldBlock, SlipLedger } from './slip-ledger.ts';

/**
 * A block row settled from a table: its finder, its group size (2 or 3), and what it returns on each line (at line + 1:
 * a lost bet's -1 reads 0).
 */
interface TableRow {
  row: number;
  finder: LineFinder;
  size: number;
  returnedAt: number[];
}

/**
 * How a block's side bets settle from tables: its rows that do, those rows as bits, and whether every row's table is
 * built yet.
 */
interface TablePlan {
  rows: TableRow[];
  mask: number;
  ready: boolean;
}

/** Blocks of more rows than this go the general way: a row is a bit of the ledger's touched rows. */
const MOST_ROWS = 31;

/**
 * What settles from tables and memos for a block: its rows before the dealer's final hand (null: the general way), and
 * on it.
 */
interface BlockPlans {
  pack: CompiledPack;
  deal: TablePlan | null;
  final: FinalRow[];
}

// The plans of the last block asked about (a block is one ledger's record of one slip): the same
// block is asked about round after round, and `plans` below is read only when it changes.
let lastBlock: HeldBlock | null = null;
let lastPack: CompiledPack | null = null;
let lastPlans: BlockPlans | null = null;

/**
 * Plans by the block's bets and stakes (a slip plan's arrays), with the pack they were made for. A
 * pack whose side bets have round limits changes slips within a shoe, and each change opens a new
 * block: kept here, its plan is made once per slip, not again at every change.
 */
const plans = new WeakMap<Int16Array, WeakMap<readonly number[], BlockPlans>>();

function plansOf(pack: CompiledPack, block: HeldBlock): BlockPlans {
  if (block !== lastBlock || pack !== lastPack || lastPlans === null) {
    const known = perBlock(plans, block.bets, block.amounts, () => makePlans(pack, block));
    lastPlans = known.pack === pack ? known : makePlans(pack, block);
    lastBlock = block;
    lastPack = pack;
  }
  return lastPlans;
}

const makePlans = (pack: CompiledPack, block: HeldBlock): BlockPlans => ({
  pack,
  deal: makePlan(pack, block),
  final: makeFinalRows(pack, block),
});

function makePlan(pack: CompiledPack, block: HeldBlock): TablePlan | null {
  if (block.bets.length > MOST_ROWS) return null;
  const rows: TableRow[] = [];
  let mask = 0;
  for (let row = 0; row < block.bets.length; row++) {
    const bet = pack.bets[block.bets[row]];
    // Bets on the dealer's final hand are not decided before it (the only stages this settles).
    if (bet.type !== 'paytable' || bet.group === 'dealer-final') continue;
    const size = bet.group === 'first-two' ? 2 : bet.group === 'first-two-and-up' ? 3 : 0;
    if (size === 0 || bet.lineFinder.multisetSize !== size || !settlesAlone(bet, block)) return null;
    rows.push({ row, finder: bet.lineFinder, size, returnedAt: returnsOf(pack, bet, block.amounts[row]) });
    mask |= 1 << row;
  }
  return { rows, mask, ready: false };
}

/**
 * Whether a placement of `bet` settles from its own cards and facts alone: not by the round's
 * outcome, and not under a cap shared by two placements of the bet in the block (the general way
 * applies that across them).
 */
const settlesAlone = (bet: CompiledBet, block: HeldBlock): boolean =>
  bet.outcomeLines === null &&
  !bet.readsOutcome &&
  !(bet.capPerRound !== null && block.bets.filter((b) => b === bet.index).length > 1);

/**
 * What a placement of `amount` returns on each line of its bet, at line + 1 (a lost bet's line, -1, returns 0), its cap
 * applied.
 */
function returnsOf(pack: CompiledPack, bet: CompiledBet, amount: number): number[] {
  const cap = bet.capPerRound;
  const returnedAt = [0];
  for (const line of bet.lines) {
    const won = payout(amount, line.pays, pack.rounding);
    returnedAt.push(amount + (cap !== null && won > cap ? cap : won));
  }
  return returnedAt;
}

/**
 * Settles the block's side bets from their tables before the dealer's final hand, the dealer's
 * blackjack as `dealerBlackjack` says (undefined: not known), and credits their player; false, with
 * nothing changed, where the general way must (another ledger, a row written since it opened, a
 * table not built yet).
 */
export function settleFromTables(
  pack: CompiledPack,
  table: Table,
  bets: SlipLedger,
  dealerBlackjack: boolean | undefined,
): boolean {
  const round = table.round;
  const block = bets.heldBlock();
  const plan = block && plansOf(pack, block).deal;
  if (!plan || (bets.touchedRows() & plan.mask) !== 0) return false;
  // A finder builds its table once it has settled enough bets the general way (line-table.ts); until every row's has,
  // they all go that way.
  if (!plan.ready && !(plan.ready = plan.rows.every((r) => r.finder.hasTable))) return false;
  const first = firstCardsAt(round, block!.seat);
  if (!first || first.length < 2) return false;
  const two = pairIndex(first[0], first[1]);
  const three = tripleIndex(first[0], first[1], round.dealer.cards[0]);
  const rows = plan.rows;
  const balance = table.players.balance;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const line = r.finder.lineAt(r.size === 2 ? two : three, dealerBlackjack);
    if (line !== Paying.UNDECIDED) settleAtLine(bets, balance, r.row, r.returnedAt, line);
  }
  return true;
}

/**
 * Settles a planned row, if still open, on `line` (-1, none, is the ledger's Line.NONE, as a lost bet's) and credits
 * its player.
 */
function settleAtLine(
  bets: SlipLedger,
  balance: number[],
  row: number,
  returnedAt: readonly number[],
  line: number,
): void {
  const returned = returnedAt[line + 1];
  const player = bets.settleIfOpen(row, returned, line);
  if (player >= 0) balance[player] += returned;
}

/**
 * A block row on the dealer's final hand whose lines read only its total and card count: its finder and returns
 * (TableRow.returnedAt).
 */
interface FinalRow {
  row: number;
  finder: LineFinder;
  returnedAt: number[];
}

function makeFinalRows(pack: CompiledPack, block: HeldBlock): FinalRow[] {
  const rows: FinalRow[] = [];
  for (let row = 0; row < block.bets.length; row++) {
    const bet = pack.bets[block.bets[row]];
    if (
      bet.type !== 'paytable' ||
      bet.group !== 'dealer-final' ||
      !bet.lineFinder.byShapeOnly ||
      !settlesAlone(bet, block)
    )
      continue;
    rows.push({ row, finder: bet.lineFinder, returnedAt: returnsOf(pack, bet, block.amounts[row]) });
  }
  return rows;
}

/**
 * Settles the block's open bets on the dealer's final hand that read only its total and card count
 * (Bust Bonus) at the hand's shape (`shape`, shapeOf), `dealerBlackjack` being known, and credits
 * their player; the general way settles whatever is left open. A line read from the shape's memo
 * spares the general way's pass over every row, with its group and finder per bet.
 */
export function settleFinalByShape(
  pack: CompiledPack,
  table: Table,
  bets: SlipLedger,
  dealerBlackjack: boolean | undefined,
  shape: number,
): void {
  const round = table.round;
  const block = bets.heldBlock();
  if (block === null || dealerBlackjack === undefined) return;
  const rows = plansOf(pack, block).final;
  if (rows.length === 0) return;
  const cards = round.dealer.cards;
  const facts = dealerBlackjack ? DEALER_BLACKJACK_FACTS : NO_DEALER_BLACKJACK_FACTS;
  const balance = table.players.balance;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    settleAtLine(bets, balance, r.row, r.returnedAt, r.finder.lineByShape(cards, cards.length, shape, facts));
  }
}
