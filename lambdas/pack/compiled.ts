// The compiled pack: the typed, frozen form every part of the engine reads. Built once per pack
// (ratios parsed, up-card sets as lookup arrays, pay tables as predicates sorted by pay), so hot
// loops never look at the raw YAML.
import { setHidden } from '../core/hidden.ts';
import type { Ratio, Rounding } from '../core/money.ts';
import type { FactName, Facts } from './conditions.ts';
import type { LineFinder } from './line-table.ts';
import type { CardGroupName, ModeName, PackLang } from './schema.ts';

export type Family = 'blackjack' | 'andar-bahar';
export type TableKind = 'seated' | 'common-draw' | 'solo' | 'andar-bahar';
export type WhenShort = 'refuse' | 'hit' | 'hit-or-stand';

/** true at index r when rank r (0 = A … 12 = K) is in the set. */
export type RankSet = readonly boolean[];

export interface CompiledLine {
  readonly name: string;
  readonly pays: Ratio;
  /** The ratio as the pack writes it ("0.9:1"), for people. */
  readonly paysAsWritten: string;
  readonly matches: (cards: ArrayLike<number>, n: number, facts: Facts) => boolean;
  /** The line reads the cards only through their blackjack total and count (so a hand's shape decides it). */
  readonly totalAndCountOnly: boolean;
}

export interface CompiledBet {
  /** `name`, or `name/mode` when the pack offers modes. Unique in the pack. */
  readonly key: string;
  /** Position in the pack's `bets`: per-bet arrays index by it. */
  readonly index: number;
  readonly name: string;
  /** What players read for the bet per language (English where a translation is missing); null without one. */
  readonly title: Readonly<Record<PackLang, string>> | null;
  readonly mode: ModeName | null;
  readonly type: 'hand' | 'behind' | 'paytable';
  readonly placement: 'seat' | 'player';
  readonly withMain: boolean;
  readonly min: number;
  readonly max: number;
  readonly overMax: 'refuse' | 'accept-max';
  readonly underMin: 'refuse' | 'warn-then-void';
  readonly blackjackPays: Ratio | null;
  readonly winPays: Ratio | null;
  readonly group: CardGroupName | null;
  /** Highest pay first: the first matching line is the one that pays. */
  readonly lines: readonly CompiledLine[];
  /** Finds the index of the paying line for a group and facts, -1 for none (a lookup table when hot). */
  readonly lineFinder: LineFinder;
  /** Outcome bets (reading only the winner and the count dealt): the paying line at `outcomeIndex`; null otherwise. */
  readonly outcomeLines: Int8Array | null;
  /** Facts any line reads; the bet is decided only when they are known (R-LL-SETTLE-1). */
  readonly facts: readonly FactName[];
  /** The same, as flags for the hot path: a line reads the dealer's blackjack / the round's outcome. */
  readonly readsDealerBlackjack: boolean;
  readonly readsOutcome: boolean;
  readonly roundLimit: number | null;
  readonly capPerRound: number | null;
  readonly declaredRtp: number | null;
  /** Where the bet was declared (pack or module file and JSON Pointer), for messages. */
  readonly origin: { path: string; pointer: string };
}

export interface CompiledBlackjack {
  readonly dealer: {
    readonly hitsSoft17: boolean;
    readonly peekOn: RankSet;
    readonly onBlackjack: 'original-bets' | 'lose-all';
  };
  readonly actions: {
    readonly hit: boolean;
    readonly stand: boolean;
    readonly double: null | {
      /** Allowed hand totals, or null for any two cards. */
      readonly totals: readonly boolean[] | null;
      readonly afterSplit: boolean;
      readonly splitAces: boolean;
      readonly whenShort: WhenShort;
    };
    readonly split: null | {
      readonly match: 'value' | 'rank';
      readonly maxHands: number;
      readonly resplitAces: boolean;
      readonly splitAcesOneCard: boolean;
      readonly whenShort: WhenShort;
    };
    readonly surrender: null | { readonly notAgainst: RankSet };
    readonly insurance: null | { readonly offeredOn: RankSet; readonly pays: Ratio };
  };
  readonly autoPlay: { readonly hitUntil: number };
}

export interface CompiledPack {
  readonly id: string;
  readonly name: string;
  readonly family: Family;
  readonly version: string;
  /** SHA-256 of the canonical JSON of the pack with its modules resolved. */
  readonly sha256: string;
  readonly path: string;
  readonly currency: { readonly code: string; readonly minorPerUnit: number; readonly practice: boolean };
  readonly rounding: Rounding;
  readonly shoe: {
    readonly decks: number;
    readonly reshuffle: 'cut-card' | 'every-round';
    readonly penetration: number;
    readonly burn: 'none' | 'shown-card-value';
  };
  /** Where a table of this pack may take its cards from (R-LD-SOURCE-1). */
  readonly cardSources: readonly ('rng' | 'dealer')[];
  readonly table: {
    readonly kind: TableKind;
    readonly seats: number;
    readonly seatsPerPlayer: number;
    /**
     * No seats bound how many play (common draw, Andar Bahar): each player's bets and hand are theirs
     * alone, so a player's command reads and writes their own part of the round and no one else's.
     */
    readonly playersApart: boolean;
    readonly mirrorSeatBets: boolean;
    readonly demoMaySit: boolean;
    readonly seatRemoval: { readonly roundsWithoutBet: number; readonly belowTableMinimum: boolean } | null;
    readonly betBehind: {
      readonly insurance: boolean;
      readonly followDouble: boolean;
      readonly followSplit: boolean;
    } | null;
    /** AI level → chart path relative to the pack's folder. */
    readonly ai: Readonly<Partial<Record<'easy' | 'normal' | 'hard', string>>>;
    readonly firstSide: 0 | 1;
  };
  readonly timing: {
    readonly bettingMs: number;
    readonly decisionMs: number;
    readonly insuranceMs: number;
    readonly followMs: number;
    /** Dealer-fed tables: the wait for a needed card before the round pauses (R-LD-PAUSE-1). */
    readonly cardMs: number;
  };
  readonly modes: { readonly offered: readonly ModeName[]; readonly default: ModeName } | null;
  /** Blackjack rules; null for other families. */
  readonly blackjack: CompiledBlackjack | null;
  readonly bets: readonly CompiledBet[];
  /** The hand (seat) bet of a blackjack pack; null for other families. */
  readonly handBet: CompiledBet | null;
  /** The indexes of the hand bets (a blackjack pack's main bet). */
  readonly handBets: BetSet;
  /** The indexes of the pay-table bets: a round with none of them open has no side bet to settle. */
  readonly paytableBets: BetSet;
  /** The pay-table bets that read the dealer-blackjack fact: the only ones a blackjack peek can decide. */
  readonly dealerBlackjackBets: BetSet;
  /** The pay-table bets whose group holds the dealer's up card (first-two-and-up). */
  readonly upCardBets: BetSet;
  /** The pay-table bets on the dealer's final hand: while one is open, the dealer draws out (Bust Bonus). */
  readonly dealerFinalBets: BetSet;
  /** Bets behind a seat: only while one is open are they looked for (follows, settlement). */
  readonly behindBets: BetSet;
  /** Bets placed only with a main bet: closing betting checks each still has one (R-LL-GAME-1). */
  readonly withMainBets: BetSet;
  /** The outcome bets without a cap, as tables: once the outcome is known, one pass settles them all. */
  readonly outcomeSettlement: OutcomeSettlement;
  /** The same bets by key (name, or name/mode). */
  readonly betByKey: ReadonlyMap<string, CompiledBet>;
  /** The same bets by name, then mode (null without modes): no key string is built per lookup. */
  readonly betByName: ReadonlyMap<string, ReadonlyMap<ModeName | null, CompiledBet>>;
  /** The raw pack with modules resolved: what the hash covers and what the public rules show. */
  readonly resolved: unknown;
}

/**
 * Some of a pack's bets: their indexes, and as bits (bit i for bet i) where every index is below
 * BetBits.WIDTH, so the ledger answers whether any is open with one AND (Ledger.anyOpenOf); -1 where not.
 */
export interface BetSet {
  readonly indices: Int16Array;
  readonly mask: number;
}

/** Bets from this index on have no bit of a BetSet's mask (an enum, so bundles write the number in: ledger.ts). */
export enum BetBits {
  WIDTH = 31,
}

export function betSet(indices: readonly number[]): BetSet {
  return {
    indices: Int16Array.from(indices),
    mask: indices.every((i) => i < BetBits.WIDTH) ? indices.reduce((m, i) => m | (1 << i), 0) : -1,
  };
}

/** OutcomeSettlement.lineAt of a bet that is no pay-table bet, and of a pay-table bet settled otherwise. */
export enum LineAt {
  NOT_PAYTABLE = -1,
  OTHER_PAYTABLE = -2,
}

/**
 * Outcome bets (Andar Bahar) as typed tables, so settling them reads numbers, not bet objects: per
 * bet index where its paying line per outcome starts in `lines` (LineAt.NOT_PAYTABLE, or LineAt.OTHER_PAYTABLE
 * for a pay-table bet settled otherwise), and where its lines' ratios start in `num` and `den`.
 */
export interface OutcomeSettlement {
  readonly lineAt: Int32Array;
  readonly lines: Int8Array;
  readonly ratioAt: Int32Array;
  readonly num: readonly number[];
  readonly den: readonly number[];
  readonly halfUp: boolean;
}

/** Seated and solo tables number their seats; bets and actions there name a seat. */
export const hasSeats = (pack: CompiledPack): boolean => pack.table.kind === 'seated' || pack.table.kind === 'solo';

const RESOLVED = Symbol('resolved bet');
type Placement = { bet: string; mode?: ModeName | null } & {
  [RESOLVED]?: { pack: CompiledPack; name: string; mode: unknown; bet: CompiledBet };
};

/**
 * `findBet` for a placement object, remembered on it (not enumerable: off its JSON and equality):
 * the simulator places the same bet slip every round, and two map lookups per bet add up.
 */
export function findBetFor(pack: CompiledPack, placement: Placement): CompiledBet | undefined {
  const seen = placement[RESOLVED];
  if (seen && seen.pack === pack && seen.name === placement.bet && seen.mode === placement.mode) return seen.bet;
  const bet = findBet(pack, placement.bet, placement.mode);
  if (!bet) return undefined;
  const memo = { pack, name: placement.bet, mode: placement.mode, bet };
  setHidden(placement, RESOLVED, memo);
  return bet;
}

/** The bet a placement refers to, or undefined. `mode` falls back to the pack's default. */
export function findBet(pack: CompiledPack, name: string, mode?: ModeName | null): CompiledBet | undefined {
  const m = pack.modes ? (mode ?? pack.modes.default) : null;
  return pack.betByName.get(name)?.get(m);
}
