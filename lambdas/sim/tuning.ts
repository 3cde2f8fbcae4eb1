// V8 flags for a process that simulates. A simulated round runs through many small interpreter
// functions, and with V8's default budgets the optimizing compiler stops inlining them part way
// along the hot path: a callee whose own optimized code already inlined ~430 bytes of bytecode
// (dealCard, with the shoe's generator inside it) counts as too big to inline again, and each round
// pays ~30 real calls. With raised budgets the round is compiled into one function with its leaves
// inlined. The flags are process-wide and change only what V8 compiles and when, never what the
// code does; only the processes that simulate set them: `croupier simulate`, the bench's simulation
// runs and the cloud simulate function. The live API never does.
import { setFlagsFromString } from 'node:v8';

export const SIMULATION_V8_FLAGS = [
  '--max-inlined-bytecode-size=2000',
  // Room for the whole round in the one function that loops over rounds (batch.ts, playRounds). Not
  // more: larger budgets make each compile of that function longer, and it is compiled at least twice
  // a run (on the loop, then on entry), on the simulating thread, for no faster a warm round.
  '--max-inlined-bytecode-size-cumulative=20000',
  '--max-inlined-bytecode-size-absolute=40000',
  '--min-inlining-frequency=0',
  // Optimised code compiled on the simulating thread, not on a background one: which feedback a
  // background compile sees depends on when it runs, so the same code would be compiled into
  // different shapes, and run at different speeds, from run to run. It takes effect in the worker
  // threads started after it is set, which is where `croupier simulate` plays.
  '--no-concurrent-recompilation',
];

let tuned = false;

/** Sets SIMULATION_V8_FLAGS once, before the simulator's code is optimized. */
export function tuneForSimulation(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString(SIMULATION_V8_FLAGS.join(' '));
}
