// The fast path's contract (lambdas/engine/fast/), checked round by round: the simulator's rounds,
// played through the fast path and through the general interpreter with events from the same seed,
// give the same settlements, ledgers and shoes. Three plays of the same rounds:
//   the simulator itself (simulateBatch, exactly what `croupier simulate` runs), for its tallies;
//   the fast path, its round read after each tally (reading a row writes out a lazy slip, which the
//     simulator never does, hence the play apart);
//   the general path with events, read and tallied the same way.
// Every round's record must be the same in the last two, and the tallies the same in all three.
// `npm run bench` checks 1 M rounds of every pack (fast-path.ts); the tests
// (test/engine/fast-path.test.ts) check fewer.
import {
  type Command,
  type Ctx,
  execute,
  fastContext,
  flushTally,
  type Round,
  type Table,
  tallyRound,
} from '../lambdas/engine/index.ts';
import type { Chart } from '../lambdas/pack/chart.ts';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import {
  type BatchPlan,
  batchEnv,
  batchPlan,
  batchTable,
  dealRound,
  simulateBatch,
  talliesOf,
} from '../lambdas/sim/batch.ts';

export interface FastPathCheck {
  pack: string;
  rounds: number;
  /** Every round's record, and every tally, the same on both paths. */
  identical: boolean;
  /** The first round whose records differ, each path's; or the tallies, when only they differ. */
  difference?: { round: number; fast: string; general: string };
  seconds: number;
}

const NEXT: Command = { type: 'next-round' };

/** Plays `rounds` simulated rounds of `pack` from `seed` on both paths and compares them. */
export function checkFastPath(pack: CompiledPack, chart: Chart | null, rounds: number, seed = 1): FastPathCheck {
  const started = performance.now();
  const plan = batchPlan(pack);
  const policy = () => (chart ? { player: -1, chart } : undefined);
  const fastCtx = fastContext(pack, batchEnv(seed), policy());
  const generalCtx: Ctx = { pack, charts: {}, env: batchEnv(seed), events: [], policy: policy() };
  const fast = batchTable(fastCtx);
  const general = batchTable(generalCtx);
  const fastSums = new Float64Array(pack.bets.length * 4);
  const generalSums = new Float64Array(pack.bets.length * 4);
  const result = (difference?: FastPathCheck['difference']): FastPathCheck => ({
    pack: pack.id,
    rounds,
    identical: difference === undefined,
    ...(difference ? { difference } : {}),
    seconds: Math.round(performance.now() - started) / 1000,
  });
  for (let r = 1; r <= rounds; r++) {
    dealRound(fastCtx, fast, plan);
    tallyRound(fast.round, fastSums, plan.stakes);
    generalCtx.events = [];
    dealRound(generalCtx, general, plan);
    tallyRows(general.round, generalSums, plan);
    const [a, b] = [recordOf(fast), recordOf(general)];
    if (a !== b) return result({ round: r, fast: a, general: b });
    execute(fastCtx, fast, NEXT);
    execute(generalCtx, general, NEXT);
  }
  flushTally(fast.round);
  const simulated = JSON.stringify(simulateBatch(pack, chart, rounds, seed).tallies);
  const [fastTallies, generalTallies] = [fastSums, generalSums].map((sums) => JSON.stringify(talliesOf(plan, sums)));
  if (fastTallies !== generalTallies || simulated !== generalTallies)
    return result({ round: rounds, fast: `${simulated}\n${fastTallies}`, general: generalTallies });
  return result();
}

/** The general path's tally: each row added to its wager's sums (rows, net, net squared, wins), as the ledger's. */
function tallyRows(round: Round, sums: Float64Array, plan: BatchPlan): void {
  const bets = round.bets;
  for (let row = 0; row < bets.length; row++) {
    const bet = bets.bet(row);
    if (bets.amount(row) !== plan.stakes[bet]) throw new Error(`row ${row} is not staked with its bet's stake`);
    const net = bets.returned(row) - bets.staked(row);
    sums[bet * 4] += 1;
    sums[bet * 4 + 1] += net;
    sums[bet * 4 + 2] += net * net;
    if (net > 0) sums[bet * 4 + 3] += 1;
  }
}

/** A settled round as both paths must leave it: its bets, cards, hands, balances and shoe. */
function recordOf(table: Table): string {
  const round = table.round;
  const bets = round.bets;
  const rows: string[] = [];
  for (let row = 0; row < bets.length; row++)
    rows.push(
      [
        bets.id(row),
        bets.bet(row),
        bets.player(row),
        bets.seat(row),
        bets.amount(row),
        bets.staked(row),
        bets.returned(row),
        bets.status(row),
        bets.line(row),
        bets.insurance(row),
        bets.insuranceCost(row),
        JSON.stringify(bets.follows[row] ?? null),
      ].join(':'),
    );
  const ab = round.andarBahar;
  const sides = ab ? Array.from(ab.cards.subarray(ab.from, ab.from + ab.count)).join(' ') : '';
  const shoe = table.shoe!;
  return [
    `round ${round.no} ${round.phase} in shoe ${round.roundInShoe}${round.lastOfShoe ? ' (last)' : ''}`,
    `bets ${rows.join(' ')}`,
    `dealer ${round.dealer.cards.join(' ')} blackjack ${round.dealer.blackjack}`,
    `hands ${round.holders.map((h) => `${h.seat}/${h.owner}: ${h.hands.map(handText).join(' | ')}`).join('; ')}`,
    `common ${round.common ? `${round.common.cards.join(' ')} / ${round.common.stream.join(' ')}` : '-'}`,
    `andar bahar ${ab ? `${ab.gameCard} ${sides} first ${ab.first} winner ${ab.winner}` : '-'}`,
    `balances ${table.players.balance.join(' ')}`,
    `shoe ${shoe.id} at ${shoe.position} of ${shoe.size}, round ${shoe.roundsStarted}, cut card out ${shoe.cutCardOut}`,
  ].join('\n');
}

const handText = (hand: { cards: readonly number[]; stake: number }): string =>
  `${hand.cards.join(' ')} (${hand.stake})`;
