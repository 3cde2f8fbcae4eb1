// The working form of a table: what the interpreter reads and changes while it applies commands.
// The saved form (TableState, types.ts) is plain JSON for the store, views and recall; codec.ts
// turns one into the other. Here bets are a typed ledger and players are numbered, so a round
// played millions of times (the simulator) allocates nothing and looks nothing up by name.
import type { Card } from '../core/cards.ts';
import type { Shoe } from '../core/shoe.ts';
import type { Ledger } from './ledger.ts';
import type { Players } from './players.ts';
import type { SlipSnapshot } from './slip.ts';
import type { Family } from './table.ts';
import type { Hand, PlayAction, RoundState, SeatHolder, TableState } from './types.ts';

/**
 * A hand in the working form: the saved fields, and its shape (cards.ts `shapeOf`) kept up as cards
 * are added (hand.ts `addCard`), so its total is a lookup rather than a walk over its cards.
 */
export interface WorkingHand extends Hand {
  shape: number;
}

export interface Table
  extends Pick<
    TableState,
    | 'tableId'
    | 'packId'
    | 'packVersion'
    | 'packSha256'
    | 'engineVersion'
    | 'paused'
    | 'warnings'
    | 'retiredShoes'
    | 'roundsPlayed'
  > {
  players: Players;
  /** Seat holders by seat number (index 0 unused), kept across rounds; changed only by setSeat/setSeats. */
  seats: (SeatHolder | null)[];
  /**
   * The seats with a holder, ascending: what each round's seat passes walk. A simulated table of 7
   * seats has one taken, and walking all 7 three times a round cost ~10% of a seated round.
   */
  occupied: readonly number[];
  /** Secret: never in a player view. */
  shoe: Shoe | null;
  round: Round;
  /** Solo tables: the one human who plays here. */
  host: string | undefined;
  ended: boolean;
  /** The bet slip being placed, to undo should one of its bets be refused; null outside a slip. */
  slip: SlipSnapshot | null;
  /** The family's code for this table's pack (a table never changes family). */
  family: Family;
  /**
   * Rounds this working form finished and left for a new one since it was loaded (saved too: a caller may hold them).
   */
  left: Round[];
}

/** Who plays hands: a seat, or a player at a common-draw table (seat 0). */
export interface Holder {
  /** The seat number; 0 for a common-draw player. */
  seat: number;
  owner: string;
  /** The owner's index in Players. */
  ownerIndex: number;
  /**
   * A seat's first two cards, copied when its first hand is split (side bets read them, R-MW-PAIR-1);
   * empty until then, while they are that hand's own first two (firstCards).
   */
  initial: Card[];
  hands: WorkingHand[];
  /** Index of the hand in play (finished hands are skipped from here). */
  active: number;
  /** An action chosen before the seat's turn (R-MW-TURN-1). */
  preselect: PlayAction | null;
  /** Common draw: stream cards this player has drawn so far (R-TB-DRAW-1). */
  draws: number;
  /**
   * The ledger row of the holder's hand bet as last found (-1: not yet), so finding it again is one check (players.ts
   * mainRow).
   */
  mainRow: number;
}

/** A round's fields that the working form keeps as saved. */
type SavedRoundField =
  | 'id'
  | 'no'
  | 'pack'
  | 'engineVersion'
  | 'phase'
  | 'openedAt'
  | 'deadline'
  | 'shoeId'
  | 'shoeCommitment'
  | 'roundInShoe'
  | 'lastOfShoe'
  | 'nextBetId'
  | 'dealer'
  | 'turnSeat'
  | 'follow'
  | 'voidedPlayers'
  | 'opening'
  | 'log'
  | 'events';

export interface Round extends Pick<RoundState, SavedRoundField> {
  bets: Ledger;
  /** Who holds hands, in playing order (seats in seat order, or common-draw players); empty until the deal. */
  holders: Holder[];
  /** Common draw, once dealt: the shared initial hand and the stream (R-TB-DRAW-1). */
  common: { cards: Card[]; stream: Card[] } | null;
  /** Follow answers given in advance (R-MW-BEHIND-5), by bet-behind id; null while there are none. */
  followAdvance: Record<string, { double?: boolean; split?: boolean }> | null;
  /** Holders, hands and common cards of finished rounds, handed out again (events off: nothing of them is kept). */
  spare: { holders: Holder[]; hands: WorkingHand[]; common: { cards: Card[]; stream: Card[] } | null };
  andarBahar: AndarBahar | null;
}

/**
 * Andar Bahar: the game card, and the cards dealt to the sides in dealing order, `cards[from + k]` for
 * k < count: the k-th went to side `first ^ (k & 1)` (R-AB-DEAL-1). While the round is the table's
 * current one, `cards` may be the shoe's own dealing order (Shoe.dealtCards): a simulated round then
 * takes its cards without a copy or a store per card. A round the table leaves for a new one gets a
 * copy of its own first (ownCards), before the shoe deals again. The saved form (RoundState) keeps
 * each side's cards as a plain array.
 */
export interface AndarBahar {
  gameCard: Card;
  cards: Uint8Array;
  from: number;
  count: number;
  /** The side the first card went to. */
  first: 0 | 1;
  winner: 0 | 1 | null;
}

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
