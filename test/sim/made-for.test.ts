// madeFor keeps what it made for the last key asked for: the same key gets it again without a
// second make, and another key (tests and the CLI switch between packs, live play has a context
// per command) gets its own.
import { expect, test } from 'vitest';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { madeFor } from '../../lambdas/sim/made-for.ts';
import { pack } from '../engine/helpers.ts';

test('made once per key in a row, and again for each key switched to', () => {
  const mewah = pack('blackjack-mewah');
  const eropa = pack('blackjack-eropa');
  const made: string[] = [];
  const surrenderOf = madeFor((p: CompiledPack) => {
    made.push(p.id);
    const surrender = p.blackjack!.actions.surrender !== null;
    return () => surrender;
  });
  expect(surrenderOf(mewah)()).toBe(true);
  expect(surrenderOf(mewah)).toBe(surrenderOf(mewah));
  expect(surrenderOf(eropa)()).toBe(false);
  expect(surrenderOf(mewah)()).toBe(true);
  expect(made).toEqual(['blackjack-mewah', 'blackjack-eropa', 'blackjack-mewah']);
});
