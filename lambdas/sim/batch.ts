// Plays a batch of rounds through the interpreter with every bet of the pack placed whenever the
// pack allows it, and tallies the result per bet. The same seed gives the same batch. This is what
// `croupier simulate` workers run and what the cloud simulate function runs.

import { gcd } from '../core/money.ts';
import { FastRandom, type RandomSource } from '../core/rng.ts';
import {
  type BetSpec,
  type Command,
  type Ctx,
  type Env,
  execute,
  fastContext,
  flushTally,
  openTable,
  type Round,
  type Table,
  tallyRound,
} from '../engine/index.ts';
import type { Chart } from '../pack/chart.ts';
import { type CompiledBet, type CompiledPack, hasSeats } from '../pack/compiled.ts';
import { madeFor } from './made-for.ts';

export interface BetTally {
  /** Compiled bet key (name or name/mode). */
  key: string;
  name: string;
  mode: string | null;
  placed: number;
  /** Sum and sum of squares of the net result per unit staked. */
  net: number;
  netSquared: number;
  /** Placed bets that won money. */
  wins: number;
}

export interface BatchResult {
  rounds: number;
  tallies: BetTally[];
}

const PLAYER = 'sim';
/** Whole minor units, and far more than any run can lose: 2^50 leaves room below 2^53 for every stake. */
const SIM_BALANCE = 2 ** 50;

/** The smallest stake ≥ the minimum for which every payout of the bet is a whole minor unit. */
export function exactStake(bet: CompiledBet, pack: CompiledPack): number {
  const ratios = [bet.blackjackPays, bet.winPays, ...bet.lines.map((l) => l.pays)].filter((r) => r !== null);
  // Halves too: surrender returns half, insurance costs half.
  let unit = bet.type === 'hand' ? 2 : 1;
  for (const r of ratios) unit = (unit * r!.den) / gcd(unit, r!.den);
  if (bet.type === 'hand' && pack.blackjack?.actions.insurance)
    unit =
      (unit * 2 * pack.blackjack.actions.insurance.pays.den) / gcd(unit, 2 * pack.blackjack.actions.insurance.pays.den);
  return Math.max(unit, Math.ceil(bet.min / unit) * unit);
}

/** The environment of a batch played from `seed`: a virtual clock at 0, and shoes of the fast generator. */
export const batchEnv = (seed: number): Env => ({ now: 0, newSeed: seeds(new FastRandom(seed)), generator: 'xoshiro' });

function seeds(rng: RandomSource): () => Uint8Array {
  return () => {
    const bytes = new Uint8Array(32);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(i * 4, rng.nextUint32());
    return bytes;
  };
}

/**
 * The bet actually placed for each bet, by index: a pay-table bet offered in several modes with the
 * same lines (one YAML entry) is one wager, placed once a round and tallied under each of its keys.
 */
export function wagerOf(pack: CompiledPack): CompiledBet[] {
  // Modes of one entry share its line finder; the first of them is the one placed.
  return pack.bets.map((bet) =>
    bet.type === 'paytable' ? pack.bets.find((b) => b.lineFinder === bet.lineFinder)! : bet,
  );
}

export function simulateBatch(
  pack: CompiledPack,
  chart: Chart | null,
  rounds: number,
  seed: number,
  onProgress?: (done: number) => void,
): BatchResult {
  const plan = batchPlan(pack);
  const ctx = contextOf(pack, chart, batchEnv(seed));
  const table = batchTable(ctx);
  // Per wager, by bet index: placements, sum of net, sum of net squared, wins; net in minor units
  // (each wager has one stake, so per unit staked is one division at the end, not one per bet).
  const sums = new Float64Array(pack.bets.length * 4);
  playRounds(ctx, table, rounds, plan, sums, onProgress);
  addDeferred(table.round, plan.stakes);
  return { rounds, tallies: talliesOf(plan, sums) };
}

/** The tallies of every bet key from the sums of its wager (per wager at bet × 4: rows, net, net squared, wins). */
export function talliesOf(plan: BatchPlan, sums: Float64Array): BetTally[] {
  // Every key of a wager is tallied with the wager's sums.
  return plan.tallied.map((bet): BetTally => {
    const wager = plan.wagers[bet.index].index;
    const at = wager * 4;
    const stake = plan.stakes[wager];
    return {
      key: bet.key,
      name: bet.name,
      mode: bet.mode,
      placed: sums[at],
      net: sums[at + 1] / stake,
      netSquared: sums[at + 2] / (stake * stake),
      wins: sums[at + 3],
    };
  });
}

/**
 * The batch's table, its player joined with a balance no run exhausts; the context's policy, if it
 * has one (-1 until now), plays for that player.
 */
export function batchTable(ctx: Ctx): Table {
  // A solo table is one its player opened (the API does the same for a practice player).
  const table = openTable(ctx, 'sim', ctx.pack.table.kind === 'solo' ? { host: PLAYER } : {});
  execute(ctx, table, { type: 'join', player: PLAYER, balance: SIM_BALANCE });
  // The player's decisions are the chart's: the deal plays the whole round (Policy, model.ts).
  if (ctx.policy) ctx.policy.player = table.players.joinedIndex(PLAYER);
  return table;
}

const contexts = new WeakMap<CompiledPack, Ctx>();

/**
 * The pack's one context, for every batch of the thread: the round's code is compiled for it, its
 * pack and events as constants (roundIn), where a context per batch had it compiled again for none.
 * `policy` is there from the start, so the context keeps one shape.
 */
function contextOf(pack: CompiledPack, chart: Chart | null, env: Env): Ctx {
  let ctx = contexts.get(pack);
  // Another chart makes another context (its policy is a constant of the compiled round too).
  if (!ctx || (ctx.policy?.chart ?? null) !== chart)
    contexts.set(pack, (ctx = fastContext(pack, env, chart ? { player: -1, chart } : undefined)));
  ctx.env = env;
  // The policy's player is set once they have joined (-1: no one yet).
  if (ctx.policy) ctx.policy.player = -1;
  return ctx;
}

/**
 * What every batch of a pack places and how it is tallied: the same for each batch, so made once per pack (batchPlan).
 */
export interface BatchPlan {
  /** The stake of each wager, by bet index. */
  stakes: Float64Array;
  /** Each wager's bet and its bet command, main bets first. */
  placements: { bet: CompiledBet; command: Command }[];
  /** The slip of a round by its index in its shoe; every round from lastLimited on has the last. */
  slips: Command[];
  lastLimited: number;
  /** The bets tallied, and the wager each one's sums are kept under. */
  tallied: CompiledBet[];
  wagers: CompiledBet[];
}

const plans = new WeakMap<CompiledPack, BatchPlan>();

export function batchPlan(pack: CompiledPack): BatchPlan {
  const known = plans.get(pack);
  if (known) return known;
  const seated = hasSeats(pack);
  const stakes = new Float64Array(pack.bets.length);
  const placements: { bet: CompiledBet; command: Command }[] = [];
  const wagers = wagerOf(pack);
  const tallied = pack.bets.filter((bet) => bet.type !== 'behind');
  for (const bet of tallied) {
    if (wagers[bet.index] === bet) {
      const stake = exactStake(bet, pack);
      stakes[bet.index] = stake;
      // Frozen: a slip of frozen bets is recognised by identity, not field by field, every round.
      // The stake is the number computed, not read back from the Float64Array (which hands out a
      // heap number): a ledger row then keeps its money as small integers (ledger.ts, Row).
      const command: Command = Object.freeze({
        type: 'bet',
        player: PLAYER,
        bet: bet.name,
        amount: stake,
        ...(seated ? { seat: 1 } : {}),
        ...(bet.mode ? { mode: bet.mode } : {}),
      });
      placements.push({ bet, command });
    }
  }
  // Main bets first: some side bets are placed only with one (R-LL-GAME-1).
  placements.sort((a, b) => Number(b.bet.type === 'hand') - Number(a.bet.type === 'hand'));
  // One bet slip a round: the bets the round limits still allow, by the round's index in its shoe.
  // Rounds that allow the same bets share one slip: the interpreter plans a slip once (a frozen
  // slip is known by its array alone), and the ledger skips rewriting what the same slip wrote the round before.
  const lastLimited = Math.max(0, ...placements.map((p) => p.bet.roundLimit ?? 0)) + 1;
  const slips: Command[] = [];
  for (let i = 0, previous = ''; i <= lastLimited; i++) {
    const allowed = placements.filter((p) => p.bet.roundLimit === null || i <= p.bet.roundLimit);
    const which = allowed.map((p) => p.bet.index).join();
    slips.push(
      which === previous
        ? slips[i - 1]
        : simCommand({ type: 'bets', player: PLAYER, bets: Object.freeze(allowed.map((p) => p.command as BetSpec)) }),
    );
    previous = which;
  }
  const plan = { stakes, placements, slips, lastLimited, tallied, wagers };
  plans.set(pack, plan);
  return plan;
}

const DEAL = simCommand({ type: 'deal' });
const NEXT = simCommand({ type: 'next-round' });

/**
 * The batch's rounds: the plan's slip for the round's index in its shoe, deal, tally, next round.
 * A function apart from the batch's setup: V8 compiles the whole round into the function that
 * loops, and setup run once a batch (too rarely to leave feedback) deoptimised it each time it met
 * a new case, so every few sub-batches the whole round was compiled again, on the simulating thread.
 */
function playRounds(
  ctx: Ctx,
  table: Table,
  rounds: number,
  plan: BatchPlan,
  sums: Float64Array,
  onProgress?: (done: number) => void,
): void {
  for (let r = 0; r < rounds; r++) {
    roundIn(ctx)(table, plan, sums);
    if (onProgress && (r & 0xffff) === 0xffff) onProgress(r + 1);
  }
}

/**
 * One round, made for the pack's context (made-for.ts): inlined into the loop above, with the context
 * a constant of it, and so is every function it calls that V8 inlines. A function it calls that V8
 * compiles apart takes the context as a plain parameter, so the round's steps are written out here
 * (dealRound repeats them for the fast path's differential check, bench/fast-path-check.ts).
 */
const roundIn = madeFor((ctx: Ctx) => (table: Table, plan: BatchPlan, sums: Float64Array): void => {
  const { slips, lastLimited, placements, stakes } = plan;
  // Should the slip be refused, each bet alone, as the pack allows (R-LL-GAME-1, round limits).
  if (!execute(ctx, table, slips[Math.min(table.round.roundInShoe, lastLimited)]).ok)
    for (const p of placements) execute(ctx, table, p.command);
  execute(ctx, table, DEAL);
  if (table.round.phase !== 'settled' && table.round.phase !== 'void') waiting(table);
  tally(table.round, stakes, sums);
  execute(ctx, table, NEXT);
});

/** A round of the batch up to its settlement, as roundIn plays it: the plan's slip, then the deal. */
export function dealRound(ctx: Ctx, table: Table, plan: BatchPlan): void {
  if (!execute(ctx, table, plan.slips[Math.min(table.round.roundInShoe, plan.lastLimited)]).ok)
    for (const p of plan.placements) execute(ctx, table, p.command);
  execute(ctx, table, DEAL);
  if (table.round.phase !== 'settled' && table.round.phase !== 'void') waiting(table);
}

/** Adds each bet of the finished round to its sums: placements, net, net squared (minor units), wins. */
function tally(round: Round, stakes: Float64Array, sums: Float64Array): void {
  refuseWrongStake(round, stakes, tallyRound(round, sums, stakes));
}

/** Adds to the sums what the ledger deferred (remembered settlements are counted, then added once). */
function addDeferred(round: Round, stakes: Float64Array): void {
  refuseWrongStake(round, stakes, flushTally(round));
}

/** `row`, when ≥ 0, is one whose amount is not its bet's stake: the sums per unit staked would be wrong. */
function refuseWrongStake(round: Round, stakes: Float64Array, row: number): void {
  if (row < 0) return;
  const bet = round.bets.bet(row);
  throw new Error(
    `a ${bet} bet was placed with ${round.bets.amount(row)}, not its stake of ${stakes[bet]}: the sums per unit staked would be wrong`,
  );
}

/** A round the policy could not play to the end: its sums would be the engine's auto-play, not the chart's. */
function waiting(table: Table): never {
  throw new Error(
    `the simulated round ${table.round.no} waits for a decision no chart gives (phase ${table.round.phase})`,
  );
}

/**
 * A command with every field the simulator's commands use, absent ones undefined, in one order: all
 * its commands then share one hidden class, and the interpreter's reads of a command's fields stay
 * monomorphic instead of probing V8's megamorphic cache on every command.
 */
function simCommand(cmd: Command): Command {
  const c = cmd as Partial<Record<'player' | 'bets', unknown>>;
  return { type: cmd.type, player: c.player, bets: c.bets } as Command;
}
