// Where a blackjack hand holder's cards come from (the shoe for seats, the common stream for
// common draw, R-TB-DRAW-1) and which ledger rows belong to a holder.
import type { Card } from '../../core/cards.ts';
import { blackjackNeed, CardNeeded } from '../card-source.ts';
import { emit } from '../context.ts';
import { type Ledger, Seat, Status } from '../ledger.ts';
import type { Ctx, Holder, Table } from '../model.ts';
import { mainOn } from './betting.ts';

export class ShoeExhausted extends Error {}

export function dealCard(ctx: Ctx, table: Table, to: string, hidden = false): Card {
  const card = nextCard(table, to);
  if (ctx.events) emit(ctx, table, { type: 'card', to, card: hidden ? null : card });
  return card;
}

/**
 * dealCard to a numbered place (a seat, a stream card), its label made only for an event: the simulator deals without.
 */
export function dealTo(ctx: Ctx, table: Table, label: (n: number) => string, n: number): Card {
  const card = nextCard(table, label, n);
  if (ctx.events) emit(ctx, table, { type: 'card', to: label(n), card });
  return card;
}

/** The next card; out of cards, the round is void (a fixed shoe) or waits for the dealer's scan. */
function nextCard(table: Table, label: string | ((n: number) => string), n = 0): Card {
  const shoe = table.shoe!;
  const card = shoe.draw();
  if (card < 0) {
    if (!shoe.dealer) throw new ShoeExhausted();
    throw new CardNeeded(blackjackNeed(table, typeof label === 'string' ? label : label(n)));
  }
  if (shoe.cutCardOut) table.round.lastOfShoe = true; // R-BJ-SHOE-1: this round is the shoe's last
  return card;
}

// Card destinations by number, built once and only for events.
const seatLabels: string[] = [];
const streamLabels: string[] = [];
export const seatLabel = (seat: number): string => (seatLabels[seat] ??= `seat-${seat}`);
const streamLabel = (j: number): string => (streamLabels[j] ??= `stream-${j}`);

/** The j-th card a common-draw player draws is stream card j (R-TB-DRAW-1). */
function streamCard(ctx: Ctx, table: Table, h: Holder): Card {
  const common = table.round.common!;
  if (h.draws === common.stream.length) common.stream.push(dealTo(ctx, table, streamLabel, h.draws + 1));
  else if (ctx.events)
    emit(ctx, table, { type: 'card', to: `${h.owner}: stream-${h.draws + 1}`, card: common.stream[h.draws] });
  return common.stream[h.draws++];
}

export function drawFor(ctx: Ctx, table: Table, h: Holder): Card {
  return h.seat !== Seat.NONE ? dealTo(ctx, table, seatLabel, h.seat) : streamCard(ctx, table, h);
}

export const upCard = (table: Table): Card => table.round.dealer.cards[0];

/**
 * The open hand bet row of a seat (whoever placed it) or of a common-draw player; -1 for none. The
 * row found last is it while it stays open: rows are never reordered, and none opens once dealt.
 */
export function mainRow(ctx: Ctx, table: Table, h: Holder): number {
  const row = h.mainRow;
  if (row >= 0 && table.round.bets.status(row) === Status.OPEN) return row;
  return (h.mainRow = mainOn(ctx, table, h.seat, h.seat === Seat.NONE ? h.ownerIndex : -1));
}

/** An open bet behind `seat`. */
export const isBehindOn = (ctx: Ctx, bets: Ledger, row: number, seat: number): boolean =>
  bets.status(row) === Status.OPEN && bets.seat(row) === seat && ctx.pack.bets[bets.bet(row)].type === 'behind';
