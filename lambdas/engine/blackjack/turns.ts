// Decisions in a blackjack round: turns in seat order or all at once in common draw, every
// action with its conditions and short-balance fallbacks, follow windows (R-MW-BEHIND-5),
// pre-selections (R-MW-TURN-1), AI players and auto-play (R-BJ-AUTO-1). The round runs by itself
// until it needs a decision.
import { rankOf, type Card } from '../../core/cards.ts';
import { stakeMore } from '../bets.ts';
import { emit, type Ctx } from '../context.ts';
import { aiDecision } from '../ai-player.ts';
import { newHand, total } from '../hand.ts';
import type { Hand, PlayAction, TableState } from '../types.ts';
import { type Player, activeOf, behindOn, currentHand, dealCard, drawFor, everyone, handsOf, mainRecord, moveOn, playerName, seatNo, upCard, seatLabel } from './players.ts';
import { closeInsurance, insuranceAnswered } from './deal.ts';
import { finish } from './settle.ts';
import { dealerPlays } from './settle.ts';

/** Runs the round until it needs a decision or is settled. */
export function advance(ctx: Ctx, state: TableState): void {
  const round = state.round;
  for (;;) {
    switch (round.phase) {
      case 'insurance':
        if (!insuranceAnswered(ctx, state)) return;
        closeInsurance(ctx, state);
        continue;
      case 'follow':
        if (Object.values(round.follow!.answers).some((a) => a === null)) return;
        closeFollow(ctx, state);
        continue;
      case 'turns':
        if (round.common ? commonTurns(ctx, state) : seatTurns(ctx, state)) continue;
        return;
      case 'dealer':
        dealerPlays(ctx, state);
        finish(ctx, state);
        return;
      default:
        return;
    }
  }
}

/** One step of seat play in seat order (R-MW-TURN-1); false when waiting for a decision. */
function seatTurns(ctx: Ctx, state: TableState): boolean {
  const round = state.round;
  for (const seat of round.seats) {
    if (round.turnSeat !== null && seat.seat < round.turnSeat) continue;
    const who: Player = { kind: 'seat', seat };
    const hand = moveOn(who);
    if (!hand) continue;
    if (round.turnSeat !== seat.seat) {
      round.turnSeat = seat.seat;
      round.deadline = null;
    }
    if (stepHand(ctx, state, who, hand)) return true;
    if (round.deadline === null) {
      round.deadline = ctx.env.now + ctx.pack.timing.decisionMs;
      if (ctx.events) emit(ctx, state, { type: 'window', window: 'turn', seat: seat.seat, deadline: round.deadline });
    }
    return false;
  }
  round.turnSeat = null;
  round.phase = 'dealer';
  round.deadline = null;
  return true;
}

/** Common draw: every player decides at once, in one decision window (R-TB-DRAW-1). */
function commonTurns(ctx: Ctx, state: TableState): boolean {
  const round = state.round;
  let waiting = false;
  for (const who of everyone(state)) {
    const hand = moveOn(who);
    if (!hand) continue;
    if (stepHand(ctx, state, who, hand)) return true;
    waiting = true;
  }
  if (waiting) {
    if (round.deadline === null) {
      round.deadline = ctx.env.now + ctx.pack.timing.decisionMs;
      if (ctx.events) emit(ctx, state, { type: 'window', window: 'decisions', deadline: round.deadline });
    }
    return false;
  }
  round.phase = 'dealer';
  round.deadline = null;
  return true;
}

/** What the engine does on its own for a hand: its split card, a pre-selection, an AI decision. */
function stepHand(ctx: Ctx, state: TableState, who: Player, hand: Hand): boolean {
  if (hand.cards.length === 1) {
    giveSplitCard(ctx, state, who, hand);
    return true;
  }
  const holder = who.kind === 'seat' ? who.seat : who.p;
  if (holder.preselect) {
    const choice = holder.preselect;
    holder.preselect = null;
    if (legalActions(ctx, state, who).includes(choice)) {
      play(ctx, state, who, choice, 'pre-selected');
      return true;
    }
  }
  const ai = state.players[playerName(who)].ai;
  if (ai) {
    play(ctx, state, who, aiDecision(ctx, state, playerName(who), ai, seatNo(who)), `ai ${ai}`);
    return true;
  }
  return false;
}

/**
 * A split hand takes its second card when play reaches it (R-MW-SPLIT-1, R-TB-DRAW-1). A split ace
 * stands on that one card (R-MW-STAND-1) unless it drew another ace the pack lets it split again.
 */
function giveSplitCard(ctx: Ctx, state: TableState, who: Player, hand: Hand): void {
  hand.cards.push(drawFor(ctx, state, who));
  if (total(hand.cards) === 21 || (oneCardAce(ctx, hand) && !mayResplitAces(ctx, who, hand))) hand.done = true;
}

/** A split ace under the one-card rule: its only choice is to stand, or to split a second ace. */
const oneCardAce = (ctx: Ctx, hand: Hand): boolean => hand.splitAces && ctx.pack.blackjack!.actions.split?.splitAcesOneCard === true;

function mayResplitAces(ctx: Ctx, who: Player, hand: Hand): boolean {
  const s = ctx.pack.blackjack!.actions.split;
  return s !== null && s.resplitAces && handsOf(who).length < s.maxHands && hand.cards.length === 2 && rankOf(hand.cards[1]) === 0;
}

const ACTIONS: readonly PlayAction[] = ['hit', 'stand', 'double', 'split', 'surrender'];
/** One frozen list per combination of actions (bit i = ACTIONS[i]): asking allocates nothing. */
const ACTION_SETS: (readonly PlayAction[])[] = Array.from({ length: 1 << ACTIONS.length }, (_, mask) => Object.freeze(ACTIONS.filter((_a, i) => mask & (1 << i))));

/** The actions the rules allow on the hand now in play (balance-dependent fallbacks aside). */
export function legalActions(ctx: Ctx, state: TableState, who: Player): readonly PlayAction[] {
  const hand = currentHand(who);
  if (!hand || hand.cards.length < 2) return ACTION_SETS[0];
  const a = ctx.pack.blackjack!.actions;
  const balance = state.players[playerName(who)].balance;
  const hands = handsOf(who);
  let mask = 0;
  if (a.hit && !oneCardAce(ctx, hand)) mask |= 1;
  if (a.stand) mask |= 2;
  const two = hand.cards.length === 2 && !hand.doubled;
  const d = a.double;
  if (d && two && (!hand.fromSplit || d.afterSplit) && (!hand.splitAces || d.splitAces) && !oneCardAce(ctx, hand) && (!d.totals || d.totals[total(hand.cards)]) && (d.whenShort !== 'refuse' || balance >= hand.stake))
    mask |= 4;
  const s = a.split;
  const c1 = hand.cards[0];
  const c2 = hand.cards[1];
  const pair = s && (s.match === 'rank' ? rankOf(c1) === rankOf(c2) : Math.min(10, rankOf(c1) + 1) === Math.min(10, rankOf(c2) + 1));
  if (s && two && pair && hands.length < s.maxHands && (!hand.splitAces || s.resplitAces) && (s.whenShort !== 'refuse' || balance >= hand.stake)) mask |= 8;
  if (a.surrender && two && !hand.fromSplit && hands.length === 1 && !hand.acted && !a.surrender.notAgainst[rankOf(upCard(state))]) mask |= 16;
  return ACTION_SETS[mask];
}

/** Applies a legal action to the hand in play. `auto` says why the engine chose it, if it did. */
export function play(ctx: Ctx, state: TableState, who: Player, action: PlayAction, auto: string | null): void {
  const round = state.round;
  const hand = currentHand(who)!;
  const index = activeOf(who);
  const player = playerName(who);
  const a = ctx.pack.blackjack!.actions;
  const short = state.players[player].balance < hand.stake;
  let note: string | undefined;
  if ((action === 'double' || action === 'split') && short) {
    // Too little balance when the action runs: the pack's fallback (R-MW-DOUBLE-1, R-MW-SPLIT-1, R-TB-ACT-1).
    const rule = action === 'double' ? a.double!.whenShort : a.split!.whenShort;
    note = `balance too short to ${action}`;
    action = rule === 'hit' || total(hand.cards) <= 11 ? 'hit' : 'stand';
  }
  if (ctx.events) emit(ctx, state, { type: 'action', player, seat: seatNo(who), hand: index, action, auto: auto !== null, ...(note || auto ? { note: [auto, note].filter(Boolean).join('; ') } : {}) });
  hand.acted = true;
  if (who.kind === 'seat') round.deadline = null; // each seat decision has its own timer
  switch (action) {
    case 'hit':
      hand.cards.push(drawFor(ctx, state, who));
      if (total(hand.cards) >= 21) hand.done = true; // bust, or 21 stands (R-MW-HIT-1, R-MW-STAND-1)
      return;
    case 'stand':
      hand.done = true;
      return;
    case 'surrender':
      hand.surrendered = true;
      hand.done = true;
      return;
    case 'double': {
      stakeMore(ctx, state, mainRecord(ctx, state, who), hand.stake, 'double');
      hand.stake *= 2;
      hand.doubled = true;
      if (openFollow(ctx, state, who, 'double')) return;
      hand.cards.push(drawFor(ctx, state, who));
      hand.done = true; // exactly one card after a double (R-MW-STAND-1)
      return;
    }
    case 'split': {
      stakeMore(ctx, state, mainRecord(ctx, state, who), hand.stake, 'split');
      const aces = rankOf(hand.cards[0]) === 0;
      const part = (c: Card): Hand => ({ ...newHand([c], hand.stake), fromSplit: true, splitAces: aces });
      handsOf(who).splice(index, 1, part(hand.cards[0]), part(hand.cards[1]));
      if (who.kind === 'seat')
        for (const b of behindOn(ctx, state, who.seat.seat)) for (const f of b.follows!) if (f.hand > index) f.hand++;
      openFollow(ctx, state, who, 'split'); // the first split hand's card waits for the window
      return;
    }
  }
}

/** Bet-behind players decide to follow a double or split before any card is dealt (R-MW-BEHIND-5). */
function openFollow(ctx: Ctx, state: TableState, who: Player, kind: 'double' | 'split'): boolean {
  const bb = ctx.pack.table.betBehind;
  if (who.kind !== 'seat' || !bb || !(kind === 'double' ? bb.followDouble : bb.followSplit)) return false;
  const round = state.round;
  const hand = who.seat.active;
  const following = behindOn(ctx, state, who.seat.seat).filter((b) => b.follows!.some((f) => f.hand === hand));
  if (!following.length) return false;
  const answers: Record<string, boolean | null> = {};
  for (const b of following) answers[b.id] = round.followAdvance[b.id]?.[kind] ?? (state.players[b.player].ai ? false : null);
  round.follow = { seat: who.seat.seat, hand, kind, answers };
  round.phase = 'follow';
  round.deadline = ctx.env.now + ctx.pack.timing.followMs;
  if (ctx.events) emit(ctx, state, { type: 'window', window: kind === 'double' ? 'follow-double' : 'follow-split', seat: who.seat.seat, deadline: round.deadline });
  return true;
}

/** Applies the follow answers ("no" when unanswered or the balance is short), then deals on. */
function closeFollow(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const follow = round.follow!;
  for (const b of behindOn(ctx, state, follow.seat)) {
    if (!(b.id in follow.answers)) continue;
    const entry = b.follows!.find((f) => f.hand === follow.hand)!;
    const yes = follow.answers[b.id] === true && state.players[b.player].balance >= entry.stake;
    if (!yes) continue;
    stakeMore(ctx, state, b, entry.stake, `follow ${follow.kind}`);
    if (follow.kind === 'double') entry.stake *= 2; // R-MW-BEHIND-3
    else b.follows!.push({ hand: follow.hand + 1, stake: entry.stake }); // R-MW-BEHIND-4
  }
  round.follow = null;
  round.phase = 'turns';
  round.deadline = null;
  if (follow.kind === 'double') {
    const seat = round.seats.find((s) => s.seat === follow.seat)!;
    const hand = seat.hands[follow.hand];
    hand.cards.push(dealCard(ctx, state, seatLabel(seat.seat)));
    hand.done = true;
  }
}

/**
 * R-BJ-AUTO-1: hit while the score is at most the pack's limit (11), then stand; the hand in play,
 * or every remaining hand when the whole decision phase expired (common draw).
 */
export function autoComplete(ctx: Ctx, state: TableState, who: Player, allHands = false): void {
  const limit = ctx.pack.blackjack!.autoPlay.hitUntil;
  const start = activeOf(who);
  for (let hand = currentHand(who); hand && (allHands || activeOf(who) === start); hand = currentHand(who)) {
    if (hand.cards.length === 1) giveSplitCard(ctx, state, who, hand);
    else play(ctx, state, who, total(hand.cards) <= limit && ctx.pack.blackjack!.actions.hit && !oneCardAce(ctx, hand) ? 'hit' : 'stand', 'timeout');
  }
}
