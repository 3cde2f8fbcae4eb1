// A blackjack round from betting's close to the first decision: seats without a seat bet
// (R-MW-SEAT-3), the deal (R-MW-DEAL-1, R-TB-DEAL-1), the side bets its cards decide
// (R-LL-SETTLE-1), then the insurance window or the peek (insurance.ts).
import { hasSeats } from '../../pack/compiled.ts';
import { returnBet, voidForShoe } from '../bets.ts';
import { emit, ok } from '../context.ts';
import { addCard, handTotal } from '../hand.ts';
import { Seat, Status } from '../ledger.ts';
import type { Ctx, Holder, Table } from '../model.ts';
import { holderOf, setSeat } from '../state.ts';
import { fail, type Result } from '../types.ts';
import { mainOn } from './betting.ts';
import { newCommon, newHolder } from './holders.ts';
import { openInsuranceOrPeek } from './insurance.ts';
import { dealCard, dealTo, ShoeExhausted, seatLabel } from './players.ts';
import { finish } from './settle.ts';
import { settleSideBets } from './side-bets.ts';
import { advance } from './turns.ts';

/** Betting closes: seats without a seat bet lose their side bets, then the cards come out. */
export function deal(ctx: Ctx, table: Table): Result {
  const fast = ctx.fast;
  return fast === undefined ? dealFor(ctx)(table) : fast.deal(table);
}

/**
 * The deal for one context: written as a closure over it, so the simulator's fast path can keep one
 * compiled with the context's rules as constants (FastPath.deal); live play makes one per command.
 */
export const dealFor =
  (ctx: Ctx) =>
  (table: Table): Result => {
    const round = table.round;
    if (!round.bets.hasOpen()) return fail('no-bets', 'there are no bets to deal; place a bet first');
    try {
      closeBetting(ctx, table);
      if (!round.bets.hasOpen()) return (finish(ctx, table), ok(ctx));
      initialDeal(ctx, table);
      settleSideBets(ctx, table, null);
      openInsuranceOrPeek(ctx, table);
      advance(ctx, table);
    } catch (e) {
      if (e instanceof ShoeExhausted) return (voidForShoe(ctx, table), ok(ctx));
      throw e;
    }
    return ok(ctx);
  };

function closeBetting(ctx: Ctx, table: Table): void {
  const round = table.round;
  const pack = ctx.pack;
  const bets = round.bets;
  if (hasSeats(pack)) {
    // In seat order, so the holders are in playing order (R-MW-TURN-1).
    const occupied = table.occupied;
    for (let i = 0; i < occupied.length; i++) {
      const seat = occupied[i];
      const holder = table.seats[seat]!;
      const main = mainOn(ctx, table, seat);
      if (main >= 0) {
        holder.missed = 0;
        round.holders.push(
          newHolder(round, seat, holder.owner, table.players.indexOf(holder.owner), bets.amount(main), main),
        );
        continue;
      }
      // No seat bet: everything on the seat goes back (R-MW-SEAT-3). A holder who cannot cover the
      // table minimum has no valid seat bet and leaves now; one who chose not to bet keeps the seat
      // for the rounds the pack allows (R-MW-SEAT-4).
      for (let row = 0; row < bets.length; row++)
        if (bets.seat(row) === seat) returnBet(ctx, table, row, `seat ${seat} has no seat bet`);
      holder.missed++;
      const short = table.players.balanceOf(holder.owner) < minimumSeatBet(ctx);
      if (short || holder.missed > (pack.table.seatRemoval?.roundsWithoutBet ?? 0))
        release(ctx, table, seat, short ? 'balance below the table minimum' : 'no seat bet');
    }
    if (bets.anyOpenOf(pack.behindBets) || bets.anyOpenOf(pack.withMainBets))
      for (let row = 0; row < bets.length; row++) {
        if (bets.status(row) !== Status.OPEN) continue;
        const bet = pack.bets[bets.bet(row)];
        if (bet.type === 'behind') bets.follows[row] = [{ hand: 0, stake: bets.amount(row) }];
        if (bet.withMain && mainOn(ctx, table, bets.seat(row), bets.player(row)) < 0)
          returnBet(ctx, table, row, `${bet.name} needs a main bet`);
      }
  } else {
    // One holder per player with a main bet, in the order their saved form (a JSON object keyed by name) keeps them.
    // The pass ends at the last open main bet: the side bets after it are not looked at.
    let mains = 0;
    for (let i = 0; i < pack.handBets.indices.length; i++) mains += bets.openCount(pack.handBets.indices[i]);
    for (let row = 0; row < bets.length && mains > 0; row++) {
      if (bets.status(row) !== Status.OPEN || pack.bets[bets.bet(row)].type !== 'hand') continue;
      mains--;
      const h = holderOf(round, bets.player(row));
      if (h) h.hands[0].stake = bets.amount(row);
      else
        round.holders.push(
          newHolder(round, Seat.NONE, table.players.names[bets.player(row)], bets.player(row), bets.amount(row), row),
        );
    }
    if (round.holders.length > 1 && round.holders.some((h) => isArrayIndex(h.owner))) inObjectKeyOrder(round.holders);
    round.common = newCommon(round);
  }
}

const isArrayIndex = (s: string): boolean => /^(0|[1-9]\d*)$/.test(s) && Number(s) < 4294967295;

/**
 * Sorts holders as a JSON object orders their owners' names: array indexes ascending first, then the rest as they came.
 */
function inObjectKeyOrder(holders: Holder[]): void {
  const numeric = holders.filter((h) => isArrayIndex(h.owner)).sort((a, b) => Number(a.owner) - Number(b.owner));
  const rest = holders.filter((h) => !isArrayIndex(h.owner));
  holders.splice(0, holders.length, ...numeric, ...rest);
}

/** The smallest seat bet the table takes. */
export const minimumSeatBet = (ctx: Ctx): number => ctx.pack.handBet!.min;

export function release(ctx: Ctx, table: Table, seat: number, reason: string): void {
  const holder = table.seats[seat];
  if (!holder) return;
  setSeat(table, seat, null);
  if (ctx.events) emit(ctx, table, { type: 'seat-released', seat, player: holder.owner, reason });
}

function initialDeal(ctx: Ctx, table: Table): void {
  const round = table.round;
  const dealer = round.dealer;
  const holders = round.holders;
  if (round.common) {
    const common = round.common;
    common.cards.push(dealCard(ctx, table, 'common'));
    dealer.cards.push(dealCard(ctx, table, 'dealer'));
    common.cards.push(dealCard(ctx, table, 'common'));
    dealer.cards.push(dealCard(ctx, table, 'dealer-hole', true));
    for (let i = 0; i < holders.length; i++) {
      addCard(holders[i].hands[0], common.cards[0]);
      addCard(holders[i].hands[0], common.cards[1]);
    }
  } else {
    for (let i = 0; i < holders.length; i++)
      addCard(holders[i].hands[0], dealTo(ctx, table, seatLabel, holders[i].seat));
    dealer.cards.push(dealCard(ctx, table, 'dealer'));
    for (let i = 0; i < holders.length; i++)
      addCard(holders[i].hands[0], dealTo(ctx, table, seatLabel, holders[i].seat));
    dealer.cards.push(dealCard(ctx, table, 'dealer-hole', true));
  }
  // A natural stands at once (R-MW-STAND-1); only a first hand exists yet.
  for (let i = 0; i < holders.length; i++) if (handTotal(holders[i].hands[0]) === 21) holders[i].hands[0].done = true;
}
