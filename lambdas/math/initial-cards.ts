// Exact RTP of side bets decided by the initial cards (R-TB-SIDE-1 Pair, Lucky Trio, Poker Trio;
// R-LL-WIN-1 Lucky Ladies): every deal of the player's first two cards (and the dealer's up card)
// from the pack's shoe, without replacement from decks × 52 cards, through the bet's own lines.
// A line that reads the dealer-blackjack fact is weighted by the hole card's chance to make it.
import { rankOf } from '../core/cards.ts';
import type { CompiledBet, CompiledPack } from '../pack/compiled.ts';
import { type BetOdds, LineTally, payingLine } from './paytable.ts';

const isAce = (c: number): number => (rankOf(c) === 0 ? 1 : 0);
const isTen = (c: number): number => (rankOf(c) >= 9 ? 1 : 0);

/** Odds of a bet on the player's first two cards ('first-two'). */
export function firstTwoOdds(decks: number, bet: CompiledBet): BetOdds {
  const n = decks * 52;
  const readsBj = bet.facts.includes('dealerBlackjack');
  const rest = n - 2;
  const dealerPairs = rest * (rest - 1); // ordered (up, hole) draws from what is left
  const tally = new LineTally(bet);
  const hand = [0, 0];
  for (let a = 0; a < 52; a++)
    for (let b = a; b < 52; b++) {
      const w = (a === b ? 1 : 2) * decks * (decks - (a === b ? 1 : 0));
      if (w <= 0) continue;
      hand[0] = a;
      hand[1] = b;
      if (!readsBj) {
        tally.add(payingLine(bet, hand, 2, {}), BigInt(w * dealerPairs));
        continue;
      }
      const aces = 4 * decks - isAce(a) - isAce(b);
      const tens = 16 * decks - isTen(a) - isTen(b);
      const bj = 2 * aces * tens; // ace up and ten in the hole, or the other way round
      tally.add(payingLine(bet, hand, 2, { dealerBlackjack: true }), BigInt(w) * BigInt(bj));
      tally.add(payingLine(bet, hand, 2, { dealerBlackjack: false }), BigInt(w) * BigInt(dealerPairs - bj));
    }
  return tally.odds(BigInt(n * (n - 1)) * BigInt(dealerPairs));
}

/** Odds of a bet on the player's first two cards plus the dealer's up card ('first-two-and-up'). */
export function firstTwoAndUpOdds(decks: number, bet: CompiledBet): BetOdds {
  const n = decks * 52;
  const readsBj = bet.facts.includes('dealerBlackjack');
  const rest = n - 3; // the hole card comes from what is left
  const tally = new LineTally(bet);
  const hand = [0, 0, 0];
  for (let a = 0; a < 52; a++)
    for (let b = a; b < 52; b++)
      for (let u = 0; u < 52; u++) {
        const w =
          (a === b ? 1 : 2) * decks * (decks - (a === b ? 1 : 0)) * (decks - (u === a ? 1 : 0) - (u === b ? 1 : 0));
        if (w <= 0) continue;
        hand[0] = a;
        hand[1] = b;
        hand[2] = u;
        if (!readsBj) {
          tally.add(payingLine(bet, hand, 3, {}), BigInt(w * rest));
          continue;
        }
        const holes = isAce(u) ? 16 * decks - isTen(a) - isTen(b) : isTen(u) ? 4 * decks - isAce(a) - isAce(b) : 0;
        tally.add(payingLine(bet, hand, 3, { dealerBlackjack: true }), BigInt(w * holes));
        tally.add(payingLine(bet, hand, 3, { dealerBlackjack: false }), BigInt(w * (rest - holes)));
      }
  return tally.odds(BigInt(n * (n - 1) * (n - 2)) * BigInt(rest));
}

export function initialCardsOdds(pack: CompiledPack, bet: CompiledBet): BetOdds {
  if (bet.group === 'first-two') return firstTwoOdds(pack.shoe.decks, bet);
  if (bet.group === 'first-two-and-up') return firstTwoAndUpOdds(pack.shoe.decks, bet);
  throw new Error(`bet ${bet.key}: the group "${bet.group}" is not decided by the initial cards`);
}
