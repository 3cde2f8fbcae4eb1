// perPack keeps what it made for the last pack asked for: the same pack gets it again without a
// second make, and another pack (tests and the CLI switch between packs) gets its own.
import { expect, test } from 'vitest';
import { perPack } from '../../lambdas/engine/per-pack.ts';
import { pack } from './helpers.ts';

test('made once per pack in a row, and again for each pack switched to', () => {
  const mewah = pack('blackjack-mewah');
  const eropa = pack('blackjack-eropa');
  const made: string[] = [];
  const surrenderOf = perPack((p) => {
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
