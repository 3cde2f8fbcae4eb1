// V8 flags for a process that simulates. A simulated round runs through many small interpreter
// functions, and with V8's default budgets the optimizing compiler stops inlining them part way
// along the hot path: a callee whose own optimized code already inlined ~430 bytes of bytecode
// (dealCard, with the shoe's generator inside it) counts as too big to inline again, and each round
// pays ~30 real calls. With raised budgets the one-core bench, pinned and alternated with the
// defaults, played 4–19% more rounds a second (blackjack and Andar Bahar alike).
// The flags are process-wide and change only what V8 compiles and when, never what the code does;
// only the processes that simulate set them: `croupier simulate`, the bench's simulation runs and
// the cloud simulate function. The live API never does.
import { setFlagsFromString } from 'node:v8';

export const SIMULATION_V8_FLAGS = [
  '--max-inlined-bytecode-size=2000',
  // Room for the whole round in the one function that loops over rounds (batch.ts, playRounds):
  // against 10000 / 20000, one-core and warm, the shipped seated packs with one side bet played
  // 3-10% more rounds a second, the common-draw one with four 2%. Larger budgets make each compile
  // of that function longer, and it is compiled at least twice a run (on the loop, then on entry):
  // at 40000 / 80000 it took 300-400 ms, a whole 3 M-round Andar Bahar run took 3.3 s instead of
  // 1.9 s, and the warm rate was no better.
  '--max-inlined-bytecode-size-cumulative=20000',
  '--max-inlined-bytecode-size-absolute=40000',
  '--min-inlining-frequency=0',
  // Optimised code compiled on the simulating thread, not on a background one: which feedback a
  // background compile sees depends on when it runs, and the same code then played a seated pack
  // with one side bet at 0.76 to 1.24 M rounds a second from run to run (1.23-1.26 M with this
  // flag). It takes effect in the worker threads started after it is set, which is where
  // `croupier simulate` plays.
  '--no-concurrent-recompilation',
];

let tuned = false;

/** Sets SIMULATION_V8_FLAGS once, before the simulator's code is optimized. */
export function tuneForSimulation(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString(SIMULATION_V8_FLAGS.join(' '));
}
