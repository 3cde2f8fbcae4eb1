// What every part of the interpreter asks of a table's working form (model.ts): its seats, the
// holders of the round's hands and the hand in play, the Andar Bahar sides.
import type { Card } from '../core/cards.ts';
import type { AndarBahar, Holder, Round, Table, WorkingHand } from './model.ts';
import type { RoundState, SeatHolder } from './types.ts';

type SavedAndarBahar = NonNullable<RoundState['andarBahar']>;

/**
 * The working form of saved sides. Sides dealt in turn differ by one card at most, and the longer
 * one had the first card; of equal sides, `firstSide` had it.
 */
export function workingAndarBahar(saved: SavedAndarBahar, firstSide: 0 | 1): AndarBahar {
  const [a, b] = saved.sides;
  if (Math.abs(a.length - b.length) > 1)
    throw new Error(`Andar Bahar sides of ${a.length} and ${b.length} cards cannot have been dealt in turn`);
  const first: 0 | 1 = a.length > b.length ? 0 : b.length > a.length ? 1 : firstSide;
  const count = a.length + b.length;
  const cards = new Uint8Array(count);
  for (let k = 0; k < count; k++) cards[k] = saved.sides[sideOf(first, k)][k >> 1];
  return { gameCard: saved.gameCard, cards, from: 0, count, first, winner: saved.winner };
}

/** The side the k-th card dealt went to: the sides take cards in turn from `first` (R-AB-DEAL-1). */
export const sideOf = (first: 0 | 1, k: number): 0 | 1 => (first ^ (k & 1)) as 0 | 1;

/** Gives the round's cards an array of their own, where they were the shoe's. */
export function ownCards(ab: AndarBahar): void {
  ab.cards = ab.cards.slice(ab.from, ab.from + ab.count);
  ab.from = 0;
}

/** A side's cards as an array. */
export function sideCards(ab: AndarBahar, side: 0 | 1): Card[] {
  const cards: Card[] = [];
  for (let k = side === ab.first ? 0 : 1; k < ab.count; k += 2) cards.push(ab.cards[ab.from + k]);
  return cards;
}

export const savedAndarBahar = (ab: AndarBahar): SavedAndarBahar => ({
  gameCard: ab.gameCard,
  sides: [sideCards(ab, 0), sideCards(ab, 1)],
  winner: ab.winner,
});

/** Every seat of a table, 1 to `seats`, empty (index 0 unused): a loaded table and a new one alike. */
export const emptySeats = (seats: number): (SeatHolder | null)[] => Array.from({ length: seats + 1 }, () => null);

/** Puts a holder on a seat, or frees it (null). */
export function setSeat(table: Table, seat: number, holder: SeatHolder | null): void {
  table.seats[seat] = holder;
  table.occupied = occupiedOf(table.seats);
}

/** Replaces every seat at once (undoing a slip). */
export function setSeats(table: Table, seats: (SeatHolder | null)[]): void {
  table.seats = seats;
  table.occupied = occupiedOf(seats);
}

/** A new list each time: a pass that frees seats as it walks the old list is not disturbed. */
export function occupiedOf(seats: readonly (SeatHolder | null)[]): number[] {
  const out: number[] = [];
  for (let seat = 1; seat < seats.length; seat++) if (seats[seat]) out.push(seat);
  return out;
}

/** The holder of a seat; undefined when the seat has no hand this round. */
export function holderAt(round: Round, seat: number): Holder | undefined {
  const holders = round.holders;
  for (let i = 0; i < holders.length; i++) if (holders[i].seat === seat) return holders[i];
  return undefined;
}

/**
 * A spot's first two cards: the common draw's shared ones, or those of the holder on `seat`
 * (undefined: no hand there). Read the first two only: before a split they are the first hand's,
 * which may have more (fewer while the deal is under way).
 */
export function firstCardsAt(round: Round, seat: number): Card[] | undefined {
  if (round.common) return round.common.cards;
  const h = holderAt(round, seat);
  return h && firstCards(h);
}

/** A seat holder's first two cards (Holder.initial), as firstCardsAt reads them. */
export const firstCards = (h: Holder): Card[] => (h.initial.length > 0 ? h.initial : h.hands[0].cards);

/** A common-draw player's holder, by Players index. */
export function holderOf(round: Round, player: number): Holder | undefined {
  const holders = round.holders;
  for (let i = 0; i < holders.length; i++) if (holders[i].ownerIndex === player) return holders[i];
  return undefined;
}

/** Index of the first unfinished hand from the stored pointer on (hands.length when all are done). */
export function activeIndex(h: Holder): number {
  let i = h.active;
  while (i < h.hands.length && h.hands[i].done) i++;
  return i;
}

/** The hand a holder is on; undefined when they are done. Reading never changes the state. */
export function currentHand(h: Holder): WorkingHand | undefined {
  return h.hands[activeIndex(h)];
}

/** Moves the stored pointer past finished hands (only the engine's own steps do this). */
export function moveOn(h: Holder): WorkingHand | undefined {
  h.active = activeIndex(h);
  return h.hands[h.active];
}

/** The one human of a solo table: its host, else the first human who holds a seat; undefined while none. */
export function soloHuman(table: Table): string | undefined {
  if (table.host !== undefined) return table.host;
  for (const seat of table.occupied) {
    const owner = table.seats[seat]!.owner;
    const i = table.players.joinedIndex(owner);
    if (i < 0 || !table.players.ai[i]) return owner;
  }
  return undefined;
}

/**
 * Empties an array in place, keeping its storage: setting `length = 0` frees it, and the next round would allocate it
 * again.
 */
export function empty(array: unknown[]): void {
  while (array.length > 0) array.pop();
}
