// The insurance window and the dealer's peek (R-MW-INS-1, R-MW-END-1, R-BJ-AUTO-1): who may
// answer insurance, the window opened when the up card offers it, and the peek that ends the round
// on a dealer blackjack.
import { type Card, rankOf } from '../../core/cards.ts';
import { decidesItself, emit } from '../context.ts';
import { isDealerNatural } from '../hand.ts';
import { Insurance, Status } from '../ledger.ts';
import type { Ctx, Table } from '../model.ts';
import { settleInsurance, showHole } from './dealer.ts';
import { upCard } from './players.ts';
import { finish } from './settle.ts';
import { settleSideBets } from './side-bets.ts';

/** Whether a row may answer insurance: a hand bet, or a bet behind where the table insures those. */
export function isInsurable(ctx: Ctx, table: Table, row: number): boolean {
  const bets = table.round.bets;
  if (bets.status(row) !== Status.OPEN) return false;
  const type = ctx.pack.bets[bets.bet(row)].type;
  return type === 'hand' || (type === 'behind' && !!ctx.pack.table.betBehind?.insurance);
}

export function openInsuranceOrPeek(ctx: Ctx, table: Table): void {
  const ins = ctx.pack.blackjack!.actions.insurance;
  const round = table.round;
  const bets = round.bets;
  if (ins?.offeredOn[rankOf(upCard(table))] && anyInsurable(ctx, table)) {
    round.phase = 'insurance';
    round.deadline = ctx.env.now + ctx.pack.timing.insuranceMs;
    // AI players (and the policy's) never buy insurance; their answer is "no" at once.
    for (let row = 0; row < bets.length; row++)
      if (isInsurable(ctx, table, row) && decidesItself(ctx, table, bets.player(row))) answerNo(table, row);
    if (ctx.events) emit(ctx, table, { type: 'window', window: 'insurance', deadline: round.deadline });
    return;
  }
  peek(ctx, table);
}

function anyInsurable(ctx: Ctx, table: Table): boolean {
  for (let row = 0; row < table.round.bets.length; row++) if (isInsurable(ctx, table, row)) return true;
  return false;
}

function answerNo(table: Table, row: number): void {
  table.round.bets.setInsurance(row, Insurance.SETTLED, 0);
}

/** Unanswered insurance counts as "no" (R-BJ-AUTO-1). */
export function closeInsurance(ctx: Ctx, table: Table): void {
  const bets = table.round.bets;
  for (let row = 0; row < bets.length; row++)
    if (isInsurable(ctx, table, row) && bets.insurance(row) === Insurance.NONE) answerNo(table, row);
  peek(ctx, table);
}

export function insuranceAnswered(ctx: Ctx, table: Table): boolean {
  const bets = table.round.bets;
  for (let row = 0; row < bets.length; row++)
    if (isInsurable(ctx, table, row) && bets.insurance(row) === Insurance.NONE) return false;
  return true;
}

/** The dealer checks for blackjack when the up card says so; a dealer blackjack ends the round. */
function peek(ctx: Ctx, table: Table): void {
  const round = table.round;
  const dealer = round.dealer;
  round.deadline = null;
  if (ctx.pack.blackjack!.dealer.peekOn[rankOf(upCard(table))]) {
    dealer.blackjack = isDealerNatural(dealer.cards);
    if (ctx.events) emit(ctx, table, { type: 'dealer-peek', blackjack: dealer.blackjack });
    settleInsurance(ctx, table);
    if (dealer.blackjack) {
      showHole(ctx, table);
      finish(ctx, table); // R-MW-END-1, R-TB-END-1
      return;
    }
  } else if (!canBeBlackjack(upCard(table))) {
    dealer.blackjack = false;
  }
  // The deal settled every side bet its cards decide; the peek adds only the dealer-blackjack fact.
  if (round.bets.anyOpenOf(ctx.pack.dealerBlackjackBets)) settleSideBets(ctx, table, null);
  round.phase = 'turns';
  round.turnSeat = null;
}

const canBeBlackjack = (up: Card): boolean => rankOf(up) === 0 || rankOf(up) >= 9;
