// The simulator's speed-ups, behind one interface (FastPath, model.ts), chosen once, when the
// simulator builds its context (fastContext). Live play never has one. The simulator plays the
// same frozen slip round after round with events off, and each speed-up leans on that:
//   reuseRound      a finished round reset in place, so a round allocates nothing (round.ts)
//   placeSlip       a frozen slip of plain bets resolved once and opened in one pass (slip.ts)
//   newLedger       a ledger that keeps the slip's rows and remembers how it settled (slip-ledger.ts)
//   settleSideBets  blackjack side bets from memory or lookup tables (settle.ts, side-tables.ts)
//   settleOutcome   Andar Bahar's bets from memory or in one pass (settle.ts)
//   deal, advance   blackjack's round as closures compiled for the simulator's one context
// and the simulator's tally (tallyRound) adds what the slip's ledger remembered once per key.
import type { CompiledPack } from '../../pack/compiled.ts';
import { dealFor } from '../blackjack/deal.ts';
import { advanceFor } from '../blackjack/turns.ts';
import type { Ctx, Env, FastPath, Policy, Round } from '../model.ts';
import { reuseRound } from './round.ts';
import { settleOutcome, settleSideBets } from './settle.ts';
import { placeSlip } from './slip.ts';
import { SlipLedger, slipLedger } from './slip-ledger.ts';

/** Where a bundle carries one family's code only (families.ts), the other family's speed-ups are never asked for. */
const notInThisBuild = (): never => {
  throw new Error('one family per build');
};

/**
 * A context with the fast path: no events, and (`policy`) a player whose decisions are a chart's.
 * V8 compiles code it has seen with one context only with that context's fields as constants, so a
 * simulator keeps one per pack for all its rounds.
 */
export function fastContext(pack: CompiledPack, env: Env, policy?: Policy): Ctx {
  // A bundle made for one family's pack carries only that family's speed-ups: esbuild folds the
  // tests below to constants where the bundler defines CROUPIER_FAMILY (families.ts says how).
  const blackjack = process.env.CROUPIER_FAMILY === undefined || process.env.CROUPIER_FAMILY === 'blackjack';
  const fast: FastPath = {
    // A pack whose bets all settle from the round's outcome can have a round's whole settlement remembered.
    newLedger: (p) => new SlipLedger(p.bets.length, p.outcomeSettlement.lines.length > 0),
    reuseRound,
    placeSlip,
    settleSideBets: blackjack ? settleSideBets : notInThisBuild,
    deal: notInThisBuild,
    advance: notInThisBuild,
    settleOutcome:
      process.env.CROUPIER_FAMILY === undefined || process.env.CROUPIER_FAMILY === 'andar-bahar'
        ? settleOutcome
        : notInThisBuild,
  };
  const ctx: Ctx = { pack, charts: {}, env, events: null, policy, fast };
  // Made once the context exists, for it alone.
  if (blackjack) {
    fast.deal = dealFor(ctx);
    fast.advance = advanceFor(ctx);
  }
  return ctx;
}

/**
 * Adds each bet of a finished round of the fast path to its sums at bet × 4: rows, net (returned −
 * staked, minor units), net squared, rows that won money. Answers the first row whose amount is
 * not its bet's entry in `stakes`, or -1. A round settled from memory is counted on what it
 * remembered and added to the sums later: call flushTally before reading them.
 */
export const tallyRound = (round: Round, sums: Float64Array, stakes: Float64Array): number =>
  slipLedger(round).addNets(sums, stakes);

/** Adds to the sums what tallyRound deferred; answers as tallyRound does. */
export const flushTally = (round: Round): number => slipLedger(round).flushNets();
