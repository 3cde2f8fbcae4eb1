// Checks a pack against what the schema cannot say: that its parts agree with each other, that
// every pay-table line can happen, and that the shoe can deal what the pack asks of it.
import { CARDS_PER_DECK, parseCard, parseRank } from '../core/cards.ts';
import { parseRatio } from '../core/money.ts';
import { blackjackLogicFindings } from './blackjack-logic.ts';
import type { BetSource } from './compile.ts';
import { type CompiledPack, findBet, hasSeats } from './compiled.ts';
import { compileCondition, type Facts } from './conditions.ts';
import { groupSamples } from './samples.ts';
import type { BetSpec, Scenario, SideBetModule, StrategyChart, VariantPack } from './schema.ts';
import type { Finding } from './source.ts';

export type { Finding } from './source.ts';

/** Cards a blackjack round may need past the cut card: a generous 5 per hand, dealer included. */
export const CARDS_PER_HAND_RESERVE = 5;
/** The fewest cards a blackjack round can use: two to one hand, two to the dealer. */
const MIN_CARDS_PER_ROUND = 4;
/** The fewest cards a burn after the shuffle takes: the shown card (an ace) and one more. */
const MIN_BURN = 2;

/** What a bet's checks need to know about the game it is played in. */
interface GameContext {
  family: VariantPack['family'];
  decks: number;
  dealerStandsSoft17: boolean;
  firstSide: 'andar' | 'bahar';
  /** The host shoe; absent when a side-bet module is checked on its own. */
  shoe?: VariantPack['spec']['shoe'];
}

/** Cards that must remain behind the cut card so the round in which it comes out can finish. */
export function cardsNeededPerRound(pack: VariantPack): number {
  const s = pack.spec;
  if (pack.family !== 'blackjack') return s.shoe.decks * 48 + 2; // the game card, then every non-matching card and the match
  // Every seat's hand and the dealer's, plus the extra hands of one seat that splits all the way:
  // a table where every seat splits to the limit in one round is too rare to reserve a shoe for.
  const seats = s.table.kind === 'common-draw' ? 1 : (s.table.seats ?? 1);
  const extraHands = (s.actions?.split?.maxHands ?? 1) - 1;
  return (seats + 1 + extraHands) * CARDS_PER_HAND_RESERVE;
}

/** The most rounds a shoe can start before it is reshuffled (R-BJ-SHOE-1, R-BJ-SHOE-2). */
export function maxRoundsPerShoe(shoe: VariantPack['spec']['shoe']): number {
  if (shoe.reshuffle === 'every-round') return 1;
  const beforeCut = Math.floor(shoe.decks * CARDS_PER_DECK * (shoe.penetration ?? 1));
  const burned = shoe.burn === 'shown-card-value' ? MIN_BURN : 0;
  // A round may start while the cut card is still in the shoe, i.e. at most beforeCut cards dealt.
  return Math.max(1, Math.floor((beforeCut - burned) / MIN_CARDS_PER_ROUND) + 1);
}

export function packFindings(pack: VariantPack, bets: BetSource[], path: string, fileId: string): Finding[] {
  const out: Finding[] = [];
  const add = (pointer: string, message: string, file = path, atKey = false) =>
    out.push({ path: file, pointer, message, atKey });
  const s = pack.spec;
  const bj = pack.family === 'blackjack';

  if (pack.id !== fileId)
    add('/id', `id: "${pack.id}" does not match the file name "${fileId}.yaml"; a pack's file is named after its id`);

  // Family and table agree.
  if (bj && s.table.kind === 'andar-bahar')
    add(
      '/spec/table/kind',
      'spec.table.kind: "andar-bahar" is for the andar-bahar family; a blackjack pack uses seated, common-draw or solo',
    );
  if (!bj && s.table.kind !== 'andar-bahar')
    add(
      '/spec/table/kind',
      `spec.table.kind: "${s.table.kind}" is a blackjack table; an andar-bahar pack uses kind: andar-bahar`,
    );
  if (bj) {
    if (!s.dealer)
      add(
        '/spec',
        'spec: "dealer" is missing; a blackjack pack says how the dealer plays (hitsSoft17, peekOn, onBlackjack)',
      );
    if (!s.actions)
      add('/spec', 'spec: "actions" is missing; a blackjack pack lists the actions it allows (hit, stand, …)');
    else if (!s.actions.stand)
      add('/spec/actions', 'spec.actions: "stand" is missing; every blackjack hand must be able to stand');
    if (s.modes)
      add(
        '/spec/modes',
        'spec.modes: betting modes are for Andar Bahar; remove them from a blackjack pack',
        path,
        true,
      );
    if ((s.table.kind === 'seated' || s.table.kind === 'solo') && !s.table.seats)
      add('/spec/table', `spec.table: "seats" is missing; a ${s.table.kind} table says how many seats it has`);
    if (s.table.betBehind && s.table.kind !== 'seated')
      add('/spec/table/betBehind', 'spec.table.betBehind: bet behind needs a seated table', path, true);
    if (s.table.betBehind && !bets.some((b) => b.bet.type === 'behind'))
      add(
        '/spec/table/betBehind',
        'spec.table.betBehind: there is no bet of type "behind" in spec.bets to follow with',
        path,
        true,
      );
    if (!bets.some((b) => b.bet.type === 'hand'))
      add('/spec/bets', 'spec.bets: a blackjack pack needs one bet of type "hand" (the main bet)');
  } else {
    if (s.dealer)
      add(
        '/spec/dealer',
        'spec.dealer: dealer rules are for blackjack; remove them from an andar-bahar pack',
        path,
        true,
      );
    if (s.actions)
      add(
        '/spec/actions',
        'spec.actions: player actions are for blackjack; remove them from an andar-bahar pack',
        path,
        true,
      );
    if (!s.modes)
      add('/spec', 'spec: "modes" is missing; an andar-bahar pack lists its betting modes (commission, no-commission)');
    else if (!s.modes.offered.includes(s.modes.default))
      add(
        '/spec/modes/default',
        `spec.modes.default: "${s.modes.default}" is not one of the offered modes (${s.modes.offered.join(', ')})`,
      );
  }
  // A one-seat solo table has no other seat for an AI player.
  if (s.table.kind === 'solo' && (s.table.seats ?? 1) > 1 && !Object.keys(s.table.ai ?? {}).length)
    add(
      '/spec/table',
      `spec.table: a solo table of ${s.table.seats} seats needs "ai" with at least one level (easy, normal, hard) for the other seats; a one-seat table needs none`,
    );
  if (s.table.kind === 'solo' && s.table.seats === 1 && Object.keys(s.table.ai ?? {}).length)
    add(
      '/spec/table/ai',
      'spec.table.ai: a solo table of one seat has no seat for an AI player; remove ai, or add seats',
      path,
      true,
    );
  if (bj) out.push(...blackjackLogicFindings(pack, bets, path));

  // Card sources (R-LD-SOURCE-1).
  const sources = s.shoe.sources ?? ['rng'];
  if (sources.includes('dealer')) {
    if (s.table.kind === 'common-draw')
      add(
        '/spec/shoe/sources',
        'spec.shoe.sources: a common-draw table deals from the seeded shoe only (rng); the dealer feed serves seated, solo and Andar Bahar tables',
      );
    if (s.timing.cardSeconds === undefined)
      add(
        '/spec/timing',
        'spec.timing: "cardSeconds" is missing; a pack that allows the dealer feed says how long a table waits for a card before the round pauses',
      );
  } else if (s.timing.cardSeconds !== undefined)
    add(
      '/spec/timing/cardSeconds',
      'spec.timing.cardSeconds: only dealer-fed tables wait for cards; add dealer to spec.shoe.sources or remove it',
      path,
      true,
    );

  // Shoe: cut card and what a round needs.
  const size = s.shoe.decks * CARDS_PER_DECK;
  if (s.shoe.reshuffle === 'cut-card') {
    const needed = cardsNeededPerRound(pack);
    if (needed >= size)
      add(
        '/spec/shoe/decks',
        `spec.shoe.decks: a shoe of ${size} cards is too small for one round at this table, which may need ${needed} cards; use more decks`,
      );
    else if (s.shoe.penetration === undefined)
      add(
        '/spec/shoe',
        'spec.shoe: "penetration" is missing; a cut-card shoe says how much is dealt before the cut card (e.g. 0.8)',
      );
    else {
      const behindCut = size - Math.floor(size * s.shoe.penetration);
      if (behindCut < needed)
        add(
          '/spec/shoe/penetration',
          `spec.shoe.penetration: ${s.shoe.penetration} leaves ${behindCut} cards behind the cut card, too few to finish the last round; this table needs at least ${needed} (penetration at most ${(Math.floor(((size - needed) / size) * 1000) / 1000).toFixed(3)})`,
        );
    }
  } else if (s.shoe.penetration !== undefined) {
    add(
      '/spec/shoe/penetration',
      'spec.shoe.penetration: a shoe reshuffled every round has no cut card; remove penetration',
      path,
      true,
    );
  }
  if (s.shoe.burn === 'shown-card-value' && s.shoe.reshuffle === 'every-round' && size < 60)
    add(
      '/spec/shoe/burn',
      'spec.shoe.burn: burning up to 11 cards before every round leaves too few cards in a single deck; use burn: none',
    );

  // Modes of each bet, and each bet (per mode) declared once.
  const modesOffered = s.modes?.offered ?? [];
  const seen = new Map<string, string>();
  const game: GameContext = {
    family: pack.family,
    decks: s.shoe.decks,
    dealerStandsSoft17: !s.dealer?.hitsSoft17,
    firstSide: s.table.firstSide ?? 'andar',
    shoe: s.shoe,
  };
  bets.forEach(({ bet, path: file, pointer }) => {
    const at = (rel: string) => `${pointer}${rel}`;
    for (const [i, m] of (bet.modes ?? []).entries()) {
      if (!s.modes)
        add(
          at(`/modes`),
          `${readable(at('/modes'))}: "${bet.name}" names betting modes, but this pack offers none; remove modes`,
          file,
          true,
        );
      else if (!modesOffered.includes(m))
        add(
          at(`/modes/${i}`),
          `${readable(at(`/modes/${i}`))}: mode "${m}" is not offered by this pack (spec.modes.offered: ${modesOffered.join(', ')})`,
          file,
        );
    }
    const modes: (string | null)[] = bet.modes ?? (modesOffered.length ? modesOffered : [null]);
    for (const m of modes) {
      const key = m ? `${bet.name} (${m})` : bet.name;
      const first = seen.get(key);
      if (first)
        add(
          at('/name'),
          `${readable(at('/name'))}: duplicate bet "${key}"; it is already declared at ${first}; each bet name (and mode) is declared once`,
          file,
        );
      else seen.set(key, `${file === path ? '' : `${file} `}${readable(at(''))}`);
    }
    betFindings(game, bet, file, pointer, add);
  });
  return out;
}

const readable = (pointer: string) =>
  pointer
    .slice(1)
    .split('/')
    .reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');

type Add = (pointer: string, message: string, file?: string, atKey?: boolean) => void;

function betFindings(game: GameContext, bet: BetSpec, file: string, pointer: string, add: Add): void {
  const where = (rel: string) => readable(`${pointer}${rel}`);
  const bj = game.family === 'blackjack';
  if (bet.limits.min > bet.limits.max)
    add(
      `${pointer}/limits/min`,
      `${where('/limits/min')}: the minimum ${bet.limits.min} is above the maximum ${bet.limits.max}`,
      file,
    );
  // 1 is allowed (a bet with no house edge); 0 or less would be a bet that never pays anything back.
  if (bet.declaredRtp !== undefined && !(bet.declaredRtp > 0 && bet.declaredRtp <= 1))
    add(
      `${pointer}/declaredRtp`,
      `${where('/declaredRtp')}: ${bet.declaredRtp} is not a return to player; write a fraction between 0 and 1 (99.53% is 0.9953)`,
      file,
    );

  const ratios: [string, string][] = [];
  if (bet.payouts) ratios.push(['/payouts/blackjack', bet.payouts.blackjack], ['/payouts/win', bet.payouts.win]);
  bet.lines?.forEach((l, i) => {
    ratios.push([`/lines/${i}/pays`, l.pays]);
  });
  for (const [rel, text] of ratios) {
    const r = parseRatio(text);
    // The schema admits N:0 and huge numbers; neither is a ratio the engine can pay exactly.
    if (!r)
      add(
        `${pointer}${rel}`,
        `${where(rel)}: "${text}" is not a payout ratio; write N:M with M above zero, e.g. "3:2"`,
        file,
      );
    else if (r.num === 0)
      add(
        `${pointer}${rel}`,
        `${where(rel)}: "${text}" pays nothing; a payout ratio must be above zero (write N:M with N > 0)`,
        file,
      );
  }

  if (bet.type === 'hand' || bet.type === 'behind') {
    if (!bj)
      add(
        `${pointer}/type`,
        `${where('/type')}: "${bet.type}" bets are for blackjack; an andar-bahar bet is type paytable`,
        file,
      );
    if (!bet.payouts)
      add(pointer, `${where('')}: "payouts" is missing; a ${bet.type} bet says what blackjack and a win pay`, file);
    for (const k of ['group', 'lines', 'roundLimit', 'cap'] as const)
      if (bet[k] !== undefined)
        add(`${pointer}/${k}`, `${where(`/${k}`)}: a ${bet.type} bet has no ${k}; only paytable bets do`, file, true);
    return;
  }
  if (!bet.group)
    add(pointer, `${where('')}: "group" is missing; a paytable bet names the card group its lines look at`, file);
  if (!bet.lines) add(pointer, `${where('')}: "lines" is missing; a paytable bet needs its pay table`, file);
  if (bet.payouts)
    add(`${pointer}/payouts`, `${where('/payouts')}: a paytable bet is paid by its lines; remove payouts`, file, true);
  const bjGroups = ['first-two', 'first-two-and-up', 'dealer-final'];
  if (bet.group && bj !== bjGroups.includes(bet.group))
    add(
      `${pointer}/group`,
      `${where('/group')}: group "${bet.group}" is not a ${game.family} card group; use one of: ${bj ? bjGroups.join(', ') : 'first-3, outcome'}`,
      file,
    );
  if (bet.withMain && !bj)
    add(`${pointer}/withMain`, `${where('/withMain')}: there is no main bet in Andar Bahar`, file, true);

  if (bet.roundLimit !== undefined && game.shoe) {
    // The limit bites from round roundLimit + 1 on; a shoe that never starts that round makes it void.
    const maxRounds = maxRoundsPerShoe(game.shoe);
    if (bet.roundLimit >= maxRounds)
      add(
        `${pointer}/roundLimit`,
        `${where('/roundLimit')}: a limit of ${bet.roundLimit} rounds is beyond what the shoe can deal; this shoe deals at most ${maxRounds} ${maxRounds === 1 ? 'round' : 'rounds'} before it is reshuffled, so the limit would never apply (${maxRounds > 1 ? `use at most ${maxRounds - 1}` : 'remove roundLimit'})`,
        file,
      );
  }

  if (!bet.lines || !bet.group) return;
  const names = new Set<string>();
  bet.lines.forEach((line, i) => {
    const rel = `/lines/${i}`;
    if (names.has(line.name))
      add(
        `${pointer}${rel}/name`,
        `${where(`${rel}/name`)}: duplicate line name "${line.name}" in the pay table of "${bet.name}"; name each line once`,
        file,
      );
    names.add(line.name);
    const w = line.when;
    const factProblem = (bj ? (['winner', 'cardsDealt'] as const) : (['dealerBlackjack'] as const)).find(
      (f) => w[f] !== undefined,
    );
    if (factProblem) {
      add(
        `${pointer}${rel}/when/${factProblem}`,
        `${where(`${rel}/when/${factProblem}`)}: "${factProblem}" is not a fact of a ${game.family} round`,
        file,
        true,
      );
      return;
    }
    for (const [k, list] of [
      ['cards', w.cards],
      ['ranks', w.ranks],
    ] as const)
      list?.forEach((v, j) => {
        if ((k === 'cards' ? parseCard(String(v)) : parseRank(v)) === undefined)
          add(
            `${pointer}${rel}/when/${k}/${j}`,
            `${where(`${rel}/when/${k}/${j}`)}: "${v}" is not a ${k === 'cards' ? 'card' : 'rank'}`,
            file,
          );
      });
    if (!lineCanMatch(game, bet.group!, w))
      add(
        `${pointer}${rel}/when`,
        `${where(`${rel}/when`)}: line "${line.name}" can never match: no ${describeGroup(bet.group!)} from ${game.decks} ${game.decks === 1 ? 'deck' : 'decks'} meets all of ${JSON.stringify(w)}`,
        file,
      );
  });
}

function describeGroup(group: string): string {
  return (
    {
      'first-two': "player's first two cards",
      'first-two-and-up': 'first two cards with the dealer up card',
      'dealer-final': 'dealer hand',
      'first-3': 'game card with the first Andar and Bahar cards',
      outcome: 'round outcome',
    } as Record<string, string>
  )[group];
}

function lineCanMatch(game: GameContext, group: string, when: Parameters<typeof compileCondition>[0]): boolean {
  const matches = compileCondition(when);
  const factsList = possibleFacts(game);
  for (const cards of groupSamples(group, game.decks, game.dealerStandsSoft17))
    for (const facts of factsList) if (matches(cards, cards.length, facts)) return true;
  return false;
}

/** Every combination of round facts that can occur at this table. */
function possibleFacts(game: GameContext): Facts[] {
  if (game.family === 'blackjack') return [{ dealerBlackjack: true }, { dealerBlackjack: false }];
  // Andar Bahar: the first side takes the odd-numbered cards, so the count decides the winner.
  const firstSide = game.firstSide === 'bahar' ? 1 : 0;
  const maxDealt = game.decks * 48 + 1;
  return Array.from({ length: maxDealt }, (_, i) => ({
    cardsDealt: i + 1,
    winner: (i % 2 === 0 ? firstSide : 1 - firstSide) as 0 | 1,
  }));
}

/** A side-bet module on its own: its deck range and its bet, judged at the most decks it allows. */
export function moduleFindings(mod: SideBetModule, path: string): Finding[] {
  const out: Finding[] = [];
  const add: Add = (pointer, message, file = path, atKey = false) => out.push({ path: file, pointer, message, atKey });
  const { min, max } = mod.spec.decks;
  if (min > max)
    add(
      '/spec/decks/min',
      `spec.decks.min: ${min} is above spec.decks.max ${max}; a host game must be able to have a deck count in the range`,
    );
  const game: GameContext = {
    family: mod.family,
    decks: Math.max(min, max),
    dealerStandsSoft17: true,
    firstSide: 'andar',
  };
  betFindings(game, mod.spec.bet, path, '/spec/bet', add);
  return out;
}

const HARD_KEYS = new Set(Array.from({ length: 18 }, (_, i) => String(i + 4)));
const SOFT_KEYS = new Set(Array.from({ length: 10 }, (_, i) => String(i + 12)));
const PAIR_KEYS = new Set(['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A']);

/** A strategy chart: each row is keyed by a hand that exists in its table. */
export function chartFindings(chart: StrategyChart, path: string): Finding[] {
  const out: Finding[] = [];
  const tables = [
    ['hard', HARD_KEYS, 'a hard total from 4 to 21'],
    ['soft', SOFT_KEYS, 'a soft total from 12 (A,A when it is not split) to 21 (an ace counted 11 and another card)'],
    ['pairs', PAIR_KEYS, 'the rank of the pair: 2-9, T or A'],
  ] as const;
  for (const [name, keys, what] of tables)
    for (const key of Object.keys(chart.spec[name]))
      if (!keys.has(key))
        out.push({
          path,
          pointer: `/spec/${name}/${key}`,
          atKey: true,
          message: `spec.${name}: row "${key}" is not a hand of this table; its rows are keyed by ${what}`,
        });
  return out;
}

/** A scenario against its compiled pack: bets, modes, seats, players and the shoe's cards. */
export function scenarioFindings(sc: Scenario, pack: CompiledPack, path: string): Finding[] {
  const out: Finding[] = [];
  const add = (pointer: string, message: string, atKey = false) => out.push({ path, pointer, message, atKey });
  const seated = hasSeats(pack);
  const betNames = [...new Set(pack.bets.map((b) => b.name))];
  const players = new Set(Object.keys(sc.players));
  type Who = { player: string; seat?: number; on?: string; mode?: 'commission' | 'no-commission' };
  sc.steps.forEach((step, i) => {
    const kind = typeof step === 'object' && step ? ('bet' in step ? 'bet' : 'act' in step ? 'act' : null) : null;
    if (!kind) return;
    const at = `/steps/${i}/${kind}`;
    const who = (step as unknown as Record<string, Who>)[kind];
    if (!players.has(who.player))
      add(
        `${at}/player`,
        `${readable(at)}.player: "${who.player}" is not one of the players (${[...players].join(', ')})`,
      );
    if (who.seat !== undefined) {
      if (!seated)
        add(`${at}/seat`, `${readable(at)}.seat: a ${pack.table.kind} table has no seats; leave seat out`, true);
      else if (who.seat > pack.table.seats)
        add(
          `${at}/seat`,
          `${readable(at)}.seat: seat ${who.seat} is not at this table; pack "${pack.id}" has seats 1 to ${pack.table.seats}`,
        );
    }
    // A step expected to be refused may name a bet or mode the pack does not offer: that is its point.
    if (kind !== 'bet' || who.on === undefined || (step as { reject?: unknown }).reject !== undefined) return;
    const { on, mode } = who;
    if (!betNames.includes(on)) {
      add(
        `${at}/on`,
        `${readable(at)}.on: "${on}" is not a bet of pack "${pack.id}"; its bets are: ${betNames.join(', ')}`,
      );
      return;
    }
    if (mode !== undefined && !pack.modes)
      add(`${at}/mode`, `${readable(at)}.mode: pack "${pack.id}" has no betting modes; leave mode out`, true);
    else if (!findBet(pack, on, mode)) {
      const offered = pack.bets.filter((b) => b.name === on).map((b) => b.mode);
      add(
        mode === undefined ? at : `${at}/mode`,
        `${readable(at)}: "${on}" is not offered in mode "${mode ?? pack.modes?.default}"; it is offered in: ${offered.join(', ')}`,
      );
    }
  });
  for (const name of Object.keys(sc.expect.balances))
    if (!players.has(name))
      add(
        `/expect/balances/${name}`,
        `expect.balances: "${name}" is not one of the players (${[...players].join(', ')})`,
        true,
      );
  // A scenario proves what it expects: every player's end balance, so one cannot pass while checking nothing.
  const unexpected = [...players].filter((name) => !(name in sc.expect.balances));
  if (unexpected.length)
    add(
      '/expect/balances',
      `expect.balances: give the final balance of every player; missing: ${unexpected.join(', ')}`,
    );
  if (sc.source === 'dealer') {
    if (!pack.cardSources.includes('dealer'))
      add('/source', `source: pack "${pack.id}" does not allow a dealer-fed table (spec.shoe.sources)`);
    if (sc.shoe) add('/shoe', 'shoe: a dealer-fed scenario takes its cards from card steps; remove shoe', true);
  } else if (!sc.shoe)
    add('', 'scenario: "shoe" is missing; give the dealing order (or source: dealer and card steps)');
  sc.steps.forEach((step, i) => {
    const dealerStep =
      typeof step === 'object' ? 'card' in step || 'misdeal' in step : step === 'misdeal' || step === 'new-shoe';
    if (dealerStep && sc.source !== 'dealer')
      add(`/steps/${i}`, `steps[${i}]: a dealer command needs a dealer-fed scenario (source: dealer)`);
  });
  // The fixed shoe is a prefix of a real shuffle: no card more often than the decks hold it.
  const counts = new Map<string, number>();
  (sc.shoe ?? []).forEach((text, i) => {
    const card = parseCard(text);
    if (card === undefined) return;
    const n = (counts.get(String(card)) ?? 0) + 1;
    counts.set(String(card), n);
    if (n === pack.shoe.decks + 1)
      add(
        `/shoe/${i}`,
        `shoe[${i}]: ${text} appears ${n} times, but pack "${pack.id}" deals from ${pack.shoe.decks} ${pack.shoe.decks === 1 ? 'deck' : 'decks'}, so it can appear at most ${pack.shoe.decks} ${pack.shoe.decks === 1 ? 'time' : 'times'}`,
      );
  });
  return out;
}
