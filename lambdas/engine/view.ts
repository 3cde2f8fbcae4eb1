// What one player may see of a table (R-EU-AI-1): never the shoe order, a live seed or the hole
// card before it is shown. AI players decide from exactly this view and its legal actions.
import { formatCard, type Card } from '../core/cards.ts';
import type { Ctx } from './context.ts';
import { hasSeats } from '../pack/compiled.ts';
import { insurable } from './blackjack/deal.ts';
import { currentHand, everyone, type Player } from './blackjack/players.ts';
import { legalActions } from './blackjack/turns.ts';
import { isSoft, total } from './hand.ts';
import type { Action, EngineEvent, Hand, RoundState, TableState } from './types.ts';

export interface HandView {
  cards: string[];
  total: number;
  soft: boolean;
  stake: number;
  doubled: boolean;
  fromSplit: boolean;
  done: boolean;
  surrendered: boolean;
}

export interface LegalMove {
  action: Action;
  seat?: number;
}

export interface TableView {
  table: string;
  pack: { id: string; version: string; sha256: string };
  paused: boolean;
  /** The player ended the session at this solo table (R-EU-END-1). */
  ended: boolean;
  round: { id: string; no: number; phase: string; deadline: number | null; roundInShoe: number; lastOfShoe: boolean; shoe: { id: string; commitment: string } };
  you: { name: string; balance: number; demo: boolean; seats: number[] } | null;
  dealer: { cards: (string | null)[]; upCard: string | null; total: number | null; blackjack: boolean | null };
  seats: { seat: number; owner: string; hands: HandView[]; active: number; turn: boolean }[];
  /** Common draw: the shared initial hand, and the viewer's own hands (no player count: a player's request loads only their own part). */
  common: { cards: string[]; yourHands: HandView[] } | null;
  andarBahar: { gameCard: string; andar: string[]; bahar: string[]; winner: 'andar' | 'bahar' | null } | null;
  /** The viewer's bets (all bets for an operator view). */
  bets: { id: number; player: string; bet: string; seat: number | null; amount: number; staked: number; status: string; returned: number; line: string | null }[];
  /** Decisions the viewer can make now. */
  legal: LegalMove[];
  /** Actions the viewer may pre-select for a seat whose turn has not come (R-MW-TURN-1). */
  preselect: number[];
}

const cardText = (c: Card) => formatCard(c);

function handView(h: Hand): HandView {
  return { cards: h.cards.map(cardText), total: total(h.cards), soft: isSoft(h.cards), stake: h.stake, doubled: h.doubled, fromSplit: h.fromSplit, done: h.done, surrendered: h.surrendered };
}

/** The view of `viewer` (a player name), or an operator's view with every bet when viewer is null. */
export function playerView(ctx: Ctx, state: TableState, viewer: string | null): TableView {
  const round = state.round;
  const dealer = round.dealer;
  const visible = dealer.cards.map((c, i) => (i === 1 && !dealer.holeShown ? null : cardText(c)));
  const shown = dealer.cards.filter((_, i) => i !== 1 || dealer.holeShown);
  const me = viewer ? state.players[viewer] : undefined;
  const bj = ctx.pack.family === 'blackjack';
  return {
    table: state.tableId,
    pack: { id: state.packId, version: state.packVersion, sha256: state.packSha256 },
    paused: state.paused,
    ended: state.ended === true,
    round: { id: round.id, no: round.no, phase: round.phase, deadline: round.deadline, roundInShoe: round.roundInShoe, lastOfShoe: round.lastOfShoe, shoe: { id: round.shoeId, commitment: round.shoeCommitment } },
    you: viewer && me ? { name: viewer, balance: me.balance, demo: me.demo, seats: Object.entries(state.seats).filter(([, h]) => h.owner === viewer).map(([s]) => Number(s)) } : null,
    dealer: { cards: visible, upCard: visible[0] ?? null, total: shown.length ? total(shown) : null, blackjack: dealer.holeShown || dealer.blackjack === false ? dealer.blackjack : null },
    seats: round.seats.map((s) => ({ seat: s.seat, owner: s.owner, hands: s.hands.map(handView), active: s.active, turn: round.turnSeat === s.seat && round.phase === 'turns' })),
    common: round.common ? { cards: round.common.cards.map(cardText), yourHands: viewer ? (round.common.players[viewer]?.hands ?? []).map(handView) : [] } : null,
    andarBahar: round.andarBahar
      ? { gameCard: cardText(round.andarBahar.gameCard), andar: round.andarBahar.sides[0].map(cardText), bahar: round.andarBahar.sides[1].map(cardText), winner: round.andarBahar.winner === null ? null : round.andarBahar.winner === 0 ? 'andar' : 'bahar' }
      : null,
    bets: round.bets
      .filter((b) => viewer === null || b.player === viewer)
      .map((b) => ({ id: b.id, player: b.player, bet: b.key, seat: b.seat, amount: b.amount, staked: b.staked, status: b.status, returned: b.returned, line: b.line })),
    legal: viewer && bj ? legalMoves(ctx, state, viewer) : [],
    preselect: viewer && bj && hasSeats(ctx.pack) && (round.phase === 'insurance' || round.phase === 'turns' || round.phase === 'follow')
      ? round.seats.filter((s) => s.owner === viewer && s.seat !== round.turnSeat && currentHand({ kind: 'seat', seat: s })).map((s) => s.seat)
      : [],
  };
}

function legalMoves(ctx: Ctx, state: TableState, viewer: string): LegalMove[] {
  const round = state.round;
  const moves: LegalMove[] = [];
  if (round.phase === 'insurance')
    for (const b of insurable(ctx, state)) if (b.player === viewer && b.insurance === undefined) moves.push({ action: 'insurance', ...(b.seat !== null ? { seat: b.seat } : {}) });
  if (round.phase === 'follow' && round.follow) {
    const f = round.follow;
    for (const b of round.bets) if (b.player === viewer && f.answers[b.id] === null) moves.push({ action: f.kind === 'double' ? 'follow-double' : 'follow-split', seat: f.seat });
  }
  if (round.phase === 'turns') {
    const mine: Player[] = everyone(state).filter((w) => (w.kind === 'seat' ? w.seat.owner === viewer && w.seat.seat === round.turnSeat : w.name === viewer));
    for (const who of mine) for (const action of legalActions(ctx, state, who)) moves.push({ action, ...(who.kind === 'seat' ? { seat: who.seat.seat } : {}) });
  }
  return moves;
}

/** An event as the API shows it: cards written as in views and scenario files ("AS"), never as numbers. */
export type PublicEvent =
  | Exclude<EngineEvent, { type: 'card' | 'burn' | 'hole-shown' }>
  | { type: 'card'; to: string; card: string | null }
  | { type: 'burn'; shown: string; burned: number }
  | { type: 'hole-shown'; card: string };

/** Round events as a player may read them: the hole card appears only through hole-shown. */
export function visibleEvents(events: readonly EngineEvent[]): PublicEvent[] {
  return events.map((e): PublicEvent => {
    switch (e.type) {
      case 'card':
        return { ...e, card: e.card === null || e.to === 'dealer-hole' ? null : cardText(e.card) };
      case 'burn':
        return { ...e, shown: cardText(e.shown) };
      case 'hole-shown':
        return { ...e, card: cardText(e.card) };
      default:
        return e;
    }
  });
}

type WithCards = Pick<RoundState, 'dealer' | 'seats' | 'andarBahar'> & { common: { cards: Card[]; stream: Card[] } | null };

/** A recorded round's card-bearing parts with cards written as text (recall and history). */
export function roundCardsAsText<R extends WithCards>(round: R) {
  const texts = (cards: readonly Card[]) => cards.map(cardText);
  const { dealer, seats, common, andarBahar: ab, ...rest } = round;
  return {
    ...rest,
    dealer: { ...dealer, cards: texts(dealer.cards) },
    seats: seats.map((s) => ({ ...s, initial: texts(s.initial), hands: s.hands.map((h) => ({ ...h, cards: texts(h.cards) })) })),
    common: common && { cards: texts(common.cards), stream: texts(common.stream) },
    andarBahar: ab && { ...ab, gameCard: cardText(ab.gameCard), sides: [texts(ab.sides[0]), texts(ab.sides[1])] as [string[], string[]] },
  };
}

/** Hands with their cards written as text. */
export const handsAsText = (hands: readonly Hand[]) => hands.map((h) => ({ ...h, cards: h.cards.map(cardText) }));
