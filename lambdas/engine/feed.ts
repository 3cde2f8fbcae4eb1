// Owns the dealer feed: how a dealer-fed table (a studio's scanner, R-LD-SOURCE-1) takes commands.
// The interpreter runs a command until it needs a card the dealer has not scanned (CardNeeded,
// card-source.ts); the table then shows the command as far as it got and waits. Each scanned card
// is checked as a pit boss would (R-LD-SCAN-1) and, if taken, the waiting command runs again from
// the table as it was before it (`base`) with one more card: pure and deterministic, so the round
// ends exactly as if every card had been there at once, and its record replays from its scans
// (R-LD-AUDIT-1). No card by the pack's card deadline, or a misdeal: the round pauses exactly as
// an operator's pause does (R-BJ-PAUSE-1, R-LD-PAUSE-1) until an operator resumes or voids it.
import { formatCard, parseCard } from '../core/cards.ts';
import { CardNeeded, staticNeed } from './card-source.ts';
import { saveTableInto } from './codec.ts';
import { ok } from './context.ts';
import type { Ctx } from './model.ts';
import { applyNow, execute, loadTable } from './table.ts';
import type { CardNeed, Command, EngineEvent, FeedState, Interruption, Result, TableState } from './types.ts';
import { fail } from './types.ts';

type Pending = NonNullable<FeedState['pending']>;

/** apply() for a dealer-fed table. On a refusal the state is exactly as it was. */
export function applyFed(ctx: Ctx, state: TableState, cmd: Command, actor: string): Result {
  const feed = state.feed!;
  const now = ctx.env.now;
  switch (cmd.type) {
    case 'card':
      return takeCard(ctx, state, cmd, actor);
    case 'misdeal':
      if (!inPlay(state))
        return fail('no-round-in-play', 'a misdeal is reported while a round is dealt; no round is in play');
      return pause(ctx, state, actor, `misdeal: ${cmd.reason}`);
    case 'pause':
      return pause(ctx, state, actor, cmd.reason ?? 'operator pause');
    case 'resume': {
      const r = tableWide(ctx, state, cmd, actor);
      if (!r.ok) return r;
      // A card wait starts the pack's card deadline afresh; a decision window goes on with the time it had left.
      if (feed.pending) {
        feed.since = now;
        state.round.deadline = now + ctx.pack.timing.cardMs;
      }
      if (unfinished(state))
        record(state, { at: now, actor, kind: 'resumed', reason: cmd.reason ?? 'operator resume' });
      return r;
    }
    case 'void':
      return voidFed(ctx, state, cmd, actor);
    case 'join':
      return tableWide(ctx, state, cmd, actor);
    case 'timeout':
    case 'tick':
      if (feed.pending && !state.paused) {
        if (feed.since !== null && now >= feed.since + ctx.pack.timing.cardMs)
          return pause(ctx, state, 'clock', `no card by the deadline: ${feed.need!.text} was needed`);
        return fail('card-expected', `the dealer is dealing: ${feed.need!.text} is needed first`);
      }
      break;
  }
  if (feed.pending) {
    if (state.paused) return pausedRefusal(state);
    return fail('card-expected', `the dealer is dealing: ${feed.need!.text} is needed first`);
  }
  return run(ctx, state, { command: cmd, actor, at: now, base: withoutFeed(state), scans: [], told: 0 });
}

/**
 * A command of the whole table (a pause, a resume, a join): the table before a waiting command
 * takes it too, so running that command again keeps it.
 */
function tableWide(ctx: Ctx, state: TableState, cmd: Command, actor: string): Result {
  const pending = state.feed!.pending;
  const r = applyNow(ctx, state, cmd, actor);
  if (r.ok && pending) applyNow({ ...ctx, events: [] }, pending.base, cmd, actor);
  return r;
}

/**
 * The round pauses as an operator's pause does (R-BJ-PAUSE-1): nothing of it moves and its clock
 * stops until an operator resumes it or voids it. Recorded with the round, with actor and reason.
 */
function pause(ctx: Ctx, state: TableState, actor: string, reason: string): Result {
  const undo = state.paused ? () => {} : logPending(ctx, state, state.feed!.pending);
  const r = tableWide(ctx, state, { type: 'pause', reason }, actor);
  if (!r.ok) undo();
  else if (unfinished(state)) record(state, { at: ctx.env.now, actor, kind: 'paused', reason });
  return r;
}

/**
 * Writes the waiting command to the round's log before a pause or a void that comes while it waits:
 * a replay (R-LD-AUDIT-1) then deals it from the round's scans before the pause, where it began,
 * and not after it, where a paused table would refuse it. Once logged, it is not logged again when done.
 */
function logPending(ctx: Ctx, state: TableState, pending: Pending | null): () => void {
  if (!pending || !ctx.events || pending.logged) return () => {};
  const log = state.round.log;
  log.push({ at: pending.at, actor: pending.actor, command: pending.command });
  pending.logged = true;
  // Undoes it, should the pause or void be refused.
  return () => {
    log.pop();
    delete pending.logged;
  };
}

const pausedRefusal = (state: TableState): Result =>
  fail(
    'round-paused',
    `round ${state.round.no} is paused (${pausedFor(state)}); no card is taken until an operator resumes it or voids it`,
  );

/** Why the round is paused, from its record. */
function pausedFor(state: TableState): string {
  const last = state.round.interruptions?.at(-1);
  return last?.kind === 'paused' ? last.reason : 'an operator paused the table';
}

/** Whether the round is neither settled nor void: its pauses and resumes are its own. */
const unfinished = (state: TableState): boolean => state.round.phase !== 'settled' && state.round.phase !== 'void';

/** Whether a round is dealt and not finished (or a command of it waits for cards). */
function inPlay(state: TableState): boolean {
  const phase = state.round.phase;
  return !!state.feed!.pending || (phase !== 'betting' && phase !== 'settled' && phase !== 'void');
}

function takeCard(ctx: Ctx, state: TableState, cmd: Extract<Command, { type: 'card' }>, actor: string): Result {
  const feed = state.feed!;
  const card = parseCard(String(cmd.card));
  if (card === undefined)
    return fail(
      'unreadable-card',
      `"${cmd.card}" is not a card code; a card is its rank (A, 2-9, T or 10, J, Q, K) and suit (S, H, D, C), e.g. AS or TD; rescan it`,
    );
  const shoe = (feed.pending?.base ?? state).shoe!;
  const dealer = shoe.dealer!;
  const taken = dealer.scanIds.indexOf(cmd.scanId);
  if (taken >= 0) {
    // A re-read of the same physical card is not a second card (R-LD-SCAN-1).
    if (shoe.fixed![taken] === card) return ok({ ...ctx, events: [] });
    return fail(
      'scan-id-reused',
      `scan ${cmd.scanId} was ${formatCard(shoe.fixed![taken])}, not ${formatCard(card)}; each physical read has its own scan id`,
    );
  }
  if (state.paused) return pausedRefusal(state);
  const need = feed.pending ? feed.need : staticNeed(state);
  if (!need) return fail('no-card-expected', `no card is expected now: ${waitingFor(state)}; put the card aside`);
  if (cmd.to !== undefined && cmd.to !== need.to)
    return fail('wrong-place', `the next card goes to ${need.text}, not to ${cmd.to}; nothing was taken`);
  const copies = shoe.fixed!.filter((c) => c === card).length;
  if (copies >= shoe.decks)
    return fail(
      'impossible-card',
      `${formatCard(card)} cannot come from this shoe: its ${shoe.decks} ${shoe.decks === 1 ? 'deck holds' : 'decks hold'} ${shoe.decks} and ${copies === 1 ? 'it is' : `all ${copies} are`} already out; check the card and the shoe`,
    );
  if (shoe.fixed!.length + dealer.burned >= shoe.size)
    return fail('shoe-empty', `the shoe's ${shoe.size} cards are all out (${dealer.burned} burned); start a new shoe`);

  const pending: Pending = feed.pending
    ? structuredClone(feed.pending)
    : {
        command: need.to === 'burn' ? { type: 'burn' } : { type: 'game-card' },
        actor,
        at: ctx.env.now,
        base: withoutFeed(state),
        scans: [],
        told: 0,
      };
  const baseShoe = pending.base.shoe!;
  baseShoe.fixed!.push(card);
  baseShoe.dealer!.scanIds.push(cmd.scanId);
  pending.scans.push({
    card: formatCard(card),
    scanId: cmd.scanId,
    at: ctx.env.now,
    actor,
    to: need.to,
    ...(need.seat !== undefined ? { seat: need.seat, hand: need.hand } : {}),
  });
  return run(ctx, state, pending);
}

/**
 * Runs the pending command on its base with the cards scanned so far. Done: the table is the
 * command's end and nothing waits. Short of a card: the table shows the command as far as it got
 * (no money moves until it is done) and says what is needed.
 */
function run(ctx: Ctx, state: TableState, pending: Pending): Result {
  const feed = state.feed!;
  const before = state.round;
  const table = loadTable(ctx, pending.base);
  const baseLogged = pending.base.round.log.length;
  const events = ctx.events;
  const heard = events ? events.length : 0;
  let need: CardNeed | null = null;
  try {
    const r = execute(ctx, table, pending.command, pending.actor);
    if (!r.ok) {
      if (events) events.length = heard;
      return r;
    }
  } catch (e) {
    if (!(e instanceof CardNeeded)) throw e;
    need = e.need;
  }
  // The round's log is the table's own, as it was before this run (the base's holds only what it
  // needs to run the command again), and the command's entries once it is done, if not logged yet.
  const log = before.log.slice();
  const added = need === null && !pending.logged ? table.round.log.slice(baseLogged) : [];
  const scans = [...(pending.base.round.scans ?? []), ...pending.scans];
  const interruptions = before.interruptions;
  saveTableInto(ctx.pack, table, state);
  state.feed = feed;
  const round = state.round;
  if (round.id === before.id) round.log = [...log, ...added];
  if (scans.length) round.scans = scans;
  if (interruptions) round.interruptions = interruptions;
  if (events) tellNew(events, heard, pending, need === null);
  if (need === null) {
    feed.pending = null;
    feed.since = null;
    feed.need = staticNeed(state);
    return ok(ctx);
  }
  // The command is logged once it is done; the table shows it as far as it got.
  if (round.phase === 'betting') round.phase = 'dealer';
  feed.pending = pending;
  feed.need = need;
  feed.since = ctx.env.now;
  round.deadline = ctx.env.now + ctx.pack.timing.cardMs;
  return ok(ctx);
}

/**
 * Leaves in `events` (from `heard` on) only what was not told by an earlier run of the same
 * command: its non-money events past the ones told, and its money events only once it is done.
 */
function tellNew(events: EngineEvent[], heard: number, pending: Pending, done: boolean): void {
  const all = events.splice(heard);
  let plain = 0;
  for (const e of all) {
    if (e.type === 'wallet') {
      if (done) events.push(e);
      continue;
    }
    if (plain++ >= pending.told) events.push(e);
  }
  pending.told = plain;
}

/** An operator voids the round as it stands, the cards dealt so far included; every bet is returned. */
function voidFed(ctx: Ctx, state: TableState, cmd: Extract<Command, { type: 'void' }>, actor: string): Result {
  const feed = state.feed!;
  const pending = feed.pending;
  const undo = logPending(ctx, state, pending);
  const r = applyNow(ctx, state, cmd, actor);
  if (!r.ok) {
    undo();
    return r;
  }
  feed.pending = null;
  feed.since = null;
  feed.need = staticNeed(state);
  record(state, { at: ctx.env.now, actor, kind: 'voided', reason: cmd.reason });
  return r;
}

function record(state: TableState, entry: Interruption): void {
  state.round.interruptions = [...(state.round.interruptions ?? []), entry];
}

/** What the table waits for when it waits for no card, in words. */
function waitingFor(state: TableState): string {
  const round = state.round;
  switch (round.phase) {
    case 'betting':
      return 'betting is open; cards are needed once the round is dealt';
    case 'insurance':
      return 'the players are deciding on insurance';
    case 'follow':
      return 'the players behind are deciding whether to follow';
    case 'turns':
      return round.turnSeat ? `seat ${round.turnSeat} is deciding` : 'the players are deciding';
    default:
      return `the round is ${round.phase}`;
  }
}

function withoutFeed(state: TableState): TableState {
  const { feed: _feed, ...rest } = state;
  return structuredClone(rest);
}
