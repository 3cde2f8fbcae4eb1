// A blackjack round after betting: the deal (R-MW-DEAL-1, R-TB-DEAL-1), the insurance window and
// the peek (R-MW-INS-1, R-MW-END-1), turns with every action and its fallbacks, follow windows
// (R-MW-BEHIND-5), the common stream (R-TB-DRAW-1), auto-play (R-BJ-AUTO-1), the dealer
// (R-BJ-DEALER-1) and settlement (R-BJ-RESULT-1..3). The round runs by itself until it needs a
// decision.
import { rankOf, type Card } from '../../core/cards.ts';
import { draw } from '../../core/shoe.ts';
import { payout } from '../../core/money.ts';
import type { CompiledBet } from '../../pack/compiled.ts';
import { close, credit, returnBet, stakeMore } from '../bets.ts';
import { emit, ok, type Ctx } from '../context.ts';
import { aiDecision } from '../ai-player.ts';
import { isDealerNatural, isNatural, isSoft, newHand, total } from '../hand.ts';
import { openPaytableBets, settlePaytable, type GroupView } from '../paytable.ts';
import { fail, type BetRecord, type CommonPlayer, type Hand, type PlayAction, type Result, type SeatRound, type TableState } from '../types.ts';
import { betOf, hasSeats } from './betting.ts';


/** Who plays a hand: a seat, or a player at a common-draw table. */
export type Player = { kind: 'seat'; seat: SeatRound } | { kind: 'common'; name: string; p: CommonPlayer };

class ShoeExhausted extends Error {}

// ------------------------------------------------------------------ cards

function dealCard(ctx: Ctx, state: TableState, to: string, hidden = false): Card {
  const card = draw(state.shoe!);
  if (card === undefined) throw new ShoeExhausted();
  if (state.shoe!.cutCardOut) state.round.lastOfShoe = true; // R-BJ-SHOE-1: this round is the shoe's last
  emit(ctx, state, { type: 'card', to, card: hidden ? null : card });
  return card;
}

/** The j-th card a common-draw player draws is stream card j (R-TB-DRAW-1). */
function streamCard(ctx: Ctx, state: TableState, p: CommonPlayer, name: string): Card {
  const common = state.round.common!;
  if (p.draws === common.stream.length) common.stream.push(dealCard(ctx, state, `stream-${p.draws + 1}`));
  else emit(ctx, state, { type: 'card', to: `${name}: stream-${p.draws + 1}`, card: common.stream[p.draws] });
  return common.stream[p.draws++];
}

function drawFor(ctx: Ctx, state: TableState, who: Player): Card {
  return who.kind === 'seat' ? dealCard(ctx, state, `seat-${who.seat.seat}`) : streamCard(ctx, state, who.p, who.name);
}

const playerName = (who: Player): string => (who.kind === 'seat' ? who.seat.owner : who.name);
const handsOf = (who: Player): Hand[] => (who.kind === 'seat' ? who.seat.hands : who.p.hands);
const activeOf = (who: Player): number => activeIndex(who.kind === 'seat' ? who.seat : who.p);
const seatNo = (who: Player): number | null => (who.kind === 'seat' ? who.seat.seat : null);

/** The hand bet record of a seat or a common-draw player. */
function mainRecord(ctx: Ctx, state: TableState, who: Player): BetRecord {
  const seat = seatNo(who);
  return state.round.bets.find((b) => b.status === 'open' && b.seat === seat && b.type === 'hand' && (seat !== null || b.player === playerName(who)))!;
}

const upCard = (state: TableState): Card => state.round.dealer.cards[0];

// ------------------------------------------------------------------ deal

/** Betting closes: seats without a seat bet lose their side bets, then the cards come out. */
export function deal(ctx: Ctx, state: TableState): Result {
  const round = state.round;
  if (!round.bets.some((b) => b.status === 'open')) return fail('no-bets', 'there are no bets to deal; place a bet first');
  try {
    closeBetting(ctx, state);
    if (!round.bets.some((b) => b.status === 'open')) return finish(ctx, state), ok(ctx);
    initialDeal(ctx, state);
    settleSideBets(ctx, state, false);
    openInsuranceOrPeek(ctx, state);
    advance(ctx, state);
  } catch (e) {
    if (e instanceof ShoeExhausted) return voidForShoe(ctx, state), ok(ctx);
    throw e;
  }
  return ok(ctx);
}

function closeBetting(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const pack = ctx.pack;
  if (hasSeats(ctx)) {
    for (const [seatText, holder] of Object.entries(state.seats)) {
      const seat = Number(seatText);
      const main = round.bets.find((b) => b.seat === seat && b.status === 'open' && b.type === 'hand');
      if (main) {
        holder.missed = 0;
        round.seats.push({ seat, owner: holder.owner, initial: [], hands: [newHand([], main.amount)], active: 0, preselect: null });
        continue;
      }
      // No seat bet: everything on the seat goes back (R-MW-SEAT-3). A holder who cannot cover the
      // table minimum has no valid seat bet and leaves now; one who chose not to bet keeps the seat
      // for the rounds the pack allows (R-MW-SEAT-4).
      for (const b of round.bets) if (b.seat === seat) returnBet(ctx, state, b, `seat ${seat} has no seat bet`);
      holder.missed++;
      const short = (state.players[holder.owner]?.balance ?? 0) < minimumSeatBet(ctx);
      if (short || holder.missed > (pack.table.seatRemoval?.roundsWithoutBet ?? 0)) release(ctx, state, seat, short ? 'balance below the table minimum' : 'no seat bet');
    }
    round.seats.sort((a, b) => a.seat - b.seat);
    for (const b of round.bets) {
      if (b.status !== 'open') continue;
      const bet = betOf(ctx, b.key)!;
      if (bet.type === 'behind') b.follows = [{ hand: 0, stake: b.amount }];
      if (bet.withMain && !round.bets.some((m) => m.status === 'open' && m.seat === b.seat && m.player === b.player && m.type === 'hand'))
        returnBet(ctx, state, b, `${bet.name} needs a main bet`);
    }
  } else {
    const players: Record<string, CommonPlayer> = {};
    for (const b of round.bets)
      if (b.status === 'open' && b.type === 'hand') players[b.player] = { hands: [newHand([], b.amount)], active: 0, draws: 0, preselect: null };
    round.common = { cards: [], stream: [], players };
  }
}

/** The smallest seat bet the table takes. */
export const minimumSeatBet = (ctx: Ctx): number => ctx.pack.bets.find((b) => b.type === 'hand')!.min;

export function release(ctx: Ctx, state: TableState, seat: number, reason: string): void {
  const holder = state.seats[seat];
  if (!holder) return;
  delete state.seats[seat];
  emit(ctx, state, { type: 'seat-released', seat, player: holder.owner, reason });
}

function initialDeal(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const dealer = round.dealer;
  if (round.common) {
    const common = round.common;
    common.cards.push(dealCard(ctx, state, 'common'));
    dealer.cards.push(dealCard(ctx, state, 'dealer'));
    common.cards.push(dealCard(ctx, state, 'common'));
    dealer.cards.push(dealCard(ctx, state, 'dealer-hole', true));
    for (const p of Object.values(common.players)) p.hands[0].cards = [...common.cards];
  } else {
    for (const s of round.seats) s.hands[0].cards.push(dealCard(ctx, state, `seat-${s.seat}`));
    dealer.cards.push(dealCard(ctx, state, 'dealer'));
    for (const s of round.seats) s.hands[0].cards.push(dealCard(ctx, state, `seat-${s.seat}`));
    dealer.cards.push(dealCard(ctx, state, 'dealer-hole', true));
    for (const s of round.seats) s.initial = [...s.hands[0].cards];
  }
  // A natural stands at once (R-MW-STAND-1).
  for (const who of everyone(state)) for (const h of handsOf(who)) if (total(h.cards) === 21) h.done = true;
}

export function everyone(state: TableState): Player[] {
  const round = state.round;
  if (round.common) return Object.entries(round.common.players).map(([name, p]) => ({ kind: 'common', name, p }));
  return round.seats.map((seat) => ({ kind: 'seat', seat }));
}

// ------------------------------------------------------------------ insurance and peek

/** Who may answer insurance: seats (or common players) with a hand, and insurable bets behind. */
export function insurable(ctx: Ctx, state: TableState): BetRecord[] {
  return state.round.bets.filter((b) => {
    if (b.status !== 'open') return false;
    const type = b.type;
    return type === 'hand' || (type === 'behind' && !!ctx.pack.table.betBehind?.insurance);
  });
}

function openInsuranceOrPeek(ctx: Ctx, state: TableState): void {
  const ins = ctx.pack.blackjack!.actions.insurance;
  const round = state.round;
  if (ins && ins.offeredOn[rankOf(upCard(state))] && insurable(ctx, state).length) {
    round.phase = 'insurance';
    round.deadline = ctx.env.now + ctx.pack.timing.insuranceMs;
    // AI players never buy insurance; their answer is "no" at once.
    for (const b of insurable(ctx, state)) if (state.players[b.player].ai) b.insurance = { cost: 0, settled: true };
    emit(ctx, state, { type: 'window', window: 'insurance', deadline: round.deadline });
    return;
  }
  peek(ctx, state);
}

/** Unanswered insurance counts as "no" (R-BJ-AUTO-1). */
export function closeInsurance(ctx: Ctx, state: TableState): void {
  for (const b of insurable(ctx, state)) b.insurance ??= { cost: 0, settled: true };
  peek(ctx, state);
}

export const insuranceAnswered = (ctx: Ctx, state: TableState): boolean => insurable(ctx, state).every((b) => b.insurance !== undefined);

/** The dealer checks for blackjack when the up card says so; a dealer blackjack ends the round. */
function peek(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const dealer = round.dealer;
  round.deadline = null;
  if (ctx.pack.blackjack!.dealer.peekOn[rankOf(upCard(state))]) {
    dealer.blackjack = isDealerNatural(dealer.cards);
    emit(ctx, state, { type: 'dealer-peek', blackjack: dealer.blackjack });
    settleInsurance(ctx, state);
    if (dealer.blackjack) {
      showHole(ctx, state);
      finish(ctx, state); // R-MW-END-1, R-TB-END-1
      return;
    }
  } else if (!canBeBlackjack(upCard(state))) {
    dealer.blackjack = false;
  }
  settleSideBets(ctx, state, false);
  round.phase = 'turns';
  round.turnSeat = null;
}

const canBeBlackjack = (up: Card): boolean => rankOf(up) === 0 || rankOf(up) >= 9;

function settleInsurance(ctx: Ctx, state: TableState): void {
  const ins = ctx.pack.blackjack!.actions.insurance;
  if (!ins || state.round.dealer.blackjack === null) return;
  for (const b of state.round.bets) {
    if (!b.insurance || b.insurance.settled) continue;
    b.insurance.settled = true;
    const won = state.round.dealer.blackjack;
    credit(ctx, state, b, won ? b.insurance.cost + payout(b.insurance.cost, ins.pays, ctx.pack.rounding) : 0, won ? 'insurance wins' : 'insurance loses');
  }
}

function showHole(ctx: Ctx, state: TableState): void {
  const dealer = state.round.dealer;
  if (dealer.holeShown) return;
  dealer.holeShown = true;
  emit(ctx, state, { type: 'hole-shown', card: dealer.cards[1] });
}

// ------------------------------------------------------------------ side bets

/** Side bets settle as soon as their card group is complete and their facts are known. */
export function settleSideBets(ctx: Ctx, state: TableState, final: boolean): void {
  for (const [key, open] of openPaytableBets(state)) {
    const bet = betOf(ctx, key)!;
    if (bet.group === 'dealer-final' && !final) continue;
    settlePaytable(ctx, state, bet, open, (r) => groupFor(ctx, state, bet, r));
  }
}

function groupFor(ctx: Ctx, state: TableState, bet: CompiledBet, record: BetRecord): GroupView | null {
  const round = state.round;
  const dealer = round.dealer;
  const facts = { dealerBlackjack: dealer.blackjack ?? undefined };
  if (dealer.cards.length < 2) return null;
  if (bet.group === 'dealer-final') return { cards: dealer.cards, n: dealer.cards.length, facts };
  const first = round.common ? round.common.cards : round.seats.find((s) => s.seat === record.seat)?.initial;
  if (!first) return null;
  const cards = bet.group === 'first-two-and-up' ? [first[0], first[1], dealer.cards[0]] : first;
  return { cards, n: cards.length, facts };
}

// ------------------------------------------------------------------ turns

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

/** Index of the first unfinished hand from the stored pointer on (hands.length when all are done). */
function activeIndex(holder: { hands: Hand[]; active: number }): number {
  let i = holder.active;
  while (i < holder.hands.length && holder.hands[i].done) i++;
  return i;
}

/** The hand a player is on; undefined when they are done. Reading never changes the state. */
export function currentHand(who: Player): Hand | undefined {
  const holder = who.kind === 'seat' ? who.seat : who.p;
  return holder.hands[activeIndex(holder)];
}

/** Moves the stored pointer past finished hands (only the engine's own steps do this). */
function moveOn(who: Player): Hand | undefined {
  const holder = who.kind === 'seat' ? who.seat : who.p;
  holder.active = activeIndex(holder);
  return holder.hands[holder.active];
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
      emit(ctx, state, { type: 'window', window: 'turn', seat: seat.seat, deadline: round.deadline });
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
      emit(ctx, state, { type: 'window', window: 'decisions', deadline: round.deadline });
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

/** A split hand takes its second card when play reaches it (R-MW-SPLIT-1, R-TB-DRAW-1). */
function giveSplitCard(ctx: Ctx, state: TableState, who: Player, hand: Hand): void {
  hand.cards.push(drawFor(ctx, state, who));
  const split = ctx.pack.blackjack!.actions.split;
  if ((hand.splitAces && split?.splitAcesOneCard) || total(hand.cards) === 21) hand.done = true; // R-MW-STAND-1
}

/** The actions the rules allow on the hand now in play (balance-dependent fallbacks aside). */
export function legalActions(ctx: Ctx, state: TableState, who: Player): PlayAction[] {
  const hand = currentHand(who);
  if (!hand || hand.cards.length < 2) return [];
  const a = ctx.pack.blackjack!.actions;
  const balance = state.players[playerName(who)].balance;
  const hands = handsOf(who);
  const out: PlayAction[] = [];
  if (a.hit) out.push('hit');
  if (a.stand) out.push('stand');
  const two = hand.cards.length === 2 && !hand.doubled;
  const d = a.double;
  if (d && two && (!hand.fromSplit || d.afterSplit) && (!hand.splitAces || d.splitAces) && (!d.totals || d.totals[total(hand.cards)]) && (d.whenShort !== 'refuse' || balance >= hand.stake))
    out.push('double');
  const s = a.split;
  const [c1, c2] = hand.cards;
  const pair = s && (s.match === 'rank' ? rankOf(c1) === rankOf(c2) : Math.min(10, rankOf(c1) + 1) === Math.min(10, rankOf(c2) + 1));
  if (s && two && pair && hands.length < s.maxHands && (!hand.splitAces || s.resplitAces) && (s.whenShort !== 'refuse' || balance >= hand.stake)) out.push('split');
  if (a.surrender && two && !hand.fromSplit && hands.length === 1 && !hand.acted && !a.surrender.notAgainst[rankOf(upCard(state))]) out.push('surrender');
  return out;
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
  emit(ctx, state, { type: 'action', player, seat: seatNo(who), hand: index, action, auto: auto !== null, ...(note || auto ? { note: [auto, note].filter(Boolean).join('; ') } : {}) });
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

const behindOn = (ctx: Ctx, state: TableState, seat: number): BetRecord[] =>
  state.round.bets.filter((b) => b.status === 'open' && b.seat === seat && b.type === 'behind');

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
  emit(ctx, state, { type: 'window', window: kind === 'double' ? 'follow-double' : 'follow-split', seat: who.seat.seat, deadline: round.deadline });
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
    hand.cards.push(dealCard(ctx, state, `seat-${seat.seat}`));
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
    else play(ctx, state, who, total(hand.cards) <= limit && ctx.pack.blackjack!.actions.hit ? 'hit' : 'stand', 'timeout');
  }
}

// ------------------------------------------------------------------ dealer and settlement

/** The dealer shows the hole card and draws only while a hand or a dealer-hand bet is live. */
function dealerPlays(ctx: Ctx, state: TableState): void {
  const dealer = state.round.dealer;
  showHole(ctx, state);
  if (dealer.blackjack === null) dealer.blackjack = isDealerNatural(dealer.cards);
  settleInsurance(ctx, state);
  if (dealer.blackjack || !dealerNeeded(ctx, state)) return;
  const hitsSoft17 = ctx.pack.blackjack!.dealer.hitsSoft17;
  for (let t = total(dealer.cards); t < 17 || (t === 17 && hitsSoft17 && isSoft(dealer.cards)); t = total(dealer.cards))
    dealer.cards.push(dealCard(ctx, state, 'dealer')); // R-BJ-DEALER-1
}

function dealerNeeded(ctx: Ctx, state: TableState): boolean {
  for (const who of everyone(state)) for (const h of handsOf(who)) if (!h.surrendered && total(h.cards) <= 21 && !isNatural(h)) return true;
  return state.round.bets.some((b) => b.status === 'open' && betOf(ctx, b.key)!.group === 'dealer-final');
}

/** What a hand returns against the dealer, stake included (R-BJ-RESULT-1..3, R-BJ-SCORE-3). */
function handReturn(ctx: Ctx, state: TableState, hand: Hand, stake: number, bet: CompiledBet): [number, string] {
  const dealer = state.round.dealer;
  if (hand.surrendered) return [Math.floor(stake / 2), 'surrender']; // R-MW-SURR-1
  const t = total(hand.cards);
  if (t > 21) return [0, 'bust']; // R-BJ-RESULT-2
  if (isNatural(hand)) return dealer.blackjack ? [stake, 'push'] : [stake + payout(stake, bet.blackjackPays!, ctx.pack.rounding), 'blackjack'];
  if (dealer.blackjack) return [0, 'dealer blackjack'];
  const d = total(dealer.cards);
  if (d > 21 || t > d) return [stake + payout(stake, bet.winPays!, ctx.pack.rounding), d > 21 ? 'dealer bust' : 'win'];
  return t === d ? [stake, 'push'] : [0, 'lose'];
}

/** Settles every bet of the round and closes it. */
export function finish(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const loseAll = ctx.pack.blackjack!.dealer.onBlackjack === 'lose-all';
  const dealerBlackjackLate = round.dealer.blackjack === true && round.dealer.cards.length === 2;
  for (const who of everyone(state)) {
    const record = mainRecord(ctx, state, who);
    if (!record) continue;
    const bet = betOf(ctx, record.key)!;
    const hands = handsOf(who);
    settleHands(ctx, state, record, bet, hands.map((h, i) => ({ hand: i, stake: h.stake })), hands, loseAll, dealerBlackjackLate);
    if (who.kind === 'seat')
      for (const b of behindOn(ctx, state, who.seat.seat)) settleHands(ctx, state, b, betOf(ctx, b.key)!, b.follows!, hands, loseAll, dealerBlackjackLate);
  }
  settleSideBets(ctx, state, true);
  for (const b of round.bets) if (b.status === 'open') close(b, b.line); // nothing left to pay
  round.phase = 'settled';
  round.deadline = null;
  round.turnSeat = null;
  emit(ctx, state, { type: 'round-settled', round: round.no });
}

/**
 * Settles a main bet or a bet behind over the hands it is on. Against a dealer blackjack found at
 * the dealer's turn (no peek), original-bets loses only the original stake; lose-all loses
 * everything wagered (R-EU-DEAL-1).
 */
function settleHands(ctx: Ctx, state: TableState, record: BetRecord, bet: CompiledBet, stakes: { hand: number; stake: number }[], hands: Hand[], loseAll: boolean, dealerBlackjack: boolean): void {
  if (record.status !== 'open') return;
  const extra = stakes.reduce((s, f) => s + f.stake, 0) - record.amount;
  if (dealerBlackjack && !loseAll && extra > 0 && !stakes.some((f) => isNatural(hands[f.hand]))) {
    credit(ctx, state, record, extra, 'dealer blackjack: only the original bet lost');
    close(record, 'dealer blackjack');
    return;
  }
  for (const f of stakes) {
    const [returned, outcome] = handReturn(ctx, state, hands[f.hand], f.stake, bet);
    credit(ctx, state, record, returned, outcome, f.hand);
  }
  close(record, null);
}

function voidForShoe(ctx: Ctx, state: TableState): void {
  const round = state.round;
  for (const b of round.bets) returnBet(ctx, state, b, 'the shoe ran out of cards');
  round.phase = 'void';
  round.deadline = null;
  emit(ctx, state, { type: 'round-void', round: round.no, reason: 'the shoe ran out of cards' });
}

export { ShoeExhausted, voidForShoe };
