// A pay-table line's condition in a player's words ("a suited 7-7-7 (all of one suit)"): one
// clause per primitive, a few primitives read together where a player says them together.

import type { CardGroupName, ConditionSpec } from '../pack/schema.ts';
import type { RankName } from './facts.ts';
import type { Catalogue } from './messages/en.ts';

const SUIT_SYMBOLS = ['♠', '♥', '♦', '♣'];
const SUITS = 'SHDC';

type Count = number | { min?: number; max?: number };

/** How many cards a group holds, when fixed. */
const groupSize = (group: CardGroupName | null): number | null =>
  group === 'first-two' ? 2 : group === 'first-two-and-up' || group === 'first-3' ? 3 : null;

/** A rank as the packs write it (A, 2–9, T or 10, J, Q, K; numbers too) as shown on a card. */
export function rankShown(rank: string | number): string {
  const r = String(rank).toUpperCase();
  return r === 'T' ? '10' : r;
}

const rankName = (rank: string | number): RankName => {
  const r = String(rank).toUpperCase();
  return (r === '10' ? 'T' : r) as RankName;
};

/** "QH" → "Q♥". */
export function cardShown(card: string): string {
  const m = /^(10|[A2-9TJQK])([SHDC])$/i.exec(card);
  return m ? `${rankShown(m[1])}${SUIT_SYMBOLS[SUITS.indexOf(m[2].toUpperCase())]}` : card;
}

export function lineText(when: ConditionSpec, group: CardGroupName | null, t: Catalogue): string {
  const l = t.line;
  const n = groupSize(group) ?? 0;
  const parts: string[] = [];
  let suitedSaid = false;

  if (when.cards) {
    const codes = when.cards.map((c) => c.toUpperCase().replace(/^10/, 'T'));
    const symbols = when.cards.map(cardShown).join(' ');
    if (codes.every((c) => c === codes[0])) {
      const suit = SUITS.indexOf(codes[0].slice(-1));
      const named = t.words.cardsNamed({ count: codes.length, rank: rankName(codes[0].slice(0, -1)), suit });
      parts.push(l.cardsSame({ named, symbols }));
    } else parts.push(l.cardsList({ symbols }));
  }
  if (when.ranks) {
    const ranks = when.ranks.map(rankShown).join('-');
    if (when.suited === true) parts.push(l.ranksSuited({ ranks }));
    else if (when.suited === false) parts.push(l.ranksUnsuited({ ranks }));
    else parts.push(l.ranksAny({ ranks }));
    suitedSaid = when.suited !== undefined;
  }
  if (when.total !== undefined) parts.push(totalText(when.total, t));
  if (when.sameRank !== undefined)
    parts.push(when.sameRank ? (n === 2 ? l.pair : n === 3 ? l.threeOfAKind : l.sameRank) : l.notSameRank);
  if (when.identical !== undefined) parts.push(when.identical ? l.identical : l.notIdentical);
  if (when.sameColour !== undefined) parts.push(when.sameColour ? l.sameColour({ n }) : l.notSameColour({ n }));
  if (when.suited !== undefined && !suitedSaid) parts.push(when.suited ? l.suited({ n }) : l.notSuited({ n }));
  if (when.straight !== undefined) parts.push(when.straight ? l.straight : l.notStraight);
  if (when.bust !== undefined || when.cardCount !== undefined) {
    const count = when.cardCount === undefined ? null : countText(when.cardCount, t);
    if (group === 'dealer-final' && when.bust === true)
      parts.push(count ? l.dealerBustsWith({ count }) : l.dealerBusts);
    else {
      if (when.bust !== undefined)
        parts.push(group === 'dealer-final' ? l.dealerStands : when.bust ? l.bust : l.notBust);
      if (count) parts.push(l.cardCount({ count }));
    }
  }
  if (when.dealerBlackjack !== undefined) parts.push(when.dealerBlackjack ? l.dealerBlackjack : l.noDealerBlackjack);
  if (when.winner !== undefined) {
    const side = t.names.sides[when.winner];
    parts.push(
      when.cardsDealt === undefined ? l.winner({ side }) : `${l.winner({ side })} ${dealtText(when.cardsDealt, t)}`,
    );
  } else if (when.cardsDealt !== undefined) parts.push(l.roundEnds({ dealt: dealtText(when.cardsDealt, t) }));
  return parts.join(', ');
}

function totalText(total: number | number[] | { min?: number; max?: number }, t: Catalogue): string {
  const l = t.line;
  if (typeof total === 'number') return l.total({ totals: String(total) });
  if (Array.isArray(total)) return l.total({ totals: joinWith(total.map(String), t.words.or) });
  if (total.min !== undefined && total.max !== undefined)
    return total.min === total.max
      ? l.total({ totals: String(total.min) })
      : l.totalRange({ min: total.min, max: total.max });
  if (total.min !== undefined) return l.totalAtLeast({ min: total.min });
  return l.totalAtMost({ max: total.max ?? 21 });
}

function countText(count: Count, t: Catalogue): string {
  const l = t.line;
  if (typeof count === 'number') return l.count({ n: count });
  if (count.min !== undefined && count.max !== undefined)
    return count.min === count.max ? l.count({ n: count.min }) : l.countRange({ min: count.min, max: count.max });
  if (count.min !== undefined) return l.countAtLeast({ min: count.min });
  return l.countAtMost({ max: count.max ?? 0 });
}

function dealtText(count: Count, t: Catalogue): string {
  const l = t.line;
  if (typeof count === 'number') return l.dealtExactly({ n: count });
  if (count.min !== undefined && count.max !== undefined)
    return count.min === count.max
      ? l.dealtExactly({ n: count.min })
      : l.dealtRange({ min: count.min, max: count.max });
  if (count.min !== undefined) return l.dealtAtLeast({ min: count.min });
  return l.dealtAtMost({ max: count.max ?? 0 });
}

/** "a, b and c" */
export function joinWith(items: readonly string[], word: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}
