// Compiles a validated pack (modules already resolved) into the frozen CompiledPack.
import { createHash } from 'node:crypto';
import { CARDS_PER_DECK, parseRank } from '../core/cards.ts';
import { parseRatio, type Ratio } from '../core/money.ts';
import {
  betSet,
  type CompiledBet,
  type CompiledLine,
  type CompiledPack,
  LineAt,
  type OutcomeSettlement,
  type RankSet,
} from './compiled.ts';
import { compileCondition, factsRead, readsOnlyTotalAndCount } from './conditions.ts';
import { LineFinder, outcomeTable } from './line-table.ts';
import type { BetSpec, ModeName, VariantPack } from './schema.ts';

/** A bet as declared, with the file and pointer it came from (the pack, or an included module). */
export interface BetSource {
  bet: BetSpec;
  path: string;
  pointer: string;
}

export function compilePack(pack: VariantPack, bets: BetSource[], path: string, resolved: unknown): CompiledPack {
  const s = pack.spec;
  const modes = s.modes ? { offered: [...s.modes.offered], default: s.modes.default } : null;
  const compiledBets: CompiledBet[] = [];
  for (const b of bets)
    compiledBets.push(
      ...compileBet(b, modes?.offered ?? null, s.table.kind, s.shoe.decks * CARDS_PER_DECK, compiledBets.length),
    );
  const setOf = (keep: (b: CompiledBet) => boolean) => betSet(compiledBets.filter(keep).map((b) => b.index));
  const compiled: CompiledPack = {
    id: pack.id,
    name: pack.name,
    family: intern(pack.family),
    version: pack.version,
    // Interned, as the round compares it with the table's every round: two interned strings compare as pointers, others
    // by a call (StringEqual).
    sha256: intern(sha256(canonicalJson(resolved))),
    path,
    currency: { ...s.currency },
    rounding: intern(s.rounding),
    shoe: {
      decks: s.shoe.decks,
      reshuffle: intern(s.shoe.reshuffle),
      penetration: s.shoe.penetration ?? 1,
      burn: intern(s.shoe.burn),
    },
    cardSources: s.shoe.sources ? [...s.shoe.sources] : ['rng'],
    table: {
      kind: intern(s.table.kind),
      seats: s.table.seats ?? 1,
      seatsPerPlayer: s.table.seatsPerPlayer ?? 1,
      playersApart: s.table.kind === 'common-draw' || s.table.kind === 'andar-bahar',
      mirrorSeatBets: s.table.mirrorSeatBets ?? false,
      demoMaySit: s.table.demoMaySit ?? true,
      seatRemoval: s.table.seatRemoval ? { ...s.table.seatRemoval } : null,
      betBehind: s.table.betBehind ? { ...s.table.betBehind } : null,
      ai: { ...s.table.ai },
      firstSide: s.table.firstSide === 'bahar' ? 1 : 0,
    },
    timing: {
      bettingMs: s.timing.bettingSeconds * 1000,
      decisionMs: (s.timing.decisionSeconds ?? 15) * 1000,
      insuranceMs: (s.timing.insuranceSeconds ?? s.timing.decisionSeconds ?? 10) * 1000,
      followMs: (s.timing.followSeconds ?? s.timing.decisionSeconds ?? 10) * 1000,
      cardMs: (s.timing.cardSeconds ?? 30) * 1000,
    },
    modes,
    blackjack: pack.family === 'blackjack' && s.dealer ? compileBlackjack(pack) : null,
    bets: compiledBets,
    handBet: compiledBets.find((b) => b.type === 'hand') ?? null,
    handBets: setOf((b) => b.type === 'hand'),
    paytableBets: setOf((b) => b.type === 'paytable'),
    dealerBlackjackBets: setOf((b) => b.type === 'paytable' && b.readsDealerBlackjack),
    upCardBets: setOf((b) => b.type === 'paytable' && b.group === 'first-two-and-up'),
    dealerFinalBets: setOf((b) => b.type === 'paytable' && b.group === 'dealer-final'),
    behindBets: setOf((b) => b.type === 'behind'),
    withMainBets: setOf((b) => b.withMain),
    outcomeSettlement: outcomeSettlement(compiledBets, s.rounding === 'half-up'),
    betByKey: new Map(compiledBets.map((b) => [b.key, b])),
    betByName: byName(compiledBets),
    resolved,
  };
  return deepFreeze(compiled);
}

/** The tables of OutcomeSettlement: a bet with a cap per round settles on the full path, which applies it. */
function outcomeSettlement(bets: CompiledBet[], halfUp: boolean): OutcomeSettlement {
  const table = bets.filter((b) => b.outcomeLines !== null && b.capPerRound === null);
  const lineAt = Int32Array.from(bets, (b) => (b.type === 'paytable' ? LineAt.OTHER_PAYTABLE : LineAt.NOT_PAYTABLE));
  const ratioAt = new Int32Array(bets.length);
  const lines = new Int8Array(table.reduce((n, b) => n + b.outcomeLines!.length, 0));
  const ratios = table.flatMap((b) => b.lines.map((l) => l.pays));
  let at = 0;
  let ratio = 0;
  for (const b of table) {
    lineAt[b.index] = at;
    lines.set(b.outcomeLines!, at);
    at += b.outcomeLines!.length;
    ratioAt[b.index] = ratio;
    ratio += b.lines.length;
  }
  return { lineAt, lines, ratioAt, num: ratios.map((r) => r.num), den: ratios.map((r) => r.den), halfUp };
}

function compileBlackjack(pack: VariantPack): NonNullable<CompiledPack['blackjack']> {
  const s = pack.spec;
  const a = s.actions ?? {};
  return {
    dealer: {
      hitsSoft17: s.dealer!.hitsSoft17,
      peekOn: rankSet(s.dealer!.peekOn),
      onBlackjack: intern(s.dealer!.onBlackjack),
    },
    actions: {
      hit: a.hit !== undefined,
      stand: a.stand !== undefined,
      double: a.double
        ? {
            totals: a.double.totals ? Array.from({ length: 32 }, (_, t) => a.double!.totals!.includes(t)) : null,
            afterSplit: a.double.afterSplit,
            splitAces: a.double.splitAces,
            whenShort: intern(a.double.whenShort),
          }
        : null,
      split: a.split ? { ...a.split, match: intern(a.split.match), whenShort: intern(a.split.whenShort) } : null,
      surrender: a.surrender ? { notAgainst: rankSet(a.surrender.notAgainst) } : null,
      insurance: a.insurance ? { offeredOn: rankSet(a.insurance.offeredOn), pays: ratio(a.insurance.pays) } : null,
    },
    autoPlay: { hitUntil: s.autoPlay?.hitUntil ?? 11 },
  };
}

/** Up-card sets: T stands for every 10-value card (T, J, Q, K). */
export function rankSet(ranks: readonly (string | number)[]): RankSet {
  const set = Array<boolean>(13).fill(false);
  for (const r of ranks) {
    const rank = parseRank(r)!;
    if (rank === 9)
      set.fill(true, 9, 13); // T stands for every 10-value card
    else set[rank] = true;
  }
  return set;
}

/**
 * `shoeCards`: the cards of the pack's shoe, the most an outcome bet's count can reach; `first`:
 * the index of the bet's first mode. Every compiled bet is made by the one literal below, so they
 * all share one hidden class and the engine's reads of them stay monomorphic (a spread copy gave
 * Andar Bahar's 27 bets 19 classes, and every read of a bet field a megamorphic lookup).
 */
function compileBet(
  source: BetSource,
  offeredModes: ModeName[] | null,
  tableKind: string,
  shoeCards: number,
  first: number,
): CompiledBet[] {
  const b = source.bet;
  const lines: CompiledLine[] = (b.lines ?? [])
    .map((l) => ({
      name: l.name,
      pays: ratio(l.pays),
      paysAsWritten: l.pays,
      matches: compileCondition(l.when),
      totalAndCountOnly: readsOnlyTotalAndCount(l.when),
    }))
    .sort((x, y) => y.pays.num * x.pays.den - x.pays.num * y.pays.den);
  const facts = [...new Set((b.lines ?? []).flatMap((l) => factsRead(l.when)))];
  const modes: (ModeName | null)[] = offeredModes ? (b.modes ?? offeredModes) : [null];
  const lineFinder = new LineFinder(lines, b.group ?? null, facts);
  const outcomeLines = outcomeTable(lines, b.group ?? null, facts, shoeCards);
  return modes.map((mode, i) => ({
    key: intern(mode ? `${b.name}/${mode}` : b.name),
    index: first + i,
    name: intern(b.name),
    title: b.title ? { en: b.title.en, id: b.title.id ?? b.title.en, ms: b.title.ms ?? b.title.en } : null,
    mode: mode && intern(mode),
    type: intern(b.type),
    placement: intern(b.placement ?? (tableKind === 'seated' || tableKind === 'solo' ? 'seat' : 'player')), // the pack is not compiled yet: hasSeats() needs it
    withMain: b.withMain ?? false,
    min: b.limits.min,
    max: b.limits.max,
    overMax: intern(b.overMax ?? 'refuse'),
    underMin: intern(b.underMin ?? 'refuse'),
    blackjackPays: b.payouts ? ratio(b.payouts.blackjack) : null,
    winPays: b.payouts ? ratio(b.payouts.win) : null,
    group: b.group ? intern(b.group) : null,
    lines,
    lineFinder,
    outcomeLines,
    facts,
    readsDealerBlackjack: facts.includes('dealerBlackjack'),
    readsOutcome: facts.includes('winner') || facts.includes('cardsDealt'),
    roundLimit: b.roundLimit ?? null,
    capPerRound: b.cap?.perRound ?? null,
    declaredRtp: b.declaredRtp ?? null,
    origin: { path: source.path, pointer: source.pointer },
  }));
}

/**
 * The same string as an interned one (V8 interns property names). The engine compares the pack's
 * names and enum values (a bet's type, the table's kind) in every round: two interned strings
 * compare by pointer, while a string parsed from YAML or copied to a worker is compared character
 * by character in a call.
 */
const intern = <S extends string>(s: S): S => Object.keys({ [s]: 0 })[0] as S;

function byName(bets: CompiledBet[]): Map<string, Map<ModeName | null, CompiledBet>> {
  const out = new Map<string, Map<ModeName | null, CompiledBet>>();
  for (const b of bets) {
    if (!out.has(b.name)) out.set(b.name, new Map());
    out.get(b.name)!.set(b.mode, b);
  }
  return out;
}

function ratio(text: string): Ratio {
  const r = parseRatio(text);
  if (!r) throw new Error(`not a ratio: ${text}`); // unreachable after schema validation
  return r;
}

/** JSON with object keys sorted at every level: the same pack always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Freezes the pack's objects; its arrays and typed arrays (lookup tables) are left as they are, and
 * nothing writes them. A line finder keeps its own state (the table it builds once hot): left too.
 */
function deepFreeze<T>(value: T): T {
  if (
    value &&
    typeof value === 'object' &&
    !ArrayBuffer.isView(value) &&
    !(value instanceof LineFinder) &&
    !Object.isFrozen(value)
  ) {
    // Arrays stay unfrozen: optimised code reads a frozen array's elements through a generic lookup, not a load.
    if (!Array.isArray(value)) Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
