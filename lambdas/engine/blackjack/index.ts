// The blackjack family: seated, solo and common-draw tables, as the pack describes them.
import type { Family } from '../table.ts';
import { stakeMore, voidForShoe } from '../bets.ts';
import { ok, type Ctx } from '../context.ts';
import { fail, type Command, type PlayAction, type Result, type TableState } from '../types.ts';
import { placeBet } from './betting.ts';
import { closeInsurance, deal, insurable, minimumSeatBet, release } from './deal.ts';
import { currentHand, everyone, forgetEveryone, ShoeExhausted, type Player } from './players.ts';
import { advance, autoComplete, legalActions, play } from './turns.ts';

type ActCommand = Extract<Command, { type: 'act' }>;

const PLAY: readonly string[] = ['hit', 'stand', 'double', 'split', 'surrender'];

/** Runs a step that may deal cards; a shoe that runs dry voids the round (R-BJ-VOID-1). */
function dealing(ctx: Ctx, state: TableState, step: () => Result): Result {
  try {
    return step();
  } catch (e) {
    if (!(e instanceof ShoeExhausted)) throw e;
    voidForShoe(ctx, state);
    return ok(ctx);
  }
}

export const blackjack: Family = {
  opened(ctx, state) {
    forgetEveryone(state.round); // a recycled round (simulator) has last round's hand holders
    // Seats are released at the start of a round for missed rounds and short balances (R-MW-SEAT-4).
    const removal = ctx.pack.table.seatRemoval;
    if (!removal) return;
    const min = minimumSeatBet(ctx);
    for (let seat = 1; seat <= ctx.pack.table.seats; seat++) {
      const holder = state.seats[seat];
      if (!holder) continue;
      if (holder.missed > 0 && holder.missed >= removal.roundsWithoutBet) release(ctx, state, seat, 'no seat bet last round');
      else if (removal.belowTableMinimum && (state.players[holder.owner]?.balance ?? 0) < min) release(ctx, state, seat, 'balance below the table minimum');
    }
  },
  bet: placeBet,
  deal: (ctx, state) => dealing(ctx, state, () => deal(ctx, state)),
  act: (ctx, state, cmd) => dealing(ctx, state, () => act(ctx, state, cmd)),
  timeout: (ctx, state) => dealing(ctx, state, () => timeout(ctx, state)),
};

/** The hand holder a player addresses: their seat, or their own common-draw hands. */
function addressed(ctx: Ctx, state: TableState, cmd: ActCommand): Player | Result {
  const round = state.round;
  if (round.common) {
    const p = round.common.players[cmd.player];
    if (!p) return fail('no-hand', `${cmd.player} has no hand in this round; only players with a main bet play (R-TB-BET-1)`);
    return { kind: 'common', name: cmd.player, p };
  }
  if (cmd.seat === undefined) return fail('seat-required', 'say which seat the action is for');
  const seat = round.seats.find((s) => s.seat === cmd.seat);
  if (!seat) return fail('seat-not-playing', `seat ${cmd.seat} has no hand in this round`);
  if (seat.owner !== cmd.player) return fail('not-your-seat', `seat ${cmd.seat} is ${seat.owner}'s; you may act only on your own seats`);
  return { kind: 'seat', seat };
}

const isResult = (x: Player | Result): x is Result => 'ok' in x;

function act(ctx: Ctx, state: TableState, cmd: ActCommand): Result {
  const round = state.round;
  if (round.phase === 'settled' || round.phase === 'void') return fail('round-finished', `round ${round.no} is ${round.phase === 'void' ? 'void' : 'settled'}`);
  if (cmd.action === 'insurance') return insurance(ctx, state, cmd);
  if (cmd.action === 'follow-double' || cmd.action === 'follow-split') return followAnswer(ctx, state, cmd);
  if (!PLAY.includes(cmd.action)) return fail('unknown-action', `"${cmd.action}" is not an action; actions: hit, stand, double, split, surrender, insurance, follow-double, follow-split`);
  const action = cmd.action as PlayAction;
  if (round.phase === 'betting') return fail('not-dealt', 'the cards are not dealt yet');
  const who = addressed(ctx, state, cmd);
  if (isResult(who)) return who;
  const hand = currentHand(who);
  if (!hand) return fail('hand-finished', 'this hand is finished; nothing more to decide');
  const holder = who.kind === 'seat' ? who.seat : who.p;
  const myTurn = round.phase === 'turns' && (who.kind === 'common' || round.turnSeat === who.seat.seat);
  if (!myTurn) {
    // Before the turn starts, an action is kept as a pre-selection (R-MW-TURN-1, R-MW-INS-1).
    if (round.phase === 'dealer') return fail('not-your-turn', 'the dealer is playing');
    holder.preselect = action;
    return ok(ctx);
  }
  const legal = legalActions(ctx, state, who);
  if (!legal.includes(action)) return fail('action-not-allowed', `${action} is not allowed on this hand now; allowed: ${legal.join(', ') || 'nothing'}${whyNot(ctx, state, who, action)}`);
  play(ctx, state, who, action, null);
  advance(ctx, state);
  return ok(ctx);
}

function whyNot(ctx: Ctx, state: TableState, who: Player, action: PlayAction): string {
  const a = ctx.pack.blackjack!.actions;
  if (!a[action]) return ` (this table has no ${action})`;
  if (action === 'surrender' && a.surrender) return ' (surrender: first two cards only, before any other action, not against the dealer up cards the table excludes)';
  const hand = currentHand(who)!;
  const need = hand.stake;
  if ((action === 'double' || action === 'split') && state.players[who.kind === 'seat' ? who.seat.owner : who.name].balance < need) return ` (${action} needs ${need} more on your balance)`;
  return '';
}

function insurance(ctx: Ctx, state: TableState, cmd: ActCommand): Result {
  const round = state.round;
  if (round.phase !== 'insurance') return fail('no-insurance-window', 'insurance is not offered now; it is offered right after the deal when the dealer shows an ace');
  if (cmd.accept === undefined) return fail('accept-required', 'say accept: true or accept: false for insurance');
  const mine = insurable(ctx, state).filter((b) => b.player === cmd.player && (cmd.seat === undefined || b.seat === cmd.seat));
  if (!mine.length) return fail('nothing-to-insure', `${cmd.player} has no bet${cmd.seat ? ` on seat ${cmd.seat}` : ''} that can be insured`);
  const target = mine.find((b) => b.insurance === undefined);
  if (!target) return fail('already-answered', 'insurance is already answered for this bet');
  // Half the bet (R-MW-INS-1, R-MW-BEHIND-2); a cost, so an odd bet's half cent is never charged whatever the payout rounding.
  const cost = cmd.accept ? Math.floor(target.amount / 2) : 0;
  if (cost > state.players[cmd.player].balance) return fail('insufficient-balance', `insurance costs ${cost}, more than your balance`);
  target.insurance = { cost, settled: cost === 0 };
  if (cost) stakeMore(ctx, state, target, cost, 'insurance');
  advance(ctx, state);
  return ok(ctx);
}

/** A bet-behind player's follow answer: in the window, or in advance (R-MW-BEHIND-5). */
function followAnswer(ctx: Ctx, state: TableState, cmd: ActCommand): Result {
  const round = state.round;
  const kind = cmd.action === 'follow-double' ? 'double' : 'split';
  if (cmd.accept === undefined) return fail('accept-required', `say accept: true or accept: false for ${cmd.action}`);
  if (cmd.seat === undefined) return fail('seat-required', 'say which seat you bet behind');
  const behind = round.bets.find((b) => b.player === cmd.player && b.seat === cmd.seat && b.status === 'open' && b.type === 'behind');
  if (!behind) return fail('no-bet-behind', `${cmd.player} has no bet behind seat ${cmd.seat}`);
  const follow = round.follow;
  if (round.phase === 'follow' && follow!.seat === cmd.seat && String(behind.id) in follow!.answers) {
    if (follow!.kind !== kind) return fail('wrong-window', `the open window is follow-${follow!.kind}, not ${cmd.action}`);
    follow!.answers[behind.id] = cmd.accept;
    advance(ctx, state);
    return ok(ctx);
  }
  (round.followAdvance[behind.id] ??= {})[kind] = cmd.accept;
  return ok(ctx);
}

function timeout(ctx: Ctx, state: TableState): Result {
  const round = state.round;
  switch (round.phase) {
    case 'insurance':
      closeInsurance(ctx, state);
      break;
    case 'follow':
      for (const id of Object.keys(round.follow!.answers)) round.follow!.answers[id] ??= false;
      break;
    case 'turns':
      if (round.common) for (const who of everyone(state)) autoComplete(ctx, state, who, true);
      else {
        const seat = round.seats.find((s) => s.seat === round.turnSeat);
        if (!seat) return fail('no-window-open', 'no seat is deciding now');
        autoComplete(ctx, state, { kind: 'seat', seat });
      }
      break;
    default:
      return fail('no-window-open', `no decision window is open (phase ${round.phase})`);
  }
  advance(ctx, state);
  return ok(ctx);
}

