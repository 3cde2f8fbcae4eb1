// Brute-force references for pay-table bets: the distribution of the net result per unit staked,
// counted over physical cards (every card of every deck its own card) or over the deal card by
// card, written apart from lambdas/math (no card-identity weights, no dealer endings, no
// binomial sums). Each settles a group through the compiled bet's own `matches`, as the engine
// does, highest pay first. Tests only.
import { bjValue, rankOf } from '../../lambdas/core/cards.ts';
import { type Fraction, frac } from '../../lambdas/math/fraction.ts';
import type { CompiledBet, CompiledPack } from '../../lambdas/pack/compiled.ts';
import type { Facts } from '../../lambdas/pack/conditions.ts';

export interface BruteOdds {
  /** Each line's probability of being the one that pays. */
  readonly lines: Fraction[];
  /** Net result per unit staked and its probability, lowest net first. */
  readonly outcomes: { net: Fraction; probability: Fraction }[];
}

/** Weights per paying line (-1 for none) over a common denominator, turned into odds. */
class Count {
  readonly weights: bigint[];
  none = 0n;
  constructor(private readonly bet: CompiledBet) {
    this.weights = bet.lines.map(() => 0n);
  }
  line(cards: ArrayLike<number>, n: number, facts: Facts): number {
    return this.bet.lines.findIndex((l) => l.matches(cards, n, facts));
  }
  add(line: number, weight: bigint): void {
    if (line < 0) this.none += weight;
    else this.weights[line] += weight;
  }
  odds(): BruteOdds {
    const total = this.weights.reduce((s, w) => s + w, this.none);
    const byNet = new Map<string, { net: Fraction; weight: bigint }>();
    const put = (net: Fraction, weight: bigint) => {
      if (weight === 0n) return;
      const key = `${net.num}/${net.den}`;
      byNet.set(key, { net, weight: (byNet.get(key)?.weight ?? 0n) + weight });
    };
    this.bet.lines.forEach((l, i) => put(frac(l.pays.num, l.pays.den), this.weights[i]));
    put(frac(-1), this.none);
    return {
      lines: this.weights.map((w) => frac(w, total)),
      outcomes: [...byNet.values()]
        .sort((a, b) => Number(a.net.num) / Number(a.net.den) - Number(b.net.num) / Number(b.net.den))
        .map(({ net, weight }) => ({ net, probability: frac(weight, total) })),
    };
  }
}

const isAce = (card: number) => rankOf(card) === 0;
const isTen = (card: number) => bjValue(card) === 10;
/** Every card of the shoe, duplicates kept: physical card i is card i % 52. */
const physical = (decks: number) => Array.from({ length: 52 * decks }, (_, i) => i % 52);

export function bruteForceOdds(pack: CompiledPack, bet: CompiledBet): BruteOdds {
  switch (bet.group) {
    case 'first-two':
      return firstTwo(pack.shoe.decks, bet);
    case 'first-two-and-up':
      return firstTwoAndUp(pack.shoe.decks, bet);
    case 'dealer-final':
      return dealerFinal(pack, bet);
    case 'outcome':
      return andarBaharOutcome(pack, bet);
    case 'first-3':
      return andarBaharFirstThree(pack, bet);
    default:
      throw new Error(`no brute force for the group ${bet.group}`);
  }
}

/**
 * Every ordered pair of physical cards for the player; with the dealer-blackjack fact, every (up,
 * hole) deal after it.
 */
function firstTwo(decks: number, bet: CompiledBet): BruteOdds {
  const shoe = physical(decks);
  const n = shoe.length;
  const readsBj = bet.facts.includes('dealerBlackjack');
  const count = new Count(bet);
  const ace = Uint8Array.from(shoe, (c) => (isAce(c) ? 1 : 0));
  const ten = Uint8Array.from(shoe, (c) => (isTen(c) ? 1 : 0));
  const aces = ace.reduce((s, x) => s + x, 0);
  const tens = ten.reduce((s, x) => s + x, 0);
  const dealerDeals = BigInt((n - 2) * (n - 3));
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const hand = [shoe[i], shoe[j]];
      if (!readsBj) {
        count.add(count.line(hand, 2, {}), 1n);
        continue;
      }
      // Each physical up card left, and the hole cards left that make it a blackjack.
      const acesLeft = aces - ace[i] - ace[j];
      const tensLeft = tens - ten[i] - ten[j];
      let bj = 0;
      for (let u = 0; u < n; u++) if (u !== i && u !== j) bj += ace[u] ? tensLeft : ten[u] ? acesLeft : 0;
      count.add(count.line(hand, 2, { dealerBlackjack: true }), BigInt(bj));
      count.add(count.line(hand, 2, { dealerBlackjack: false }), dealerDeals - BigInt(bj));
    }
  return count.odds();
}

/** Every pair of physical cards for the player and every physical up card after them (and hole card, for the fact). */
function firstTwoAndUp(decks: number, bet: CompiledBet): BruteOdds {
  const shoe = physical(decks);
  const n = shoe.length;
  const readsBj = bet.facts.includes('dealerBlackjack');
  const count = new Count(bet);
  // The line of a group depends only on which three cards it holds: remembered per (a, b, up) card.
  const memo = new Int8Array(2 * 52 * 52 * 52).fill(-2);
  const lineOf = (a: number, b: number, up: number, bj: boolean) => {
    const key = ((bj ? 52 : 0) + a) * 2704 + b * 52 + up;
    if (memo[key] === -2) memo[key] = count.line([a, b, up], 3, readsBj ? { dealerBlackjack: bj } : {});
    return memo[key];
  };
  const ace = Uint8Array.from(shoe, (c) => (isAce(c) ? 1 : 0));
  const ten = Uint8Array.from(shoe, (c) => (isTen(c) ? 1 : 0));
  const aces = ace.reduce((s, x) => s + x, 0);
  const tens = ten.reduce((s, x) => s + x, 0);
  // Per line, the weight as a plain number while counting (at most n^4: exact in a double).
  const weights = new Float64Array(bet.lines.length + 1);
  const add = (line: number, w: number) => {
    weights[line + 1] += w;
  };
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let u = 0; u < n; u++) {
        if (u === i || u === j) continue;
        // Both orders of the pair; any hole card, or split by whether it makes a blackjack.
        if (!readsBj) {
          add(lineOf(shoe[i], shoe[j], shoe[u], false), 2 * (n - 3));
          continue;
        }
        const holes = ace[u] ? tens - ten[i] - ten[j] : ten[u] ? aces - ace[i] - ace[j] : 0;
        add(lineOf(shoe[i], shoe[j], shoe[u], true), 2 * holes);
        add(lineOf(shoe[i], shoe[j], shoe[u], false), 2 * (n - 3 - holes));
      }
  weights.forEach((w, k) => count.add(k - 1, BigInt(w)));
  return count.odds();
}

/**
 * The dealer's hand drawn card by card from the full shoe (by value: the conditions on the dealer's
 * final hand read only totals, counts and the blackjack), standing by the pack's dealer rules; each
 * sequence weighted by its probability over the common denominator n·(n-1)·…·(n-MAX+1).
 */
function dealerFinal(pack: CompiledPack, bet: CompiledBet): BruteOdds {
  const hitsSoft17 = pack.blackjack!.dealer.hitsSoft17;
  const counts = Array.from({ length: 10 }, (_, v) => (v === 9 ? 16 : 4) * pack.shoe.decks);
  const n = 52 * pack.shoe.decks;
  const MAX = 22; // more cards than any dealer hand can hold
  const count = new Count(bet);
  const hand: number[] = [];
  const falling = (from: number, k: number) => {
    let r = 1n;
    for (let i = 0; i < k; i++) r *= BigInt(from - i);
    return r;
  };
  const deal = (weight: bigint): void => {
    const values = hand.map((c) => bjValue(c));
    const sum = values.reduce((s, v) => s + v, 0);
    const soft = values.includes(1) && sum + 10 <= 21;
    const total = soft ? sum + 10 : sum;
    if (hand.length >= 2 && (total > 17 || (total === 17 && !(soft && hitsSoft17)) || total > 21)) {
      const blackjack = hand.length === 2 && total === 21;
      count.add(
        count.line(hand, hand.length, { dealerBlackjack: blackjack }),
        weight * falling(n - hand.length, MAX - hand.length),
      );
      return;
    }
    for (let v = 0; v < 10; v++) {
      if (counts[v] === 0) continue;
      const w = weight * BigInt(counts[v]);
      counts[v]--;
      hand.push(v * 4); // a card of that value: A, 2..9, T
      deal(w);
      hand.pop();
      counts[v]++;
    }
  };
  deal(1n);
  return count.odds();
}

/** Andar Bahar: the deal card by card after the game card, P(no match so far) × P(match now). */
function outcomeSteps(cards: number, matches: number, firstSide: 0 | 1, dealtBefore: number) {
  const steps: { facts: Facts; num: bigint; den: bigint }[] = [];
  let num = 1n;
  let den = 1n;
  for (let k = 1; k <= cards; k++) {
    const left = cards - (k - 1);
    const dealt = dealtBefore + k;
    const winner = (dealt % 2 === 1 ? firstSide : 1 - firstSide) as 0 | 1;
    steps.push({ facts: { winner, cardsDealt: dealt }, num: num * BigInt(matches), den: den * BigInt(left) });
    num *= BigInt(left - matches);
    den *= BigInt(left);
    if (num === 0n) break;
  }
  return steps;
}

function andarBaharOutcome(pack: CompiledPack, bet: CompiledBet): BruteOdds {
  const d = pack.shoe.decks;
  const count = new Count(bet);
  const steps = outcomeSteps(52 * d - 1, 4 * d - 1, pack.table.firstSide, 0);
  const den = steps.at(-1)!.den;
  for (const s of steps) count.add(count.line([], 0, s.facts), (s.num * den) / s.den);
  return count.odds();
}

/** Every ordered triple of physical cards: the game card and the first card to each side. */
function andarBaharFirstThree(pack: CompiledPack, bet: CompiledBet): BruteOdds {
  const shoe = physical(pack.shoe.decks);
  const n = shoe.length;
  const d = pack.shoe.decks;
  const firstSide = pack.table.firstSide;
  const count = new Count(bet);
  const later = outcomeSteps(n - 3, 4 * d - 1, firstSide, 2);
  const den = later.at(-1)!.den;
  const second = (1 - firstSide) as 0 | 1;
  const readsOutcome = bet.facts.length > 0;
  for (let g = 0; g < n; g++)
    for (let a = 0; a < n; a++) {
      if (a === g) continue;
      for (let b = 0; b < n; b++) {
        if (b === g || b === a) continue;
        const hand = [shoe[g], shoe[a], shoe[b]];
        const rank = rankOf(shoe[g]);
        if (rankOf(shoe[a]) === rank)
          count.add(-1, den); // over on the first card: three cards never show
        else if (rankOf(shoe[b]) === rank) count.add(count.line(hand, 3, { winner: second, cardsDealt: 2 }), den);
        else if (!readsOutcome)
          count.add(count.line(hand, 3, {}), den); // the later cards decide nothing
        else for (const s of later) count.add(count.line(hand, 3, s.facts), (s.num * den) / s.den);
      }
    }
  return count.odds();
}
