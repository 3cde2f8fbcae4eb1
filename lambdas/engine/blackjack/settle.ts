// The end of a blackjack round: the settlement of every bet against the dealer's hand
// (R-BJ-RESULT-1..3, R-BJ-SCORE-3, R-EU-DEAL-1).
import { shapeOf, totalOf } from '../../core/cards.ts';
import { payout } from '../../core/money.ts';
import type { CompiledBet } from '../../pack/compiled.ts';
import { close, credit, returnBet } from '../bets.ts';
import { emit } from '../context.ts';
import { handTotal, isNatural } from '../hand.ts';
import { Line, Seat, Status } from '../ledger.ts';
import type { Ctx, Table, WorkingHand } from '../model.ts';
import type { Follow } from '../types.ts';
import { isBehindOn, mainRow } from './players.ts';
import { settleSideBets } from './side-bets.ts';

// Frozen as the pack's ratios are, so `payout` meets ratios of one hidden class (two made its loads polymorphic).
const HALF = /* @__PURE__ */ Object.freeze({ num: 1, den: 2 });

/** Why a bet no rule settled is returned. */
export const UNSETTLED = 'no rule settled this bet';

/**
 * Settles every bet of the round and closes it; `dealerShape` is the dealer's hand's (shapeOf), given once the dealer
 * has played.
 */
export function finish(ctx: Ctx, table: Table, dealerShape = shapeOf(table.round.dealer.cards)): void {
  const round = table.round;
  const dealerTotal = totalOf(dealerShape);
  const bets = round.bets;
  const loseAll = ctx.pack.blackjack!.dealer.onBlackjack === 'lose-all';
  const dealerBlackjackLate = round.dealer.blackjack === true && round.dealer.cards.length === 2;
  const behind = bets.anyOpenOf(ctx.pack.behindBets);
  for (let i = 0; i < round.holders.length; i++) {
    const h = round.holders[i];
    const row = mainRow(ctx, table, h);
    if (row < 0) continue;
    settleHands(ctx, table, row, null, h.hands, loseAll, dealerBlackjackLate, dealerTotal);
    if (h.seat !== Seat.NONE && behind)
      for (let b = 0; b < bets.length; b++)
        if (isBehindOn(ctx, bets, b, h.seat))
          settleHands(ctx, table, b, bets.follows[b]!, h.hands, loseAll, dealerBlackjackLate, dealerTotal);
  }
  settleSideBets(ctx, table, dealerShape);
  // Every bet is settled above. Should a rule combination leave one open, its stake goes back with
  // a reason on the record rather than staying with the house unexplained (the property tests look for it).
  if (bets.hasOpen())
    for (let row = 0; row < bets.length; row++)
      if (bets.status(row) === Status.OPEN) returnBet(ctx, table, row, UNSETTLED);
  round.phase = 'settled';
  round.deadline = null;
  round.turnSeat = null;
  if (ctx.events) emit(ctx, table, { type: 'round-settled', round: round.no });
}

type Outcome = 'surrender' | 'bust' | 'push' | 'blackjack' | 'dealer blackjack' | 'dealer bust' | 'win' | 'lose';

/** How a hand ends against the dealer (R-BJ-RESULT-1..3, R-BJ-SCORE-3), the dealer's hand totalling `d`. */
function handOutcome(table: Table, hand: WorkingHand, d: number): Outcome {
  const dealer = table.round.dealer;
  if (hand.surrendered) return 'surrender';
  const t = handTotal(hand);
  if (t > 21) return 'bust'; // R-BJ-RESULT-2
  if (t === 21 && isNatural(hand)) return dealer.blackjack ? 'push' : 'blackjack';
  if (dealer.blackjack) return 'dealer blackjack';
  if (d > 21) return 'dealer bust';
  return t > d ? 'win' : t === d ? 'push' : 'lose';
}

/** What a hand's stake returns for its outcome, stake included. */
function returnOf(ctx: Ctx, outcome: Outcome, stake: number, bet: CompiledBet): number {
  switch (outcome) {
    case 'surrender':
      // Half the stake back (R-MW-SURR-1), an odd stake's half cent rounded as the pack rounds payouts (R-BJ-MONEY-1).
      return payout(stake, HALF, ctx.pack.rounding);
    case 'blackjack':
      return stake + payout(stake, bet.blackjackPays!, ctx.pack.rounding);
    case 'win':
    case 'dealer bust':
      return stake + payout(stake, bet.winPays!, ctx.pack.rounding);
    case 'push':
      return stake;
    default:
      return 0;
  }
}

/** The hand a bet's `i`-th stake is on: a bet behind's follow's, or a main bet's own hand `i` (follows null). */
const handAt = (follows: readonly Follow[] | null, i: number): number => (follows ? follows[i].hand : i);

function onANatural(follows: readonly Follow[] | null, count: number, hands: readonly WorkingHand[]): boolean {
  for (let i = 0; i < count; i++) if (isNatural(hands[handAt(follows, i)])) return true;
  return false;
}

/**
 * Settles a main bet or a bet behind over the hands it is on: a bet behind's follows, or (follows
 * null) a main bet's every hand at the hand's own stake. Against a dealer blackjack found at
 * the dealer's turn (no peek), original-bets loses only the original stake; lose-all loses
 * everything wagered (R-EU-DEAL-1).
 */
function settleHands(
  ctx: Ctx,
  table: Table,
  row: number,
  follows: readonly Follow[] | null,
  hands: WorkingHand[],
  loseAll: boolean,
  dealerBlackjack: boolean,
  dealerTotal: number,
): void {
  const bets = table.round.bets;
  if (bets.status(row) !== Status.OPEN) return;
  const bet = ctx.pack.bets[bets.bet(row)];
  const count = follows ? follows.length : hands.length;
  let staked = 0;
  for (let i = 0; i < count; i++) staked += follows ? follows[i].stake : hands[i].stake;
  const extra = staked - bets.amount(row);
  if (dealerBlackjack && !loseAll && extra > 0 && !onANatural(follows, count, hands)) {
    credit(ctx, table, row, extra, 'dealer blackjack: only the original bet lost');
    close(table, row, Line.DEALER_BLACKJACK);
    return;
  }
  for (let i = 0; i < count; i++) {
    const hand = handAt(follows, i);
    const outcome = handOutcome(table, hands[hand], dealerTotal);
    credit(ctx, table, row, returnOf(ctx, outcome, follows ? follows[i].stake : hands[i].stake, bet), outcome, hand);
  }
  close(table, row, Line.NONE);
}
