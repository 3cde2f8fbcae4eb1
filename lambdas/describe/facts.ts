// The rules of a compiled pack as plain JSON: every fact a player page states, with the compiler's
// defaults applied and the settings the engine ignores at this kind of table left out (null), so
// the words follow what the game does. JSON-safe, so GET /rules can send it to the web table.
import type { CompiledBet, CompiledPack, Family, RankSet, TableKind, WhenShort } from '../pack/compiled.ts';
import type { CardGroupName, ConditionSpec, ModeName, PackLang } from '../pack/schema.ts';

/** A rank as the packs write it; T stands for every 10-value card when all four are meant. */
export type RankName = 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'T' | 'J' | 'Q' | 'K';
export type AiLevel = 'easy' | 'normal' | 'hard';

export interface LineFacts {
  /** The line's name as the pack writes it (what the game shows). */
  readonly name: string;
  /** The ratio as the pack writes it ("0.9:1"). */
  readonly pays: string;
  /** The condition as the pack writes it. */
  readonly when: ConditionSpec;
}

export interface BetFacts {
  readonly name: string;
  /** The pack's title of the bet per language; null when it gives none (the page then names the bet itself). */
  readonly title: Readonly<Record<PackLang, string>> | null;
  /** Andar Bahar: the modes the bet is offered in; null elsewhere. */
  readonly modes: readonly ModeName[] | null;
  readonly type: 'hand' | 'behind' | 'paytable';
  /** Tables with seats: on a seat, or once per player; null where there are no seats. */
  readonly placement: 'seat' | 'player' | null;
  readonly withMain: boolean;
  readonly min: number;
  readonly max: number;
  readonly overMax: 'refuse' | 'accept-max';
  readonly underMin: 'refuse' | 'warn-then-void';
  /** Hand and behind bets: what a blackjack and any other win pay, as written. */
  readonly payouts: { readonly blackjack: string; readonly win: string } | null;
  readonly group: CardGroupName | null;
  /** The pay table in the pack's order. */
  readonly lines: readonly LineFacts[];
  readonly roundLimit: number | null;
  readonly capPerRound: number | null;
}

export interface BlackjackFacts {
  readonly dealer: {
    readonly hitsSoft17: boolean;
    /** Up cards on which the dealer peeks; [] for no peek. */
    readonly peekOn: readonly RankName[];
    /** What a dealer blackjack found at the dealer's turn takes; null when the peek always finds it first. */
    readonly onBlackjack: 'original-bets' | 'lose-all' | null;
  };
  readonly actions: {
    readonly hit: boolean;
    readonly stand: boolean;
    readonly double: null | {
      /** The hand totals on which a double is allowed; null for any two cards. */
      readonly totals: readonly number[] | null;
      /** null without split. */
      readonly afterSplit: boolean | null;
      /** Whether a hand of split aces may double; null where none ever can (no double after split, one-card aces). */
      readonly splitAces: boolean | null;
      readonly whenShort: WhenShort;
    };
    readonly split: null | {
      readonly match: 'value' | 'rank';
      readonly maxHands: number;
      /** null when no hand is ever split again (two hands at most). */
      readonly resplitAces: boolean | null;
      readonly splitAcesOneCard: boolean;
      readonly whenShort: WhenShort;
    };
    readonly surrender: null | { readonly notAgainst: readonly RankName[] };
    readonly insurance: null | { readonly offeredOn: readonly RankName[]; readonly pays: string };
  };
  readonly autoPlay: { readonly hitUntil: number };
}

export interface RuleFacts {
  readonly id: string;
  readonly name: string;
  readonly family: Family;
  readonly version: string;
  readonly currency: { readonly code: string; readonly minorPerUnit: number; readonly practice: boolean };
  readonly rounding: 'down' | 'half-up';
  readonly shoe: {
    readonly decks: number;
    readonly reshuffle: 'cut-card' | 'every-round';
    /** The share of the shoe dealt before the cut card; null without one. */
    readonly penetration: number | null;
    readonly burn: 'none' | 'shown-card-value';
  };
  readonly table: {
    readonly kind: TableKind;
    /** Seated and solo tables. */
    readonly seats: number | null;
    /** Seated tables. */
    readonly seatsPerPlayer: number | null;
    /** Seated tables where a player may hold more than one seat. */
    readonly mirrorSeatBets: boolean | null;
    /** Tables with seats. */
    readonly demoMaySit: boolean | null;
    /** Seated tables; null where a seat without a seat bet is lost at once. */
    readonly seatRemoval: { readonly roundsWithoutBet: number; readonly belowTableMinimum: boolean } | null;
    readonly betBehind: {
      readonly insurance: boolean;
      readonly followDouble: boolean;
      readonly followSplit: boolean;
    } | null;
    /** Solo tables: the AI levels offered. */
    readonly ai: readonly AiLevel[];
    /** Andar Bahar: the side dealt first. */
    readonly firstSide: 'andar' | 'bahar' | null;
  };
  readonly timing: {
    /** null on a solo table, where the player deals when ready. */
    readonly bettingSeconds: number | null;
    readonly decisionSeconds: number | null;
    readonly insuranceSeconds: number | null;
    readonly followSeconds: number | null;
  };
  readonly modes: { readonly offered: readonly ModeName[]; readonly default: ModeName } | null;
  readonly blackjack: BlackjackFacts | null;
  /** One entry per bet the pack declares (a bet offered in several modes is one entry). */
  readonly bets: readonly BetFacts[];
}

interface ResolvedBet {
  name: string;
  lines?: { name: string; pays: string; when: ConditionSpec }[];
  payouts?: { blackjack: string; win: string };
}
interface Resolved {
  spec: { bets: ResolvedBet[]; actions?: { insurance?: { pays: string } } };
}

const RANK_NAMES: readonly RankName[] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];

/** A compiled up-card set as ranks: T when every 10-value card is in it, else each rank. */
export function rankNames(set: RankSet): RankName[] {
  const out: RankName[] = [];
  const tens = set[9] && set[10] && set[11] && set[12];
  for (let r = 0; r < 13; r++) if (set[r] && !(tens && r > 9)) out.push(RANK_NAMES[r]);
  return out;
}

export function ruleFacts(pack: CompiledPack): RuleFacts {
  const kind = pack.table.kind;
  const seated = kind === 'seated';
  const seats = seated || kind === 'solo';
  const bj = pack.blackjack;
  const behind = seated ? pack.table.betBehind : null;
  const sec = (ms: number) => ms / 1000;
  const resolved = pack.resolved as Resolved;
  return {
    id: pack.id,
    name: pack.name,
    family: pack.family,
    version: pack.version,
    currency: { ...pack.currency },
    rounding: pack.rounding,
    shoe: {
      decks: pack.shoe.decks,
      reshuffle: pack.shoe.reshuffle,
      penetration: pack.shoe.reshuffle === 'cut-card' ? pack.shoe.penetration : null,
      burn: pack.shoe.burn,
    },
    table: {
      kind,
      seats: seats ? pack.table.seats : null,
      seatsPerPlayer: seated ? pack.table.seatsPerPlayer : null,
      mirrorSeatBets: seated && pack.table.seatsPerPlayer > 1 ? pack.table.mirrorSeatBets : null,
      demoMaySit: seats ? pack.table.demoMaySit : null,
      seatRemoval: seated && pack.table.seatRemoval ? { ...pack.table.seatRemoval } : null,
      betBehind: behind ? { ...behind } : null,
      ai: kind === 'solo' ? (['easy', 'normal', 'hard'] as const).filter((l) => pack.table.ai[l] !== undefined) : [],
      firstSide: kind === 'andar-bahar' ? (pack.table.firstSide === 1 ? 'bahar' : 'andar') : null,
    },
    timing: {
      bettingSeconds: kind === 'solo' ? null : sec(pack.timing.bettingMs),
      decisionSeconds: bj ? sec(pack.timing.decisionMs) : null,
      insuranceSeconds: bj?.actions.insurance ? sec(pack.timing.insuranceMs) : null,
      followSeconds: behind && (behind.followDouble || behind.followSplit) ? sec(pack.timing.followMs) : null,
    },
    modes: pack.modes ? { offered: [...pack.modes.offered], default: pack.modes.default } : null,
    blackjack: bj ? blackjackFacts(bj, resolved) : null,
    bets: declaredBets(pack).map((group, i) => betFacts(group, resolved.spec.bets[i], seats)),
  };
}

function blackjackFacts(bj: NonNullable<CompiledPack['blackjack']>, resolved: Resolved): BlackjackFacts {
  const a = bj.actions;
  const peek = bj.dealer.peekOn;
  const peeksEveryBlackjack = peek[0] && peek[9] && peek[10] && peek[11] && peek[12];
  const split = a.split;
  const doubleAfterSplit = a.double && split ? a.double.afterSplit : null;
  return {
    dealer: {
      hitsSoft17: bj.dealer.hitsSoft17,
      peekOn: rankNames(peek),
      onBlackjack: peeksEveryBlackjack ? null : bj.dealer.onBlackjack,
    },
    actions: {
      hit: a.hit,
      stand: a.stand,
      double: a.double
        ? {
            totals: a.double.totals ? a.double.totals.flatMap((allowed, t) => (allowed ? [t] : [])) : null,
            afterSplit: doubleAfterSplit,
            splitAces: doubleAfterSplit && !split!.splitAcesOneCard ? a.double.splitAces : null,
            whenShort: a.double.whenShort,
          }
        : null,
      split: split ? { ...split, resplitAces: split.maxHands > 2 ? split.resplitAces : null } : null,
      surrender: a.surrender ? { notAgainst: rankNames(a.surrender.notAgainst) } : null,
      // Offered on no up card: never offered.
      insurance: a.insurance?.offeredOn.some(Boolean)
        ? { offeredOn: rankNames(a.insurance!.offeredOn), pays: resolved.spec.actions?.insurance?.pays ?? '' }
        : null,
    },
    autoPlay: { hitUntil: bj.autoPlay.hitUntil },
  };
}

/** The compiled bets grouped by declaration (one per mode each), in the order the resolved pack lists them. */
function declaredBets(pack: CompiledPack): CompiledBet[][] {
  const groups: CompiledBet[][] = [];
  let last = '';
  for (const bet of pack.bets) {
    const origin = `${bet.origin.path}#${bet.origin.pointer}`;
    if (origin !== last) groups.push([]);
    groups[groups.length - 1].push(bet);
    last = origin;
  }
  return groups;
}

function betFacts(modes: CompiledBet[], declared: ResolvedBet, seats: boolean): BetFacts {
  const b = modes[0];
  if (declared?.name !== b.name) throw new Error(`bet ${b.name}: not where the resolved pack declares it`);
  return {
    name: b.name,
    title: b.title && { ...b.title },
    modes: b.mode === null ? null : modes.map((m) => m.mode!),
    type: b.type,
    placement: seats ? b.placement : null,
    withMain: b.withMain,
    min: b.min,
    max: b.max,
    overMax: b.overMax,
    underMin: b.underMin,
    payouts: declared.payouts ? { ...declared.payouts } : null,
    group: b.group,
    lines: (declared.lines ?? []).map((l) => ({ name: l.name, pays: l.pays, when: l.when })),
    roundLimit: b.roundLimit,
    capPerRound: b.capPerRound,
  };
}
