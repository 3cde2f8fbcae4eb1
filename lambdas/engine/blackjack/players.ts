// Who holds hands in a blackjack round (a seat, or a common-draw player), the hand each is on,
// and where their cards come from: the shoe for seats, the common stream for common draw (R-TB-DRAW-1).
import type { Card } from '../../core/cards.ts';
import { setHidden } from '../../core/hidden.ts';
import { draw } from '../../core/shoe.ts';
import { emit, type Ctx } from '../context.ts';
import type { BetRecord, CommonPlayer, Hand, RoundState, SeatRound, TableState } from '../types.ts';

/** Who plays a hand: a seat, or a player at a common-draw table. */
export type Player = { kind: 'seat'; seat: SeatRound } | { kind: 'common'; name: string; p: CommonPlayer };

export class ShoeExhausted extends Error {}

// ------------------------------------------------------------------ cards

export function dealCard(ctx: Ctx, state: TableState, to: string, hidden = false): Card {
  const card = draw(state.shoe!);
  if (card === undefined) throw new ShoeExhausted();
  if (state.shoe!.cutCardOut) state.round.lastOfShoe = true; // R-BJ-SHOE-1: this round is the shoe's last
  if (ctx.events) emit(ctx, state, { type: 'card', to, card: hidden ? null : card });
  return card;
}

// Card destinations by number, built once: the simulator deals millions of cards without events.
const seatLabels: string[] = [];
const streamLabels: string[] = [];
export const seatLabel = (seat: number): string => (seatLabels[seat] ??= `seat-${seat}`);
const streamLabel = (j: number): string => (streamLabels[j] ??= `stream-${j}`);

/** The j-th card a common-draw player draws is stream card j (R-TB-DRAW-1). */
export function streamCard(ctx: Ctx, state: TableState, p: CommonPlayer, name: string): Card {
  const common = state.round.common!;
  if (p.draws === common.stream.length) common.stream.push(dealCard(ctx, state, streamLabel(p.draws + 1)));
  else if (ctx.events) emit(ctx, state, { type: 'card', to: `${name}: stream-${p.draws + 1}`, card: common.stream[p.draws] });
  return common.stream[p.draws++];
}

export function drawFor(ctx: Ctx, state: TableState, who: Player): Card {
  return who.kind === 'seat' ? dealCard(ctx, state, seatLabel(who.seat.seat)) : streamCard(ctx, state, who.p, who.name);
}

export const playerName = (who: Player): string => (who.kind === 'seat' ? who.seat.owner : who.name);
export const handsOf = (who: Player): Hand[] => (who.kind === 'seat' ? who.seat.hands : who.p.hands);
export const activeOf = (who: Player): number => activeIndex(who.kind === 'seat' ? who.seat : who.p);
export const seatNo = (who: Player): number | null => (who.kind === 'seat' ? who.seat.seat : null);

/** The hand bet record of a seat or a common-draw player. */
export function mainRecord(ctx: Ctx, state: TableState, who: Player): BetRecord {
  const seat = seatNo(who);
  return state.round.bets.find((b) => b.status === 'open' && b.seat === seat && b.type === 'hand' && (seat !== null || b.player === playerName(who)))!;
}

export const upCard = (state: TableState): Card => state.round.dealer.cards[0];

const EVERYONE = Symbol('everyone');
type WithEveryone = RoundState & { [EVERYONE]?: Player[] };

/** Who holds hands this round, in playing order; fixed once the cards are dealt, so kept (off the JSON). */
export function everyone(state: TableState): Player[] {
  const round: WithEveryone = state.round;
  return round[EVERYONE] ?? setHidden(round, EVERYONE, holders(round));
}

function holders(round: RoundState): Player[] {
  const out: Player[] = [];
  // for-in, not Object.entries: the entries call is a slow runtime path at simulator rates.
  if (round.common) for (const name in round.common.players) out.push({ kind: 'common', name, p: round.common.players[name] });
  else for (const seat of round.seats) out.push({ kind: 'seat', seat });
  return out;
}

/** The hand holders changed (the deal seated them, or the round was reset). */
export function forgetEveryone(round: WithEveryone): void {
  if (round[EVERYONE]) round[EVERYONE] = undefined;
}

/** Index of the first unfinished hand from the stored pointer on (hands.length when all are done). */
function activeIndex(holder: { hands: Hand[]; active: number }): number {
  let i = holder.active;
  while (i < holder.hands.length && holder.hands[i].done) i++;
  return i;
}

/** The hand a player is on; undefined when they are done. Reading never changes the state. */
export function currentHand(who: Player): Hand | undefined {
  const holder = who.kind === 'seat' ? who.seat : who.p;
  return holder.hands[activeIndex(holder)];
}

/** Moves the stored pointer past finished hands (only the engine's own steps do this). */
export function moveOn(who: Player): Hand | undefined {
  const holder = who.kind === 'seat' ? who.seat : who.p;
  holder.active = activeIndex(holder);
  return holder.hands[holder.active];
}

export const behindOn = (ctx: Ctx, state: TableState, seat: number): BetRecord[] =>
  state.round.bets.filter((b) => b.status === 'open' && b.seat === seat && b.type === 'behind');
