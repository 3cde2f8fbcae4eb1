// Test helpers for the interpreter: a context per pack with a virtual clock and a seeded source of
// shoe seeds that can be forked (so a state saved at any point can be continued identically), card
// lists from text, and small drivers (play a round out by timeouts, pick events).
import { type Card, formatCard, parseCard } from '../../lambdas/core/cards.ts';
import { FastRandom } from '../../lambdas/core/rng.ts';
import {
  apply,
  type Command,
  type Ctx,
  createTable,
  type EngineEvent,
  type Result,
  type TableState,
} from '../../lambdas/engine/index.ts';
import type { AiCharts } from '../../lambdas/pack/chart.ts';
import { loadCharts } from '../../lambdas/pack/charts.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';

export const EPOCH = Date.UTC(2026, 0, 1);
export const BLACKJACK_PACKS = [
  'blackjack-mewah',
  'blackjack-tanpa-batas',
  'blackjack-eropa',
  'blackjack-lucky-ladies',
] as const;

const packs = new Map<string, CompiledPack>();
export function pack(id: string): CompiledPack {
  let p = packs.get(id);
  if (!p) packs.set(id, (p = loadPack(id)));
  return p;
}

/** The pack's AI charts, or none when they are missing (another engineer writes them). */
export function charts(p: CompiledPack): AiCharts {
  try {
    return loadCharts(p);
  } catch {
    return {};
  }
}

/**
 * Shoe seeds from a counter and a base: seed k is a pure function of (base, k), so a copy of the
 * counter continues the same sequence.
 */
export class SeedSource {
  constructor(
    readonly base: number,
    public count = 0,
  ) {}
  next = (): Uint8Array => {
    const rng = new FastRandom((this.base * 0x9e3779b1 + this.count++ * 0x85ebca6b) >>> 0);
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i += 4) new DataView(out.buffer).setUint32(i, rng.nextUint32(), true);
    return out;
  };
  fork(): SeedSource {
    return new SeedSource(this.base, this.count);
  }
}

export interface TestCtx extends Ctx {
  seeds: SeedSource;
}

export function ctxFor(packId: string, seed = 1, now = EPOCH): TestCtx {
  const p = pack(packId);
  const seeds = new SeedSource(seed);
  return { pack: p, charts: charts(p), env: { now, newSeed: seeds.next }, events: [], seeds };
}

/** A second context in the same position: same pack, clock and next seed. */
export function forkCtx(ctx: TestCtx): TestCtx {
  const seeds = ctx.seeds.fork();
  return { pack: ctx.pack, charts: ctx.charts, env: { now: ctx.env.now, newSeed: seeds.next }, events: [], seeds };
}

export const cards = (text: string): Card[] =>
  text
    .trim()
    .split(/\s+/)
    .map((t) => {
      const c = parseCard(t);
      if (c === undefined) throw new Error(`not a card: ${t}`);
      return c;
    });

export const cardText = (cs: readonly Card[]): string => cs.map(formatCard).join(' ');

/** A table with players joined; a fixed shoe when `shoe` is given. */
export function table(
  ctx: Ctx,
  players: Record<string, number | { balance: number; ai?: 'easy' | 'normal' | 'hard'; demo?: boolean }>,
  shoe?: string,
): TableState {
  const state = createTable(ctx, 't1', shoe ? { fixedShoe: cards(shoe) } : {});
  for (const [name, spec] of Object.entries(players)) {
    const p = typeof spec === 'number' ? { balance: spec } : spec;
    must(ctx, state, { type: 'join', player: name, balance: p.balance, ai: p.ai ?? null, demo: p.demo ?? false });
  }
  return state;
}

/** Applies a command that must be accepted; returns only this command's events. */
export function must(ctx: Ctx, state: TableState, cmd: Command, actor?: string): EngineEvent[] {
  ctx.events = [];
  const r = apply(ctx, state, cmd, actor ?? ('player' in cmd ? cmd.player : 'system'));
  if (!r.ok) throw new Error(`${JSON.stringify(cmd)} refused: ${r.error.code}: ${r.error.message}`);
  return r.events;
}

/** Applies a command that must be refused, checks the state is unchanged, returns the error code. */
export function refused(ctx: Ctx, state: TableState, cmd: Command): string {
  const before = JSON.stringify(state);
  ctx.events = [];
  const r: Result = apply(ctx, state, cmd, 'player' in cmd ? cmd.player : 'system');
  if (r.ok) throw new Error(`${JSON.stringify(cmd)} was accepted; expected a refusal`);
  if (JSON.stringify(state) !== before)
    throw new Error(`${JSON.stringify(cmd)} was refused (${r.error.code}) but the state changed`);
  return r.error.code;
}

/** Applies a command: 'ok', or the refusal's code (checking that a refusal changed nothing). */
export function attempt(ctx: Ctx, state: TableState, cmd: Command): string {
  const before = JSON.stringify(state);
  ctx.events = [];
  const r = apply(ctx, state, cmd, 'player' in cmd ? cmd.player : 'system');
  if (r.ok) return 'ok';
  if (JSON.stringify(state) !== before)
    throw new Error(`${JSON.stringify(cmd)} was refused (${r.error.code}) but the state changed`);
  return r.error.code;
}

/** Expires every open window (auto-play, unanswered = no) until the round is settled or void. */
export function playOut(ctx: Ctx, state: TableState): EngineEvent[] {
  const events: EngineEvent[] = [];
  for (let guard = 0; state.round.phase !== 'settled' && state.round.phase !== 'void'; guard++) {
    if (guard > 100) throw new Error(`round ${state.round.no} does not finish (phase ${state.round.phase})`);
    events.push(...must(ctx, state, { type: 'timeout' }));
  }
  return events;
}

export const balances = (state: TableState): Record<string, number> =>
  Object.fromEntries(Object.entries(state.players).map(([n, p]) => [n, p.balance]));

export const ofType = <T extends EngineEvent['type']>(
  events: readonly EngineEvent[],
  type: T,
): Extract<EngineEvent, { type: T }>[] => events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
