// The blackjack family: seated, solo and common-draw tables, as the pack describes them.

import { actionBit } from '../../pack/chart.ts';
import { findBetFor, hasSeats } from '../../pack/compiled.ts';
import { seatOrNull, stakeMore, voidForShoe } from '../bets.ts';
import { ok } from '../context.ts';
import { Insurance, Seat, Status } from '../ledger.ts';
import type { Ctx, Family, Holder, Table } from '../model.ts';
import { currentHand, holderAt, holderOf } from '../state.ts';
import { type Command, fail, type PlayAction, type Result } from '../types.ts';
import { isOwnSeat, placeBet } from './betting.ts';
import { deal, minimumSeatBet, release } from './deal.ts';
import { closeInsurance, isInsurable } from './insurance.ts';
import { legalMoves } from './moves.ts';
import { ShoeExhausted } from './players.ts';
import { actionsOf, advance, autoComplete, Cover, legalMask, play } from './turns.ts';

type ActCommand = Extract<Command, { type: 'act' }>;

/** A shoe that runs dry mid-round voids the round (R-BJ-VOID-1). */
function voidIfShoeRanOut(ctx: Ctx, table: Table, e: unknown): Result {
  if (!(e instanceof ShoeExhausted)) throw e;
  voidForShoe(ctx, table);
  return ok(ctx);
}

export const blackjack: Family = {
  opened(ctx, table) {
    // Seats are released at the start of a round for missed rounds and short balances (R-MW-SEAT-4).
    const removal = ctx.pack.table.seatRemoval;
    if (!removal) return;
    const min = minimumSeatBet(ctx);
    const occupied = table.occupied;
    for (let i = 0; i < occupied.length; i++) {
      const seat = occupied[i];
      const holder = table.seats[seat]!;
      if (holder.missed > 0 && holder.missed >= removal.roundsWithoutBet)
        release(ctx, table, seat, 'no seat bet last round');
      else if (removal.belowTableMinimum && table.players.balanceOf(holder.owner) < min)
        release(ctx, table, seat, 'balance below the table minimum');
    }
  },
  bet: placeBet,
  deal,
  act(ctx, table, player, cmd) {
    try {
      return act(ctx, table, player, cmd);
    } catch (e) {
      return voidIfShoeRanOut(ctx, table, e);
    }
  },
  timeout(ctx, table) {
    try {
      return timeout(ctx, table);
    } catch (e) {
      return voidIfShoeRanOut(ctx, table, e);
    }
  },
  // A bet behind has rules of its own; one placed with a main bet is plain after the slip's main bet.
  plainBet(ctx, spec, before) {
    const pack = ctx.pack;
    if (spec.mode !== undefined && !pack.modes) return undefined;
    const bet = findBetFor(pack, spec);
    if (!bet || bet.type === 'behind') return undefined;
    if (!hasSeats(pack)) return spec.seat === undefined && !bet.withMain ? bet : undefined;
    if (spec.seat === undefined || !Number.isInteger(spec.seat) || spec.seat < 1 || spec.seat > pack.table.seats)
      return undefined;
    return !bet.withMain || before.some((b) => b.type === 'hand') ? bet : undefined;
  },
  plainSeat: isOwnSeat,
  legalMoves,
};

/** The hand holder a player addresses: their seat, or their own common-draw hands. */
function addressed(table: Table, player: number, cmd: ActCommand): Holder | Result {
  const round = table.round;
  if (round.common) {
    const h = holderOf(round, player);
    if (!h)
      return fail('no-hand', `${cmd.player} has no hand in this round; only players with a main bet play (R-TB-BET-1)`);
    return h;
  }
  if (cmd.seat === undefined) return fail('seat-required', 'say which seat the action is for');
  const h = holderAt(round, cmd.seat);
  if (!h) return fail('seat-not-playing', `seat ${cmd.seat} has no hand in this round`);
  if (h.owner !== cmd.player)
    return fail('not-your-seat', `seat ${cmd.seat} is ${h.owner}'s; you may act only on your own seats`);
  return h;
}

const isResult = (x: Holder | Result): x is Result => 'ok' in x;

function act(ctx: Ctx, table: Table, player: number, cmd: ActCommand): Result {
  const round = table.round;
  if (round.phase === 'settled' || round.phase === 'void')
    return fail('round-finished', `round ${round.no} is ${round.phase === 'void' ? 'void' : 'settled'}`);
  if (cmd.action === 'insurance') return insurance(ctx, table, player, cmd);
  if (cmd.action === 'follow-double' || cmd.action === 'follow-split') return followAnswer(ctx, table, player, cmd);
  const bit = actionBit(cmd.action);
  if (bit === 0)
    return fail(
      'unknown-action',
      `"${cmd.action}" is not an action; actions: hit, stand, double, split, surrender, insurance, follow-double, follow-split`,
    );
  const action = cmd.action as PlayAction;
  if (round.phase === 'betting') return fail('not-dealt', 'the cards are not dealt yet');
  const h = addressed(table, player, cmd);
  if (isResult(h)) return h;
  if (!currentHand(h)) return fail('hand-finished', 'this hand is finished; nothing more to decide');
  const myTurn = round.phase === 'turns' && (h.seat === Seat.NONE || round.turnSeat === h.seat);
  if (!myTurn) {
    // Before the turn starts, an action is kept as a pre-selection (R-MW-TURN-1, R-MW-INS-1); its cost is checked
    // when it runs.
    if (round.phase === 'dealer') return fail('not-your-turn', 'the dealer is playing');
    h.preselect = action;
    return ok(ctx);
  }
  // Double and split are offered only when the balance covers them (R-BJ-OFFER-1), but one sent anyway is not
  // refused: the pack's short-balance fallback applies (R-MW-DOUBLE-1, R-MW-SPLIT-1, R-TB-ACT-1).
  const legal = legalMask(ctx, table, h, Cover.CHOSEN);
  if (!(legal & bit))
    return fail(
      'action-not-allowed',
      `${action} is not allowed on this hand now; allowed: ${actionsOf(legal).join(', ') || 'nothing'}${whyNot(ctx, table, h, action)}`,
    );
  play(ctx, table, h, action, null);
  advance(ctx, table);
  return ok(ctx);
}

function whyNot(ctx: Ctx, table: Table, h: Holder, action: PlayAction): string {
  const a = ctx.pack.blackjack!.actions;
  if (!a[action]) return ` (this table has no ${action})`;
  if (action === 'surrender' && a.surrender)
    return ' (surrender: first two cards only, before any other action, not against the dealer up cards the table excludes)';
  const need = currentHand(h)!.stake;
  if ((action === 'double' || action === 'split') && table.players.balanceOf(h.owner) < need)
    return ` (${action} needs ${need} more on your balance)`;
  return '';
}

function insurance(ctx: Ctx, table: Table, player: number, cmd: ActCommand): Result {
  const round = table.round;
  if (round.phase !== 'insurance')
    return fail(
      'no-insurance-window',
      'insurance is not offered now; it is offered right after the deal when the dealer shows an ace',
    );
  if (cmd.accept === undefined) return fail('accept-required', 'say accept: true or accept: false for insurance');
  const bets = round.bets;
  let mine = false;
  let target = -1;
  for (let row = 0; row < bets.length && target < 0; row++) {
    if (
      !isInsurable(ctx, table, row) ||
      bets.player(row) !== player ||
      (cmd.seat !== undefined && seatOrNull(bets.seat(row)) !== cmd.seat)
    )
      continue;
    mine = true;
    if (bets.insurance(row) === Insurance.NONE) target = row;
  }
  if (!mine)
    return fail(
      'nothing-to-insure',
      `${cmd.player} has no bet${cmd.seat ? ` on seat ${cmd.seat}` : ''} that can be insured`,
    );
  if (target < 0) return fail('already-answered', 'insurance is already answered for this bet');
  // Half the bet (R-MW-INS-1, R-MW-BEHIND-2); a cost, so an odd bet's half cent is never charged whatever the payout
  // rounding.
  const cost = cmd.accept ? Math.floor(bets.amount(target) / 2) : 0;
  if (cost > table.players.balance[player])
    return fail('insufficient-balance', `insurance costs ${cost}, more than your balance`);
  bets.setInsurance(target, cost === 0 ? Insurance.SETTLED : Insurance.PENDING, cost);
  if (cost) stakeMore(ctx, table, target, cost, 'insurance');
  advance(ctx, table);
  return ok(ctx);
}

/** A bet-behind player's follow answer: in the window, or in advance (R-MW-BEHIND-5). */
function followAnswer(ctx: Ctx, table: Table, player: number, cmd: ActCommand): Result {
  const round = table.round;
  const kind = cmd.action === 'follow-double' ? 'double' : 'split';
  if (cmd.accept === undefined) return fail('accept-required', `say accept: true or accept: false for ${cmd.action}`);
  if (cmd.seat === undefined) return fail('seat-required', 'say which seat you bet behind');
  const bets = round.bets;
  let behind = -1;
  for (let row = 0; row < bets.length && behind < 0; row++)
    if (
      bets.player(row) === player &&
      seatOrNull(bets.seat(row)) === cmd.seat &&
      bets.status(row) === Status.OPEN &&
      ctx.pack.bets[bets.bet(row)].type === 'behind'
    )
      behind = row;
  if (behind < 0) return fail('no-bet-behind', `${cmd.player} has no bet behind seat ${cmd.seat}`);
  const id = bets.id(behind);
  const follow = round.follow;
  if (round.phase === 'follow' && follow!.seat === cmd.seat && String(id) in follow!.answers) {
    if (follow!.kind !== kind)
      return fail('wrong-window', `the open window is follow-${follow!.kind}, not ${cmd.action}`);
    follow!.answers[id] = cmd.accept;
    advance(ctx, table);
    return ok(ctx);
  }
  ((round.followAdvance ??= {})[id] ??= {})[kind] = cmd.accept;
  return ok(ctx);
}

function timeout(ctx: Ctx, table: Table): Result {
  const round = table.round;
  switch (round.phase) {
    case 'insurance':
      closeInsurance(ctx, table);
      break;
    case 'follow':
      for (const id of Object.keys(round.follow!.answers)) round.follow!.answers[id] ??= false;
      break;
    case 'turns':
      if (round.common) for (const h of round.holders) autoComplete(ctx, table, h, true);
      else {
        const h = round.turnSeat === null ? undefined : holderAt(round, round.turnSeat);
        if (!h) return fail('no-window-open', 'no seat is deciding now');
        autoComplete(ctx, table, h);
      }
      break;
    default:
      return fail('no-window-open', `no decision window is open (phase ${round.phase})`);
  }
  advance(ctx, table);
  return ok(ctx);
}
