// The simulator's V8 flags (lambdas/sim/tuning.ts) must exist in this Node's V8: setFlagsFromString
// only prints a line for a flag V8 no longer has and goes on, and the simulator would lose its budgets.
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { SIMULATION_V8_FLAGS } from '../../lambdas/sim/tuning.ts';

test('every simulation V8 flag is one this Node accepts', () => {
  for (const flag of SIMULATION_V8_FLAGS) {
    const run = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' });
    expect(run.status, `${flag}: ${run.stderr}`).toBe(0);
    expect(run.stderr).toBe('');
  }
  expect(
    spawnSync(process.execPath, ['--max-inlined-bytecode-size-of-nothing=1', '-e', '0'], { encoding: 'utf8' }).status,
  ).not.toBe(0);
});
