// The Andar Bahar family: a fresh single-deck shuffle and the game card when the round opens
// (R-AB-DECK-1, R-AB-GAME-1), bets per mode (R-AB-MODE-1), alternate dealing until a card of the
// game card's rank appears (R-AB-DEAL-1), and every bet settled from the pack's pay tables.
import { CARDS_PER_DECK, rankOf, type Card } from '../core/cards.ts';
import { draw } from '../core/shoe.ts';
import { findBetFor, type CompiledBet } from '../pack/compiled.ts';
import { outcomeIndex } from '../pack/line-table.ts';
import { checkStake, placeStake, returnBet, scratchStake, voidForShoe } from './bets.ts';
import { empty, hasOpenBet, openBet } from './records.ts';
import { emit, ok, type Ctx } from './context.ts';
import { settleDecided, type GroupView } from './paytable.ts';
import type { Family } from './table.ts';
import { fail, type BetRecord, type TableState } from './types.ts';

const SIDE_NAMES = ['andar', 'bahar'] as const;
const STAKE = scratchStake();

// One group of each kind, filled once a round when the winner is known: a bet reads it and lets go.
const facts: { winner: 0 | 1 | undefined; cardsDealt: number | undefined } = { winner: undefined, cardsDealt: undefined };
const outcome: GroupView = { cards: [], n: 0, facts, outcome: -1 };
const first3: GroupView & { cards: Card[] } = { cards: [0, 0, 0], n: 0, facts, outcome: -1 };

/** Fills the groups from the round's cards once the winner is known. */
function fillGroups(ctx: Ctx, state: TableState): void {
  const ab = state.round.andarBahar!;
  const andar = ab.sides[0];
  const bahar = ab.sides[1];
  facts.winner = ab.winner ?? undefined;
  facts.cardsDealt = andar.length + bahar.length;
  const shoeCards = ctx.pack.shoe.decks * CARDS_PER_DECK;
  outcome.outcome = ab.winner === null || facts.cardsDealt > shoeCards ? -1 : outcomeIndex(shoeCards, ab.winner, facts.cardsDealt);
  // First 3: the game card with each side's first card; fewer than three cards out loses (R-AB-SIDE-2).
  first3.n = andar.length && bahar.length ? 3 : 0;
  first3.cards[0] = ab.gameCard;
  first3.cards[1] = andar[0];
  first3.cards[2] = bahar[0];
}

const groupOf = (_ctx: Ctx, _state: TableState, _r: BetRecord, bet: CompiledBet): GroupView => (bet.group === 'first-3' ? first3 : outcome);

function dealTo(ctx: Ctx, state: TableState, to: string): Card | undefined {
  const card = draw(state.shoe!);
  if (card !== undefined && ctx.events) emit(ctx, state, { type: 'card', to, card });
  return card;
}

export const andarBahar: Family = {
  opened(ctx, state) {
    const gameCard = dealTo(ctx, state, 'game');
    if (gameCard === undefined) throw new Error('a fresh deck has no cards'); // cannot happen
    const ab = state.round.andarBahar;
    if (!ab) state.round.andarBahar = { gameCard, sides: [[], []], winner: null };
    else {
      // A recycled round (simulator): the same arrays again.
      ab.gameCard = gameCard;
      empty(ab.sides[0]);
      empty(ab.sides[1]);
      ab.winner = null;
    }
  },

  bet(ctx, state, player, cmd) {
    const pack = ctx.pack;
    if (cmd.seat !== undefined) return fail('no-seats', 'Andar Bahar has no seats; omit seat');
    const mode = cmd.mode ?? pack.modes!.default;
    // Compiled bets exist only in offered modes, so the lookup itself checks the mode.
    const bet = findBetFor(pack, cmd);
    if (!bet) {
      if (!pack.modes!.offered.includes(mode)) return fail('mode-not-offered', `mode "${mode}" is not offered; modes: ${pack.modes!.offered.join(', ')}`);
      const modes = pack.bets.filter((b) => b.name === cmd.bet).map((b) => b.mode);
      return modes.length
        ? fail('mode-not-offered', `${cmd.bet} is not offered in ${mode} mode; it is offered in: ${modes.join(', ')}`)
        : fail('unknown-bet', `there is no bet "${cmd.bet}"; bets: ${[...new Set(pack.bets.map((b) => b.name))].join(', ')}`);
    }
    const existing = openBet(pack, state.round, player, bet, null);
    const stake = checkStake(ctx, state, player, bet, existing?.amount ?? 0, cmd.amount, STAKE);
    if ('ok' in stake) return stake;
    if (stake.voidHand) {
      for (const r of state.round.bets) if (r.player === player) returnBet(ctx, state, r, `${bet.name} under the minimum again`);
      state.round.voidedPlayers.push(player);
      return ok(ctx);
    }
    placeStake(ctx, state, player, bet, null, stake, existing);
    return ok(ctx);
  },

  act: () => fail('no-actions', 'Andar Bahar has no player actions; place bets while betting is open'),

  deal(ctx, state) {
    const round = state.round;
    if (!hasOpenBet(round.bets)) return fail('no-bets', 'there are no bets to deal; place a bet first');
    const ab = round.andarBahar!;
    const target = rankOf(ab.gameCard);
    let side = ctx.pack.table.firstSide;
    round.phase = 'dealer';
    round.deadline = null;
    for (;;) {
      const card = dealTo(ctx, state, SIDE_NAMES[side]);
      // A deck always holds 3 more of the rank; only a fixed shoe (a scenario, `croupier play --shoe`) runs out.
      if (card === undefined) return voidForShoe(ctx, state), ok(ctx);
      ab.sides[side].push(card);
      if (rankOf(card) === target) break;
      side = side === 0 ? 1 : 0;
    }
    ab.winner = side;
    fillGroups(ctx, state);
    settleDecided(ctx, state, groupOf, true);
    round.phase = 'settled';
    if (ctx.events) emit(ctx, state, { type: 'round-settled', round: round.no });
    return ok(ctx);
  },

  timeout: () => fail('no-window-open', 'Andar Bahar has no decision windows after betting'),
};
