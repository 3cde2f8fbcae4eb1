// The interpreter's data as saved: table and round state (plain JSON), commands, events and
// errors. Nothing here holds code; a state saved and loaded again behaves identically. The
// interpreter works on the working form of state.ts, made from and saved back to this by codec.ts.
import type { Card } from '../core/cards.ts';
import type { ShoeState } from '../core/shoe.ts';
import type { ModeName } from '../pack/schema.ts';

export type Phase = 'betting' | 'insurance' | 'turns' | 'follow' | 'dealer' | 'settled' | 'void';
export type AiLevel = 'easy' | 'normal' | 'hard';
export type Action =
  | 'hit'
  | 'stand'
  | 'double'
  | 'split'
  | 'surrender'
  | 'insurance'
  | 'follow-double'
  | 'follow-split';
export type PlayAction = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

export interface PlayerState {
  /** Balance in minor units as the round knows it; the shell syncs it with the wallet. */
  balance: number;
  demo: boolean;
  ai: AiLevel | null;
}

export interface Hand {
  cards: Card[];
  /** The hand's main stake (doubled stakes included). */
  stake: number;
  doubled: boolean;
  fromSplit: boolean;
  splitAces: boolean;
  /** Any action other than the deal has been taken on it (surrender is only a first action). */
  acted: boolean;
  done: boolean;
  surrendered: boolean;
}

export interface BetRecord {
  id: number;
  player: string;
  /** Compiled bet key: name, or name/mode. */
  key: string;
  name: string;
  mode: ModeName | null;
  type: 'hand' | 'behind' | 'paytable';
  seat: number | null;
  /** The bet's own stake. */
  amount: number;
  /** Everything debited for it: stake, doubles, splits, follows, insurance. */
  staked: number;
  status: 'open' | 'settled' | 'returned';
  /** Everything credited back so far (stakes included). */
  returned: number;
  line: string | null;
  /** Bet behind: which of the seat's hands it follows, and its stake on each. */
  follows?: Follow[];
  /** Insurance bought on this bet (main or behind): its cost, and whether it is settled. */
  insurance?: { cost: number; settled: boolean };
}

export interface Follow {
  hand: number;
  stake: number;
}

export interface SeatRound {
  seat: number;
  owner: string;
  /** The seat's first two cards, kept for side bets after a split. */
  initial: Card[];
  hands: Hand[];
  active: number;
  /** An action chosen before the seat's turn (R-MW-TURN-1). */
  preselect: PlayAction | null;
}

export interface CommonPlayer {
  hands: Hand[];
  active: number;
  /** Stream cards this player has drawn so far (R-TB-DRAW-1). */
  draws: number;
  preselect: PlayAction | null;
}

export interface FollowWindow {
  seat: number;
  hand: number;
  kind: 'double' | 'split';
  /** Bet-behind ids still to answer (null) or their answer. */
  answers: Record<string, boolean | null>;
}

export interface DealerState {
  cards: Card[];
  holeShown: boolean;
  /** Known after the peek or at the dealer's turn; null while unknown. */
  blackjack: boolean | null;
}

export interface RoundLogEntry {
  at: number;
  actor: string;
  command: Command;
  /** The actor's balance when the command ran (the shell syncs wallets between commands). */
  balance?: number;
}

export interface RoundState {
  /** The round's id where it is recorded; 'unrecorded' with events off (the simulator keeps no rounds). */
  id: string;
  no: number;
  /** The rules the round runs under, start to finish, and the engine that ran it. */
  pack: { id: string; version: string; sha256: string };
  engineVersion: string;
  phase: Phase;
  openedAt: number;
  /** When the open window closes by itself (ms since epoch); null when nothing waits on time, or while paused. */
  deadline: number | null;
  /**
   * While the table is paused: what the open window had left when the pause came (ms; null when none was running).
   * A resume gives the window exactly that back. Null or absent when not paused.
   */
  timeLeft?: number | null;
  shoeId: string;
  shoeCommitment: string;
  /** This round's index in its shoe, from 1 (round limits, R-TB-SIDE-2). */
  roundInShoe: number;
  /** The cut card came out in this round: it is the shoe's last (R-BJ-SHOE-1). */
  lastOfShoe: boolean;
  bets: BetRecord[];
  nextBetId: number;
  seats: SeatRound[];
  common: { cards: Card[]; stream: Card[]; players: Record<string, CommonPlayer> } | null;
  dealer: DealerState;
  /** Seated: whose turn (seat number); null outside turns. */
  turnSeat: number | null;
  follow: FollowWindow | null;
  /** Follow answers given in advance (R-MW-BEHIND-5), by bet-behind id. */
  followAdvance: Record<string, { double?: boolean; split?: boolean }>;
  /** Players whose whole hand was voided this round (R-LL-LIMIT-2). */
  voidedPlayers: string[];
  /** Andar Bahar: the game card and the two sides' cards. */
  andarBahar: { gameCard: Card; sides: [Card[], Card[]]; winner: 0 | 1 | null } | null;
  /** The table as the round opened, so the round can be replayed from its shoe's seed. */
  opening: {
    shoePosition: number;
    players: Record<string, PlayerState>;
    seats: Record<string, SeatHolder>;
    warnings: Record<string, Record<string, number>>;
  };
  log: RoundLogEntry[];
  events: EngineEvent[];
  /** Dealt by hand from a dealer's shoe, read by a scanner (R-LD-SOURCE-1): no seed, no commitment. */
  dealerFed?: true;
  /** Dealer-fed rounds: every card scanned into the round, in order (R-LD-AUDIT-1). */
  scans?: Scan[];
  /** Dealer-fed rounds: every pause, resume and void of the round in play, with actor and reason (R-BJ-PAUSE-1). */
  interruptions?: Interruption[];
}

/** One card the dealer's scanner read and the round took. */
export interface Scan {
  card: string;
  scanId: string;
  at: number;
  actor: string;
  /** What it was taken as (card-source.ts CardNeed.to), and its seat and hand where it went to a seat. */
  to: string;
  seat?: number;
  hand?: number;
}

export interface Interruption {
  at: number;
  actor: string;
  kind: 'paused' | 'resumed' | 'voided';
  reason: string;
}

/** The card a dealer-fed table needs next and for whom (card-source.ts says it). */
export interface CardNeed {
  /** Where the card goes. */
  to: 'seat' | 'dealer-up' | 'dealer' | 'hole' | 'common' | 'stream' | 'andar' | 'bahar' | 'game' | 'burn';
  /** Seated tables: the seat, and the hand on it (1 = the first). */
  seat?: number;
  hand?: number;
  /** Dealt face down: the hole card, secret to players until it is shown. */
  faceDown: boolean;
  /** In words, for the dealer console. */
  text: string;
}

/**
 * A dealer-fed table's feed (feed.ts): the command waiting for cards, run again on `base` (the
 * table before it) as each is scanned. Absent at tables dealt from a seeded shoe.
 */
export interface FeedState {
  pending: {
    command: Command;
    actor: string;
    at: number;
    base: TableState;
    /** Cards scanned for it so far. */
    scans: Scan[];
    /** Non-money events of it already told (each re-run tells only what is new). */
    told: number;
    /** Already in the round's log (a pause or a void came while it waited, feed.ts logPending). */
    logged?: true;
  } | null;
  /** What card is needed next, and for whom; null when none is. */
  need: CardNeed | null;
  /** Since when a card has been needed (the pack's card deadline counts from here). */
  since: number | null;
}

export interface SeatHolder {
  owner: string;
  /** Rounds in a row the holder placed no seat bet (R-MW-SEAT-4). */
  missed: number;
}

export interface TableState {
  tableId: string;
  packId: string;
  packVersion: string;
  packSha256: string;
  engineVersion: string;
  paused: boolean;
  players: Record<string, PlayerState>;
  /** Seat holders by seat number (seated tables), kept across rounds. */
  seats: Record<string, SeatHolder>;
  /** Under-minimum warnings per player and bet name (R-LL-LIMIT-2). */
  warnings: Record<string, Record<string, number>>;
  /** Secret: never in a player view. */
  shoe: ShoeState | null;
  /** Retired shoes' seeds, revealed for recall once the shoe is done (R-BJ-SHOE-3). */
  retiredShoes: { id: string; seed: string; commitment: string }[];
  roundsPlayed: number;
  round: RoundState;
  /**
   * Solo tables: the one human who plays here (the player who opened it). Without one, the first human to sit holds the
   * table.
   */
  host?: string;
  /** The player ended the session at this solo table (R-EU-END-1): no command changes it again. */
  ended?: boolean;
  /** Dealer-fed tables (a studio's scanner): the feed. */
  feed?: FeedState;
}

/** One bet as a player places it: on a seat (seated tables), in a mode (Andar Bahar). */
export interface BetSpec {
  bet: string;
  amount: number;
  seat?: number;
  mode?: ModeName;
}

export type Command =
  | ({ type: 'bet'; player: string } & BetSpec)
  /** A bet slip: the player's bets placed in order, all or none (the first refusal refuses the slip). */
  | { type: 'bets'; player: string; bets: readonly BetSpec[] }
  | {
      type: 'act';
      player: string;
      action: Action;
      seat?: number;
      accept?: boolean /** The round number the player acted on; another round refuses the action. */;
      round?: number;
    }
  | { type: 'deal' }
  | { type: 'timeout' }
  | { type: 'tick' }
  | { type: 'void'; reason: string }
  | { type: 'next-round' }
  | { type: 'join'; player: string; balance: number; demo?: boolean; ai?: AiLevel | null }
  /** An operator pauses the table, or resumes it (R-BJ-PAUSE-1); the reason is kept with the round's record. */
  | { type: 'pause'; reason?: string }
  | { type: 'resume'; reason?: string }
  /** The player ends the session at a solo table (R-EU-END-1). */
  | { type: 'end-session' }
  /** Dealer-fed tables: a card the scanner read (text, e.g. AS), once per scan id; `to` checks where it goes. */
  | { type: 'card'; card: string; scanId: string; to?: string }
  /** Dealer-fed tables: the shoe is finished; the next round starts a new one (burned first). */
  | { type: 'new-shoe' }
  /** Dealer-fed tables: the cut card came out; this round is the shoe's last (R-BJ-SHOE-1). */
  | { type: 'cut-card' }
  /** Dealer-fed tables: too many cards dealt, or a card in the wrong place: the round pauses (R-BJ-PAUSE-1). */
  | { type: 'misdeal'; reason: string }
  /** Dealer-fed tables, run by the feed: the burn after a new shoe (R-BJ-SHOE-2), the game card (R-AB-GAME-1). */
  | { type: 'burn' }
  | { type: 'game-card' };

/**
 * What a wallet movement is: a stake taken (a bet, a double, a split, a follow, insurance), a bet
 * paid (stake included), a bet handed back because it could not stand (refund) or because its round
 * or its player's hand was voided (void-refund).
 */
export type MovementKind = 'stake' | 'payout' | 'refund' | 'void-refund';

export type EngineEvent =
  | { type: 'shoe-started'; shoeId: string; commitment: string }
  | { type: 'burn'; shown: Card; burned: number }
  | { type: 'round-opened'; round: number; deadline: number | null }
  | { type: 'bet-placed'; player: string; bet: string; seat: number | null; amount: number; total: number }
  | { type: 'bet-returned'; player: string; bet: string; seat: number | null; amount: number; reason: string }
  | { type: 'warning'; player: string; message: string }
  | { type: 'seat-taken'; seat: number; player: string }
  | { type: 'seat-released'; seat: number; player: string; reason: string }
  | { type: 'card'; to: string; card: Card | null }
  | {
      type: 'window';
      window: 'insurance' | 'follow-double' | 'follow-split' | 'turn' | 'decisions';
      seat?: number;
      deadline: number | null;
    }
  | { type: 'action'; player: string; seat: number | null; hand: number; action: string; auto: boolean; note?: string }
  | { type: 'dealer-peek'; blackjack: boolean }
  | { type: 'hole-shown'; card: Card }
  | {
      type: 'settled';
      player: string;
      bet: string;
      seat: number | null;
      hand: number | null;
      stake: number;
      returned: number;
      outcome: string;
    }
  | { type: 'capped'; bet: string; winnings: number; cap: number }
  | {
      type: 'wallet';
      player: string;
      /** Minor units, negative for a stake taken from the player. */
      delta: number;
      kind: MovementKind;
      /** The bet's id in its round. */
      bet: number;
      seat: number | null;
      /** For people only: the store and every reader of money use kind, bet and seat. */
      reason: string;
    }
  | { type: 'round-settled'; round: number }
  | { type: 'round-void'; round: number; reason: string }
  | { type: 'session-ended'; round: number };

/** A decision a viewer may take now (TableView.legal): what the AI players choose from and a client offers. */
export interface LegalMove {
  action: Action;
  seat?: number;
  /**
   * Insurance and follow answers: the answers offered. Insurance "yes" only when the balance covers half the bet
   * (R-BJ-OFFER-1); a follow "yes" the balance cannot cover is taken as "no" (R-MW-BEHIND-3/4), so both are offered.
   */
  answers?: boolean[];
}

export interface EngineError {
  code: string;
  message: string;
}

export type Result = { ok: true; events: EngineEvent[] } | { ok: false; error: EngineError };

export const fail = (code: string, message: string): { ok: false; error: EngineError } => ({
  ok: false,
  error: { code, message },
});
