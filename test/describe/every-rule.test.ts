// Every rule a pack can express appears on the help page, in every language. The rule-pack schema
// (lambdas/pack/schema.ts) is walked property by property; each property of a shipped pack (or one
// added where a pack has none) is changed in every way the schema allows, the changed pack is
// loaded like any pack, and its page is compared with the original's:
// - some valid change of every property shows on the page, in all three languages;
// - no change shows in one language and not in another (no language silent about a rule), but a
//   bet's title, which is written per language.
// A property added to the schema without words on the page fails here, naming the property.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  CATALOGUES,
  describePack,
  LANGS,
  type Lang,
  lineText,
  plainText,
  ruleFacts,
} from '../../lambdas/describe/index.ts';
import { loadPackFile } from '../../lambdas/pack/load.ts';
import {
  type CardGroupName,
  type ConditionSpec,
  PACK_LANGS,
  SideBetSpec,
  VariantPack,
} from '../../lambdas/pack/schema.ts';
import { copyRules, type RulesCopy } from '../pack/helpers.ts';
import { SHIPPED } from './helpers.ts';

/** Properties no page states, each with the reason. */
const NOT_ON_THE_PAGE: Record<string, string> = {
  '/apiVersion': 'the file format, one value only',
  '/kind': 'the file kind, one value only',
  '/id': "the pack's file name; the page names the game and its rules version",
  '/family': 'a pack of the other family is another pack: both families have pages of their own',
  '/spec/bets/*/declaredRtp': 'the page shows the RTP the exact math computes, never a typed figure (issue #53)',
  '/spec/table/ai/easy': "a chart file's path; the page names the level and what AI players see",
  '/spec/table/ai/normal': "a chart file's path; the page names the level and what AI players see",
  '/spec/table/ai/hard': "a chart file's path; the page names the level and what AI players see",
  '/module/spec/decks/min':
    "a check on the host game (validate refuses a host outside it); the page states the host's decks",
  '/module/spec/decks/max':
    "a check on the host game (validate refuses a host outside it); the page states the host's decks",
  '/spec/dealer': 'a section every blackjack pack has (validate refuses one without): its rules are tested one by one',
  '/spec/actions':
    'a section every blackjack pack has (validate refuses one without): its actions are tested one by one',
  '/spec/modes': 'a section every Andar Bahar pack has (validate refuses one without): its rules are tested one by one',
  '/spec/autoPlay': 'its one rule, hitUntil, is tested on its own (without the section, hitUntil is 11)',
  '/spec/bets/*/payouts': 'hand bets must have it and others must not: its two ratios are tested on their own',
  '/spec/actions/stand':
    'every blackjack pack allows stand (validate refuses one without); every page says what it does',
  '/spec/shoe/sources':
    "where a table's cards come from is chosen when an operator opens it (R-LD-SOURCE-1); the game and its rules are the same",
  '/spec/timing/cardSeconds':
    "a studio floor procedure for the supervisor (R-LD-PAUSE-1), no decision of the player's; a paused round says so in its view",
  '/spec/bets/*/type':
    'the type decides which other properties a bet must have, so it never changes alone; ' +
    'main bets, bets behind and side bets each have their own words',
};

/**
 * Properties written per language (a bet's title): a change shows in the languages it is written for
 * (and those that fall back to its English), so it is shown when some page changes, never uneven.
 */
const PER_LANGUAGE = new Set(['/spec/bets/*/title', ...PACK_LANGS.map((l) => `/spec/bets/*/title/${l}`)]);

const LL = 'side-bets/lucky-ladies.yaml';
// Parsed YAML, edited in place.
type Doc = any;
type Edit = { file: string; pack: string; edit: (doc: Doc) => void };

/** Where a pack must first be changed for a property to matter (the original page is then the changed pack's). */
const CONTEXTS: Record<string, Edit[]> = {
  // A dealer-fed pack cannot become a common-draw one (R-LD-SOURCE-1): the kind changes on the seeded shoe alone.
  '/spec/table/kind': [
    {
      file: 'blackjack-lucky-ladies.yaml',
      pack: 'blackjack-lucky-ladies',
      edit: (d) => {
        delete d.spec.shoe.sources;
        delete d.spec.timing.cardSeconds;
      },
    },
  ],
  // Split aces may double only where they take more than one card.
  '/spec/actions/double/splitAces': [
    {
      file: 'blackjack-eropa.yaml',
      pack: 'blackjack-eropa',
      edit: (d) => (d.spec.actions.split.splitAcesOneCard = false),
    },
  ],
  // With Bahar dealt first, Andar cannot win on the first card: the bets that say so go.
  '/spec/table/firstSide': [
    {
      file: 'andar-bahar.yaml',
      pack: 'andar-bahar',
      edit: (d) =>
        (d.spec.bets = d.spec.bets.filter(
          (b: Doc) => !b.lines.some((l: Doc) => l.when.winner && typeof l.when.cardsDealt === 'number'),
        )),
    },
  ],
  // A bet's name shows only where the pack gives it no title and it is a side bet (main bets have words of their own).
  '/spec/bets/*/name': [
    {
      file: 'blackjack-mewah.yaml',
      pack: 'blackjack-mewah',
      edit: (d) => delete d.spec.bets.find((b: Doc) => b.name === 'pair').title,
    },
  ],
  // Lucky Ladies' lines (a total of 20) are where required ranks without a suit (K-Q) make a valid line.
  '/spec/bets/*/lines/*/when/ranks': [{ file: LL, pack: 'blackjack-lucky-ladies', edit: () => {} }],
  '/spec/bets/*/lines/*/when/total/min': [
    { file: LL, pack: 'blackjack-lucky-ladies', edit: (d) => (d.spec.bet.lines[0].when.total = { min: 20, max: 21 }) },
  ],
  '/spec/bets/*/lines/*/when/total/max': [
    { file: LL, pack: 'blackjack-lucky-ladies', edit: (d) => (d.spec.bet.lines[0].when.total = { min: 19, max: 20 }) },
  ],
  '/spec/bets/*/lines/*/when/cardCount/max': [
    {
      file: 'blackjack-tanpa-batas.yaml',
      pack: 'blackjack-tanpa-batas',
      edit: (d) =>
        (d.spec.bets.find((b: Doc) => b.name === 'bust-bonus').lines.at(-1).when.cardCount = { min: 8, max: 12 }),
    },
  ],
};

/** Changes of a property that are valid only with another change, each compared with the shipped pack. */
const COMPOUND: Record<string, Edit[]> = {
  '/spec/shoe/reshuffle': [
    {
      file: 'blackjack-eropa.yaml',
      pack: 'blackjack-eropa',
      edit: (d) => {
        d.spec.shoe.reshuffle = 'every-round';
        delete d.spec.shoe.penetration;
      },
    },
  ],
  // One mode only: the bets of the other mode go with it.
  '/spec/modes/offered': [
    {
      file: 'andar-bahar.yaml',
      pack: 'andar-bahar',
      edit: (d) => {
        d.spec.modes = { offered: ['no-commission'], default: 'no-commission' };
        d.spec.bets = d.spec.bets.filter((b: Doc) => b.modes.includes('no-commission'));
        for (const b of d.spec.bets) b.modes = ['no-commission'];
      },
    },
  ],
};

/** A second side-bet module in the copy of rules/, so an include can name another one. */
const PERFECT_PAIRS = `apiVersion: croupier/v1
kind: SideBet
id: perfect-pairs
name: Perfect Pairs
family: blackjack
version: 1.0.0
spec:
  decks: { min: 1, max: 8 }
  bet:
    name: perfect-pairs
    type: paytable
    group: first-two
    limits: { min: 100, max: 10000 }
    lines:
      - { name: mixed pair, pays: "6:1", when: { sameRank: true, sameColour: false } }
      - { name: coloured pair, pays: "12:1", when: { sameRank: true, sameColour: true, suited: false } }
      - { name: perfect pair, pays: "25:1", when: { identical: true } }
`;

/** Values to add where no shipped pack has the property (the generic samples would not validate). */
const SAMPLES: Record<string, unknown[]> = {
  '/version': ['1.0.1'],
  '/spec/currency/code': ['EUR'],
  '/spec/autoPlay/hitUntil': [0, 16],
  '/spec/include/*/sideBet': ['perfect-pairs'],
  '/spec/actions/double/totals': [[9, 10, 11]],
  '/spec/table/seatRemoval': [{ roundsWithoutBet: 2, belowTableMinimum: false }],
  '/spec/bets/*/cap': [{ perRound: 100000 }],
  '/spec/bets/*/lines/*/when/cards': [
    ['KH', 'QH'],
    ['QH', 'QH', 'QH'],
  ],
  '/spec/bets/*/lines/*/when/ranks': [['K', 'Q']],
  '/spec/bets/*/lines/*/when/total': [{ min: 19, max: 20 }, { min: 20 }, { max: 20 }],
  '/spec/bets/*/lines/*/when/cardCount': [{ min: 3, max: 4 }, { max: 3 }],
  '/spec/bets/*/lines/*/when/cardsDealt': [{ max: 3 }, { min: 2, max: 3 }],
};

const DELETE = Symbol('delete');
type Schema = Record<string, unknown> & {
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
};

// ---------------------------------------------------------------- the schema's properties

interface Property {
  nodes: Schema[];
  required: boolean;
}
const properties = new Map<string, Property>();
function walk(node: Schema, path: string): void {
  for (const member of node.anyOf ?? []) walk(member, path);
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const at = `${path}/${key}`;
    const p = properties.get(at) ?? { nodes: [], required: true };
    p.nodes.push(child);
    p.required &&= (node.required ?? []).includes(key);
    properties.set(at, p);
    walk(child, at);
  }
  if (node.items) walk(node.items, `${path}/*`);
}
walk(JSON.parse(JSON.stringify(VariantPack)), '');
walk(JSON.parse(JSON.stringify(SideBetSpec)), '/module/spec');
/** Object properties with properties of their own are tested through those; leaves and optional objects here. */
const PATHS = [...properties.keys()].filter((p) => {
  const prop = properties.get(p)!;
  const container = prop.nodes.every((n) => n.properties) && prop.required;
  return !container && !p.startsWith('/module/spec/bet/');
});

// ---------------------------------------------------------------- changes the schema allows

const flat = (nodes: Schema[]): Schema[] => nodes.flatMap((n) => (n.anyOf ? flat(n.anyOf) : [n]));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function samples(node: Schema): unknown[] {
  return flat([node]).flatMap((n): unknown[] => {
    if (n.const !== undefined) return [n.const];
    if (Array.isArray(n.enum)) return n.enum.slice(0, 3);
    switch (n.type) {
      case 'boolean':
        return [true, false];
      case 'integer': {
        const low = (n.minimum as number | undefined) ?? 1;
        return [Math.max(low, 2), low + 3];
      }
      case 'number':
        return [0.5];
      case 'string':
        return String(n.pattern ?? '').includes(':') ? ['7:1'] : ['something new'];
      case 'array':
        return samples(n.items!).map((s) => [s]);
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const key of n.required ?? []) out[key] = samples(n.properties![key])[0];
        return [out];
      }
      default:
        return [];
    }
  });
}

/** Every change of one property the schema allows, from its current value (undefined when absent). */
function changes(pattern: string, current: unknown): unknown[] {
  const prop = properties.get(pattern)!;
  const out: unknown[] = [];
  if (current === undefined) out.push(...(SAMPLES[pattern] ?? prop.nodes.flatMap(samples)));
  else {
    if (!prop.required) out.push(DELETE);
    for (const n of flat(prop.nodes)) {
      if (n.const !== undefined) out.push(n.const);
      else if (typeof current === 'boolean' && n.type === 'boolean') out.push(!current);
      else if (typeof current === 'number' && (n.type === 'integer' || n.type === 'number')) {
        const step = n.type === 'integer' ? 1 : 0.05;
        out.push(Math.round((current + step) * 100) / 100, Math.round((current - step) * 100) / 100);
      } else if (typeof current === 'number' && n.type === 'object') out.push({ min: current }, { max: current });
      else if (typeof current === 'string' && n.type === 'string')
        out.push(
          /:/.test(current)
            ? current.replace(/^\s*(\d+)/, (d) => String(Number(d) + 1))
            : String(n.pattern ?? '').startsWith('^[a-z0-9]')
              ? `${current}-plus`
              : `${current} plus`,
        );
      else if (current && typeof current === 'object' && !Array.isArray(current) && n.type === 'object') {
        for (const key of Object.keys(current))
          if (!(n.required ?? []).includes(key)) {
            const { [key]: _gone, ...rest } = current as Record<string, unknown>;
            out.push(rest);
          }
      } else if (Array.isArray(current) && n.type === 'array') {
        if (current.length > ((n.minItems as number | undefined) ?? 0)) out.push(current.slice(0, -1));
        for (const s of samples(n.items!).slice(0, 3)) out.push([...current, s], [s, ...current.slice(1)]);
      }
    }
    out.push(...(SAMPLES[pattern] ?? []));
  }
  const fits = (v: unknown) => v === DELETE || flat(prop.nodes).some((n) => fitsNode(n, v));
  return out.filter((v, i) => fits(v) && !same(v, current) && out.findIndex((w) => same(w, v)) === i);
}

function fitsNode(n: Schema, v: unknown): boolean {
  if (n.const !== undefined) return n.const === v;
  if (Array.isArray(n.enum)) return n.enum.includes(v);
  if (n.type === 'integer')
    return (
      Number.isInteger(v) &&
      (n.minimum === undefined || (v as number) >= (n.minimum as number)) &&
      (n.maximum === undefined || (v as number) <= (n.maximum as number))
    );
  if (n.type === 'number')
    return (
      typeof v === 'number' &&
      (n.exclusiveMinimum === undefined || v > (n.exclusiveMinimum as number)) &&
      (n.exclusiveMaximum === undefined || v < (n.exclusiveMaximum as number))
    );
  if (n.type === 'boolean') return typeof v === 'boolean';
  if (n.type === 'string') return typeof v === 'string';
  if (n.type === 'array') return Array.isArray(v) && v.length >= ((n.minItems as number | undefined) ?? 0);
  if (n.type === 'object') return !!v && typeof v === 'object' && !Array.isArray(v);
  return false;
}

// ---------------------------------------------------------------- where each property is, in the shipped packs

interface Place {
  /** The file in rules/ holding it, and the pack whose page shows it. */
  file: string;
  pack: string;
  /** Keys from the file's root to the property. */
  keys: (string | number)[];
  current: unknown;
}

/** The cheapest packs to load first: the pay tables of tanpa-batas take a second to check. */
const ORDER = ['blackjack-eropa', 'blackjack-mewah', 'blackjack-lucky-ladies', 'andar-bahar', 'blackjack-tanpa-batas'];
/** How many places of each property are changed: where it is set, and where it could be added. */
const SET_PLACES = 3;
const UNSET_PLACES = 2;

function places(docs: Map<string, unknown>, pattern: string, only?: string): Place[] {
  const inModule = pattern.startsWith('/module/');
  const found: Place[] = [];
  const files = inModule
    ? [['side-bets/lucky-ladies.yaml', 'blackjack-lucky-ladies'] as const]
    : [...ORDER, ...SHIPPED.filter((p) => !ORDER.includes(p))].map((p) => [`${p}.yaml`, p] as const);
  // A module's bet is a pack's bet: /spec/bets/*/… is looked for in rules/side-bets/lucky-ladies.yaml too.
  const alsoModule = pattern.startsWith('/spec/bets/*/');
  const targets: [string, string, string[]][] = files.map(([f, p]) => [
    f,
    p,
    pattern
      .replace(/^\/module/, '')
      .split('/')
      .slice(1),
  ]);
  // Next to its host, which loads fast: its pay table is where a new condition is most often valid.
  if (alsoModule)
    targets.splice(3, 0, [
      'side-bets/lucky-ladies.yaml',
      'blackjack-lucky-ladies',
      ['spec', 'bet', ...pattern.split('/').slice(4)],
    ]);
  for (const [file, pack, parts] of targets.filter(([f]) => !only || f === only)) {
    const visit = (node: unknown, i: number, keys: (string | number)[]) => {
      if (i === parts.length - 1) {
        if (node && typeof node === 'object' && !Array.isArray(node))
          found.push({ file, pack, keys: [...keys, parts[i]], current: (node as Record<string, unknown>)[parts[i]] });
        return;
      }
      const next = parts[i] === '*' ? null : parts[i];
      if (Array.isArray(node) && next === null) node.forEach((item, k) => visit(item, i + 1, [...keys, k]));
      else if (node && typeof node === 'object' && next !== null)
        visit((node as Record<string, unknown>)[next], i + 1, [...keys, next]);
    };
    visit(docs.get(file), 0, []);
  }
  // Where the property is set first, then where it could be added.
  const set = found.filter((p) => p.current !== undefined);
  const unset = found.filter((p) => p.current === undefined);
  return [...set.slice(0, SET_PLACES), ...unset.slice(0, UNSET_PLACES)];
}

// ---------------------------------------------------------------- the pages

interface Outcome {
  valid: number;
  /** Valid changes that changed the page in every language. */
  shown: number;
  /** Changes that show in some languages but not in others. */
  uneven: string[];
}

let rules: RulesCopy;
const docs = new Map<string, unknown>();
const outcomes = new Map<string, Outcome>();
const used = new Set<string>();
const rare: string[] = [];

/** Conditions no shipped pack uses and no single change makes valid: worded all the same. */
const RARE_LINES: [ConditionSpec, CardGroupName][] = [[{ suited: true, bust: true }, 'first-two-and-up']];

function pages(pack: string): Record<Lang, string> {
  const facts = ruleFacts(loadPackFile(rules.path(`${pack}.yaml`)));
  return Object.fromEntries(LANGS.map((lang) => [lang, plainText(describePack(facts, { lang, rtp: null }))])) as Record<
    Lang,
    string
  >;
}

/** The pages of `pack` with `doc` in place of `file`; null when that is not a valid pack. */
function pagesWith(file: string, pack: string, doc: unknown): Record<Lang, string> | null {
  const text = rules.read(file);
  rules.write(file, stringify(doc));
  try {
    return pages(pack);
  } catch {
    return null; // not a valid pack: not a change a product manager can make
  } finally {
    rules.write(file, text);
  }
}

function withChange(doc: unknown, keys: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = keys[keys.length - 1];
  if (value === DELETE) delete node[last];
  else node[last] = value;
  return copy;
}

/** Counts one change: valid or not, shown in every language, or in some only. */
function judge(
  outcome: Outcome,
  before: Record<Lang, string>,
  after: Record<Lang, string> | null,
  what: () => string,
  perLanguage: boolean,
): void {
  if (!after) return;
  outcome.valid++;
  const differs = LANGS.filter((l) => after[l] !== before[l]);
  if (differs.length === LANGS.length || (perLanguage && differs.length)) outcome.shown++;
  else if (differs.length) outcome.uneven.push(`${what()}: shows in ${differs.join(', ')} only`);
}

/** Records which catalogue entries a page reads, so entries no page ever uses are found too. */
function recording(node: unknown, path: string): unknown {
  if (!node || typeof node !== 'object') return node;
  return new Proxy(node as object, {
    get(target, key) {
      const value = Reflect.get(target, key);
      const at = path ? `${path}.${String(key)}` : String(key);
      if (value && typeof value === 'object') return recording(value, at);
      used.add(at);
      return value;
    },
  });
}

beforeAll(() => {
  rules = copyRules();
  rules.write('side-bets/perfect-pairs.yaml', PERFECT_PAIRS);
  const english = CATALOGUES.en;
  (CATALOGUES as Record<Lang, unknown>).en = recording(english, '');
  try {
    for (const f of [...SHIPPED.map((p) => `${p}.yaml`), LL]) docs.set(f, parse(rules.read(f)));
    for (const [when, group] of RARE_LINES) rare.push(lineText(when, group, CATALOGUES.en));
    const original = new Map(SHIPPED.map((p) => [p, pages(p)]));
    for (const pattern of PATHS) {
      if (NOT_ON_THE_PAGE[pattern]) continue;
      const outcome: Outcome = { valid: 0, shown: 0, uneven: [] };
      outcomes.set(pattern, outcome);
      // The shipped packs, then the packs changed so that the property matters.
      const starts = [
        { docs, only: undefined as string | undefined, before: (pack: string) => original.get(pack)! },
        ...(CONTEXTS[pattern] ?? []).map(({ file, pack, edit }) => {
          const doc = structuredClone(docs.get(file));
          edit(doc);
          const before = pagesWith(file, pack, doc);
          if (!before) throw new Error(`the context for ${pattern} in ${file} is not a valid pack`);
          return { docs: new Map(docs).set(file, doc), only: file, before: () => before };
        }),
      ];
      for (const start of starts)
        for (const place of places(start.docs, pattern, start.only))
          for (const value of changes(pattern, place.current).slice(0, 6))
            judge(
              outcome,
              start.before(place.pack),
              pagesWith(place.file, place.pack, withChange(start.docs.get(place.file), place.keys, value)),
              () => `${place.file} ${place.keys.join('.')} → ${value === DELETE ? 'removed' : JSON.stringify(value)}`,
              PER_LANGUAGE.has(pattern),
            );
      for (const { file, pack, edit } of COMPOUND[pattern] ?? []) {
        const doc = structuredClone(docs.get(file));
        edit(doc);
        judge(outcome, original.get(pack)!, pagesWith(file, pack, doc), () => `${file}: ${edit}`, false);
      }
    }
  } finally {
    (CATALOGUES as Record<Lang, unknown>).en = english;
  }
}, 900_000);

afterAll(() => rules?.remove());

describe('every rule a pack can express appears on its help page, in every language', () => {
  test('the schema walk finds the rules (a walk that finds nothing proves nothing)', () => {
    expect(PATHS.length).toBeGreaterThan(90);
    expect(PATHS).toContain('/spec/bets/*/lines/*/when/cardsDealt');
  });

  test.each(PATHS.filter((p) => !NOT_ON_THE_PAGE[p]))('%s', (pattern) => {
    const o = outcomes.get(pattern)!;
    expect(o.valid, `no valid change of ${pattern} was found: add a sample for it in SAMPLES`).toBeGreaterThan(0);
    expect(
      o.shown,
      `no change of ${pattern} shows on the help page: give it words in lambdas/describe`,
    ).toBeGreaterThan(0);
    expect(o.uneven, `${pattern} shows in some languages only`).toEqual([]);
  });

  test('every English catalogue entry is used by some page (no words for rules that do not exist)', () => {
    expect(rare).toEqual(['all of one suit, the cards total over 21']);
    const all: string[] = [];
    const walkCatalogue = (node: unknown, path: string) => {
      for (const [k, v] of Object.entries(node as object)) {
        const at = path ? `${path}.${k}` : k;
        if (v && typeof v === 'object') walkCatalogue(v, at);
        else all.push(at);
      }
    };
    walkCatalogue(CATALOGUES.en, '');
    // The language's own name and label are for the language switch of the web table; the RTP words are for pages
    // with RTPs (the pages here have none); the note on the English version is for the translations.
    const elsewhere = /^(lang\.|rtp\.|notes\.english$)/;
    expect(all.filter((k) => !used.has(k) && !elsewhere.test(k))).toEqual([]);
  });
});
