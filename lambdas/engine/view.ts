// What one player may see of a table (R-EU-AI-1): never the shoe order, a live seed or the hole
// card before it is shown. AI players decide from exactly this view and its legal actions.
import { type Card, formatCard } from '../core/cards.ts';
import { hasSeats } from '../pack/compiled.ts';
import { betRecord } from './codec.ts';
import { isSoft, total } from './hand.ts';
import type { Ctx, Table } from './model.ts';
import { currentHand, sideCards } from './state.ts';
import type { EngineEvent, Hand, LegalMove, RoundState, TableState } from './types.ts';

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

export interface TableView {
  table: string;
  pack: { id: string; version: string; sha256: string };
  paused: boolean;
  /** The player ended the session at this solo table (R-EU-END-1). */
  ended: boolean;
  round: {
    id: string;
    no: number;
    phase: string;
    deadline: number | null;
    /** The round in play is paused (R-BJ-PAUSE-1): nothing moves and no clock runs until an operator resumes it. */
    paused: boolean;
    /** While paused: the time its open window will have when resumed (ms); null when none was running. */
    timeLeft: number | null;
    roundInShoe: number;
    lastOfShoe: boolean;
    shoe: { id: string; commitment: string };
  };
  you: { name: string; balance: number; demo: boolean; seats: number[] } | null;
  dealer: { cards: (string | null)[]; upCard: string | null; total: number | null; blackjack: boolean | null };
  seats: { seat: number; owner: string; hands: HandView[]; active: number; turn: boolean }[];
  /**
   * Common draw: the shared initial hand, and the viewer's own hands (no player count: a player's request loads only
   * their own part).
   */
  common: { cards: string[]; yourHands: HandView[] } | null;
  /** The game card is null until a dealer-fed round's dealer has scanned it. */
  andarBahar: { gameCard: string | null; andar: string[]; bahar: string[]; winner: 'andar' | 'bahar' | null } | null;
  /**
   * Dealer-fed tables (R-LD-SOURCE-1): the card the table waits for and for whom, and whether the
   * round is paused; null at tables dealt from a seeded shoe.
   */
  dealing: {
    need: { to: string; seat?: number; hand?: number; text: string } | null;
    /** Why the round in play is paused (R-BJ-PAUSE-1); null when it is not. */
    paused: { reason: string } | null;
  } | null;
  /** The viewer's bets (all bets for an operator view). */
  bets: {
    id: number;
    player: string;
    bet: string;
    seat: number | null;
    amount: number;
    staked: number;
    status: string;
    returned: number;
    line: string | null;
  }[];
  /** Decisions the viewer can make now. */
  legal: LegalMove[];
  /** Actions the viewer may pre-select for a seat whose turn has not come (R-MW-TURN-1). */
  preselect: number[];
}

const cardText = (c: Card) => formatCard(c);

function handView(h: Hand): HandView {
  return {
    cards: h.cards.map(cardText),
    total: total(h.cards),
    soft: isSoft(h.cards),
    stake: h.stake,
    doubled: h.doubled,
    fromSplit: h.fromSplit,
    done: h.done,
    surrendered: h.surrendered,
  };
}

/**
 * The view of `viewer` (a player name) of a working table, or an operator's view with every bet when viewer is null
 * (table.ts, playerView, for a saved table; AI players decide from it mid-command). `hole`: the dealer console's
 * view, which shows the hole card as scanned; never a player's.
 */
export function viewOf(ctx: Ctx, table: Table, viewer: string | null, hole = false): TableView {
  const round = table.round;
  const dealer = round.dealer;
  const faceDown = (i: number) => i === 1 && !dealer.holeShown && !(hole && viewer === null);
  const visible = dealer.cards.map((c, i) => (faceDown(i) ? null : cardText(c)));
  const shown = dealer.cards.filter((_, i) => !faceDown(i));
  const me = viewer === null ? -1 : table.players.joinedIndex(viewer);
  const bj = ctx.pack.family === 'blackjack';
  const seated = round.common ? [] : round.holders;
  const bets = round.bets;
  const suspended = table.paused && round.phase !== 'settled' && round.phase !== 'void';
  const betViews: TableView['bets'] = [];
  for (let row = 0; row < bets.length; row++) {
    if (viewer !== null && table.players.names[bets.player(row)] !== viewer) continue;
    const b = betRecord(ctx.pack, table, round, row);
    betViews.push({
      id: b.id,
      player: b.player,
      bet: b.key,
      seat: b.seat,
      amount: b.amount,
      staked: b.staked,
      status: b.status,
      returned: b.returned,
      line: b.line,
    });
  }
  return {
    table: table.tableId,
    pack: { id: table.packId, version: table.packVersion, sha256: table.packSha256 },
    paused: table.paused,
    ended: table.ended,
    round: {
      id: round.id,
      no: round.no,
      phase: round.phase,
      deadline: round.deadline,
      paused: suspended,
      timeLeft: suspended ? (round.timeLeft ?? null) : null,
      roundInShoe: round.roundInShoe,
      lastOfShoe: round.lastOfShoe,
      shoe: { id: round.shoeId, commitment: round.shoeCommitment },
    },
    you:
      viewer !== null && me >= 0
        ? {
            name: viewer,
            balance: table.players.balance[me],
            demo: table.players.demo[me],
            seats: table.seats.flatMap((h, seat) => (h?.owner === viewer ? [seat] : [])),
          }
        : null,
    dealer: {
      cards: visible,
      upCard: visible[0] ?? null,
      total: shown.length ? total(shown) : null,
      blackjack: dealer.holeShown || dealer.blackjack === false ? dealer.blackjack : null,
    },
    seats: seated.map((s) => ({
      seat: s.seat,
      owner: s.owner,
      hands: s.hands.map(handView),
      active: s.active,
      turn: round.turnSeat === s.seat && round.phase === 'turns',
    })),
    common: round.common
      ? {
          cards: round.common.cards.map(cardText),
          yourHands: viewer !== null ? (round.holders.find((h) => h.owner === viewer)?.hands ?? []).map(handView) : [],
        }
      : null,
    andarBahar: round.andarBahar
      ? {
          gameCard: round.andarBahar.gameCard < 0 ? null : cardText(round.andarBahar.gameCard),
          andar: sideCards(round.andarBahar, 0).map(cardText),
          bahar: sideCards(round.andarBahar, 1).map(cardText),
          winner: round.andarBahar.winner === null ? null : round.andarBahar.winner === 0 ? 'andar' : 'bahar',
        }
      : null,
    bets: betViews,
    dealing: null,
    legal: viewer !== null && !suspended ? (table.family.legalMoves?.(ctx, table, viewer) ?? []) : [],
    preselect:
      viewer !== null &&
      !suspended &&
      bj &&
      hasSeats(ctx.pack) &&
      (round.phase === 'insurance' || round.phase === 'turns' || round.phase === 'follow')
        ? seated.filter((s) => s.owner === viewer && s.seat !== round.turnSeat && currentHand(s)).map((s) => s.seat)
        : [],
  };
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

type WithCards = Pick<RoundState, 'dealer' | 'seats' | 'andarBahar'> & {
  common: { cards: Card[]; stream: Card[] } | null;
};

/** A recorded round's card-bearing parts with cards written as text (recall and history). */
export function roundCardsAsText<R extends WithCards>(round: R) {
  const texts = (cards: readonly Card[]) => cards.map(cardText);
  const { dealer, seats, common, andarBahar: ab, ...rest } = round;
  return {
    ...rest,
    dealer: { ...dealer, cards: texts(dealer.cards) },
    seats: seats.map((s) => ({
      ...s,
      initial: texts(s.initial),
      hands: s.hands.map((h) => ({ ...h, cards: texts(h.cards) })),
    })),
    common: common && { cards: texts(common.cards), stream: texts(common.stream) },
    andarBahar: ab && {
      ...ab,
      gameCard: cardText(ab.gameCard),
      sides: [texts(ab.sides[0]), texts(ab.sides[1])] as [string[], string[]],
    },
  };
}

/** Hands with their cards written as text. */
export const handsAsText = (hands: readonly Hand[]) => hands.map((h) => ({ ...h, cards: h.cards.map(cardText) }));

/**
 * What a dealer-fed table waits for (R-LD-SOURCE-1) and why its round is paused (R-BJ-PAUSE-1); null
 * at tables dealt from a seeded shoe.
 */
export function dealingOf(state: TableState): TableView['dealing'] {
  const feed = state.feed;
  if (!feed) return null;
  const phase = state.round.phase;
  const last = state.round.interruptions?.at(-1);
  const paused = state.paused && phase !== 'settled' && phase !== 'void';
  return {
    need: feed.need && {
      to: feed.need.to,
      ...(feed.need.seat !== undefined ? { seat: feed.need.seat, hand: feed.need.hand } : {}),
      text: feed.need.text,
    },
    paused: paused ? { reason: last?.kind === 'paused' ? last.reason : 'an operator paused the table' } : null,
  };
}
