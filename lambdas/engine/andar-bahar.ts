// The Andar Bahar family: a fresh single-deck shuffle and the game card when the round opens
// (R-AB-DECK-1, R-AB-GAME-1), bets per mode (R-AB-MODE-1), alternate dealing until a card of the
// game card's rank appears (R-AB-DEAL-1), and every bet settled from the pack's pay tables.
import { CARDS_PER_DECK, rankOf, type Card } from '../core/cards.ts';
import { findBetFor, type CompiledBet, type CompiledPack } from '../pack/compiled.ts';
import { outcomeIndex } from '../pack/line-table.ts';
import { placeOnSpot, voidForShoe, voidPlayerBets } from './bets.ts';
import { emit, ok, type Ctx } from './context.ts';
import { Seat } from './ledger.ts';
import { settleDecided, type GroupView } from './paytable.ts';
import { workingAndarBahar, type Table } from './state.ts';
import type { Family } from './table.ts';
import { fail, type BetSpec, type Result } from './types.ts';

const SIDE_NAMES = ['andar', 'bahar'] as const;

// One group of each kind, filled once a round when the winner is known: a bet reads it and lets go.
const facts: { winner: 0 | 1 | undefined; cardsDealt: number | undefined } = { winner: undefined, cardsDealt: undefined };
const outcome: GroupView = { cards: [], n: 0, facts, outcome: -1 };
const first3: GroupView & { cards: Card[] } = { cards: [0, 0, 0], n: 0, facts, outcome: -1 };

/** Fills the groups from the round's cards once the winner is known. */
function fillGroups(ctx: Ctx, table: Table): void {
  const ab = table.round.andarBahar!;
  facts.winner = ab.winner ?? undefined;
  facts.cardsDealt = ab.counts[0] + ab.counts[1];
  const shoeCards = ctx.pack.shoe.decks * CARDS_PER_DECK;
  outcome.outcome = ab.winner === null || facts.cardsDealt > shoeCards ? -1 : outcomeIndex(shoeCards, ab.winner, facts.cardsDealt);
  // First 3: the game card with each side's first card; fewer than three cards out loses (R-AB-SIDE-2).
  first3.n = ab.counts[0] && ab.counts[1] ? 3 : 0;
  first3.cards[0] = ab.gameCard;
  first3.cards[1] = ab.sides[0][0];
  first3.cards[2] = ab.sides[1][0];
}

const groupOf = (_ctx: Ctx, _table: Table, _row: number, bet: CompiledBet): GroupView => (bet.group === 'first-3' ? first3 : outcome);

/** The next card to `to` (a side, or the game card); -1 when the shoe is out (only a fixed shoe runs out). */
function dealTo(ctx: Ctx, table: Table, to: string): Card {
  const card = table.shoe!.draw();
  if (card >= 0 && ctx.events) emit(ctx, table, { type: 'card', to, card });
  return card;
}

function grown(cards: Uint8Array): Uint8Array {
  const more = new Uint8Array(cards.length * 2);
  more.set(cards);
  return more;
}

/** Deals to the sides in turn until a card of rank `target` (R-AB-DEAL-1); answers the side it fell to, or -1 when the shoe ran out. */
function dealUntil(ctx: Ctx, table: Table, target: number): number {
  const { sides, counts } = table.round.andarBahar!;
  const shoe = table.shoe!;
  for (let side = ctx.pack.table.firstSide; ; side ^= 1) {
    // dealTo's two lines, written out: calling it here measured ~8% slower on the fastest segments of a simulated round.
    const card = shoe.draw();
    if (card < 0) return -1;
    if (ctx.events) emit(ctx, table, { type: 'card', to: SIDE_NAMES[side], card });
    const n = counts[side];
    // Room for a whole shoe a side; only a fixed shoe longer than that needs more.
    const cards = n < sides[side].length ? sides[side] : (sides[side] = grown(sides[side]));
    cards[n] = card;
    counts[side] = n + 1;
    if (rankOf(card) === target) return side;
  }
}

const noSeats = (): Result => fail('no-seats', 'Andar Bahar has no seats; omit seat');

/** A repeated bet under the minimum voids the player's bets of the round (R-LL-LIMIT-2). */
function voidHand(ctx: Ctx, table: Table, player: number, bet: CompiledBet): Result {
  voidPlayerBets(ctx, table, player, bet);
  return ok(ctx);
}

/** Why no compiled bet matches a placement: its mode, or its name. (Apart: a closure in the hot path would cost every bet an allocation.) */
function notOffered(pack: CompiledPack, cmd: BetSpec): Result {
  const mode = cmd.mode ?? pack.modes!.default;
  if (!pack.modes!.offered.includes(mode)) return fail('mode-not-offered', `mode "${mode}" is not offered; modes: ${pack.modes!.offered.join(', ')}`);
  const modes = pack.bets.filter((b) => b.name === cmd.bet).map((b) => b.mode);
  return modes.length
    ? fail('mode-not-offered', `${cmd.bet} is not offered in ${mode} mode; it is offered in: ${modes.join(', ')}`)
    : fail('unknown-bet', `there is no bet "${cmd.bet}"; bets: ${[...new Set(pack.bets.map((b) => b.name))].join(', ')}`);
}

export const andarBahar: Family = {
  opened(ctx, table) {
    const gameCard = dealTo(ctx, table, 'game');
    if (gameCard < 0) throw new Error('a fresh deck has no cards'); // cannot happen
    const ab = table.round.andarBahar;
    if (!ab) table.round.andarBahar = workingAndarBahar({ gameCard, sides: [[], []], winner: null }, ctx.pack.shoe.decks * CARDS_PER_DECK);
    else {
      // A recycled round (simulator): the same arrays again.
      ab.gameCard = gameCard;
      ab.counts[0] = 0;
      ab.counts[1] = 0;
      ab.winner = null;
    }
  },

  bet(ctx, table, player, cmd) {
    if (cmd.seat !== undefined) return noSeats();
    // Compiled bets exist only in offered modes, so the lookup itself checks the mode.
    const bet = findBetFor(ctx.pack, cmd);
    if (!bet) return notOffered(ctx.pack, cmd);
    return placeOnSpot(ctx, table, player, bet, Seat.NONE, cmd.amount, voidHand);
  },

  plainBet: (ctx, spec) => (spec.seat === undefined ? findBetFor(ctx.pack, spec) : undefined),

  act: () => fail('no-actions', 'Andar Bahar has no player actions; place bets while betting is open'),

  deal(ctx, table) {
    const round = table.round;
    if (!round.bets.hasOpen()) return fail('no-bets', 'there are no bets to deal; place a bet first');
    const ab = round.andarBahar!;
    const target = rankOf(ab.gameCard);
    round.phase = 'dealer';
    round.deadline = null;
    const side = dealUntil(ctx, table, target);
    // A deck always holds 3 more of the rank; only a fixed shoe (a scenario, `croupier play --shoe`) runs out.
    if (side < 0) return voidForShoe(ctx, table), ok(ctx);
    ab.winner = side as 0 | 1;
    fillGroups(ctx, table);
    settleDecided(ctx, table, groupOf, true, outcome.outcome);
    round.phase = 'settled';
    if (ctx.events) emit(ctx, table, { type: 'round-settled', round: round.no });
    return ok(ctx);
  },

  timeout: () => fail('no-window-open', 'Andar Bahar has no decision windows after betting'),
};
