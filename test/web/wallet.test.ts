// The balance the web table shows is the newest of its wallet's versions, whichever way a view
// came (push, a command's answer, a view read) and in whatever order: an older balance never
// replaces a newer one; views of the same version carry the same balance and either is fine.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { TableView } from '../../web/src/api.ts';
import { newerWallet, type Wallet, withWallet } from '../../web/src/wallet.ts';

/** A view of a betting round for ana with this balance, from this wallet version (`null`: no `you`). */
function view(balance: number | null, walletVersion = 0): TableView {
  return {
    table: 't1',
    pack: { id: 'blackjack-mewah', version: '1', sha256: 'x' },
    paused: false,
    ended: false,
    round: {
      id: 'r1',
      no: 1,
      phase: 'betting',
      deadline: null,
      paused: false,
      timeLeft: null,
      roundInShoe: 1,
      lastOfShoe: false,
      shoe: { id: 's1', commitment: 'c' },
    },
    you: balance === null ? null : { name: 'ana', balance, demo: false, seats: [1], walletVersion },
    dealer: { cards: [], upCard: null, total: null, blackjack: null },
    seats: [],
    common: null,
    andarBahar: null,
    dealing: null,
    bets: [],
    legal: [],
    preselect: [],
  };
}

/** What the page does with each view that arrives: keep the newest wallet, show the view with it. */
function arrive(views: readonly TableView[]): { wallet: Wallet | null; shown: TableView | null } {
  let wallet: Wallet | null = null;
  let shown: TableView | null = null;
  for (const v of views) {
    wallet = newerWallet(wallet, v);
    shown = withWallet(v, wallet);
  }
  return { wallet, shown };
}

describe('the web table keeps the newest balance', () => {
  test('a view from an older wallet version keeps the newer balance shown', () => {
    const afterCredit = view(100_000, 2);
    const snapshotBefore = view(0, 1);
    const { wallet, shown } = arrive([afterCredit, snapshotBefore]);
    expect(wallet).toEqual({ balance: 100_000, version: 2 });
    expect(shown?.you).toEqual({ name: 'ana', balance: 100_000, demo: false, seats: [1], walletVersion: 2 });
  });

  test('a newer version replaces the balance; the rest of every view is its own', () => {
    const older = view(100_000, 2);
    const newer = { ...view(99_000, 3), seats: [{ seat: 1, owner: 'ana', hands: [], active: 0, turn: false }] };
    const { shown } = arrive([older, newer]);
    expect(shown).toBe(newer);
    const stale: TableView = { ...view(100_000, 2), legal: [{ action: 'stand', seat: 1 }] };
    const kept = withWallet(stale, { balance: 99_000, version: 3 });
    expect(kept.you?.balance).toBe(99_000);
    expect(kept.legal).toEqual(stale.legal);
  });

  test('equal versions are the same balance: the view that came last is shown as it is', () => {
    const first = view(5_000, 4);
    const second = view(5_000, 4);
    expect(arrive([first, second]).shown).toBe(second);
    expect(newerWallet({ balance: 5_000, version: 4 }, second)).toEqual({ balance: 5_000, version: 4 });
  });

  test('a view without the player (not at this round, a spectator) keeps the wallet known', () => {
    const known = { balance: 100_000, version: 2 };
    const outsider = view(null);
    expect(newerWallet(known, outsider)).toBe(known);
    expect(withWallet(outsider, known)).toBe(outsider);
    expect(newerWallet(null, outsider)).toBe(null);
  });

  test('in any arrival order, the balance shown is the newest version’s', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 })
          .chain((balances) =>
            fc.tuple(
              fc.constant(balances),
              fc.shuffledSubarray([...balances.keys()], { minLength: balances.length, maxLength: balances.length }),
            ),
          ),
        ([balances, order]) => {
          // Version i holds balances[i]; the views arrive in `order`.
          const { shown } = arrive(order.map((version) => view(balances[version]!, version)));
          expect(shown?.you?.balance).toBe(balances.at(-1));
          expect(shown?.you?.walletVersion).toBe(balances.length - 1);
        },
      ),
    );
  });
});
