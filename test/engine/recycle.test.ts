// With events off (the simulator) a finished round, its bet records and the simulator shoe are
// reused in place. Reuse must not change a thing: the same seeds give the same rounds, bet for bet
// and card for card, as fresh objects with events on.
import { describe, expect, it, vi } from 'vitest';
import { FastRandom } from '../../lambdas/core/rng.ts';
import { apply, type Command, type Ctx, createTable, execute, openTable } from '../../lambdas/engine/index.ts';
import { Ledger } from '../../lambdas/engine/ledger.ts';
import { LineFinder, TABLE_AFTER } from '../../lambdas/pack/line-table.ts';
import { pack } from './helpers.ts';

/** A simulator's context (seeded shoes, xoshiro), collecting events or not. */
function simCtx(packId: string, seed: number, events: boolean): Ctx {
  const rng = new FastRandom(seed);
  const newSeed = () => Uint8Array.from({ length: 32 }, () => rng.nextUint32() & 0xff);
  return { pack: pack(packId), charts: {}, env: { now: 0, newSeed, generator: 'xoshiro' }, events: events ? [] : null };
}

/** Per round: every bet's key, stake and return, the cards and the balance after it. */
function play(packId: string, slip: Command, rounds: number, events: boolean): string[] {
  const ctx = simCtx(packId, 11, events);
  const state = createTable(ctx, 'sim');
  apply(ctx, state, { type: 'join', player: 'p', balance: 10_000_000_000 });
  const out: string[] = [];
  for (let r = 0; r < rounds; r++) {
    if (ctx.events) ctx.events = [];
    expect(apply(ctx, state, slip).ok).toBe(true);
    // Every decision window left to expire: auto-play hits to 11, no insurance (R-BJ-AUTO-1).
    for (let guard = 0; guard < 50 && state.round.phase !== 'settled' && state.round.phase !== 'void'; guard++)
      apply(ctx, state, { type: 'timeout' });
    const round = state.round;
    const hands = round.common
      ? Object.values(round.common.players).flatMap((p) => p.hands)
      : round.seats.flatMap((s) => s.hands);
    out.push(
      [
        round.bets.map((b) => `${b.key}:${b.staked}->${b.returned}:${b.status}:${b.line}`).join(','),
        `dealer ${round.dealer.cards.join(' ')}`,
        `hands ${hands.map((h) => h.cards.join(' ')).join(' | ')}`,
        `ab ${round.andarBahar ? [round.andarBahar.gameCard, ...round.andarBahar.sides.flat(), round.andarBahar.winner].join(' ') : '-'}`,
        `balance ${state.players.p.balance}`,
      ].join('; '),
    );
    expect(apply(ctx, state, { type: 'next-round' }).ok).toBe(true);
  }
  return out;
}

describe('recycled rounds (events off) play exactly like fresh ones', () => {
  it('Andar Bahar: every bet in both modes, a fresh deck each round (R-AB-DECK-1)', () => {
    const bets = pack('andar-bahar').bets.map((b) => ({ bet: b.name, mode: b.mode ?? undefined, amount: 100 }));
    const slip: Command = { type: 'bets', player: 'p', bets };
    expect(play('andar-bahar', slip, 400, false)).toEqual(play('andar-bahar', slip, 400, true));
  });

  it('Andar Bahar with stakes whose payouts round (R-BJ-MONEY-1): the outcome bets settled from tables pay as their lines do', () => {
    const bets = pack('andar-bahar').bets.map((b) => ({ bet: b.name, mode: b.mode ?? undefined, amount: 333 }));
    const slip: Command = { type: 'bets', player: 'p', bets };
    expect(play('andar-bahar', slip, 400, false)).toEqual(play('andar-bahar', slip, 400, true));
  });

  it('seated blackjack with side bets and a cut card (R-BJ-SHOE-1, R-LL-SETTLE-1)', () => {
    const slip: Command = {
      type: 'bets',
      player: 'p',
      bets: [
        { bet: 'main', seat: 1, amount: 1000 },
        ...pack('blackjack-lucky-ladies')
          .bets.filter((b) => b.type === 'paytable')
          .map((b) => ({ bet: b.name, seat: 1, amount: 100 })),
      ],
    };
    expect(play('blackjack-lucky-ladies', slip, 400, false)).toEqual(play('blackjack-lucky-ladies', slip, 400, true));
  });

  it('a solo table without peek, where a dealer blackjack found late takes everything (R-EU-DEAL-1)', () => {
    const slip: Command = { type: 'bets', player: 'p', bets: [{ bet: 'main', seat: 1, amount: 1000 }] };
    expect(play('blackjack-eropa', slip, 600, false)).toEqual(play('blackjack-eropa', slip, 600, true));
  });

  it('common draw with four side bets and round limits (R-TB-DRAW-1, R-TB-SIDE-2)', () => {
    const side = pack('blackjack-tanpa-batas').bets.filter((b) => b.type === 'paytable' && b.roundLimit === null);
    const slip: Command = {
      type: 'bets',
      player: 'p',
      bets: [{ bet: 'main', amount: 1000 }, ...side.map((b) => ({ bet: b.name, amount: 100 }))],
    };
    expect(play('blackjack-tanpa-batas', slip, 400, false)).toEqual(play('blackjack-tanpa-batas', slip, 400, true));
  });
});

// The simulator's door: the working form kept between commands and the same frozen slip every
// round, so Andar Bahar's ledger keeps the slip lazily and settles a round from memory once it has
// seen the same outcome and First 3 line (ledger.ts, paytable.ts settleDecided).
function playWorking(slip: Command, rounds: number, events: boolean): string[] {
  const ctx = simCtx('andar-bahar', 5, events);
  const table = openTable(ctx, 'sim');
  execute(ctx, table, { type: 'join', player: 'p', balance: 10_000_000_000 });
  const out: string[] = [];
  for (let r = 0; r < rounds; r++) {
    if (ctx.events) ctx.events = [];
    expect(execute(ctx, table, slip).ok).toBe(true);
    if (r > 0 && !events) expect(table.round.bets.isUntouchedBlock()).toBe(true);
    expect(execute(ctx, table, { type: 'deal' }).ok).toBe(true);
    const bets = table.round.bets;
    const rows = Array.from(
      { length: bets.length },
      (_, row) => `${bets.bet(row)}:${bets.staked(row)}->${bets.returned(row)}:${bets.status(row)}:${bets.line(row)}`,
    );
    out.push(`${rows.join(',')}; winner ${table.round.andarBahar!.winner}; balance ${table.players.balance[0]}`);
    expect(execute(ctx, table, { type: 'next-round' }).ok).toBe(true);
  }
  return out;
}

describe('a round settled from memory (events off, the same frozen slip) settles as one settled bet by bet', () => {
  it('Andar Bahar: every bet in both modes, stakes whose payouts round (R-AB-PAY-1, R-AB-SIDE-1, R-AB-SIDE-2, R-AB-SIDE-3, R-BJ-MONEY-1)', () => {
    // Frozen, the array and its bets, as the simulator's: the slip is known by its array.
    const bets = Object.freeze(
      pack('andar-bahar').bets.map((b) => Object.freeze({ bet: b.name, mode: b.mode ?? undefined, amount: 333 })),
    );
    const slip: Command = { type: 'bets', player: 'p', bets };
    expect(playWorking(slip, 3000, false)).toEqual(playWorking(slip, 3000, true));
  });
});

// The same for blackjack's side bets: a stage of the same frozen slip, every row still open, settles
// as it settled before for the same first two cards and dealer-blackjack fact (deal.ts stageKey,
// ledger.ts settleKnownStep), or, where a side bet reads the up card, from the bets' lookup tables
// (blackjack/side-tables.ts).
function playBlackjack(
  packId: string,
  slipFor: (roundInShoe: number) => Command,
  rounds: number,
  events: boolean,
): string[] {
  const ctx = simCtx(packId, 7, events);
  const table = openTable(ctx, 'sim');
  execute(ctx, table, { type: 'join', player: 'p', balance: 10_000_000_000 });
  const out: string[] = [];
  for (let r = 0; r < rounds; r++) {
    if (ctx.events) ctx.events = [];
    expect(execute(ctx, table, slipFor(table.round.roundInShoe)).ok).toBe(true);
    expect(execute(ctx, table, { type: 'deal' }).ok).toBe(true);
    // Every decision window left to expire: auto-play (R-BJ-AUTO-1).
    for (let guard = 0; guard < 50 && table.round.phase !== 'settled' && table.round.phase !== 'void'; guard++)
      execute(ctx, table, { type: 'timeout' });
    const bets = table.round.bets;
    const rows = Array.from(
      { length: bets.length },
      (_, row) => `${bets.bet(row)}:${bets.staked(row)}->${bets.returned(row)}:${bets.status(row)}:${bets.line(row)}`,
    );
    out.push(`${rows.join(',')}; dealer ${table.round.dealer.cards.join(' ')}; balance ${table.players.balance[0]}`);
    expect(execute(ctx, table, { type: 'next-round' }).ok).toBe(true);
  }
  return out;
}

describe('side bets settled from memory or lookup tables (events off, the same frozen slip) settle as ones settled bet by bet', () => {
  /**
   * The slip of every bet the round's place in its shoe allows (R-TB-SIDE-2), frozen and made once per set of bets, as
   * the simulator's.
   */
  const slipsFor = (packId: string, seat?: number): ((roundInShoe: number) => Command) => {
    const slips = new Map<string, Command>();
    return (roundInShoe) => {
      const bets = pack(packId).bets.filter(
        (b) => (b.type === 'hand' || b.type === 'paytable') && (b.roundLimit === null || roundInShoe <= b.roundLimit),
      );
      const key = bets.map((b) => b.key).join();
      if (!slips.has(key))
        slips.set(key, {
          type: 'bets',
          player: 'p',
          bets: Object.freeze(
            bets.map((b) =>
              Object.freeze({ bet: b.name, amount: b.type === 'hand' ? 1000 : 333, ...(seat ? { seat } : {}) }),
            ),
          ),
        });
      return slips.get(key)!;
    };
  };
  it.each([
    ['blackjack-lucky-ladies', 'from memory, a side bet the peek decides (R-LL-SETTLE-1, R-MW-END-1)', 1, 'memory'],
    ['blackjack-mewah', 'from memory, a seated pair bet (R-MW-DEAL-1)', 1, 'memory'],
    [
      'blackjack-tanpa-batas',
      "from tables, common draw, side bets on the up card and on the dealer's final hand (R-TB-DRAW-1, R-LL-SETTLE-1)",
      undefined,
      'tables',
    ],
  ] as const)('%s: %s', (packId, _, seat, how) => {
    // The tables a simulation builds once a bet has been settled 20,000 times, built now.
    for (const bet of pack(packId).bets)
      for (let i = 0; bet.lineFinder.multisetSize && i <= TABLE_AFTER; i++)
        bet.lineFinder.lineOf([0, 1, 2], bet.lineFinder.multisetSize, { dealerBlackjack: false });
    const known = vi.spyOn(Ledger.prototype, 'settleKnownStep');
    const lookups = vi.spyOn(LineFinder.prototype, 'lineAt');
    const byShape = vi.spyOn(LineFinder.prototype, 'lineByShape');
    const general = vi.spyOn(LineFinder.prototype, 'lineOf');
    const fast = playBlackjack(packId, slipsFor(packId, seat), 4000, false);
    const fromMemory = known.mock.results.filter((r) => r.value === true).length;
    const fromTables = lookups.mock.results.filter((r) => r.value >= -1).length;
    // Bust Bonus on the dealer's final hand: read by the hand's shape, never through the general way's finder call.
    if (how === 'tables') expect([byShape.mock.calls.length > 2000, general.mock.calls.length]).toEqual([true, 0]);
    vi.restoreAllMocks();
    // 4,000 deals over 1,378 × 3 keys (the first two cards as a multiset, the dealer-blackjack fact)
    // meet most keys again; tanpa-batas's slip has three side bets read from tables while its round limits allow them.
    if (how === 'memory') expect([fromMemory > 1000, fromTables]).toEqual([true, 0]);
    else expect([fromMemory, fromTables > 3000]).toEqual([0, true]);
    expect(fast).toEqual(playBlackjack(packId, slipsFor(packId, seat), 4000, true));
  });
});
