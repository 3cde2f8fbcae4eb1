// A pack's rules as a player's help page, in one language: every section the seed pages have, for
// each family and table kind, built from the pack's facts and the RTPs computed from its rules.
// Pure: no I/O, no Node API, so the web table renders the same page in the browser.
import { parseRatio, payout } from '../core/money.ts';
import { type Block, type HelpDoc, list, p, type Section, table, terms } from './doc.ts';
import type { BetFacts, LineFacts, RankName, RuleFacts } from './facts.ts';
import { amount, exactAmount, money, ratioText, rtpPercent, sharePercent } from './format.ts';
import { joinWith, lineText } from './lines.ts';
import type { Catalogue } from './messages/en.ts';
import { CATALOGUES, type Lang } from './messages/index.ts';

/** What the page needs of an RTP row (lambdas/math rtpRows, or GET /rules). */
export interface RtpFigure {
  readonly bet: string;
  readonly mode: string | null;
  readonly rtp: number;
  readonly method: 'exact' | 'analysis';
}

export interface DescribeOptions {
  readonly lang: Lang;
  /** The RTP of every bet and mode, computed from the rules; null when it could not be. */
  readonly rtp: readonly RtpFigure[] | null;
}

/** The help page of a pack in one language. */
export function describePack(facts: RuleFacts, options: DescribeOptions): HelpDoc {
  const c = new Words(facts, CATALOGUES[options.lang], options.lang);
  const sections = facts.family === 'blackjack' ? blackjackSections(c) : andarBaharSections(c);
  return {
    lang: options.lang,
    title: facts.name,
    subtitle: c.t.doc.subtitle({ name: facts.name, version: facts.version }),
    sections: [...sections, ...closingSections(c, options)],
  };
}

/** The facts with the language's words: names of bets, modes and ranks, lists, amounts. */
class Words {
  readonly sideBets: readonly BetFacts[];
  /** What the page calls each bet, by the bet's name: the pack's title, else a word for its type, else its name. */
  private readonly titles = new Map<string, string>();
  constructor(
    readonly f: RuleFacts,
    readonly t: Catalogue,
    lang: Lang,
  ) {
    const hand = f.bets.some((b) => b.type === 'hand');
    // A pay-table bet is a side bet beside a hand bet; in Andar Bahar, one that does not back a side to win.
    this.sideBets = f.bets.filter((b) => b.type === 'paytable' && (hand || !backsASide(b)));
    for (const b of f.bets)
      if (!this.titles.has(b.name))
        this.titles.set(
          b.name,
          b.title?.[lang] ?? (b.type === 'paytable' ? asTitle(b.name) : t.names.betTypes[b.type]),
        );
  }
  get mainBets(): readonly BetFacts[] {
    return this.f.bets.filter((b) => !this.sideBets.includes(b));
  }
  bet(name: string): string {
    return this.titles.get(name) ?? asTitle(name);
  }
  /** The modes of a bet or figure: "Both modes" when they are all the table offers. */
  modes(modes: readonly string[]): string {
    const all = this.f.modes?.offered ?? [];
    if (all.length > 1 && all.every((m) => modes.includes(m))) return this.t.names.everyMode({ n: all.length });
    return this.and(modes.map((m) => this.mode(m)));
  }
  mode(m: string): string {
    return this.t.names.modes[m as keyof Catalogue['names']['modes']] ?? m;
  }
  and = (items: readonly string[]) => joinWith(items, this.t.words.and);
  or = (items: readonly string[]) => joinWith(items, this.t.words.or);
  money = (minor: number) => money(minor, this.f.currency);
  seconds = (n: number) => this.t.words.seconds(n);
  ranks = (ranks: readonly RankName[]) => this.or(ranks.map(this.t.words.aRank));
  /** Whether a side bet reads the cards' suits (the game itself never does). */
  get suitsMatter(): boolean {
    return this.sideBets.some((b) =>
      b.lines.some(
        (l) => l.when.suited !== undefined || l.when.sameColour !== undefined || l.when.identical || l.when.cards,
      ),
    );
  }
}

/** A bet's name as a title: "lucky-trio" reads "Lucky trio". */
function asTitle(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An Andar Bahar bet on a side to win: its lines back one side, whatever the number of cards dealt. */
function backsASide(bet: BetFacts): boolean {
  const sides = new Set(bet.lines.map((l) => l.when.winner));
  if (sides.size !== 1 || sides.has(undefined)) return false;
  // The lines' counts of cards dealt must cover every count from 1 up.
  const ranges = bet.lines.map((l) => {
    const c = l.when.cardsDealt;
    if (c === undefined) return [1, Infinity];
    return typeof c === 'number' ? [c, c] : [c.min ?? 0, c.max ?? Infinity];
  });
  ranges.sort((a, b) => a[0] - b[0]);
  let next = 1;
  for (const [lo, hi] of ranges) {
    if (lo > next) return false;
    next = Math.max(next, hi + 1);
  }
  return next === Infinity;
}

const section = (id: string, title: string, blocks: (Block | null)[], sections?: Section[]): Section => ({
  id,
  title,
  blocks: blocks.filter((b): b is Block => b !== null),
  ...(sections?.length ? { sections } : {}),
});
const items = (xs: (string | null | false)[]): string[] => xs.filter((x): x is string => typeof x === 'string');

// ---------------------------------------------------------------- blackjack

function blackjackSections(c: Words): Section[] {
  const { f, t } = c;
  const bj = f.blackjack!;
  const kind = f.table.kind;
  const main = f.bets.find((b) => b.type === 'hand')!;
  const behind = f.table.betBehind;
  const s = t.section;

  const intro = section('intro', s.intro, [
    p(t.intro.blackjack({ name: f.name })),
    p(
      kind === 'seated'
        ? `${t.intro.seated({ seats: f.table.seats! })}${behind ? ` ${t.intro.seatedBehind}` : ''}`
        : kind === 'common-draw'
          ? t.intro.commonDraw
          : t.intro.solo,
    ),
    f.currency.practice ? p(t.intro.practice({ code: f.currency.code })) : null,
  ]);

  const tableSection = section('table', s.table, [list(tableItems(c))]);

  const cards = section('cards', s.cards, [
    p(t.cards.decks({ decks: f.shoe.decks })),
    p(t.cards.values),
    list([t.cards.aceValue, t.cards.faceValue, t.cards.courtValue]),
    p(c.suitsMatter ? t.cards.suitsSide : t.cards.suitsNone),
  ]);

  const up = (ranks: readonly RankName[]) => c.ranks(ranks);
  const insurance = bj.actions.insurance;
  const peek = bj.dealer.peekOn;
  const dealerBets = c.sideBets.filter((b) => b.group === 'dealer-final');
  const decision = c.seconds(f.timing.decisionSeconds!);
  const round = section('round', s.round, [
    list(
      items([
        kind === 'seated'
          ? [
              t.round.bettingSeated({ seconds: c.seconds(f.timing.bettingSeconds!) }),
              behind ? t.round.bettingBehind : '',
            ]
              .filter(Boolean)
              .join(' ')
          : kind === 'common-draw'
            ? t.round.bettingCommon({ seconds: c.seconds(f.timing.bettingSeconds!) })
            : t.round.bettingSolo,
        c.sideBets.length ? t.round.bettingSide({ bets: c.and(c.sideBets.map((b) => c.bet(b.name))) }) : null,
        kind === 'common-draw' ? t.round.dealCommon : t.round.dealSeated,
        insurance
          ? t.round.insurance({ up: up(insurance.offeredOn), seconds: c.seconds(f.timing.insuranceSeconds!) })
          : null,
        peek.length ? t.round.peek({ up: up(peek) }) : t.round.noPeek,
        kind === 'seated'
          ? t.round.decideSeated({ seconds: decision })
          : kind === 'common-draw'
            ? t.round.decideCommon({ seconds: decision })
            : t.round.decideSolo({ seconds: decision }),
        t.round.dealerTurn,
        t.round.settle,
      ]),
      true,
    ),
    p(
      items([
        t.round.endEarly({ surrender: !!bj.actions.surrender }),
        dealerBets.length ? t.round.endEarlyDealerBets({ bets: c.and(dealerBets.map((b) => c.bet(b.name))) }) : null,
      ]).join(' '),
    ),
  ]);

  const scoring = section('scoring', s.scoring, [
    list(
      items([
        t.scoring.sum,
        t.scoring.examples,
        t.scoring.bust,
        t.scoring.blackjack,
        bj.actions.split ? t.scoring.splitNotBlackjack : null,
      ]),
    ),
  ]);

  const dealer = section('dealer', s.dealer, [
    list(
      items([
        bj.dealer.hitsSoft17 ? t.dealer.h17 : t.dealer.s17,
        peek.length ? t.dealer.peek({ up: up(peek) }) : t.dealer.noPeek,
        bj.dealer.onBlackjack === null
          ? null
          : bj.dealer.onBlackjack === 'lose-all'
            ? t.dealer.loseAll
            : t.dealer.originalBets,
        t.dealer.hole,
      ]),
    ),
  ]);

  return [
    intro,
    tableSection,
    cards,
    shuffleSection(c),
    round,
    scoring,
    dealer,
    actionsSection(c),
    shortBalanceSection(c),
    autoPlaySection(c),
    kind === 'solo' ? aiSection(c) : playersSection(c),
    resultsSection(c, main),
    blackjackBetsSection(c),
    sideBetsSection(c),
  ];
}

function tableItems(c: Words): string[] {
  const { f, t } = c;
  const tb = f.table;
  if (tb.kind === 'common-draw') return [t.table.commonNoSeats, t.table.commonSameHand, t.table.commonStream];
  if (tb.kind === 'solo')
    return items([
      t.table.soloSeats({ seats: tb.seats! }),
      t.table.soloOwn,
      tb.demoMaySit === false ? t.table.demoNoSeat : null,
    ]);
  const removal = tb.seatRemoval;
  return items([
    t.table.seats({ seats: tb.seats! }),
    t.table.seatsPerPlayer({ n: tb.seatsPerPlayer! }),
    t.table.takeSeat,
    tb.mirrorSeatBets === null ? null : tb.mirrorSeatBets ? t.table.mirror : t.table.noMirror,
    tb.demoMaySit === false
      ? tb.betBehind
        ? `${t.table.demoNoSeat} ${t.table.demoBehind}`
        : t.table.demoNoSeat
      : null,
    removal && removal.roundsWithoutBet > 0
      ? t.table.noBetKeep({ rounds: removal.roundsWithoutBet })
      : t.table.noBetSeatLost,
    removal?.belowTableMinimum ? t.table.belowMinimum : null,
    t.table.shortAtClose,
  ]);
}

function shuffleSection(c: Words): Section {
  const { f, t } = c;
  return section('shuffle', t.section.shuffle, [
    list(
      items([
        t.shuffle.rng,
        f.shoe.reshuffle === 'cut-card' ? t.shuffle.cut({ share: sharePercent(f.shoe.penetration!) }) : null,
        f.shoe.reshuffle === 'cut-card' ? t.shuffle.lastRound : t.shuffle.everyRound,
        f.shoe.burn === 'shown-card-value' ? t.shuffle.burn : t.shuffle.noBurn,
      ]),
    ),
  ]);
}

function actionsSection(c: Words): Section {
  const { t } = c;
  const a = c.f.blackjack!.actions;
  const n = t.names.actions;
  const x = t.actions;
  const rows: { term: string; text: string }[] = [];
  if (a.hit) rows.push({ term: n.hit, text: x.hit });
  const autoStand = items([
    x.autoStand21,
    a.double ? x.autoStandDouble : null,
    a.split?.splitAcesOneCard ? x.autoStandAces : null,
  ]);
  if (a.stand) rows.push({ term: n.stand, text: `${x.stand} ${x.autoStand({ cases: c.and(autoStand) })}` });
  if (a.double) {
    const d = a.double;
    const afterSplit =
      d.afterSplit === null
        ? null
        : !d.afterSplit
          ? x.doubleNoAfterSplit
          : d.splitAces === null
            ? x.doubleAfterSplit
            : d.splitAces
              ? x.doubleAfterSplitAces
              : x.doubleAfterSplitNoAces;
    rows.push({
      term: n.double,
      text: items([
        x.double,
        d.totals ? x.doubleTotals({ totals: c.or(d.totals.map(String)) }) : x.doubleAny,
        afterSplit,
      ]).join(' '),
    });
  }
  if (a.split) {
    const sp = a.split;
    rows.push({
      term: n.split,
      text: x.split({
        extra: items([
          sp.match === 'value' ? x.splitValue : x.splitRank,
          x.splitHands({ hands: sp.maxHands }),
          sp.resplitAces === null ? null : sp.resplitAces ? x.resplitAces : x.noResplitAces,
          sp.splitAcesOneCard ? x.splitAcesOneCard : x.splitAcesPlay,
          x.splitOrder,
        ]).join(' '),
      }),
    });
  }
  if (a.surrender)
    rows.push({
      term: n.surrender,
      text: x.surrender({
        when: a.surrender.notAgainst.length ? x.surrenderNotAgainst({ up: c.ranks(a.surrender.notAgainst) }) : '',
      }),
    });
  if (a.insurance)
    rows.push({
      term: n.insurance,
      text: x.insurance({ up: c.ranks(a.insurance.offeredOn), pays: ratioText(a.insurance.pays) }),
    });
  return section('actions', t.section.actions, [p(x.intro), terms(rows)]);
}

function shortBalanceSection(c: Words): Section {
  const { f, t } = c;
  const a = f.blackjack!.actions;
  const sh = t.short;
  const follows = f.table.betBehind && (f.table.betBehind.followDouble || f.table.betBehind.followSplit);
  return section('short-balance', t.section.shortBalance, [
    p(sh.intro),
    list(
      items([
        a.double
          ? { refuse: sh.doubleRefuse, hit: sh.doubleHit, 'hit-or-stand': sh.doubleHitOrStand }[a.double.whenShort]
          : null,
        a.split
          ? { refuse: sh.splitRefuse, hit: sh.splitHit, 'hit-or-stand': sh.splitHitOrStand }[a.split.whenShort]
          : null,
        a.insurance ? sh.insurance : null,
        follows ? sh.follow : null,
      ]),
    ),
  ]);
}

function autoPlaySection(c: Words): Section {
  const { f, t } = c;
  const bj = f.blackjack!;
  const behind = f.table.betBehind;
  const q = t.autoPlay;
  const questions = items([
    bj.actions.insurance ? q.insurance : null,
    behind?.followDouble ? q.followDouble : null,
    behind?.followSplit ? q.followSplit : null,
  ]);
  const until = bj.autoPlay.hitUntil;
  return section('auto-play', t.section.autoPlay, [
    p(until >= 4 ? t.autoPlay.hits({ until }) : t.autoPlay.stands),
    questions.length ? p(t.autoPlay.questions({ questions: c.and(questions) })) : null,
  ]);
}

function playersSection(c: Words): Section {
  const { f, t } = c;
  const pl = t.players;
  const behind = f.table.betBehind;
  const blocks: Block[] = [];
  if (f.table.kind === 'common-draw') {
    const free = c.sideBets.filter((b) => !b.withMain);
    blocks.push(
      list(
        items([
          t.table.commonSeated,
          free.length ? pl.sideWithoutMain({ bets: c.and(free.map((b) => c.bet(b.name))) }) : null,
          free.length ? pl.sideOnly : null,
        ]),
      ),
    );
    return section('players', t.section.commonPlayers, blocks);
  }
  if (!behind) blocks.push(p(pl.noBehind));
  else
    blocks.push(
      list(
        items([
          pl.behind,
          behind.insurance ? pl.behindInsurance : pl.behindNoInsurance,
          behind.followDouble ? pl.followDouble : pl.noFollowDouble,
          behind.followSplit ? pl.followSplit : pl.noFollowSplit,
          f.timing.followSeconds !== null ? pl.window({ seconds: c.seconds(f.timing.followSeconds) }) : null,
        ]),
      ),
    );
  const placed = c.sideBets.map((b) =>
    b.placement === 'seat' ? pl.placementSeat({ bet: c.bet(b.name) }) : pl.placementPlayer({ bet: c.bet(b.name) }),
  );
  if (placed.length) blocks.push(list(placed));
  return section('players', t.section.players, blocks);
}

function aiSection(c: Words): Section {
  const { f, t } = c;
  return section('ai', t.section.ai, [
    list([t.ai.levels({ levels: c.and(f.table.ai.map((l) => t.names.levels[l])) }), t.ai.chart, t.ai.view, t.ai.bets]),
  ]);
}

function resultsSection(c: Words, main: BetFacts): Section {
  const { f, t } = c;
  const r = t.results;
  const rows = [
    { term: r.terms.blackjack, text: r.blackjack({ pays: ratioText(main.payouts!.blackjack) }) },
    { term: r.terms.win, text: r.win({ pays: ratioText(main.payouts!.win) }) },
    { term: r.terms.lose, text: r.lose },
    { term: r.terms.push, text: r.push },
  ];
  if (f.blackjack!.actions.surrender) rows.push({ term: r.terms.surrender, text: r.surrender });
  return section('results', t.section.results, [terms(rows)]);
}

function blackjackBetsSection(c: Words): Section {
  const { f, t } = c;
  const b = t.bets;
  const rows: string[][] = [];
  for (const bet of c.mainBets) {
    const name = c.bet(bet.name);
    rows.push(
      [name, b.blackjack, ratioText(bet.payouts!.blackjack)],
      [name, b.otherWin, ratioText(bet.payouts!.win)],
      [name, b.push, b.pushPays],
    );
  }
  const ins = f.blackjack!.actions.insurance;
  if (ins) rows.push([t.names.actions.insurance, b.insuranceOutcome, ratioText(ins.pays)]);
  return section('bets', t.section.bets, [
    table([b.head.bet, b.head.outcome, b.head.pays], rows, { numeric: [2] }),
    p(
      ratioExplained(
        c,
        rows.map((r) => r[2]),
      ),
    ),
    ins ? p(b.insuranceCost) : null,
    c.sideBets.length ? p(b.sideSee) : null,
  ]);
}

// ---------------------------------------------------------------- side bets (both families)

function sideBetsSection(c: Words): Section {
  const { t } = c;
  if (!c.sideBets.length) return section('side-bets', t.section.sideBets, [p(t.side.none)]);
  const straights = c.sideBets.some((b) => b.lines.some((l) => l.when.straight !== undefined));
  // A bet of one line reads best as a row of one table; a pay table of several lines, on its own.
  const single = c.sideBets.filter((b) => b.lines.length === 1);
  const subsections = c.sideBets
    .filter((b) => b.lines.length > 1)
    .map((bet) =>
      section(`side-bet-${bet.name}`, c.bet(bet.name), [p(sideBetNotes(c, bet).join(' ')), payTable(c, bet)]),
    );
  if (single.length) {
    const notes = single.flatMap((b) => sideBetNotes(c, b, false));
    subsections.push(
      section('side-bets-single', t.side.more, [
        table(
          [t.side.head.bet, t.side.head.hand, t.side.head.pays],
          single.map((b) => [
            betWithModes(c, b),
            capitalise(lineText(b.lines[0].when, b.group, t)),
            ratioText(b.lines[0].pays),
          ]),
          { numeric: [2] },
        ),
        notes.length ? list(notes) : null,
      ]),
    );
  }
  return section(
    'side-bets',
    t.section.sideBets,
    [p(t.side.highest), straights ? p(t.side.straights) : null],
    subsections,
  );
}

/**
 * What decides a side bet and what limits it, one sentence each; `group`: also say what decides it
 * (the row of a one-line bet says that itself).
 */
function sideBetNotes(c: Words, bet: BetFacts, group = true): string[] {
  const { f, t } = c;
  const notes = [
    group && bet.group ? (s: string) => t.side.group[bet.group!]({ bet: s }) : null,
    !group && bet.group === 'first-3' ? (s: string) => t.side.group['first-3']({ bet: s }) : null,
    bet.withMain ? (s: string) => t.side.withMain({ bet: s }) : null,
    group && f.bets.some((b) => b.type === 'hand') ? (s: string) => t.side.independent({ bet: s }) : null,
    group && offeredInSomeModes(c, bet)
      ? (s: string) => t.bets.abModes({ bet: s, modes: c.or(bet.modes!.map((m) => c.mode(m))) })
      : null,
    bet.roundLimit !== null ? (s: string) => t.side.roundLimit({ bet: s, rounds: bet.roundLimit! }) : null,
    bet.capPerRound !== null ? (s: string) => t.side.cap({ bet: s, cap: c.money(bet.capPerRound!) }) : null,
  ].filter((n) => n !== null);
  // Under the bet's own heading, its name starts the first sentence and "it" the others.
  return notes.map((note, i) => note(group && i > 0 ? t.side.it : c.bet(bet.name)));
}

const offeredInSomeModes = (c: Words, bet: BetFacts): boolean =>
  !!bet.modes && !!c.f.modes && bet.modes.length < c.f.modes.offered.length;

/** A bet's name, with its modes when it is not offered in every mode: "First Andar (Commission)". */
const betWithModes = (c: Words, bet: BetFacts): string =>
  offeredInSomeModes(c, bet) ? `${c.bet(bet.name)} (${c.or(bet.modes!.map((m) => c.mode(m)))})` : c.bet(bet.name);

function payTable(c: Words, bet: BetFacts): Block {
  const { t } = c;
  const lines = [...bet.lines].sort((a, b) => ratioValue(a.pays) - ratioValue(b.pays));
  return table(
    [t.side.head.hand, t.side.head.pays],
    lines.map((l) => [capitalise(lineCell(c, l, bet)), ratioText(l.pays)]),
    { numeric: [1] },
  );
}

/**
 * A line of a pay table as a player reads it: what it takes, with its name as the game shows it; the
 * name is left out where the words already say it ("the dealer busts with 3 cards").
 */
function lineCell(c: Words, line: LineFacts, bet: BetFacts): string {
  const text = lineText(line.when, bet.group, c.t);
  // The names are English: one the English words already say is left out in every language.
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const said = new Set(words(lineText(line.when, bet.group, CATALOGUES.en)));
  if (words(line.name).every((w) => said.has(w) || LITTLE_WORDS.has(w))) return text;
  return c.t.line.named({ name: capitalise(line.name), text });
}

/** Words a line's name may hold that say nothing its condition does not. */
const LITTLE_WORDS = new Set(['the', 'a', 'an', 'its', 'of', 'with']);

/** "A payout of 0.9:1 means 0.9 won for every 1 staked": with the first ratio shown in the table that is not 1:1. */
function ratioExplained(c: Words, ratios: readonly string[]): string {
  const parsed = (r: string) => parseRatio(r.replace(/,/g, ''));
  const ratio = ratios.find((r) => parsed(r) && parsed(r)!.num !== parsed(r)!.den) ?? '1:1';
  const [won, staked] = ratio.split(':');
  return c.t.bets.ratio({ ratio, won, staked });
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function ratioValue(text: string): number {
  const r = parseRatio(text);
  return r ? r.num / r.den : 0;
}

// ---------------------------------------------------------------- andar bahar

function andarBaharSections(c: Words): Section[] {
  const { f, t } = c;
  const s = t.section;
  const sides = t.names.sides;
  const first = sides[f.table.firstSide ?? 'andar'];
  const second = f.table.firstSide === 'bahar' ? sides.andar : sides.bahar;
  const modes = f.modes;
  return [
    section('intro', s.intro, [p(t.intro.andarBahar({ name: f.name }))]),
    section('table', s.table, [
      list(
        items([
          t.table.abSides({ first, second }),
          modes && modes.offered.length > 1
            ? t.table.abModes({ modes: c.and(modes.offered.map((m) => c.mode(m))), fallback: c.mode(modes.default) })
            : modes
              ? t.table.abOneMode({ mode: c.mode(modes.default) })
              : null,
          t.table.abNoSeats,
        ]),
      ),
    ]),
    section('cards', s.cards, [
      p(t.cards.decks({ decks: f.shoe.decks })),
      p(t.cards.abRanks),
      p(c.suitsMatter ? t.cards.abSuitsSide : t.cards.abSuitsNone),
    ]),
    shuffleSection(c),
    section('round', s.round, [
      list(
        [
          t.round.abGameCard,
          t.round.abBetting({ seconds: c.seconds(f.timing.bettingSeconds!) }),
          t.round.abDeal({ first, second }),
          t.round.abEnd,
          t.round.abSettle,
        ],
        true,
      ),
    ]),
    abBetsSection(c),
    sideBetsSection(c),
  ];
}

function abBetsSection(c: Words): Section {
  const { f, t } = c;
  const b = t.bets;
  const rows: string[][] = [];
  for (const bet of c.mainBets) {
    const lines = [...bet.lines].sort((x, y) => ratioValue(x.pays) - ratioValue(y.pays));
    // Three columns fit a phone: the mode goes with the bet's name.
    const name = bet.modes && f.modes ? `${c.bet(bet.name)} (${c.modes(bet.modes)})` : c.bet(bet.name);
    for (const l of lines) rows.push([name, capitalise(lineText(l.when, bet.group, t)), ratioText(l.pays)]);
  }
  return section('bets', t.section.bets, [
    p(b.abMain),
    table([b.head.bet, b.head.when, b.head.pays], rows, { numeric: [2] }),
    p(
      ratioExplained(
        c,
        rows.map((r) => r[2]),
      ),
    ),
    f.bets.some((bet) => bet.lines.some((l) => l.when.cardsDealt !== undefined)) ? p(t.bets.cardsDealt) : null,
  ]);
}

// ---------------------------------------------------------------- closing sections (both families)

function closingSections(c: Words, options: DescribeOptions): Section[] {
  return [
    limitsSection(c),
    deadlinesSection(c),
    roundingSection(c),
    disconnectionSection(c),
    errorsSection(c),
    rtpSection(c, options.rtp),
    notesSection(c, options.lang),
  ];
}

function limitsSection(c: Words): Section {
  const { f, t } = c;
  const l = t.limits;
  const rows = f.bets.map((b) => [
    betWithModes(c, b),
    amount(b.min, f.currency.minorPerUnit),
    amount(b.max, f.currency.minorPerUnit),
  ]);
  const policies = items([
    ...f.bets.map((b) => (b.overMax === 'accept-max' ? l.overMax({ bet: c.bet(b.name) }) : null)),
    ...f.bets.map((b) => (b.underMin === 'warn-then-void' ? l.underMin({ bet: c.bet(b.name) }) : null)),
  ]);
  const limited = f.bets.filter((b) => b.roundLimit !== null);
  const capped = f.bets.filter((b) => b.capPerRound !== null);
  return section(
    'limits',
    t.section.limits,
    [],
    [
      section('limits-stakes', t.section.stakeLimits, [
        table([l.head.bet, l.head.min, l.head.max], rows, {
          caption: l.caption({ code: f.currency.code }),
          numeric: [1, 2],
        }),
        p(l.refuse),
        policies.length ? list(policies) : null,
        p(l.perSpot),
      ]),
      section('limits-rounds', t.section.roundLimits, [
        limited.length
          ? list(limited.map((b) => t.side.roundLimit({ bet: c.bet(b.name), rounds: b.roundLimit! })))
          : p(l.noRoundLimits),
      ]),
      section('limits-caps', t.section.caps, [
        capped.length
          ? list(capped.map((b) => t.side.cap({ bet: c.bet(b.name), cap: c.money(b.capPerRound!) })))
          : p(l.noCaps),
      ]),
    ],
  );
}

function deadlinesSection(c: Words): Section {
  const { f, t } = c;
  const d = t.deadlines;
  const tm = f.timing;
  const bj = f.family === 'blackjack';
  return section('deadlines', t.section.deadlines, [
    list(
      items([
        !bj
          ? d.abBetting({ seconds: c.seconds(tm.bettingSeconds!) })
          : tm.bettingSeconds === null
            ? d.bettingSolo
            : d.betting({ seconds: c.seconds(tm.bettingSeconds) }),
        tm.decisionSeconds === null
          ? null
          : f.table.kind === 'common-draw'
            ? d.decisionCommon({ seconds: c.seconds(tm.decisionSeconds) })
            : d.decisionSeat({ seconds: c.seconds(tm.decisionSeconds) }),
        tm.insuranceSeconds === null ? null : d.insurance({ seconds: c.seconds(tm.insuranceSeconds) }),
        tm.followSeconds === null ? null : d.follow({ seconds: c.seconds(tm.followSeconds) }),
      ]),
    ),
    bj ? p(d.afterwards) : null,
  ]);
}

function roundingSection(c: Words): Section {
  const { f, t } = c;
  const unit = c.money(1);
  return section('rounding', t.section.rounding, [
    p(f.rounding === 'down' ? t.rounding.down({ unit }) : t.rounding.halfUp({ unit })),
    roundingExample(c),
  ]);
}

/** A payout of this pack that falls between two minor units, and what is paid for it. */
function roundingExample(c: Words): Block | null {
  const { f, t } = c;
  const ratios: { bet: BetFacts; text: string }[] = [];
  for (const bet of f.bets) {
    if (bet.payouts) ratios.push({ bet, text: bet.payouts.blackjack }, { bet, text: bet.payouts.win });
    for (const l of bet.lines) ratios.push({ bet, text: l.pays });
  }
  for (const { bet, text } of ratios) {
    const r = parseRatio(text);
    if (!r || r.den === 1) continue;
    for (let stake = bet.min; stake < bet.min + r.den && stake <= bet.max; stake++) {
      if ((stake * r.num) % r.den === 0) continue;
      const exact = exactAmount(stake, r.num, r.den, f.currency.minorPerUnit);
      if (!exact) break;
      const paid = payout(stake, r, f.rounding);
      return p(
        t.rounding.example({
          stake: c.money(stake),
          bet: c.bet(bet.name),
          ratio: ratioText(text),
          exact: `${exact} ${f.currency.code}`,
          paid: c.money(paid),
        }),
      );
    }
  }
  return null;
}

function disconnectionSection(c: Words): Section {
  const { f, t } = c;
  return section('disconnection', t.section.disconnection, [
    p(f.family === 'blackjack' ? t.disconnection.blackjack : t.disconnection.andarBahar),
    p(t.disconnection.history),
  ]);
}

function errorsSection(c: Words): Section {
  const { f, t } = c;
  const e = t.errors;
  return section('errors', t.section.errors, [
    list(
      items([
        e.fault,
        f.family === 'andar-bahar' ? e.notStarted : null,
        e.misdeal,
        e.scan,
        f.family === 'blackjack' ? e.shoeOut : null,
      ]),
    ),
  ]);
}

function rtpSection(c: Words, rtp: readonly RtpFigure[] | null): Section {
  const { f, t } = c;
  const r = t.rtp;
  if (!rtp) return section('rtp', t.section.rtp, [p(r.what), p(r.missing)]);
  const withModes = !!f.modes;
  const label = (row: RtpFigure) => (row.method === 'analysis' ? `${c.bet(row.bet)} (${r.mainNote})` : c.bet(row.bet));
  // A bet whose RTP is the same in several modes is one row.
  const groups: { row: RtpFigure; shown: string; modes: string[] }[] = [];
  for (const row of rtp) {
    const shown = rtpPercent(row.rtp);
    const same = groups.find((g) => g.row.bet === row.bet && g.shown === shown);
    if (same && row.mode) same.modes.push(c.mode(row.mode));
    else groups.push({ row, shown, modes: row.mode ? [c.mode(row.mode)] : [] });
  }
  const rows = groups.map((g) => (withModes ? [c.bet(g.row.bet), c.and(g.modes), g.shown] : [label(g.row), g.shown]));
  const best = (rows: readonly RtpFigure[]) => rows.reduce((a, b) => (b.rtp > a.rtp ? b : a));
  const maxima: string[] = [];
  if (withModes)
    for (const m of f.modes!.offered) {
      const inMode = rtp.filter((row) => row.mode === m);
      if (inMode.length) {
        const top = best(inMode);
        maxima.push(r.maxMode({ mode: c.mode(m), rtp: rtpPercent(top.rtp), bet: c.bet(top.bet) }));
      }
    }
  else if (rtp.length) {
    const top = best(rtp);
    maxima.push(r.max({ rtp: rtpPercent(top.rtp), bet: c.bet(top.bet) }));
  }
  const main = rtp.find((row) => row.method === 'analysis');
  const behind = f.bets.some((b) => b.type === 'behind');
  return section('rtp', t.section.rtp, [
    p(r.what),
    table(withModes ? [r.head.bet, r.head.mode, r.head.rtp] : [r.head.bet, r.head.rtp], rows, {
      numeric: [withModes ? 2 : 1],
    }),
    behind && main ? p(r.behind({ rtp: rtpPercent(main.rtp) })) : null,
    ...maxima.map(p),
    p(r.how),
  ]);
}

function notesSection(c: Words, lang: Lang): Section {
  const { f, t } = c;
  return section('notes', t.section.notes, [
    list(items([t.notes.numbers, lang === 'en' ? null : t.notes.english, t.notes.version({ version: f.version })])),
  ]);
}
