// The Andar Bahar family: a fresh single-deck shuffle and the game card when the round opens
// (R-AB-DECK-1, R-AB-GAME-1), bets per mode (R-AB-MODE-1), alternate dealing until a card of the
// game card's rank appears (R-AB-DEAL-1), and every bet settled from the pack's pay tables.
import { rankOf, type Card } from '../core/cards.ts';
import { draw } from '../core/shoe.ts';
import { findBet, type CompiledBet } from '../pack/compiled.ts';
import { checkStake, openBet, placeStake, returnBet } from './bets.ts';
import { emit, ok, type Ctx } from './context.ts';
import { openPaytableBets, settlePaytable } from './paytable.ts';
import type { Family } from './table.ts';
import { fail, type TableState } from './types.ts';

const SIDE_NAMES = ['andar', 'bahar'] as const;

function dealTo(ctx: Ctx, state: TableState, to: string): Card | undefined {
  const card = draw(state.shoe!);
  if (card !== undefined) emit(ctx, state, { type: 'card', to, card });
  return card;
}

export const andarBahar: Family = {
  opened(ctx, state) {
    const gameCard = dealTo(ctx, state, 'game');
    if (gameCard === undefined) throw new Error('a fresh deck has no cards'); // cannot happen
    state.round.andarBahar = { gameCard, sides: [[], []], winner: null };
  },

  bet(ctx, state, player, cmd) {
    const pack = ctx.pack;
    if (cmd.seat !== undefined) return fail('no-seats', 'Andar Bahar has no seats; omit seat');
    const mode = cmd.mode ?? pack.modes!.default;
    // Compiled bets exist only in offered modes, so the lookup itself checks the mode.
    const bet = findBet(pack, cmd.bet, mode);
    if (!bet) {
      if (!pack.modes!.offered.includes(mode)) return fail('mode-not-offered', `mode "${mode}" is not offered; modes: ${pack.modes!.offered.join(', ')}`);
      const modes = pack.bets.filter((b) => b.name === cmd.bet).map((b) => b.mode);
      return modes.length
        ? fail('mode-not-offered', `${cmd.bet} is not offered in ${mode} mode; it is offered in: ${modes.join(', ')}`)
        : fail('unknown-bet', `there is no bet "${cmd.bet}"; bets: ${[...new Set(pack.bets.map((b) => b.name))].join(', ')}`);
    }
    const existing = openBet(state, player, bet.key, null);
    const stake = checkStake(ctx, state, player, bet, existing?.amount ?? 0, cmd.amount);
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
    if (!round.bets.some((b) => b.status === 'open')) return fail('no-bets', 'there are no bets to deal; place a bet first');
    const ab = round.andarBahar!;
    const target = rankOf(ab.gameCard);
    let side = ctx.pack.table.firstSide;
    round.phase = 'dealer';
    round.deadline = null;
    for (;;) {
      const card = dealTo(ctx, state, SIDE_NAMES[side]);
      if (card === undefined) throw new Error('the deck ran out before the game card rank appeared'); // 3 matching cards remain, so it cannot
      ab.sides[side].push(card);
      if (rankOf(card) === target) break;
      side = side === 0 ? 1 : 0;
    }
    ab.winner = side;
    const facts = { winner: side, cardsDealt: ab.sides[0].length + ab.sides[1].length };
    // First 3: the game card with each side's first card; fewer than three cards out loses (R-AB-SIDE-2).
    const first3 = ab.sides[0].length && ab.sides[1].length ? [ab.gameCard, ab.sides[0][0], ab.sides[1][0]] : [];
    const first3Group = { cards: first3, n: first3.length, facts };
    const outcome = { cards: [], n: 0, facts };
    const groupOf = (_r: unknown, bet: CompiledBet) => (bet.group === 'first-3' ? first3Group : outcome);
    for (const [key, open] of openPaytableBets(state)) settlePaytable(ctx, state, ctx.pack.betByKey.get(key)!, open, groupOf);
    round.phase = 'settled';
    emit(ctx, state, { type: 'round-settled', round: round.no });
    return ok(ctx);
  },

  timeout: () => fail('no-window-open', 'Andar Bahar has no decision windows after betting'),
};
