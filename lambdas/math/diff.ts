// What changed between two versions of a pack, for the person who reviews it: every rule that
// changed in plain words, and per bet and mode the exact RTP before and after. Pure: two compiled
// packs in, plain data out; `croupier diff` prints it and the web studio shows it.
import type { CompiledPack } from '../pack/compiled.ts';
import { readablePath } from '../pack/source.ts';
import { frac, sub, toNumber } from './fraction.ts';
import { behindRows, type LineRow, lineRows, type RtpRow, rtpRows } from './rtp.ts';

/** One rule that changed, at a JSON Pointer into the pack (modules resolved; bets and lines matched by name). */
export interface RuleChange {
  readonly pointer: string;
  /** undefined when the rule is new. */
  readonly before: unknown;
  /** undefined when the rule is gone. */
  readonly after: unknown;
  /** The change in plain words: `main: blackjack pays 6:5, was 3:2`. */
  readonly text: string;
}

/** A bet in one mode: its RTP before and after (null where it is added or removed). */
export interface BetRtpChange {
  readonly bet: string;
  readonly mode: string | null;
  readonly rtpBefore: number | null;
  readonly rtpAfter: number | null;
  /** (after − before) × 100, computed from the exact fractions where both are exact; null for an added or removed bet. */
  readonly deltaPP: number | null;
}

/** One pay-table line's share of its bet's RTP before and after. */
export interface LineShareChange {
  readonly bet: string;
  readonly mode: string | null;
  readonly line: string;
  readonly shareBefore: number | null;
  readonly shareAfter: number | null;
  readonly deltaPP: number | null;
}

export interface PackDiff {
  readonly changes: RuleChange[];
  readonly bets: BetRtpChange[];
  /** With `lines`: every pay-table line of either version. */
  readonly lines?: LineShareChange[];
}

export interface DiffOptions {
  /** Also compare every pay-table line's share of the RTP. */
  readonly lines?: boolean;
  /** Where each version's RTP rows come from (default `betRows`; the CLI keeps them on disk). */
  readonly rows?: (pack: CompiledPack) => RtpRow[];
}

/** Every rule that changed from `before` to `after` and every bet's RTP in both. */
export function diffPacks(before: CompiledPack, after: CompiledPack, options: DiffOptions = {}): PackDiff {
  const changes = ruleChanges(before.resolved, after.resolved, after.currency);
  const rows = options.rows ?? betRows;
  const bets = betChanges(rows(before), rows(after));
  return options.lines ? { changes, bets, lines: lineChanges(before, after) } : { changes, bets };
}

/** The largest RTP move of any bet, in percentage points (an added or removed bet moves nothing it can be measured by). */
export const largestMovePP = (diff: PackDiff): number =>
  Math.max(0, ...diff.bets.map((b) => (b.deltaPP === null ? 0 : Math.abs(b.deltaPP))));

// ---------------------------------------------------------------- RTP per bet and line

/** Every bet's RTP row, bet behind included, in the pack's order. */
export function betRows(pack: CompiledPack): RtpRow[] {
  const order = (r: RtpRow) => pack.bets.findIndex((b) => b.name === r.bet);
  return [...rtpRows(pack), ...behindRows(pack)].sort((a, b) => order(a) - order(b));
}

const keyOf = (r: { bet: string; mode: string | null }) => `${r.bet}\0${r.mode ?? ''}`;

/** Rows of both versions joined by bet and mode: those of `after` in its order, then the removed ones. */
function joined<T extends { bet: string; mode: string | null }>(a: T[], b: T[]): [T | undefined, T | undefined][] {
  const before = new Map(a.map((r) => [keyOf(r), r]));
  const after = new Set(b.map(keyOf));
  return [
    ...b.map((r): [T | undefined, T] => [before.get(keyOf(r)), r]),
    ...a.filter((r) => !after.has(keyOf(r))).map((r): [T, undefined] => [r, undefined]),
  ];
}

function betChanges(before: RtpRow[], after: RtpRow[]): BetRtpChange[] {
  return joined(before, after).map(([b, a]) => {
    const row = (a ?? b)!;
    return {
      bet: row.bet,
      mode: row.mode,
      rtpBefore: b?.rtp ?? null,
      rtpAfter: a?.rtp ?? null,
      deltaPP: a && b ? deltaPP(a, b) : null,
    };
  });
}

/** The move in percentage points; exact fractions are subtracted exactly, so an unchanged bet moves by 0. */
function deltaPP(a: RtpRow, b: RtpRow): number {
  const fa = parseFraction(a.fraction);
  const fb = parseFraction(b.fraction);
  return fa && fb ? toNumber(sub(fa, fb)) * 100 : (a.rtp - b.rtp) * 100;
}

function parseFraction(text: string | null) {
  const m = text ? /^(-?\d+)\/(\d+)$/.exec(text) : null;
  return m ? frac(BigInt(m[1]), BigInt(m[2])) : null;
}

function lineChanges(before: CompiledPack, after: CompiledPack): LineShareChange[] {
  const flat = (pack: CompiledPack) =>
    lineRows(pack).flatMap((o) =>
      o.lines.map((l: LineRow) => ({ bet: `${o.bet}\0${l.line}`, mode: o.mode, name: o.bet, line: l })),
    );
  return joined(flat(before), flat(after)).map(([b, a]) => {
    const row = (a ?? b)!;
    return {
      bet: row.name,
      mode: row.mode,
      line: row.line.line,
      shareBefore: b?.line.rtpShare ?? null,
      shareAfter: a?.line.rtpShare ?? null,
      deltaPP: a && b ? (a.line.rtpShare - b.line.rtpShare) * 100 : null,
    };
  });
}

// ---------------------------------------------------------------- rules in plain words

type Json = unknown;
type Currency = CompiledPack['currency'];

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Lists of named things (bets, pay lines) are compared item by item by name; other lists as one value. */
const isNamedList = (v: Json): v is Record<string, Json>[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => isObject(x) && typeof x.name === 'string');
const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

/** The changes between two raw packs, leaf by leaf, in the order of `after` (removed things last). */
export function ruleChanges(before: Json, after: Json, currency: Currency): RuleChange[] {
  const out: RuleChange[] = [];
  walk(before, after, '', [], out, currency);
  return out;
}

/** `names` holds the bet and line names on the way down, for the words. */
function walk(b: Json, a: Json, pointer: string, names: string[], out: RuleChange[], currency: Currency): void {
  if (same(b, a)) return;
  if (isObject(b) && isObject(a)) {
    for (const k of [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))])
      walk(b[k], a[k], `${pointer}/${escapePointer(k)}`, names, out, currency);
    return;
  }
  const listOrNone = (v: Json) => v === undefined || isNamedList(v);
  if (listOrNone(b) && listOrNone(a) && (isNamedList(a) || isNamedList(b))) {
    const before = (b ?? []) as Record<string, Json>[];
    const after = (a ?? []) as Record<string, Json>[];
    const old = new Map(before.map((x, i) => [x.name as string, { x, i }]));
    after.forEach((x, i) => {
      const name = x.name as string;
      walk(old.get(name)?.x, x, `${pointer}/${i}`, [...names, name], out, currency);
    });
    const kept = new Set(after.map((x) => x.name));
    for (const [name, { x, i }] of old)
      if (!kept.has(name)) walk(x, undefined, `${pointer}/${i}`, [...names, name], out, currency);
    return;
  }
  out.push({ pointer, before: b, after: a, text: describeChange(pointer, b, a, names, currency) });
}

const escapePointer = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** A value as a product manager writes it. */
function shown(v: Json): string {
  if (v === undefined) return 'not set';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.length ? v.map((x) => shown(x)).join(', ') : 'none';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

const pct = (v: Json) => (typeof v === 'number' ? `${+(v * 100).toFixed(4)}%` : shown(v));

function money(v: Json, c: Currency): string {
  return typeof v === 'number' ? `${(v / c.minorPerUnit).toFixed(Math.log10(c.minorPerUnit))} ${c.code}` : shown(v);
}

/** "X, was Y" — or "X (new)", "Y removed" when one side is missing. */
function was(what: string, b: Json, a: Json, format: (v: Json) => string = shown): string {
  if (b === undefined) return `${what} ${format(a)} (new)`;
  if (a === undefined) return `${what}: removed (was ${format(b)})`;
  return `${what} ${format(a)}, was ${format(b)}`;
}

const ACTION_WORDS: Record<string, string> = {
  hit: 'hit',
  stand: 'stand',
  double: 'double',
  split: 'split',
  surrender: 'surrender',
  insurance: 'take insurance',
};

/** The plain words for one changed leaf (or added or removed subtree). */
export function describeChange(pointer: string, b: Json, a: Json, names: string[], currency: Currency): string {
  const segs = pointer.split('/').slice(1);
  const at = (i: number) => segs[i];
  // A bet, a pay line, or a rule of either.
  if (at(0) === 'spec' && at(1) === 'bets' && segs.length >= 3) {
    const bet = names[0];
    const rest = segs.slice(3);
    if (rest.length === 0)
      return a === undefined ? `bet "${bet}" removed` : `bet "${bet}" added (${shown((a as { type?: Json }).type)})`;
    if (rest[0] === 'lines' && rest.length >= 2) {
      const line = names[1];
      const field = rest.slice(2);
      if (field.length === 0)
        return a === undefined
          ? `${bet}: line "${line}" removed (paid ${shown((b as { pays?: Json }).pays)})`
          : `${bet}: new line "${line}" pays ${shown((a as { pays?: Json }).pays)} when ${shown((a as { when?: Json }).when)}`;
      if (field[0] === 'pays') return `${bet}: ${line} pays ${shown(a)}, was ${shown(b)}`;
      if (field[0] === 'when') return `${bet}: ${line} now needs ${shownPart(field, a)}, was ${shownPart(field, b)}`;
      return `${bet}: ${line}: ${was(field.join('.'), b, a)}`;
    }
    if (rest[0] === 'payouts' && rest[1] === 'blackjack') return `${bet}: ${was('blackjack pays', b, a)}`;
    if (rest[0] === 'payouts' && rest[1] === 'win') return `${bet}: ${was('a win pays', b, a)}`;
    if (rest[0] === 'limits' && rest[1] === 'min')
      return `${bet}: ${was('minimum stake', b, a, (v) => money(v, currency))}`;
    if (rest[0] === 'limits' && rest[1] === 'max')
      return `${bet}: ${was('maximum stake', b, a, (v) => money(v, currency))}`;
    if (rest[0] === 'declaredRtp') return `${bet}: ${was('declared RTP', b, a, pct)}`;
    return `${bet}: ${was(rest.join('.'), b, a)}`;
  }
  if (at(0) === 'spec' && at(1) === 'actions' && segs.length === 3) {
    const act = ACTION_WORDS[at(2)] ?? at(2);
    if (b === undefined) return `players may now ${act}`;
    if (a === undefined) return `players may no longer ${act}`;
  }
  switch (pointer) {
    case '/spec/dealer/hitsSoft17':
      return a ? 'the dealer hits soft 17, was stands on soft 17' : 'the dealer stands on soft 17, was hits soft 17';
    case '/spec/dealer/peekOn':
      return was('the dealer peeks for blackjack on', b, a);
    case '/spec/dealer/onBlackjack':
      return was('a dealer blackjack takes', b, a, (v) => (v === 'lose-all' ? 'all bets' : 'the original bets only'));
    case '/spec/shoe/decks':
      return was('decks in the shoe:', b, a);
    case '/spec/shoe/penetration':
      return was('the cut card at', b, a, pct);
    case '/spec/table/seats':
      return was('seats:', b, a);
    case '/spec/actions/insurance/pays':
      return was('insurance pays', b, a);
    case '/spec/actions/surrender/notAgainst':
      return was('no surrender against', b, a);
    case '/spec/actions/double/totals':
      return was('double allowed on totals', b, a, (v) => (v === undefined ? 'any two cards' : shown(v)));
    case '/spec/actions/split/maxHands':
      return was('split up to hands:', b, a);
    case '/version':
      return was('version', b, a);
  }
  return was(`${readablePath(pointer)}:`, b, a);
}

/** The part of a line's condition that changed, as written. */
const shownPart = (field: string[], v: Json) =>
  field.length > 1 ? `${field.slice(1).join('.')}: ${shown(v)}` : shown(v);
