// The interpreter's working model, as types: a table in its working form (what the interpreter
// reads and changes while it applies commands), the context a command runs in, and what a game
// family implements. One module, because they refer to one another; the saved form is types.ts,
// and codec.ts turns one into the other. Here bets are a typed ledger and players are numbered, so a
// round played millions of times (the simulator) allocates nothing and looks nothing up by name.
import type { Card } from '../core/cards.ts';
import type { Shoe } from '../core/shoe.ts';
import type { AiCharts, Chart } from '../pack/chart.ts';
import type { CompiledBet, CompiledPack } from '../pack/compiled.ts';
import type { Facts } from '../pack/conditions.ts';
import type { Ledger } from './ledger.ts';
import type { Players } from './players.ts';
import type {
  BetSpec,
  Command,
  EngineEvent,
  Hand,
  LegalMove,
  PlayAction,
  Result,
  RoundState,
  SeatHolder,
  TableState,
} from './types.ts';

// ------------------------------------------------------------------ the working form

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
   * The seats with a holder, ascending: what each round's seat passes walk, so a table of 7 seats with
   * one taken (the simulator's) is not walked seat by seat three times a round.
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
  | 'timeLeft'
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
  | 'events'
  | 'dealerFed'
  | 'scans'
  | 'interruptions';

export interface Round extends Pick<RoundState, SavedRoundField> {
  bets: Ledger;
  /** Who holds hands, in playing order (seats in seat order, or common-draw players); empty until the deal. */
  holders: Holder[];
  /** Common draw, once dealt: the shared initial hand and the stream (R-TB-DRAW-1). */
  common: { cards: Card[]; stream: Card[] } | null;
  /** Follow answers given in advance (R-MW-BEHIND-5), by bet-behind id; null while there are none. */
  followAdvance: Record<string, { double?: boolean; split?: boolean }> | null;
  /** Holders, hands and common cards kept aside to be handed out again: a split's hand, a reused round's. */
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

export interface SlipSnapshot {
  player: number;
  balance: number;
  rows: number;
  nextBetId: number;
  /**
   * The player's rows already on the table, with what a slip may change on them: row, amount, staked, status, returned.
   */
  own: number[];
  seats: (SeatHolder | null)[] | null;
  /**
   * The player's under-minimum warnings before the slip changed them (saved by the first change, savedWarnings true).
   */
  savedWarnings: boolean;
  warnings: Record<string, number> | undefined;
  voided: number;
  events: number;
  roundEvents: number;
}

// ------------------------------------------------------------------ the context and the families

export interface Env {
  /** The time of the command, ms since epoch (injected: tests drive a virtual clock). */
  now: number;
  /** 32 random bytes for a new shoe; live play uses a CSPRNG (R-BJ-SHOE-3). */
  newSeed(): Uint8Array;
  /** Which generator expands shoe seeds; chacha20 unless the simulator says otherwise. */
  generator?: 'chacha20' | 'xoshiro';
}

export interface Ctx {
  pack: CompiledPack;
  charts: AiCharts;
  env: Env;
  /** Collected events, or null to skip building them (simulation). */
  events: EngineEvent[] | null;
  /** A player who decides by a chart given up front (the simulator); absent in live play. */
  policy?: Policy;
  /** The simulator's speed-ups, chosen when its context is built (fast/index.ts); absent in live play. */
  fast?: FastPath;
}

/**
 * A player whose every decision is known before the round (the simulator's basic strategy): where
 * the engine would wait for their command, it plays their hand by the chart among the legal
 * actions and declines insurance and follows, as it does for AI players. One command then plays a
 * whole round, with the same rules code an act command runs.
 */
export interface Policy {
  /** Players index. */
  player: number;
  chart: Chart;
}

/** What a game family implements; the table does the rest. Players are Players indexes. */
export interface Family {
  /** After a round opens (Andar Bahar draws its game card here). */
  opened(ctx: Ctx, table: Table): void;
  bet(ctx: Ctx, table: Table, player: number, spec: BetSpec): Result;
  act(ctx: Ctx, table: Table, player: number, cmd: Extract<Command, { type: 'act' }>): Result;
  /** Betting closes and the cards come out. */
  deal(ctx: Ctx, table: Table): Result;
  /** The open decision window expires (auto-play, unanswered = no). */
  timeout(ctx: Ctx, table: Table): Result;
  /**
   * The compiled bet of a spec that is a plain bet on a spot: one whose only rules are the spot's
   * (limits, round limit, balance), so a slip of them may be placed in one pass (the fast path's
   * placeSlip); undefined otherwise. `before`: the slip's bets ahead of it, all plain.
   */
  plainBet?(ctx: Ctx, spec: BetSpec, before: readonly CompiledBet[]): CompiledBet | undefined;
  /**
   * Whether the player's plain bets on `seat` have only their spots' rules now (a seat they hold, one of their own).
   */
  plainSeat?(ctx: Ctx, table: Table, player: number, seat: number): boolean;
  /** What `viewer` may do now (TableView.legal); none where the family has no decisions. */
  legalMoves?(ctx: Ctx, table: Table, viewer: string): LegalMove[];
  /**
   * A dealer-fed round's game card, scanned after the round opens (Andar Bahar, R-AB-GAME-1); a
   * family without one refuses it.
   */
  gameCard?(ctx: Ctx, table: Table): Result;
}

// ------------------------------------------------------------------ pay-table settlement

/** A pay-table bet's card group and the facts its lines read, as a settlement finds them (paytable.ts). */
export interface GroupView {
  cards: ArrayLike<Card>;
  n: number;
  facts: Facts;
  /** The round's outcome at `outcomeIndex` once known (Andar Bahar), else -1: outcome bets look their line up there. */
  outcome: number;
}

/** Where a placement's card group and facts come from; null while its group is incomplete. */
export type GroupOf = (ctx: Ctx, table: Table, row: number, bet: CompiledBet, final: boolean) => GroupView | null;

// ------------------------------------------------------------------ the simulator's speed-ups

/**
 * The simulator's speed-ups (lambdas/engine/fast/), chosen once, when its context is built
 * (fastContext), and absent in live play. The general interpreter hands over to it at the few
 * points below; at each it does what the general path would do there, in fewer steps, or answers
 * false having done nothing, and the general path goes on. It emits no events: a context with a
 * fast path collects none. Its contract is the differential tests (test/engine/fast-path.test.ts,
 * bench/fast-path-check.ts): the same seeds played by the general path with events and by the fast
 * path give the same settlements, ledgers and shoes.
 */
export interface FastPath {
  /** The ledger of a round, new or loaded from its saved form (a reused round keeps its own). */
  newLedger(pack: CompiledPack): Ledger;
  /** Opens round `no` by resetting the finished round in place; false when it cannot. */
  reuseRound(ctx: Ctx, table: Table, no: number, deadline: number | null): boolean;
  /** Places a bet slip in one pass; false, having changed nothing, for a slip the general path must place. */
  placeSlip(ctx: Ctx, table: Table, player: number, specs: readonly BetSpec[]): boolean;
  /**
   * Blackjack: settles the side bets `groupOf` finds decided, before the dealer's final hand (finalShape null) or on
   * it (its shape), the dealer's blackjack as `dealerBlackjack` says (undefined: not known); false when the general
   * way must settle them.
   */
  settleSideBets(
    ctx: Ctx,
    table: Table,
    groupOf: GroupOf,
    finalShape: number | null,
    dealerBlackjack: boolean | undefined,
  ): boolean;
  /**
   * Blackjack's deal and the play that follows it (blackjack/deal.ts, turns.ts) as closures made for
   * this context: V8 compiles a closure it has only ever seen alone with what it captured as
   * constants, so the rules the round reads through the context are constants of its compiled code.
   */
  deal(table: Table): Result;
  advance(table: Table): void;
  /**
   * Andar Bahar: settles every pay-table bet once the round's outcome (its outcomeIndex) is known; false when the
   * general way must.
   */
  settleOutcome(ctx: Ctx, table: Table, groupOf: GroupOf, outcome: number): boolean;
}
