// Checks a pack against what the schema cannot say: that its parts agree with each other, that
// every pay-table line can happen, and that the shoe can deal what the pack asks of it.
import { CARDS_PER_DECK, parseCard, parseRank } from '../core/cards.ts';
import { parseRatio } from '../core/money.ts';
import type { BetSource } from './compile.ts';
import { compileCondition, type Facts } from './conditions.ts';
import { groupSamples } from './samples.ts';
import type { VariantPack } from './schema.ts';

/** A problem found by meaning, before it is given a line and column. */
export interface Finding {
  path: string;
  pointer: string;
  message: string;
  atKey?: boolean;
}

/** Cards a blackjack round may need past the cut card: a generous 5 per hand, dealer included. */
export const CARDS_PER_HAND_RESERVE = 5;
/** The fewest cards a blackjack round can use: two to one hand, two to the dealer. */
const MIN_CARDS_PER_ROUND = 4;

export function packFindings(pack: VariantPack, bets: BetSource[], path: string, fileId: string): Finding[] {
  const out: Finding[] = [];
  const add = (pointer: string, message: string, file = path, atKey = false) => out.push({ path: file, pointer, message, atKey });
  const s = pack.spec;
  const bj = pack.family === 'blackjack';

  if (pack.id !== fileId) add('/id', `id: "${pack.id}" does not match the file name "${fileId}.yaml"; a pack's file is named after its id`);

  // Family and table agree.
  if (bj && s.table.kind === 'andar-bahar') add('/spec/table/kind', 'spec.table.kind: "andar-bahar" is for the andar-bahar family; a blackjack pack uses seated, common-draw or solo');
  if (!bj && s.table.kind !== 'andar-bahar') add('/spec/table/kind', `spec.table.kind: "${s.table.kind}" is a blackjack table; an andar-bahar pack uses kind: andar-bahar`);
  if (bj) {
    if (!s.dealer) add('/spec', 'spec: "dealer" is missing; a blackjack pack says how the dealer plays (hitsSoft17, peekOn, onBlackjack)');
    if (!s.actions) add('/spec', 'spec: "actions" is missing; a blackjack pack lists the actions it allows (hit, stand, …)');
    else if (!s.actions.stand) add('/spec/actions', 'spec.actions: "stand" is missing; every blackjack hand must be able to stand');
    if (s.modes) add('/spec/modes', 'spec.modes: betting modes are for Andar Bahar; remove them from a blackjack pack', path, true);
    if ((s.table.kind === 'seated' || s.table.kind === 'solo') && !s.table.seats) add('/spec/table', `spec.table: "seats" is missing; a ${s.table.kind} table says how many seats it has`);
    if (s.table.betBehind && s.table.kind !== 'seated') add('/spec/table/betBehind', 'spec.table.betBehind: bet behind needs a seated table', path, true);
    if (s.table.betBehind && !bets.some((b) => b.bet.type === 'behind')) add('/spec/table/betBehind', 'spec.table.betBehind: there is no bet of type "behind" in spec.bets to follow with', path, true);
    if (!bets.some((b) => b.bet.type === 'hand')) add('/spec/bets', 'spec.bets: a blackjack pack needs one bet of type "hand" (the main bet)');
  } else {
    if (s.dealer) add('/spec/dealer', 'spec.dealer: dealer rules are for blackjack; remove them from an andar-bahar pack', path, true);
    if (s.actions) add('/spec/actions', 'spec.actions: player actions are for blackjack; remove them from an andar-bahar pack', path, true);
    if (!s.modes) add('/spec', 'spec: "modes" is missing; an andar-bahar pack lists its betting modes (commission, no-commission)');
    else if (!s.modes.offered.includes(s.modes.default)) add('/spec/modes/default', `spec.modes.default: "${s.modes.default}" is not one of the offered modes (${s.modes.offered.join(', ')})`);
  }
  if (s.table.kind === 'solo' && !Object.keys(s.table.ai ?? {}).length) add('/spec/table', 'spec.table: a solo table needs "ai" with at least one level (easy, normal, hard) for the other seats');

  // Shoe: cut card and what a round needs.
  const size = s.shoe.decks * CARDS_PER_DECK;
  if (s.shoe.reshuffle === 'cut-card') {
    if (s.shoe.penetration === undefined) add('/spec/shoe', 'spec.shoe: "penetration" is missing; a cut-card shoe says how much is dealt before the cut card (e.g. 0.8)');
    else {
      const behindCut = size - Math.floor(size * s.shoe.penetration);
      const hands = bj ? (s.table.kind === 'common-draw' ? 1 : (s.table.seats ?? 1)) * (s.actions?.split?.maxHands ?? 1) : 0;
      const needed = bj ? Math.min(size, (Math.min(hands, s.table.seats ?? hands) + 1) * CARDS_PER_HAND_RESERVE) : 52;
      if (behindCut < needed)
        add('/spec/shoe/penetration', `spec.shoe.penetration: ${s.shoe.penetration} leaves ${behindCut} cards behind the cut card, too few to finish the last round; this table needs at least ${needed} (penetration at most ${((size - needed) / size).toFixed(3)})`);
    }
  } else if (s.shoe.penetration !== undefined) {
    add('/spec/shoe/penetration', 'spec.shoe.penetration: a shoe reshuffled every round has no cut card; remove penetration', path, true);
  }
  if (s.shoe.burn === 'shown-card-value' && s.shoe.reshuffle === 'every-round' && size < 60)
    add('/spec/shoe/burn', 'spec.shoe.burn: burning up to 11 cards before every round leaves too few cards in a single deck; use burn: none');

  // Modes of each bet.
  const modesOffered = s.modes?.offered ?? [];
  const seen = new Map<string, string>();
  bets.forEach(({ bet, path: file, pointer }) => {
    const at = (rel: string) => `${pointer}${rel}`;
    for (const [i, m] of (bet.modes ?? []).entries()) {
      if (!s.modes) add(at(`/modes`), `${readable(at('/modes'))}: "${bet.name}" names betting modes, but this pack offers none; remove modes`, file, true);
      else if (!modesOffered.includes(m)) add(at(`/modes/${i}`), `${readable(at(`/modes/${i}`))}: mode "${m}" is not offered by this pack (spec.modes.offered: ${modesOffered.join(', ')})`, file);
    }
    for (const m of bet.modes ?? modesOffered.length ? (bet.modes ?? modesOffered) : [null]) {
      const key = m ? `${bet.name} (${m})` : bet.name;
      const first = seen.get(key);
      if (first) add(at('/name'), `${readable(at('/name'))}: duplicate bet "${key}"; it is already declared at ${first}; each bet name (and mode) is declared once`, file);
      else seen.set(key, `${file === path ? '' : file + ' '}${readable(at(''))}`);
    }
    betFindings(pack, bet, file, pointer, add);
  });
  return out;
}

const readable = (pointer: string) =>
  pointer
    .slice(1)
    .split('/')
    .reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '');

type Add = (pointer: string, message: string, file?: string, atKey?: boolean) => void;

function betFindings(pack: VariantPack, bet: BetSource['bet'], file: string, pointer: string, add: Add): void {
  const where = (rel: string) => readable(`${pointer}${rel}`);
  const bj = pack.family === 'blackjack';
  const s = pack.spec;
  if (bet.limits.min > bet.limits.max)
    add(`${pointer}/limits/min`, `${where('/limits.min')}: the minimum ${bet.limits.min} is above the maximum ${bet.limits.max}`, file);
  if (bet.declaredRtp !== undefined && !(bet.declaredRtp > 0 && bet.declaredRtp < 1))
    add(`${pointer}/declaredRtp`, `${where('/declaredRtp')}: ${bet.declaredRtp} is not a return to player; write a fraction between 0 and 1 (99.53% is 0.9953)`, file);

  const ratios: [string, string][] = [];
  if (bet.payouts) ratios.push(['/payouts/blackjack', bet.payouts.blackjack], ['/payouts/win', bet.payouts.win]);
  bet.lines?.forEach((l, i) => ratios.push([`/lines/${i}/pays`, l.pays]));
  for (const [rel, text] of ratios) {
    const r = parseRatio(text);
    if (r && r.num === 0) add(`${pointer}${rel}`, `${where(rel)}: "${text}" pays nothing; a payout ratio must be above zero (write N:M with N > 0)`, file);
  }

  if (bet.type === 'hand' || bet.type === 'behind') {
    if (!bj) add(`${pointer}/type`, `${where('/type')}: "${bet.type}" bets are for blackjack; an andar-bahar bet is type paytable`, file);
    if (!bet.payouts) add(pointer, `${where('')}: "payouts" is missing; a ${bet.type} bet says what blackjack and a win pay`, file);
    for (const k of ['group', 'lines', 'roundLimit', 'cap'] as const)
      if (bet[k] !== undefined) add(`${pointer}/${k}`, `${where('/' + k)}: a ${bet.type} bet has no ${k}; only paytable bets do`, file, true);
    return;
  }
  if (!bet.group) add(pointer, `${where('')}: "group" is missing; a paytable bet names the card group its lines look at`, file);
  if (!bet.lines) add(pointer, `${where('')}: "lines" is missing; a paytable bet needs its pay table`, file);
  if (bet.payouts) add(`${pointer}/payouts`, `${where('/payouts')}: a paytable bet is paid by its lines; remove payouts`, file, true);
  const bjGroups = ['first-two', 'first-two-and-up', 'dealer-final'];
  if (bet.group && bj !== bjGroups.includes(bet.group))
    add(`${pointer}/group`, `${where('/group')}: group "${bet.group}" is not a ${pack.family} card group; use one of: ${bj ? bjGroups.join(', ') : 'first-3, outcome'}`, file);
  if (bet.withMain && !bj) add(`${pointer}/withMain`, `${where('/withMain')}: there is no main bet in Andar Bahar`, file, true);

  if (bet.roundLimit !== undefined) {
    const size = s.shoe.decks * CARDS_PER_DECK;
    const maxRounds = s.shoe.reshuffle === 'every-round' ? 1 : Math.floor(Math.floor(size * (s.shoe.penetration ?? 1)) / MIN_CARDS_PER_ROUND) + 1;
    if (bet.roundLimit > maxRounds)
      add(`${pointer}/roundLimit`, `${where('/roundLimit')}: ${bet.roundLimit} rounds can never be reached; this shoe deals at most ${maxRounds} ${maxRounds === 1 ? 'round' : 'rounds'} before it is reshuffled`, file);
  }

  if (!bet.lines || !bet.group) return;
  const names = new Set<string>();
  bet.lines.forEach((line, i) => {
    const rel = `/lines/${i}`;
    if (names.has(line.name)) add(`${pointer}${rel}/name`, `${where(rel + '/name')}: duplicate line name "${line.name}"; name each line once`, file);
    names.add(line.name);
    const w = line.when;
    const factProblem = (bj ? (['winner', 'cardsDealt'] as const) : (['dealerBlackjack'] as const)).find((f) => w[f] !== undefined);
    if (factProblem) {
      add(`${pointer}${rel}/when/${factProblem}`, `${where(rel + '/when.' + factProblem)}: "${factProblem}" is not a fact of a ${pack.family} round`, file, true);
      return;
    }
    for (const [k, list] of [['cards', w.cards], ['ranks', w.ranks]] as const)
      list?.forEach((v, j) => {
        if ((k === 'cards' ? parseCard(String(v)) : parseRank(v)) === undefined) add(`${pointer}${rel}/when/${k}/${j}`, `${where(`${rel}/when.${k}[${j}]`)}: "${v}" is not a ${k === 'cards' ? 'card' : 'rank'}`, file);
      });
    if (!lineCanMatch(pack, bet.group!, w))
      add(`${pointer}${rel}/when`, `${where(rel + '/when')}: line "${line.name}" can never match: no ${describeGroup(bet.group!)} from ${s.shoe.decks} ${s.shoe.decks === 1 ? 'deck' : 'decks'} meets all of ${JSON.stringify(w)}`, file);
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

function lineCanMatch(pack: VariantPack, group: string, when: Parameters<typeof compileCondition>[0]): boolean {
  const matches = compileCondition(when);
  const factsList = possibleFacts(pack);
  for (const cards of groupSamples(group, pack.spec.shoe.decks, !pack.spec.dealer?.hitsSoft17))
    for (const facts of factsList) if (matches(cards, cards.length, facts)) return true;
  return false;
}

/** Every combination of round facts that can occur at this table. */
function possibleFacts(pack: VariantPack): Facts[] {
  if (pack.family === 'blackjack') return [{ dealerBlackjack: true }, { dealerBlackjack: false }];
  // Andar Bahar: the first side takes the odd-numbered cards, so the count decides the winner.
  const firstSide = pack.spec.table.firstSide === 'bahar' ? 1 : 0;
  const maxDealt = pack.spec.shoe.decks * 48 + 1;
  return Array.from({ length: maxDealt }, (_, i) => ({ cardsDealt: i + 1, winner: ((i % 2) === 0 ? firstSide : 1 - firstSide) as 0 | 1 }));
}
