// Exact RTP of Andar Bahar bets: the deck's combinatorics (R-AB-DECK-1, R-AB-DEAL-1), the side
// that is dealt first from the pack (table.firstSide), and the payout from the bet's own lines.
import { rankOf } from '../core/cards.ts';
import type { CompiledBet, CompiledPack } from '../pack/compiled.ts';
import type { Facts } from '../pack/conditions.ts';
import { choose, type Fraction, frac } from './fraction.ts';
import { type BetOdds, LineTally, payingLine } from './paytable.ts';

/**
 * Where the first card of the game card's rank falls among `cards` shuffled cards holding
 * `matches` of them: weight[k] for k = 1.., over the common denominator C(cards, matches).
 */
export function firstMatchWeights(cards: number, matches: number): { weights: bigint[]; total: bigint } {
  const weights: bigint[] = [0n];
  for (let k = 1; k <= cards - matches + 1; k++) weights.push(choose(cards - k, matches - 1));
  return { weights, total: choose(cards, matches) };
}

/** The facts of a round that ended with the k-th card dealt after the game card. */
export function outcomeFacts(k: number, firstSide: 0 | 1): Facts {
  const winner = (k % 2 === 1 ? firstSide : 1 - firstSide) as 0 | 1;
  return { winner, cardsDealt: k };
}

/** P(the first side wins) for the pack's deck, as an exact fraction. */
export function firstSideWins(pack: CompiledPack): Fraction {
  const n = pack.shoe.decks * 52;
  const { weights, total } = firstMatchWeights(n - 1, pack.shoe.decks * 4 - 1);
  return frac(
    weights.reduce((s, w, k) => (k % 2 === 1 ? s + w : s), 0n),
    total,
  );
}

/** The exact odds of one Andar Bahar bet (in the mode it was compiled for). */
export function andarBaharOdds(pack: CompiledPack, bet: CompiledBet): BetOdds {
  if (bet.group === 'outcome') return outcomeOdds(pack, bet);
  if (bet.group === 'first-3') return firstThreeOdds(pack, bet);
  throw new Error(`bet ${bet.key}: an Andar Bahar bet on the group "${bet.group}" has no exact analysis`);
}

function outcomeOdds(pack: CompiledPack, bet: CompiledBet): BetOdds {
  const decks = pack.shoe.decks;
  const { weights, total } = firstMatchWeights(decks * 52 - 1, decks * 4 - 1);
  const tally = new LineTally(bet);
  const none: number[] = [];
  for (let k = 1; k < weights.length; k++)
    tally.add(payingLine(bet, none, 0, outcomeFacts(k, pack.table.firstSide)), weights[k]);
  return tally.odds(total);
}

/**
 * The game card and the first card of each side as a 3-card hand (R-AB-SIDE-2). Every ordered
 * triple of card types is weighted by its copies; a round that ends on the first side's first
 * card leaves the group incomplete, so the bet loses.
 */
function firstThreeOdds(pack: CompiledPack, bet: CompiledBet): BetOdds {
  const d = pack.shoe.decks;
  const n = d * 52;
  const firstSide = pack.table.firstSide;
  const readsFacts = bet.facts.length > 0;
  // After three cards with no match on the first: where the rank's next copy falls among the rest.
  const rest = firstMatchWeights(n - 3, 4 * d - 1);
  const tally = new LineTally(bet);
  const hand = [0, 0, 0];
  for (let g = 0; g < 52; g++)
    for (let c1 = 0; c1 < 52; c1++) {
      if (rankOf(c1) === rankOf(g)) continue; // the round ends on the first card: the group never completes
      for (let c2 = 0; c2 < 52; c2++) {
        const w = d * (d - (c1 === g ? 1 : 0)) * (d - (c2 === g ? 1 : 0) - (c2 === c1 ? 1 : 0));
        if (w <= 0) continue;
        hand[0] = g;
        hand[1] = c1;
        hand[2] = c2;
        if (!readsFacts) {
          tally.add(payingLine(bet, hand, 3, {}), BigInt(w) * rest.total);
        } else if (rankOf(c2) === rankOf(g)) {
          tally.add(payingLine(bet, hand, 3, outcomeFacts(2, firstSide)), BigInt(w) * rest.total);
        } else {
          for (let k = 1; k < rest.weights.length; k++)
            tally.add(payingLine(bet, hand, 3, outcomeFacts(k + 2, firstSide)), BigInt(w) * rest.weights[k]);
        }
      }
    }
  return tally.odds(BigInt(n * (n - 1) * (n - 2)) * rest.total);
}
