// The Andar Bahar family: a fresh single-deck shuffle and the game card when the round opens
// (R-AB-DECK-1, R-AB-GAME-1), bets per mode (R-AB-MODE-1), alternate dealing until a card of the
// game card's rank appears (R-AB-DEAL-1), and every bet settled from the pack's pay tables.
import { CARDS_PER_DECK, type Card, rankOf } from '../core/cards.ts';
import { type CompiledBet, type CompiledPack, findBetFor } from '../pack/compiled.ts';
import { outcomeIndex } from '../pack/line-table.ts';
import { placeOnSpot, voidForShoe, voidPlayerBets } from './bets.ts';
import { CardNeeded, GAME_CARD_NEED, sideNeed } from './card-source.ts';
import { emit, ok } from './context.ts';
import { Seat } from './ledger.ts';
import type { Ctx, Family, GroupView, Table } from './model.ts';
import { settleDecided } from './paytable.ts';
import { ownCards, sideOf } from './state.ts';
import { type BetSpec, fail, type Result } from './types.ts';

const SIDE_NAMES = ['andar', 'bahar'] as const;
const NO_CARDS = /* @__PURE__ */ new Uint8Array(0);

// One group of each kind, filled once a round when the winner is known: a bet reads it and lets go.
const facts: { winner: 0 | 1 | undefined; cardsDealt: number | undefined } = {
  winner: undefined,
  cardsDealt: undefined,
};
const outcome: GroupView = { cards: [], n: 0, facts, outcome: -1 };
const first3: GroupView & { cards: Card[] } = { cards: [0, 0, 0], n: 0, facts, outcome: -1 };

/** Fills the groups from the round's cards once the winner is known. */
function fillGroups(ctx: Ctx, table: Table): void {
  const ab = table.round.andarBahar!;
  facts.winner = ab.winner ?? undefined;
  facts.cardsDealt = ab.count;
  const shoeCards = ctx.pack.shoe.decks * CARDS_PER_DECK;
  outcome.outcome =
    ab.winner === null || facts.cardsDealt > shoeCards ? -1 : outcomeIndex(shoeCards, ab.winner, facts.cardsDealt);
  // First 3: the game card with each side's first card; fewer than three cards out loses (R-AB-SIDE-2).
  first3.n = ab.count >= 2 ? 3 : 0;
  first3.cards[0] = ab.gameCard;
  first3.cards[1 + ab.first] = ab.cards[ab.from];
  first3.cards[2 - ab.first] = ab.cards[ab.from + 1];
}

const groupOf = (_ctx: Ctx, _table: Table, _row: number, bet: CompiledBet): GroupView =>
  bet.group === 'first-3' ? first3 : outcome;

/** The next card to `to` (a side, or the game card); -1 when the shoe is out (only a fixed shoe runs out). */
function dealTo(ctx: Ctx, table: Table, to: string): Card {
  const card = table.shoe!.draw();
  if (card >= 0 && ctx.events) emit(ctx, table, { type: 'card', to, card });
  return card;
}

/**
 * Deals to the sides in turn until a card of rank `target` (R-AB-DEAL-1); answers the side it fell to, or -1 when the
 * shoe ran out.
 */
function dealUntil(ctx: Ctx, table: Table, target: number): number {
  const ab = table.round.andarBahar!;
  const shoe = table.shoe!;
  // The shoe deals every card up to the target's at once; the round reads them where the shoe keeps them.
  ab.count = shoe.drawThroughRank(target);
  ab.from = shoe.position - ab.count;
  ab.cards = shoe.dealtCards();
  const last = ab.count - 1;
  if (ctx.events)
    for (let k = 0; k <= last; k++)
      emit(ctx, table, { type: 'card', to: SIDE_NAMES[sideOf(ab.first, k)], card: ab.cards[ab.from + k] });
  const found = last >= 0 && rankOf(ab.cards[ab.from + last]) === target;
  if (!found && shoe.dealer) throw new CardNeeded(sideNeed(sideOf(ab.first, ab.count)));
  return found ? sideOf(ab.first, last) : -1;
}

const noSeats = (): Result => fail('no-seats', 'Andar Bahar has no seats; omit seat');

/** A repeated bet under the minimum voids the player's bets of the round (R-LL-LIMIT-2). */
function voidHand(ctx: Ctx, table: Table, player: number, bet: CompiledBet): Result {
  voidPlayerBets(ctx, table, player, bet);
  return ok(ctx);
}

/**
 * Why no compiled bet matches a placement: its mode, or its name. (Apart: a closure in the hot path would cost every
 * bet an allocation.)
 */
function notOffered(pack: CompiledPack, cmd: BetSpec): Result {
  const mode = cmd.mode ?? pack.modes!.default;
  if (!pack.modes!.offered.includes(mode))
    return fail('mode-not-offered', `mode "${mode}" is not offered; modes: ${pack.modes!.offered.join(', ')}`);
  const modes = pack.bets.filter((b) => b.name === cmd.bet).map((b) => b.mode);
  return modes.length
    ? fail('mode-not-offered', `${cmd.bet} is not offered in ${mode} mode; it is offered in: ${modes.join(', ')}`)
    : fail(
        'unknown-bet',
        `there is no bet "${cmd.bet}"; bets: ${[...new Set(pack.bets.map((b) => b.name))].join(', ')}`,
      );
}

export const andarBahar: Family = {
  opened(ctx, table) {
    // A round left for this one stops reading the shoe's cards before the shoe deals again.
    for (const left of table.left) if (left.andarBahar) ownCards(left.andarBahar);
    // A dealer-fed round opens without its game card: betting waits for the dealer's scan (drawGameCard).
    const gameCard = table.shoe!.dealer ? -1 : dealTo(ctx, table, 'game');
    if (gameCard < 0 && !table.shoe!.dealer) throw new Error('a fresh deck has no cards'); // cannot happen
    if (gameCard < 0) table.round.deadline = null;
    const ab = table.round.andarBahar;
    if (!ab)
      table.round.andarBahar = {
        gameCard,
        cards: NO_CARDS,
        from: 0,
        count: 0,
        first: ctx.pack.table.firstSide,
        winner: null,
      };
    else {
      // A round reset in place for the next (the simulator, fast/round.ts) keeps its part.
      ab.gameCard = gameCard;
      ab.count = 0;
      ab.first = ctx.pack.table.firstSide;
      ab.winner = null;
    }
  },

  bet(ctx, table, player, cmd) {
    if (cmd.seat !== undefined) return noSeats();
    if (table.round.andarBahar!.gameCard < 0)
      return fail('no-game-card', 'betting opens once the dealer has drawn the game card');
    // Compiled bets exist only in offered modes, so the lookup itself checks the mode.
    const bet = findBetFor(ctx.pack, cmd);
    if (!bet) return notOffered(ctx.pack, cmd);
    return placeOnSpot(ctx, table, player, bet, Seat.NONE, cmd.amount, voidHand);
  },

  plainBet: (ctx, spec) => (spec.seat === undefined ? findBetFor(ctx.pack, spec) : undefined),

  act: () => fail('no-actions', 'Andar Bahar has no player actions; place bets while betting is open'),

  deal(ctx, table) {
    const round = table.round;
    if (round.andarBahar!.gameCard < 0) return fail('no-game-card', 'the game card is not drawn yet');
    if (!round.bets.hasOpen()) return fail('no-bets', 'there are no bets to deal; place a bet first');
    const ab = round.andarBahar!;
    const target = rankOf(ab.gameCard);
    round.phase = 'dealer';
    round.deadline = null;
    const side = dealUntil(ctx, table, target);
    // A deck always holds 3 more of the rank; only a fixed shoe (a scenario, `croupier play --shoe`) runs out.
    if (side < 0) return (voidForShoe(ctx, table), ok(ctx));
    ab.winner = side as 0 | 1;
    fillGroups(ctx, table);
    if (!ctx.fast?.settleOutcome(ctx, table, groupOf, outcome.outcome))
      settleDecided(ctx, table, groupOf, true, outcome.outcome);
    round.phase = 'settled';
    if (ctx.events) emit(ctx, table, { type: 'round-settled', round: round.no });
    return ok(ctx);
  },

  timeout: () => fail('no-window-open', 'Andar Bahar has no decision windows after betting'),

  // A dealer-fed round's game card (R-AB-GAME-1): scanned after the round opens; betting opens with it.
  gameCard(ctx, table) {
    const ab = table.round.andarBahar!;
    if (ab.gameCard >= 0) return fail('no-game-card-due', 'the game card of this round is already drawn');
    const card = table.shoe!.draw();
    if (card < 0) throw new CardNeeded(GAME_CARD_NEED);
    ab.gameCard = card;
    if (ctx.events) emit(ctx, table, { type: 'card', to: 'game', card });
    table.round.deadline = ctx.env.now + ctx.pack.timing.bettingMs;
    return ok(ctx);
  },
};
