// The end of a blackjack round: the dealer's hand (R-BJ-DEALER-1) and the settlement of every bet
// (R-BJ-RESULT-1..3, R-BJ-SCORE-3, R-EU-DEAL-1).
import { payout } from '../../core/money.ts';
import type { CompiledBet } from '../../pack/compiled.ts';
import { close, credit, returnBet } from '../bets.ts';
import { emit, type Ctx } from '../context.ts';
import { isDealerNatural, isNatural, isSoft, total } from '../hand.ts';
import type { BetRecord, Hand, TableState } from '../types.ts';
import { betOf } from '../records.ts';
import { behindOn, dealCard, everyone, handsOf, mainRecord } from './players.ts';
import { settleInsurance, settleSideBets, showHole } from './deal.ts';

/** The dealer shows the hole card and draws only while a hand or a dealer-hand bet is live. */
export function dealerPlays(ctx: Ctx, state: TableState): void {
  const dealer = state.round.dealer;
  showHole(ctx, state);
  if (dealer.blackjack === null) dealer.blackjack = isDealerNatural(dealer.cards);
  settleInsurance(ctx, state);
  if (dealer.blackjack || !dealerNeeded(ctx, state)) return;
  const hitsSoft17 = ctx.pack.blackjack!.dealer.hitsSoft17;
  for (let t = total(dealer.cards); t < 17 || (t === 17 && hitsSoft17 && isSoft(dealer.cards)); t = total(dealer.cards))
    dealer.cards.push(dealCard(ctx, state, 'dealer')); // R-BJ-DEALER-1
}

function dealerNeeded(ctx: Ctx, state: TableState): boolean {
  for (const who of everyone(state)) for (const h of handsOf(who)) if (!h.surrendered && total(h.cards) <= 21 && !isNatural(h)) return true;
  return state.round.bets.some((b) => b.status === 'open' && betOf(ctx.pack, b).group === 'dealer-final');
}

/** What a hand returns against the dealer, stake included (R-BJ-RESULT-1..3, R-BJ-SCORE-3). */
function handReturn(ctx: Ctx, state: TableState, hand: Hand, stake: number, bet: CompiledBet): [number, string] {
  const dealer = state.round.dealer;
  // Half the stake back (R-MW-SURR-1), an odd stake's half cent rounded as the pack rounds payouts (R-BJ-MONEY-1).
  if (hand.surrendered) return [payout(stake, HALF, ctx.pack.rounding), 'surrender'];
  const t = total(hand.cards);
  if (t > 21) return [0, 'bust']; // R-BJ-RESULT-2
  if (isNatural(hand)) return dealer.blackjack ? [stake, 'push'] : [stake + payout(stake, bet.blackjackPays!, ctx.pack.rounding), 'blackjack'];
  if (dealer.blackjack) return [0, 'dealer blackjack'];
  const d = total(dealer.cards);
  if (d > 21 || t > d) return [stake + payout(stake, bet.winPays!, ctx.pack.rounding), d > 21 ? 'dealer bust' : 'win'];
  return t === d ? [stake, 'push'] : [0, 'lose'];
}

const HALF = { num: 1, den: 2 };

/** Why a bet no rule settled is returned. */
export const UNSETTLED = 'no rule settled this bet';

/** Settles every bet of the round and closes it. */
export function finish(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const loseAll = ctx.pack.blackjack!.dealer.onBlackjack === 'lose-all';
  const dealerBlackjackLate = round.dealer.blackjack === true && round.dealer.cards.length === 2;
  for (const who of everyone(state)) {
    const record = mainRecord(ctx, state, who);
    if (!record) continue;
    const bet = betOf(ctx.pack, record);
    const hands = handsOf(who);
    settleHands(ctx, state, record, bet, hands.map((h, i) => ({ hand: i, stake: h.stake })), hands, loseAll, dealerBlackjackLate);
    if (who.kind === 'seat')
      for (const b of behindOn(ctx, state, who.seat.seat)) settleHands(ctx, state, b, betOf(ctx.pack, b), b.follows!, hands, loseAll, dealerBlackjackLate);
  }
  settleSideBets(ctx, state, true);
  // Every bet is settled above. Should a rule combination leave one open, its stake goes back with
  // a reason on the record rather than staying with the house unexplained (the property tests look for it).
  for (const b of round.bets) if (b.status === 'open') returnBet(ctx, state, b, UNSETTLED);
  round.phase = 'settled';
  round.deadline = null;
  round.turnSeat = null;
  if (ctx.events) emit(ctx, state, { type: 'round-settled', round: round.no });
}

/**
 * Settles a main bet or a bet behind over the hands it is on. Against a dealer blackjack found at
 * the dealer's turn (no peek), original-bets loses only the original stake; lose-all loses
 * everything wagered (R-EU-DEAL-1).
 */
function settleHands(ctx: Ctx, state: TableState, record: BetRecord, bet: CompiledBet, stakes: { hand: number; stake: number }[], hands: Hand[], loseAll: boolean, dealerBlackjack: boolean): void {
  if (record.status !== 'open') return;
  const extra = stakes.reduce((s, f) => s + f.stake, 0) - record.amount;
  if (dealerBlackjack && !loseAll && extra > 0 && !stakes.some((f) => isNatural(hands[f.hand]))) {
    credit(ctx, state, record, extra, 'dealer blackjack: only the original bet lost');
    close(record, 'dealer blackjack');
    return;
  }
  for (const f of stakes) {
    const [returned, outcome] = handReturn(ctx, state, hands[f.hand], f.stake, bet);
    credit(ctx, state, record, returned, outcome, f.hand);
  }
  close(record, null);
}
