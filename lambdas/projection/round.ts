// Owns a recorded round as an audience may recall it (GET /rounds/{roundId}, GET /history), built
// field by field from what the store keeps, so nothing stored reaches a player unless it is named
// here: a player gets the table's face-up cards, their own bets, hands, commands and stream cards,
// and the shoe's seed once the shoe is retired; an operator gets every player's, plus what a
// replay starts from (`croupier verify`): the table as the round opened and each command's balance.
import { type Card, formatCard } from '../core/cards.ts';
import type { BetRecord, Command, Hand, Interruption, Phase, PublicEvent, RoundState, Scan } from '../engine/index.ts';
import type { PlayerPart, RoundShared, Step } from '../store/index.ts';
import { type Audience, playerOf, sees } from './audience.ts';
import { projectEvents } from './events.ts';

/** What recall reads from the store: the round's shared part, the parts it may show, its steps, its shoe. */
export interface RecordedRound {
  tableId: string;
  pack: { id: string; version: string; sha256: string };
  round: RoundShared;
  /** The players' parts loaded for this audience (every player's for an operator). */
  parts: Record<string, PlayerPart>;
  steps: readonly Step[];
  /** `seed` is null while the shoe is live: the store gives it only for a retired shoe. */
  shoe: { id: string; commitment: string; seed: string | null };
}

export interface HandText extends Omit<Hand, 'cards'> {
  cards: string[];
}

export interface RecalledSeat {
  seat: number;
  owner: string;
  initial: string[];
  hands: HandText[];
  active: number;
  /** The action the seat's own player pre-selected (R-MW-TURN-1): shown to them and operators only. */
  preselect: string | null;
}

export interface RecalledRound {
  id: string;
  no: number;
  pack: { id: string; version: string; sha256: string };
  engineVersion: string;
  phase: Phase;
  openedAt: number;
  deadline: number | null;
  shoeId: string;
  shoeCommitment: string;
  roundInShoe: number;
  lastOfShoe: boolean;
  /** The hole card (second) is null until it is shown. */
  dealer: { cards: (string | null)[]; holeShown: boolean; blackjack: boolean | null };
  seats: RecalledSeat[];
  /** Common draw: the shared first cards, and the stream as far as this audience has drawn it (all of it: operators). */
  common: { cards: string[]; stream: string[] } | null;
  turnSeat: number | null;
  follow: RoundState['follow'];
  /** Follow answers given in advance, by bet-behind id: the audience's own bets only (every one for operators). */
  followAdvance: RoundState['followAdvance'];
  andarBahar: { gameCard: string | null; sides: [string[], string[]]; winner: 0 | 1 | null } | null;
  /**
   * Dealer-fed rounds (R-LD-AUDIT-1): every scan the round took, in order (operators only: a scan
   * of the hole card is the card itself), and every pause, resume and void with actor and reason.
   */
  dealerFed?: { scans?: Scan[]; interruptions: Interruption[]; note: string };
}

export interface RecalledStep {
  at: number;
  /** Another player's step is named `another player`. */
  actor: string;
  commands: { at: number; actor: string; command: Command; balance?: number }[];
  events: PublicEvent[];
  note?: string;
}

export interface RoundRecall {
  table: string;
  pack: { id: string; version: string; sha256: string };
  round: RecalledRound;
  bets: BetRecord[];
  /** Common draw: each shown player's hands. */
  hands: Record<string, HandText[]>;
  shoe: { id: string; commitment: string; seed: string | null; retired: boolean };
  steps: RecalledStep[];
  /** Operators: the table as the round opened, for a replay. */
  opening?: RoundState['opening'];
}

const texts = (cards: readonly Card[]): string[] => cards.map(formatCard);
const handText = (h: Hand): HandText => ({
  cards: texts(h.cards),
  stake: h.stake,
  doubled: h.doubled,
  fromSplit: h.fromSplit,
  splitAces: h.splitAces,
  acted: h.acted,
  done: h.done,
  surrendered: h.surrendered,
});

/** A dealer's shoe is read, not shuffled: there is no seed to commit to, and recall says so (R-LD-AUDIT-1). */
export const DEALER_SHOE_NOTE =
  "dealt by hand from a dealer's shoe and read by the studio's scanner: there is no seed and no seed commitment; the scans are the record";

/** The scans of a round for an operator: the hole card's only once it is shown or the round is over. */
function operatorScans(round: RoundShared): Scan[] {
  const over = round.phase === 'settled' || round.phase === 'void';
  return (round.scans ?? []).map((s) =>
    s.to === 'hole' && !over && !round.dealer.holeShown ? { ...s, card: 'face down' } : s,
  );
}

/** A round as `audience` may recall it. A player's own part must be in `recorded.parts`. */
export function projectRound(recorded: RecordedRound, audience: Audience): RoundRecall {
  const { round } = recorded;
  const operator = audience.kind === 'operator';
  const shown = Object.entries(recorded.parts).filter(([player]) => sees(audience, player));
  const me = playerOf(audience);
  const drawn = (me !== null && recorded.parts[me]?.common?.draws) || 0;
  const ownBets = new Set(shown.flatMap(([, part]) => part.bets.map((b) => String(b.id))));
  const ownAnswers = <T>(answers: Record<string, T>): Record<string, T> =>
    operator ? answers : Object.fromEntries(Object.entries(answers).filter(([id]) => ownBets.has(id)));
  const dealer = round.dealer;
  return {
    table: recorded.tableId,
    pack: recorded.pack,
    round: {
      id: round.id,
      no: round.no,
      pack: round.pack,
      engineVersion: round.engineVersion,
      phase: round.phase,
      openedAt: round.openedAt,
      deadline: round.deadline,
      shoeId: round.shoeId,
      shoeCommitment: round.shoeCommitment,
      roundInShoe: round.roundInShoe,
      lastOfShoe: round.lastOfShoe,
      dealer: {
        cards: dealer.cards.map((c, i) => (i === 1 && !dealer.holeShown ? null : formatCard(c))),
        holeShown: dealer.holeShown,
        blackjack: dealer.holeShown || dealer.blackjack === false ? dealer.blackjack : null,
      },
      seats: round.seats.map((s) => ({
        seat: s.seat,
        owner: s.owner,
        initial: texts(s.initial),
        hands: s.hands.map(handText),
        active: s.active,
        preselect: sees(audience, s.owner) ? s.preselect : null,
      })),
      common: round.common && {
        cards: texts(round.common.cards),
        stream: texts(operator ? round.common.stream : round.common.stream.slice(0, drawn)),
      },
      turnSeat: round.turnSeat,
      follow: round.follow && { ...round.follow, answers: ownAnswers(round.follow.answers) },
      followAdvance: ownAnswers(round.followAdvance ?? {}),
      andarBahar: round.andarBahar && {
        gameCard: round.andarBahar.gameCard < 0 ? null : formatCard(round.andarBahar.gameCard),
        sides: [texts(round.andarBahar.sides[0]), texts(round.andarBahar.sides[1])],
        winner: round.andarBahar.winner,
      },
      ...(round.dealerFed
        ? {
            dealerFed: {
              ...(operator ? { scans: operatorScans(round) } : {}),
              interruptions: round.interruptions ?? [],
              note: DEALER_SHOE_NOTE,
            },
          }
        : {}),
    },
    bets: shown.flatMap(([, part]) => part.bets),
    hands: Object.fromEntries(
      shown.filter(([, part]) => part.common).map(([player, part]) => [player, part.common!.hands.map(handText)]),
    ),
    shoe: {
      id: recorded.shoe.id,
      commitment: recorded.shoe.commitment,
      seed: recorded.shoe.seed,
      retired: recorded.shoe.seed !== null,
    },
    steps: recorded.steps.map((s) => ({
      at: s.at,
      actor: s.actor === 'system' || sees(audience, s.actor) ? s.actor : 'another player',
      commands: s.log
        .filter((l) => l.actor === 'system' || sees(audience, l.actor))
        .map((l) => ({
          at: l.at,
          actor: l.actor,
          command: l.command,
          ...(operator && l.balance !== undefined ? { balance: l.balance } : {}),
        })),
      events: projectEvents(s.events, audience, drawn),
      ...(operator && s.note ? { note: s.note } : {}),
    })),
    ...(operator ? { opening: round.opening } : {}),
  };
}
