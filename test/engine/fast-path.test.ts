// The fast path's contract (lambdas/engine/fast/): the same seeds played by the general interpreter
// with events and by the fast path give the same settlements, ledgers and shoes. The simulator's
// own rounds for every shipped pack and every YAML-only variant (bench/fast-path-check.ts, which
// `npm run bench` runs over 1 M rounds a pack); slips of the tests' own with every decision window
// left to time out; and a check that memory and lookup tables are what settled the rounds.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { checkFastPath } from '../../bench/fast-path-check.ts';
import { variantIds } from '../../cli/commands/serve.ts';
import { FastRandom } from '../../lambdas/core/rng.ts';
// The fast path's ledger, spied on to see it settle from memory: an internal, behind the front door.
import { SlipLedger } from '../../lambdas/engine/fast/slip-ledger.ts';
import {
  type BetSpec,
  type Command,
  type Ctx,
  execute,
  fastContext,
  openTable,
  type Table,
} from '../../lambdas/engine/index.ts';
import { bestStrategy } from '../../lambdas/math/index.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { LineFinder, TABLE_AFTER } from '../../lambdas/pack/line-table.ts';
import { variantPacks } from '../fixtures/variants.ts';
import { pack } from './helpers.ts';

/** The lookup tables a simulation builds once a bet has been settled 20,000 times, built now. */
function buildTables(p: CompiledPack): void {
  for (const bet of p.bets)
    for (let i = 0; bet.lineFinder.multisetSize && i <= TABLE_AFTER; i++)
      bet.lineFinder.lineOf([0, 1, 2], bet.lineFinder.multisetSize, { dealerBlackjack: false });
}

/** Every pack in rules/: a pack shipped tomorrow is checked without a change here. */
const SHIPPED = variantIds().map((id) => pack(id));
const variants = variantPacks();
afterAll(() => variants.remove());

describe("the simulator's rounds: the fast path settles them as the general path does, with events", () => {
  it.each([...SHIPPED, ...variants.packs].map((p) => [p.id, p] as const))(
    '%s (R-LL-SETTLE-1, R-TB-SIDE-2, R-AB-DEAL-1, R-BJ-SHOE-1)',
    (_, p) => {
      buildTables(p);
      const chart = p.family === 'blackjack' ? bestStrategy(p) : null;
      expect(checkFastPath(p, chart, 20_000)).toMatchObject({ identical: true });
    },
    120_000,
  );
});

/** A simulator's context (seeded xoshiro shoes): the fast path's, or the general path's with events. */
function contextFor(p: CompiledPack, seed: number, fast: boolean): Ctx {
  const rng = new FastRandom(seed);
  const env = { now: 0, newSeed: () => Uint8Array.from({ length: 32 }, () => rng.nextUint32() & 0xff) };
  return fast
    ? fastContext(p, { ...env, generator: 'xoshiro' })
    : { pack: p, charts: {}, env: { ...env, generator: 'xoshiro' }, events: [] };
}

/** A slip as the simulator keeps its own, frozen, so the fast path plans it once. */
const frozenSlip = (bets: BetSpec[]): Command => ({
  type: 'bets',
  player: 'p',
  bets: Object.freeze(bets.map((b) => Object.freeze(b))),
});

/** Per round: every bet's record, the cards, the hands and the balance after it; every window left to time out. */
function play(p: CompiledPack, slipFor: (table: Table) => Command, rounds: number, fast: boolean): string[] {
  const ctx = contextFor(p, 11, fast);
  const table = openTable(ctx, 'sim');
  execute(ctx, table, { type: 'join', player: 'p', balance: 10_000_000_000 });
  const out: string[] = [];
  for (let r = 0; r < rounds; r++) {
    if (ctx.events) ctx.events = [];
    expect(execute(ctx, table, slipFor(table)).ok).toBe(true);
    // Every decision window left to expire: auto-play hits to 11, no insurance (R-BJ-AUTO-1).
    for (let guard = 0; guard < 50 && table.round.phase !== 'settled' && table.round.phase !== 'void'; guard++)
      execute(ctx, table, { type: 'timeout' });
    const round = table.round;
    const bets = round.bets;
    const rows = Array.from(
      { length: bets.length },
      (_, row) =>
        `${bets.bet(row)}:${bets.staked(row)}->${bets.returned(row)}:${bets.status(row)}:` +
        `${bets.line(row)}:${bets.insurance(row)}`,
    );
    const ab = round.andarBahar;
    out.push(
      [
        rows.join(','),
        `dealer ${round.dealer.cards.join(' ')}`,
        `hands ${round.holders.map((h) => h.hands.map((x) => x.cards.join(' ')).join(' | ')).join('; ')}`,
        `ab ${ab ? [ab.gameCard, ...ab.cards.subarray(ab.from, ab.from + ab.count), ab.winner].join(' ') : '-'}`,
        `balance ${table.players.balance[0]}; shoe at ${table.shoe!.position}`,
      ].join('; '),
    );
    expect(execute(ctx, table, { type: 'next-round' }).ok).toBe(true);
  }
  return out;
}

/** A main bet of 1000 and every pay-table bet at `side` (none at 0), as round limits allow (R-TB-SIDE-2). */
function slipsFor(id: string, side: number, seat?: number): (table: Table) => Command {
  const slips = new Map<string, Command>();
  return (table) => {
    const allowed = pack(id).bets.filter(
      (b) =>
        (b.type === 'hand' || (b.type === 'paytable' && side > 0)) &&
        (b.roundLimit === null || table.round.roundInShoe <= b.roundLimit),
    );
    const key = allowed.map((b) => b.key).join();
    if (!slips.has(key))
      slips.set(
        key,
        frozenSlip(
          allowed.map((b) => ({
            bet: b.name,
            amount: b.type === 'hand' ? 1000 : side,
            ...(b.mode ? { mode: b.mode } : {}),
            ...(seat ? { seat } : {}),
          })),
        ),
      );
    return slips.get(key)!;
  };
}

describe('slips of their own, every window left to time out: the fast path plays them as the general path does', () => {
  it.each([
    ['andar-bahar', 'every bet in both modes, a fresh deck each round (R-AB-DECK-1)', 100, undefined],
    ['andar-bahar', 'stakes whose payouts round (R-BJ-MONEY-1)', 333, undefined],
    ['blackjack-lucky-ladies', 'seated, side bets and a cut card (R-BJ-SHOE-1, R-LL-SETTLE-1)', 100, 1],
    ['blackjack-mewah', 'seated, the pair bet, auto-play and insurance declined (R-BJ-AUTO-1)', 333, 1],
    ['blackjack-eropa', 'solo without peek: a late dealer blackjack takes everything (R-EU-DEAL-1)', 0, 1],
    [
      'blackjack-tanpa-batas',
      'common draw, four side bets and round limits (R-TB-DRAW-1, R-TB-SIDE-2)',
      100,
      undefined,
    ],
  ] as const)('%s: %s', (id, _what, side, seat) => {
    const p = pack(id);
    buildTables(p);
    const slip = slipsFor(id, side, seat);
    expect(play(p, slip, 1500, true)).toEqual(play(p, slip, 1500, false));
  });
});

describe('what settles the fast path: memory and lookup tables', () => {
  it('Andar Bahar: an untouched slip settles from memory once its outcome and First 3 line came (R-AB-SIDE-2)', () => {
    const p = pack('andar-bahar');
    const fromMemory = vi.spyOn(SlipLedger.prototype, 'settleKnownBlock');
    play(p, slipsFor('andar-bahar', 333), 3000, true);
    const remembered = fromMemory.mock.results.filter((r) => r.value === true).length;
    vi.restoreAllMocks();
    expect(remembered).toBeGreaterThan(2000);
  });

  it.each([
    ['blackjack-lucky-ladies', 'memory', 'a side bet the peek decides (R-LL-SETTLE-1, R-MW-END-1)', 1],
    ['blackjack-mewah', 'memory', 'a seated pair bet (R-MW-DEAL-1)', 1],
    [
      'blackjack-tanpa-batas',
      'tables',
      "common draw, side bets on the up card and on the dealer's final hand (R-TB-DRAW-1)",
      undefined,
    ],
  ] as const)('%s: side bets from %s, %s', (id, how, _what, seat) => {
    const p = pack(id);
    buildTables(p);
    const known = vi.spyOn(SlipLedger.prototype, 'settleKnownStep');
    const lookups = vi.spyOn(LineFinder.prototype, 'lineAt');
    const byShape = vi.spyOn(LineFinder.prototype, 'lineByShape');
    const general = vi.spyOn(LineFinder.prototype, 'lineOf');
    play(p, slipsFor(id, 333, seat), 4000, true);
    const fromMemory = known.mock.results.filter((r) => r.value === true).length;
    const fromTables = lookups.mock.results.filter((r) => r.value >= -1).length;
    const [shapes, generalCalls] = [byShape.mock.calls.length, general.mock.calls.length];
    vi.restoreAllMocks();
    // 4,000 deals over 1,378 × 3 keys (the first two cards as a multiset, the dealer-blackjack fact)
    // meet most keys again; tanpa-batas's slip has three side bets read from tables while its round
    // limits allow them, and Bust Bonus read by the dealer's hand's shape, never the general way.
    if (how === 'memory') expect([fromMemory > 1000, fromTables]).toEqual([true, 0]);
    else expect([fromMemory, fromTables > 3000, shapes > 2000, generalCalls]).toEqual([0, true, true, 0]);
  });
});
