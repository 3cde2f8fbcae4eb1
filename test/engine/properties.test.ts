// Property tests over random shoes and random legal play, for every blackjack pack and for Andar
// Bahar (issues 3 and 4, "What it must show"): every round ends settled or void; money is
// conserved; no balance goes negative; a refused command changes nothing; a state saved as JSON
// and loaded again behaves identically; the same seed replays the same round; no player view
// shows the hole card before it is shown. Andar Bahar: one winning side, 1 to 49 cards dealt, no
// card dealt twice from its single deck.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { bjTotal, formatCard, rankOf } from '../../lambdas/core/cards.ts';
// The reason the engine gives a bet no rule settled: an internal, behind the front door.
import { UNSETTLED } from '../../lambdas/engine/blackjack/settle.ts';
import {
  apply,
  type Command,
  type Ctx,
  createTable,
  type EngineEvent,
  playerView,
  type RoundState,
  replayRound,
  type TableState,
  visibleEvents,
} from '../../lambdas/engine/index.ts';
import type { CompiledBet } from '../../lambdas/pack/compiled.ts';
import { BLACKJACK_PACKS, charts, ctxFor, forkCtx, pack, type TestCtx } from './helpers.ts';

type Gen = fc.GeneratorValue;

const pick = <T>(g: Gen, items: readonly T[]): T => items[g(fc.nat, items.length - 1)];
const chance = (g: Gen, percent: number): boolean => g(fc.nat, 99) < percent;

/** One applied command, with what is needed to apply it again from a saved state. */
interface Step {
  cmd: Command;
  now: number;
  seedCount: number;
  /** The table as JSON just before the command. */
  before: string;
  ok: boolean;
  code: string | null;
  events: string;
}

interface Run {
  ctx: TestCtx;
  state: TableState;
  steps: Step[];
  /** Every round of the run as it ended (a deep copy), with the shoe it was dealt from. */
  rounds: { round: RoundState; shoe: TableState['shoe']; players: Record<string, number> }[];
  joined: Record<string, number>;
  /** Windows expire by `tick` at a clock past their deadline instead of by `timeout`. */
  ticks: boolean;
}

// ------------------------------------------------------------------ checks after every command

function checkViews(ctx: Ctx, state: TableState): void {
  const round = state.round;
  const dealer = round.dealer;
  const seed = state.shoe?.seed ?? '';
  const visible = visibleEvents(round.events);
  const visibleText = JSON.stringify(visible);
  if (seed) expect(visibleText.includes(seed), 'seed in the visible events').toBe(false);
  if (!dealer.holeShown) {
    expect(
      visible.some((e) => e.type === 'hole-shown'),
      'hole-shown before the hole is shown',
    ).toBe(false);
    for (const e of visible)
      if (e.type === 'card' && e.to === 'dealer-hole') expect(e.card, 'the hole card in a visible event').toBeNull();
  }
  for (const viewer of [...Object.keys(state.players), null]) {
    const view = playerView(ctx, state, viewer);
    const text = JSON.stringify(view);
    if (seed) expect(text.includes(seed), 'seed in a player view').toBe(false);
    if (dealer.cards.length >= 2 && !dealer.holeShown) {
      const up = formatCard(dealer.cards[0]);
      const hole = formatCard(dealer.cards[1]);
      expect(view.dealer.cards[1], `${viewer}'s view shows the hole card`).toBeNull();
      expect(view.dealer.total, 'the dealer total counts only the up card').toBe(bjTotal([dealer.cards[0]]));
      if (hole !== up)
        expect(
          JSON.stringify(view.dealer).includes(hole),
          `${viewer}'s dealer section names the hole card ${hole}`,
        ).toBe(false);
      if (dealer.blackjack === true) expect(view.dealer.blackjack, 'a dealer blackjack not yet shown').toBeNull();
    }
  }
}

function checkBalances(state: TableState): void {
  for (const [name, p] of Object.entries(state.players))
    expect(p.balance, `${name}'s balance`).toBeGreaterThanOrEqual(0);
}

// ------------------------------------------------------------------ the random driver

function applyStep(run: Run, g: Gen, cmd: Command, at?: number): boolean {
  const { ctx, state } = run;
  ctx.env.now = at ?? ctx.env.now + g(fc.nat, 3000);
  const before = JSON.stringify(state);
  const step: Step = { cmd, now: ctx.env.now, seedCount: ctx.seeds.count, before, ok: false, code: null, events: '' };
  ctx.events = [];
  const r = apply(ctx, state, cmd, 'player' in cmd ? cmd.player : 'operator');
  step.ok = r.ok;
  if (r.ok) step.events = JSON.stringify(r.events);
  else {
    step.code = r.error.code;
    expect(typeof r.error.message).toBe('string');
    expect(JSON.stringify(state), `refused ${JSON.stringify(cmd)} (${r.error.code}) changed the state`).toBe(before);
  }
  run.steps.push(step);
  checkBalances(state);
  checkViews(ctx, state);
  return r.ok;
}

function randomAmount(g: Gen, bet: CompiledBet, balance: number, sensible: boolean): number {
  const inRange = () =>
    g(fc.integer, { min: bet.min, max: Math.max(bet.min, Math.min(bet.max, Math.floor(balance / 3))) });
  if (sensible || chance(g, 60)) return pick(g, [bet.min, bet.min * 2, bet.min * 10, inRange(), inRange()]);
  return pick(g, [
    bet.max,
    bet.max + bet.min,
    Math.max(1, Math.floor(bet.min / 2)),
    Math.max(1, balance),
    g(fc.integer, { min: 1, max: bet.max * 2 }),
  ]);
}

/** A random bet; `main` asks for a plausible main bet by `player` (still refused when it does not fit). */
function randomBet(g: Gen, run: Run, main: string | null): Command {
  const { ctx, state } = run;
  const player = main ?? pick(g, Object.keys(state.players));
  const bets = ctx.pack.bets;
  const bet = main ? (bets.find((b) => b.type === 'hand') ?? pick(g, bets)) : pick(g, bets);
  const cmd: Extract<Command, { type: 'bet' }> = {
    type: 'bet',
    player,
    bet: bet.name,
    amount: randomAmount(g, bet, state.players[player].balance, main !== null),
  };
  if (bet.mode !== null) cmd.mode = bet.mode;
  const kind = ctx.pack.table.kind;
  if (kind === 'seated' || kind === 'solo') {
    const taken = Object.keys(state.seats).map(Number);
    const mine = taken.filter((s) => state.seats[s].owner === player);
    const free = Array.from({ length: ctx.pack.table.seats }, (_, i) => i + 1).filter((s) => !taken.includes(s));
    const any = g(fc.integer, { min: 1, max: ctx.pack.table.seats });
    if (bet.type === 'hand')
      cmd.seat = mine.length && chance(g, 60) ? pick(g, mine) : free.length && chance(g, 90) ? pick(g, free) : any;
    else cmd.seat = taken.length && chance(g, 90) ? pick(g, taken) : any;
  }
  return cmd;
}

const PLAY = ['hit', 'stand', 'double', 'split', 'surrender'] as const;

/** One decision: a legal move of a random player, a pre-selection, a random (often refused) act, or a timeout. */
function randomDecision(g: Gen, run: Run): Command {
  const { ctx, state } = run;
  const players = Object.keys(state.players);
  const moves = players.flatMap((p) => playerView(ctx, state, p).legal.map((m) => ({ player: p, ...m })));
  const roll = g(fc.nat, 99);
  if (moves.length && roll < 75) {
    const m = pick(g, moves);
    const cmd: Extract<Command, { type: 'act' }> = { type: 'act', player: m.player, action: m.action };
    if (m.seat !== undefined) cmd.seat = m.seat;
    if (m.action === 'insurance' || m.action === 'follow-double' || m.action === 'follow-split')
      cmd.accept = g(fc.boolean);
    return cmd;
  }
  if (roll < 85) {
    const player = pick(g, players);
    const pre = playerView(ctx, state, player).preselect;
    const cmd: Extract<Command, { type: 'act' }> = {
      type: 'act',
      player,
      action: pick(g, [...PLAY, 'insurance', 'follow-double', 'follow-split'] as const),
    };
    if (pre.length && chance(g, 70)) cmd.seat = pick(g, pre);
    else if (ctx.pack.table.kind !== 'common-draw' && chance(g, 80))
      cmd.seat = g(fc.integer, { min: 1, max: Math.max(1, ctx.pack.table.seats) });
    if (chance(g, 50)) cmd.accept = g(fc.boolean);
    return cmd;
  }
  return { type: 'timeout' };
}

/** Expires the open window: a timeout, or (ticking runs) a tick at or past its deadline. */
function expire(g: Gen, run: Run): boolean {
  const deadline = run.state.round.deadline;
  if (!run.ticks) return applyStep(run, g, { type: 'timeout' });
  if (deadline === null)
    return applyStep(run, g, run.state.round.phase === 'betting' ? { type: 'deal' } : { type: 'timeout' });
  return applyStep(run, g, { type: 'tick' }, Math.max(run.ctx.env.now, deadline + g(fc.nat, 2000)));
}

function playRound(g: Gen, run: Run): void {
  const { state } = run;
  const round = state.round;
  const over = () => state.round !== round || round.phase === 'settled' || round.phase === 'void';
  const players = Object.keys(state.players);
  const mains = players.filter(() => chance(g, 80));
  const nBets = mains.length + g(fc.integer, { min: 0, max: 8 });
  for (let i = 0; i < nBets; i++) {
    applyStep(run, g, randomBet(g, run, i < mains.length ? mains[i] : null));
    if (chance(g, 1)) applyStep(run, g, { type: 'void', reason: 'operator test void' });
    if (state.round.phase !== 'betting') break;
  }
  if (state.round.phase === 'betting') {
    const ok = chance(g, 70) ? applyStep(run, g, { type: 'deal' }) : expire(g, run);
    if (!ok || (state.round === round && round.phase === 'betting'))
      applyStep(run, g, { type: 'void', reason: 'nothing to deal' });
  }
  for (let i = 0; i < 150 && !over(); i++) {
    if (chance(g, 1)) applyStep(run, g, { type: 'void', reason: 'operator test void' });
    else if (chance(g, 2)) {
      // A pause suspends the round (R-BJ-PAUSE-1): every decision and expiry is refused until the resume.
      expect(applyStep(run, g, { type: 'pause' })).toBe(true);
      for (let k = g(fc.nat, 3); k > 0; k--) {
        const cmd = randomDecision(g, run);
        expect(cmd.type === 'timeout' ? expire(g, run) : applyStep(run, g, cmd), 'a command while paused').toBe(false);
      }
      expect(applyStep(run, g, { type: 'resume' })).toBe(true);
    } else {
      const cmd = randomDecision(g, run);
      if (cmd.type === 'timeout') expire(g, run);
      else applyStep(run, g, cmd);
    }
  }
  // Whatever is still open is expired; every expiry must be accepted and the round must end.
  for (let i = 0; i < 60 && !over(); i++)
    expect(expire(g, run), `expiry refused in phase ${state.round.phase}`).toBe(true);
  expect(['settled', 'void']).toContain(round.phase);
  // A tick after the settlement opens the next round at once; nothing is bet in it yet.
  const shoe = state.round === round ? state.shoe : null;
  run.rounds.push({
    round: structuredClone(round),
    shoe: structuredClone(shoe),
    players: Object.fromEntries(Object.entries(state.players).map(([n, p]) => [n, p.balance])),
  });
}

function randomRun(g: Gen, packId: string, ticks = false): Run {
  const ctx = ctxFor(packId, g(fc.nat));
  const state = createTable(ctx, 't1');
  const run: Run = { ctx, state, steps: [], rounds: [], joined: {}, ticks };
  const n = g(fc.integer, { min: 1, max: 5 });
  const hasAi = Object.keys(ctx.charts).length > 0;
  for (let i = 0; i < n; i++) {
    const balance = chance(g, 25)
      ? pick(g, [0, 50, 150, 250, 1_000, 2_500])
      : pick(g, [10_000, 100_000, 1_000_000, g(fc.integer, { min: 0, max: 3_000_000 })]);
    const ai =
      hasAi && i > 0 && chance(g, 40) ? pick(g, Object.keys(ctx.charts) as ('easy' | 'normal' | 'hard')[]) : null;
    const name = `p${i + 1}`;
    expect(applyStep(run, g, { type: 'join', player: name, balance, ai, demo: chance(g, 10) })).toBe(true);
    run.joined[name] = balance;
  }
  const rounds = g(fc.integer, { min: 1, max: 3 });
  for (let r = 0; r < rounds; r++) {
    const finished = state.round.phase === 'settled' || state.round.phase === 'void';
    if (r > 0 && finished) expect(applyStep(run, g, { type: 'next-round' })).toBe(true);
    playRound(g, run);
  }
  return run;
}

// ------------------------------------------------------------------ properties of a finished run

/** What the random runs reached, per pack, so a property cannot pass by never getting anywhere. */
const reached = new Map<string, Map<string, number>>();
function tally(run: Run): void {
  const m = reached.get(run.ctx.pack.id) ?? new Map<string, number>();
  reached.set(run.ctx.pack.id, m);
  const add = (k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const s of run.steps) add(s.ok ? `ok ${s.cmd.type}` : 'refused');
  for (const { round } of run.rounds) {
    add(`round ${round.phase}`);
    if (round.dealer.cards.length) add('dealt');
    if (round.dealer.holeShown) add('hole shown');
    if (round.dealer.blackjack) add('dealer blackjack');
    for (const e of round.events) {
      if (e.type === 'action')
        add(
          `action ${e.action}${e.note?.startsWith('ai') ? ' (ai)' : ''}${e.note?.includes('pre-selected') ? ' (pre-selected)' : ''}${e.auto && e.note?.includes('timeout') ? ' (timeout)' : ''}`,
        );
      if (e.type === 'window') add(`window ${e.window}`);
      if (e.type === 'settled' && e.returned > e.stake && e.bet !== 'main') add(`won ${e.bet}`);
      if (e.type === 'round-void') add(`void: ${e.reason}`);
      if (e.type === 'capped' || e.type === 'seat-released' || e.type === 'warning' || e.type === 'dealer-peek')
        add(e.type);
    }
  }
}

/** A bet's spot: one open bet per player, bet and seat, so a round's records and events meet there. */
const spot = (b: { player: string; bet?: string; key?: string; seat: number | null }): string =>
  `${b.player} ${b.key ?? b.bet} ${b.seat}`;

function checkMoney(run: Run): void {
  tally(run);
  let staked = 0;
  let returned = 0;
  let walletSum = 0;
  for (const { round } of run.rounds) {
    for (const b of round.bets) {
      expect(b.status, `bet ${b.key} of ${b.player} left open in round ${round.no}`).not.toBe('open');
      expect(b.returned).toBeGreaterThanOrEqual(0);
      if (b.status === 'returned')
        expect(b.returned, 'a returned bet gives back exactly what was staked').toBe(b.staked);
      if (round.phase === 'void') expect(b.status, 'a void round returns every bet').toBe('returned');
      staked += b.staked;
      returned += b.returned;
    }
    for (const e of round.events) if (e.type === 'wallet') walletSum += e.delta;
    // A round ends exactly once.
    expect(
      round.events.filter((e) => e.type === 'round-void' || e.type === 'round-settled').map((e) => e.type),
    ).toEqual([round.phase === 'void' ? 'round-void' : 'round-settled']);
    // Every settled bet was settled by a rule: its settlement events credit exactly what its record returned.
    const credited = new Map<string, number>();
    for (const e of round.events)
      if (e.type === 'settled') credited.set(spot(e), (credited.get(spot(e)) ?? 0) + e.returned);
    for (const b of round.bets)
      if (b.status === 'settled')
        expect(credited.get(spot(b)), `bet ${b.key} of ${b.player} settled without a settlement event`).toBe(
          b.returned,
        );
    expect(round.events.filter((e) => e.type === 'bet-returned' && e.reason === UNSETTLED)).toEqual([]);
  }
  const start = Object.values(run.joined).reduce((a, b) => a + b, 0);
  const end = Object.values(run.state.players).reduce((a, p) => a + p.balance, 0);
  const houseResult = 0 - walletSum; // what the wallet events moved to the house (0 - x: never -0)
  expect(end - start + houseResult, 'players’ total change + house result').toBe(0);
  expect(houseResult, 'house result = staked − returned over every bet').toBe(staked - returned);
}

/** The state saved as JSON at a random command and loaded again gives the same results and end. */
function checkSaveLoad(g: Gen, run: Run): void {
  const from = g(fc.nat, run.steps.length - 1);
  const saved = run.steps[from];
  const ctx = forkCtx(run.ctx);
  ctx.seeds.count = saved.seedCount;
  const state = JSON.parse(saved.before) as TableState;
  for (const step of run.steps.slice(from)) {
    ctx.env.now = step.now;
    ctx.events = [];
    const r = apply(ctx, state, step.cmd, 'player' in step.cmd ? step.cmd.player : 'operator');
    expect(r.ok, `after loading, ${JSON.stringify(step.cmd)}`).toBe(step.ok);
    if (r.ok) expect(JSON.stringify(r.events)).toBe(step.events);
    else expect(r.error.code).toBe(step.code);
  }
  expect(JSON.stringify(state)).toBe(JSON.stringify(run.state));
}

/** Each round replayed from its record and its shoe's seed gives the same events and balances. */
function checkReplay(run: Run): void {
  for (const { round, shoe, players } of run.rounds) {
    if (!shoe) continue;
    const ctx = ctxFor(run.ctx.pack.id, 0);
    const record: RoundState = structuredClone(round);
    expect(
      record.log.some((e) => e.command.type === 'next-round' || e.command.type === 'tick'),
      'a round record holds its own commands only',
    ).toBe(false);
    const replayed = replayRound(ctx, run.state.tableId, record, structuredClone(shoe!));
    const from = (events: EngineEvent[]) =>
      JSON.stringify(events.slice(events.findIndex((e) => e.type === 'round-opened')));
    expect(from(replayed.round.events), `round ${round.no} replayed`).toBe(from(round.events));
    expect(replayed.round.phase).toBe(round.phase);
    expect(JSON.stringify(replayed.round.dealer)).toBe(JSON.stringify(round.dealer));
    expect(JSON.stringify(replayed.round.andarBahar)).toBe(JSON.stringify(round.andarBahar));
    expect(Object.fromEntries(Object.entries(replayed.players).map(([n, p]) => [n, p.balance]))).toEqual(players);
  }
}

function checkAndarBahar(run: Run): void {
  for (const { round } of run.rounds) {
    const ab = round.andarBahar!;
    expect(ab).not.toBeNull();
    const dealt = [ab.gameCard, ...ab.sides[0], ...ab.sides[1]];
    expect(new Set(dealt).size, 'a card dealt twice from one deck').toBe(dealt.length);
    if (round.phase === 'void' && ab.winner === null) continue;
    expect(ab.winner === 0 || ab.winner === 1, 'exactly one winning side').toBe(true);
    const n = ab.sides[0].length + ab.sides[1].length;
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(49);
    const target = rankOf(ab.gameCard);
    const winning = ab.sides[ab.winner!];
    expect(rankOf(winning[winning.length - 1]), 'the winning side ends on the game card’s rank').toBe(target);
    const before = [...ab.sides[0], ...ab.sides[1]].filter((c) => c !== winning[winning.length - 1]);
    expect(
      before.every((c) => rankOf(c) !== target),
      'the round ends at the first match',
    ).toBe(true);
    // R-AB-DEAL-1: first to Andar, then alternately.
    expect(ab.sides[0].length - ab.sides[1].length).toBeGreaterThanOrEqual(0);
    expect(ab.sides[0].length - ab.sides[1].length).toBeLessThanOrEqual(1);
  }
}

// ------------------------------------------------------------------ the properties

/** Runs per pack; PROPERTY_RUNS=2000 for a longer hunt. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

describe('properties of random rounds', () => {
  for (const packId of BLACKJACK_PACKS) {
    test.prop([fc.gen()], { numRuns: RUNS })(
      `${packId}: random legal play ends every round settled or void, conserves money, never goes negative, refuses without change, saves/loads and replays identically, never shows the hole card (R-BJ-VOID-1, R-BJ-MONEY-1, R-BJ-SHOE-3)`,
      (g) => {
        const run = randomRun(g, packId);
        checkMoney(run);
        checkSaveLoad(g, run);
        checkReplay(run);
      },
    );
  }

  for (const packId of BLACKJACK_PACKS) {
    test.prop([fc.gen()], { numRuns: Math.ceil(RUNS / 2) })(
      `${packId}: windows expired by tick at a clock past their deadline: rounds end, money is conserved, save/load and replay identical (R-BJ-AUTO-1)`,
      (g) => {
        const run = randomRun(g, packId, true);
        checkMoney(run);
        checkSaveLoad(g, run);
        checkReplay(run);
      },
    );
  }

  test.prop([fc.gen()], { numRuns: RUNS * 2 })(
    'andar-bahar: one winning side, 1 to 49 cards, no card twice, money conserved, save/load and replay identical (R-AB-DEAL-1, R-AB-DECK-1, R-AB-FAULT-1)',
    (g) => {
      const run = randomRun(g, 'andar-bahar');
      checkMoney(run);
      checkAndarBahar(run);
      checkSaveLoad(g, run);
      checkReplay(run);
    },
  );

  test('the random runs reach every kind of play, so the properties above are not vacuous', () => {
    for (const id of [...BLACKJACK_PACKS, 'andar-bahar']) {
      const m = reached.get(id);
      expect(m, id).toBeDefined();
      const seen = Object.fromEntries(m!);
      const need =
        id === 'andar-bahar'
          ? ['round settled', 'round void', 'refused', 'ok deal']
          : [
              'dealt',
              'hole shown',
              'round settled',
              'round void',
              'refused',
              'action hit',
              'action stand',
              'action double',
            ];
      if (id === 'blackjack-eropa' && Object.keys(charts(pack(id))).length) need.push('action stand (ai)');
      for (const k of need) expect(seen[k] ?? 0, `${id}: ${k} (reached: ${JSON.stringify(seen)})`).toBeGreaterThan(0);
    }
  });
});
