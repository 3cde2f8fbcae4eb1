// Decisions in a blackjack round: turns in seat order or all at once in common draw, every
// action with its conditions and short-balance fallbacks, follow windows (R-MW-BEHIND-5),
// pre-selections (R-MW-TURN-1), AI players and auto-play (R-BJ-AUTO-1). The round runs by itself
// until it needs a decision.
import { rankOf } from '../../core/cards.ts';
import { ACTIONS, actionBit, decideBit } from '../../pack/chart.ts';
import { aiDecision } from '../ai-player.ts';
import { seatOrNull, stakeMore } from '../bets.ts';
import { decidesItself, emit } from '../context.ts';
import { addCard, handTotal } from '../hand.ts';
import { Seat } from '../ledger.ts';
import type { Ctx, Holder, Round, Table, WorkingHand } from '../model.ts';
import { activeIndex, currentHand, holderAt, moveOn } from '../state.ts';
import type { Follow, PlayAction } from '../types.ts';
import { dealerPlays } from './dealer.ts';
import { newHand } from './holders.ts';
import { closeInsurance, insuranceAnswered } from './insurance.ts';
import { dealTo, drawFor, isBehindOn, mainRow, seatLabel, upCard } from './players.ts';
import { finish } from './settle.ts';

/** Runs the round until it needs a decision or is settled. */
export function advance(ctx: Ctx, table: Table): void {
  const fast = ctx.fast;
  if (fast === undefined) advanceFor(ctx)(table);
  else fast.advance(table);
}

/** advance for one context, as dealFor is the deal's (deal.ts): the fast path keeps one (FastPath.advance). */
export const advanceFor =
  (ctx: Ctx) =>
  (table: Table): void => {
    const round = table.round;
    for (;;) {
      switch (round.phase) {
        case 'insurance':
          if (!insuranceAnswered(ctx, table)) return;
          closeInsurance(ctx, table);
          continue;
        case 'follow':
          if (Object.values(round.follow!.answers).some((a) => a === null)) return;
          closeFollow(ctx, table);
          continue;
        case 'turns':
          if (round.common ? commonTurns(ctx, table) : seatTurns(ctx, table)) continue;
          return;
        case 'dealer':
          finish(ctx, table, dealerPlays(ctx, table));
          return;
        default:
          return;
      }
    }
  };

/** One step of seat play in seat order (R-MW-TURN-1); false when waiting for a decision. */
function seatTurns(ctx: Ctx, table: Table): boolean {
  const round = table.round;
  for (let i = 0; i < round.holders.length; i++) {
    const h = round.holders[i];
    if (round.turnSeat !== null && h.seat < round.turnSeat) continue;
    const hand = moveOn(h);
    if (!hand) continue;
    // Null first, so the seats compare as numbers (null against a number is V8's generic equality).
    if (round.turnSeat === null || round.turnSeat !== h.seat) {
      round.turnSeat = h.seat;
      round.deadline = null;
    }
    if (stepHand(ctx, table, h, hand)) return true;
    if (round.deadline === null) {
      round.deadline = ctx.env.now + ctx.pack.timing.decisionMs;
      if (ctx.events) emit(ctx, table, { type: 'window', window: 'turn', seat: h.seat, deadline: round.deadline });
    }
    return false;
  }
  round.turnSeat = null;
  round.phase = 'dealer';
  round.deadline = null;
  return true;
}

/** Common draw: every player decides at once, in one decision window (R-TB-DRAW-1). */
function commonTurns(ctx: Ctx, table: Table): boolean {
  const round = table.round;
  let waiting = false;
  for (let i = 0; i < round.holders.length; i++) {
    const h = round.holders[i];
    const hand = moveOn(h);
    if (!hand) continue;
    if (stepHand(ctx, table, h, hand)) return true;
    waiting = true;
  }
  if (waiting) {
    if (round.deadline === null) {
      round.deadline = ctx.env.now + ctx.pack.timing.decisionMs;
      if (ctx.events) emit(ctx, table, { type: 'window', window: 'decisions', deadline: round.deadline });
    }
    return false;
  }
  round.phase = 'dealer';
  round.deadline = null;
  return true;
}

/** What the engine does on its own for a hand: its split card, a pre-selection, an AI decision. */
function stepHand(ctx: Ctx, table: Table, h: Holder, hand: WorkingHand): boolean {
  if (hand.cards.length === 1) {
    giveSplitCard(ctx, table, h, hand);
    return true;
  }
  if (h.preselect) {
    // Chosen earlier: the pack's short-balance fallback applies if its cost is no longer covered (R-BJ-OFFER-1).
    const choice = h.preselect;
    h.preselect = null;
    if (handMask(ctx, table, h, hand, Cover.CHOSEN) & actionBit(choice)) {
      play(ctx, table, h, choice, 'pre-selected');
      return true;
    }
  }
  const ai = table.players.ai[h.ownerIndex];
  if (ai) {
    play(ctx, table, h, aiDecision(ctx, table, h.owner, ai, seatOrNull(h.seat)), `ai ${ai}`);
    return true;
  }
  const policy = ctx.policy;
  if (policy && policy.player === h.ownerIndex) {
    play(
      ctx,
      table,
      h,
      ACTIONS[
        31 -
          Math.clz32(
            decideBit(
              policy.chart,
              hand.cards,
              upCard(table),
              handMask(ctx, table, h, hand, Cover.OFFERED),
              hand.shape,
            ),
          )
      ],
      null,
    );
    return true;
  }
  return false;
}

/**
 * A split hand takes its second card when play reaches it (R-MW-SPLIT-1, R-TB-DRAW-1). A split ace
 * stands on that one card (R-MW-STAND-1) unless it drew another ace the pack lets it split again.
 */
function giveSplitCard(ctx: Ctx, table: Table, h: Holder, hand: WorkingHand): void {
  addCard(hand, drawFor(ctx, table, h));
  if (handTotal(hand) === 21 || (oneCardAce(ctx, hand) && !mayResplitAces(ctx, h, hand))) hand.done = true;
}

/** A split ace under the one-card rule: its only choice is to stand, or to split a second ace. */
const oneCardAce = (ctx: Ctx, hand: WorkingHand): boolean =>
  hand.splitAces && ctx.pack.blackjack!.actions.split?.splitAcesOneCard === true;

function mayResplitAces(ctx: Ctx, h: Holder, hand: WorkingHand): boolean {
  const s = ctx.pack.blackjack!.actions.split;
  return (
    s?.resplitAces === true && h.hands.length < s.maxHands && hand.cards.length === 2 && rankOf(hand.cards[1]) === 0
  );
}

/** One frozen list per combination of actions (bit i = ACTIONS[i]): asking allocates nothing. */
const ACTION_SETS: (readonly PlayAction[])[] = /* @__PURE__ */ (() =>
  Array.from({ length: 1 << ACTIONS.length }, (_, mask) =>
    Object.freeze(ACTIONS.filter((_a, i) => mask & (1 << i))),
  ))();

/** How a mask counts the balance for double and split (R-BJ-OFFER-1). */
export enum Cover {
  /** Offered now: only when the balance covers the stake. */
  OFFERED,
  /** Chosen by the player (sent, or pre-selected and running now): a short balance drops it only where the pack's
   * fallback is to refuse; otherwise the fallback applies when it runs. */
  CHOSEN,
}

/**
 * The actions on the hand now in play, as a mask of action bits (actionBit); by default as offered now: what the rules
 * allow, double and split only when the balance covers them.
 */
export function legalMask(ctx: Ctx, table: Table, h: Holder, cover = Cover.OFFERED): number {
  const hand = currentHand(h);
  return hand ? handMask(ctx, table, h, hand, cover) : 0;
}

/** legalMask for the holder's hand in play, already found. */
function handMask(ctx: Ctx, table: Table, h: Holder, hand: WorkingHand, cover: Cover): number {
  if (hand.cards.length < 2) return 0;
  const a = ctx.pack.blackjack!.actions;
  const covered = table.players.balance[h.ownerIndex] >= hand.stake;
  const cards = hand.cards;
  let mask = 0;
  const oneCard = oneCardAce(ctx, hand);
  if (a.hit && !oneCard) mask |= 1;
  if (a.stand) mask |= 2;
  const two = cards.length === 2 && !hand.doubled;
  if (!two) return mask;
  const d = a.double;
  if (
    d &&
    (!hand.fromSplit || d.afterSplit) &&
    (!hand.splitAces || d.splitAces) &&
    !oneCard &&
    (!d.totals || d.totals[handTotal(hand)]) &&
    (covered || (cover === Cover.CHOSEN && d.whenShort !== 'refuse'))
  )
    mask |= 4;
  const s = a.split;
  if (s) {
    const r1 = rankOf(cards[0]);
    const r2 = rankOf(cards[1]);
    const pair = s.match === 'rank' ? r1 === r2 : Math.min(10, r1 + 1) === Math.min(10, r2 + 1);
    if (
      pair &&
      h.hands.length < s.maxHands &&
      (!hand.splitAces || s.resplitAces) &&
      (covered || (cover === Cover.CHOSEN && s.whenShort !== 'refuse'))
    )
      mask |= 8;
  }
  if (
    a.surrender &&
    !hand.fromSplit &&
    h.hands.length === 1 &&
    !hand.acted &&
    !a.surrender.notAgainst[rankOf(upCard(table))]
  )
    mask |= 16;
  return mask;
}

/** The legal actions as a list (ACTIONS order). */
export const legalActions = (ctx: Ctx, table: Table, h: Holder): readonly PlayAction[] =>
  ACTION_SETS[legalMask(ctx, table, h)];
export const actionsOf = (mask: number): readonly PlayAction[] => ACTION_SETS[mask];

/** Applies a legal action to the hand in play. `auto` says why the engine chose it, if it did. */
export function play(ctx: Ctx, table: Table, h: Holder, action: PlayAction, auto: string | null): void {
  const round = table.round;
  const index = activeIndex(h);
  const hand = h.hands[index];
  const a = ctx.pack.blackjack!.actions;
  const short = table.players.balance[h.ownerIndex] < hand.stake;
  let note: string | undefined;
  if ((action === 'double' || action === 'split') && short) {
    // A move chosen earlier (a pre-selection) finds too little balance when it runs: the pack's fallback
    // (R-MW-DOUBLE-1, R-MW-SPLIT-1, R-TB-ACT-1). One chosen in the turn is taken only when covered (R-BJ-OFFER-1).
    const rule = action === 'double' ? a.double!.whenShort : a.split!.whenShort;
    note = `balance too short to ${action}`;
    action = rule === 'hit' || handTotal(hand) <= 11 ? 'hit' : 'stand';
  }
  if (ctx.events)
    emit(ctx, table, {
      type: 'action',
      player: h.owner,
      seat: seatOrNull(h.seat),
      hand: index,
      action,
      auto: auto !== null,
      ...(note || auto ? { note: [auto, note].filter(Boolean).join('; ') } : {}),
    });
  hand.acted = true;
  if (h.seat !== Seat.NONE) round.deadline = null; // each seat decision has its own timer
  switch (action) {
    case 'hit':
      addCard(hand, drawFor(ctx, table, h));
      if (handTotal(hand) >= 21) hand.done = true; // bust, or 21 stands (R-MW-HIT-1, R-MW-STAND-1)
      return;
    case 'stand':
      hand.done = true;
      return;
    case 'surrender':
      hand.surrendered = true;
      hand.done = true;
      return;
    case 'double': {
      stakeMore(ctx, table, mainRow(ctx, table, h), hand.stake, 'double');
      hand.stake *= 2;
      hand.doubled = true;
      if (openFollow(ctx, table, h, 'double')) return;
      addCard(hand, drawFor(ctx, table, h));
      hand.done = true; // exactly one card after a double (R-MW-STAND-1)
      return;
    }
    case 'split': {
      stakeMore(ctx, table, mainRow(ctx, table, h), hand.stake, 'split');
      const first = hand.cards[0];
      const aces = rankOf(first) === 0;
      // The seat's first two cards stay for its side bets (state.ts, firstCards).
      if (h.seat !== Seat.NONE && h.initial.length === 0) h.initial.push(first, hand.cards[1]);
      h.hands.splice(
        index,
        1,
        splitPart(round, first, hand.stake, aces),
        splitPart(round, hand.cards[1], hand.stake, aces),
      );
      round.spare.hands.push(hand);
      if (h.seat !== Seat.NONE) {
        const bets = round.bets;
        for (let row = 0; row < bets.length; row++)
          if (isBehindOn(ctx, bets, row, h.seat)) for (const f of bets.follows[row]!) if (f.hand > index) f.hand++;
      }
      openFollow(ctx, table, h, 'split'); // the first split hand's card waits for the window
      return;
    }
  }
}

/** One hand of a split pair: its first card, the seat bet, from a split. */
function splitPart(round: Round, card: number, stake: number, aces: boolean): WorkingHand {
  const p = newHand(round, stake);
  addCard(p, card);
  p.fromSplit = true;
  p.splitAces = aces;
  return p;
}

const followOf = (follows: readonly Follow[], hand: number): Follow | undefined => {
  for (const f of follows) if (f.hand === hand) return f;
  return undefined;
};

/** Bet-behind players decide to follow a double or split before any card is dealt (R-MW-BEHIND-5). */
function openFollow(ctx: Ctx, table: Table, h: Holder, kind: 'double' | 'split'): boolean {
  const bb = ctx.pack.table.betBehind;
  if (h.seat === Seat.NONE || !bb || !(kind === 'double' ? bb.followDouble : bb.followSplit)) return false;
  const round = table.round;
  const bets = round.bets;
  const hand = h.active;
  let answers: Record<string, boolean | null> | null = null;
  for (let row = 0; row < bets.length; row++) {
    if (!isBehindOn(ctx, bets, row, h.seat) || !followOf(bets.follows[row]!, hand)) continue;
    const id = bets.id(row);
    (answers ??= {})[id] =
      round.followAdvance?.[id]?.[kind] ?? (decidesItself(ctx, table, bets.player(row)) ? false : null);
  }
  if (!answers) return false;
  round.follow = { seat: h.seat, hand, kind, answers };
  round.phase = 'follow';
  round.deadline = ctx.env.now + ctx.pack.timing.followMs;
  if (ctx.events)
    emit(ctx, table, {
      type: 'window',
      window: kind === 'double' ? 'follow-double' : 'follow-split',
      seat: h.seat,
      deadline: round.deadline,
    });
  return true;
}

/** Applies the follow answers ("no" when unanswered or the balance is short), then deals on. */
function closeFollow(ctx: Ctx, table: Table): void {
  const round = table.round;
  const bets = round.bets;
  const follow = round.follow!;
  for (let row = 0; row < bets.length; row++) {
    if (!isBehindOn(ctx, bets, row, follow.seat) || !(bets.id(row) in follow.answers)) continue;
    const follows = bets.follows[row]!;
    const entry = followOf(follows, follow.hand)!;
    const yes = follow.answers[bets.id(row)] === true && table.players.balance[bets.player(row)] >= entry.stake;
    if (!yes) continue;
    stakeMore(ctx, table, row, entry.stake, `follow ${follow.kind}`);
    if (follow.kind === 'double')
      entry.stake *= 2; // R-MW-BEHIND-3
    else follows.push({ hand: follow.hand + 1, stake: entry.stake }); // R-MW-BEHIND-4
  }
  round.follow = null;
  round.phase = 'turns';
  round.deadline = null;
  if (follow.kind === 'double') {
    const seat = holderAt(round, follow.seat)!;
    const hand = seat.hands[follow.hand];
    addCard(hand, dealTo(ctx, table, seatLabel, seat.seat));
    hand.done = true;
  }
}

/**
 * R-BJ-AUTO-1: hit while the score is at most the pack's limit (11), then stand; the hand in play,
 * or every remaining hand when the whole decision phase expired (common draw).
 */
export function autoComplete(ctx: Ctx, table: Table, h: Holder, allHands = false): void {
  const limit = ctx.pack.blackjack!.autoPlay.hitUntil;
  const start = activeIndex(h);
  for (let hand = currentHand(h); hand && (allHands || activeIndex(h) === start); hand = currentHand(h)) {
    if (hand.cards.length === 1) giveSplitCard(ctx, table, h, hand);
    else
      play(
        ctx,
        table,
        h,
        handTotal(hand) <= limit && ctx.pack.blackjack!.actions.hit && !oneCardAce(ctx, hand) ? 'hit' : 'stand',
        'timeout',
      );
  }
}
