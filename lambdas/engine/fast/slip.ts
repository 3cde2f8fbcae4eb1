// A bet slip placed in one pass (FastPath.placeSlip). The simulator places the same frozen slip
// round after round; when every bet of it is a plain bet on a spot of its own (as the family admits
// it: Andar Bahar, common draw, a player's bets on a seat they hold) with a stake within the bet's
// limits, placing it bet by bet would open one row per bet and debit its stake, nothing else. So
// its bets are resolved once per slip (the plan), and the rows are opened together (openAll).
import type { CompiledBet, CompiledPack } from '../../pack/compiled.ts';
import { Seat } from '../ledger.ts';
import type { Ctx, Table } from '../model.ts';
import type { BetSpec } from '../types.ts';
import { slipLedger } from './slip-ledger.ts';

/** A frozen slip's bets resolved once: all plain, each on a spot of its own, all on one seat or none. */
interface SlipPlan {
  bets: CompiledBet[];
  indices: Int16Array;
  /** Stakes as plain numbers, not a Float64Array: a row's money fields stay small integers (ledger.ts, Row). */
  amounts: readonly number[];
  /** The one seat every bet of the slip is on (Seat.NONE: none). */
  seat: number;
  /** What the slip stakes in all. */
  total: number;
  /** The last round of a shoe in which every bet may be placed (R-TB-SIDE-2). */
  lastRound: number;
}

/**
 * A frozen slip's plan, with the pack it was made for: nothing in the slip can change, so the same
 * array is the same slip, known without reading its bets (a frozen array keeps no hidden field,
 * hence this map). The last one found is checked first, as the next slip is most often it.
 */
interface FrozenPlan {
  specs: readonly BetSpec[] | null;
  pack: CompiledPack | null;
  plan: SlipPlan | null;
}
const frozenPlans = new WeakMap<readonly BetSpec[], FrozenPlan>();
let lastFrozen: FrozenPlan = { specs: null, pack: null, plan: null };

function planOf(ctx: Ctx, table: Table, specs: readonly BetSpec[]): SlipPlan | null {
  if (specs === lastFrozen.specs && ctx.pack === lastFrozen.pack) return lastFrozen.plan;
  // Only a slip frozen for good is planned; its specs are not read again (on a frozen array `every`
  // reads each through the runtime, and the simulator switches slips as round limits close bets).
  if (!Object.isFrozen(specs)) return null;
  let known = frozenPlans.get(specs);
  if (known?.pack !== ctx.pack) {
    if (!specs.every((s) => Object.isFrozen(s))) return null;
    frozenPlans.set(specs, (known = { specs, pack: ctx.pack, plan: makePlan(ctx, table, specs) }));
  }
  return (lastFrozen = known).plan;
}

function makePlan(ctx: Ctx, table: Table, specs: readonly BetSpec[]): SlipPlan | null {
  const bets: CompiledBet[] = [];
  let lastRound = Infinity;
  const seat = specs[0].seat ?? Seat.NONE;
  for (const s of specs) {
    const bet = table.family.plainBet?.(ctx, s, bets);
    // Two bets on one spot add up: the second is not on a fresh spot, and only the general path handles it.
    if (
      !bet ||
      bets.includes(bet) ||
      (s.seat ?? Seat.NONE) !== seat ||
      !Number.isSafeInteger(s.amount) ||
      s.amount <= 0 ||
      s.amount < bet.min ||
      s.amount > bet.max
    )
      return null;
    bets.push(bet);
    if (bet.roundLimit !== null) lastRound = Math.min(lastRound, bet.roundLimit);
  }
  const amounts = specs.map((s) => s.amount);
  return {
    bets,
    indices: Int16Array.from(bets, (b) => b.index),
    amounts,
    seat,
    total: amounts.reduce((a, b) => a + b, 0),
    lastRound,
  };
}

/**
 * Places a frozen slip of plain bets on fresh spots, each within its limits and round limit and all
 * within the balance, in one pass: the same rows and money as the bets one by one. Answers false,
 * having changed nothing, for any other slip.
 */
export function placeSlip(ctx: Ctx, table: Table, player: number, specs: readonly BetSpec[]): boolean {
  const round = table.round;
  const bets = slipLedger(round);
  const plan = planOf(ctx, table, specs);
  if (!plan) return false;
  if (round.roundInShoe > plan.lastRound || plan.total > table.players.balance[player]) return false;
  if (plan.seat !== Seat.NONE && !table.family.plainSeat?.(ctx, table, player, plan.seat)) return false;
  if (bets.hasOpen())
    for (let i = 0; i < plan.indices.length; i++) if (bets.openCount(plan.indices[i]) !== 0) return false;
  bets.openAll(round.nextBetId, plan.indices, player, plan.seat, plan.amounts);
  round.nextBetId += plan.bets.length;
  table.players.balance[player] -= plan.total;
  return true;
}
