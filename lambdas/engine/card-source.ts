// Owns where the interpreter's cards come from and what it needs when it has none: the seeded
// CSPRNG shoe (digital tables, the simulator) deals at once; a dealer-fed shoe (a studio's scanner)
// holds only what was scanned, and a draw past it stops the command with CardNeeded, which says
// what card is needed next and for whom. The feed (feed.ts) runs the command again once it is scanned.
import type { Table } from './model.ts';
import type { CardNeed, TableState } from './types.ts';

/** Thrown where a dealer-fed shoe has no card for the interpreter yet; the command is run again once it has. */
export class CardNeeded extends Error {
  constructor(readonly need: CardNeed) {
    super(`a card is needed: ${need.text}`);
    this.name = 'CardNeeded';
  }
}

/** What a blackjack draw labelled `label` (an event's `to`: seat-3, dealer, dealer-hole, common, stream-2) needs. */
export function blackjackNeed(table: Table, label: string): CardNeed {
  const round = table.round;
  if (label === 'dealer-hole') return { to: 'hole', faceDown: true, text: 'the hole card (face down)' };
  if (label === 'dealer')
    return round.dealer.cards.length === 0
      ? { to: 'dealer-up', faceDown: false, text: "the dealer's up card" }
      : { to: 'dealer', faceDown: false, text: `the dealer's card ${round.dealer.cards.length + 1}` };
  if (label === 'common') return { to: 'common', faceDown: false, text: 'a common card' };
  const seat = /^seat-(\d+)$/.exec(label);
  if (seat) {
    const n = Number(seat[1]);
    const h = round.holders.find((x) => x.seat === n);
    let hand = h ? h.active : 0;
    while (h && hand < h.hands.length - 1 && h.hands[hand].done) hand++;
    return { to: 'seat', seat: n, hand: hand + 1, faceDown: false, text: `seat ${n}, hand ${hand + 1}` };
  }
  return { to: 'stream', faceDown: false, text: `stream card ${label.replace(/^stream-/, '')}` };
}

export const sideNeed = (side: 0 | 1): CardNeed =>
  side === 0 ? { to: 'andar', faceDown: false, text: 'Andar' } : { to: 'bahar', faceDown: false, text: 'Bahar' };

export const GAME_CARD_NEED: CardNeed = { to: 'game', faceDown: false, text: 'the game card' };
export const BURN_NEED: CardNeed = {
  to: 'burn',
  faceDown: false,
  text: 'the burn card (shown; then burn as many face down, R-BJ-SHOE-2)',
};

/** A card needed with no command waiting: a new shoe's burn card, an Andar Bahar round's game card. */
export function staticNeed(state: TableState): CardNeed | null {
  const round = state.round;
  if (round.phase !== 'betting' || !state.shoe?.dealer) return null;
  if (round.andarBahar && round.andarBahar.gameCard < 0) return GAME_CARD_NEED;
  if (state.shoe.dealer.burnDue) return BURN_NEED;
  return null;
}
