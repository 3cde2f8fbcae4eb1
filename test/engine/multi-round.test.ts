// Rules that need more than one round, a clock, or a look inside the round's event order, which a
// scenario file (one round: schemas/scenario.schema.json) cannot express: round limits per shoe, seat removal,
// a repeated under-minimum bet, the Lucky Ladies cap and settlement moment, void after partial
// settlement, AI players that never see the hole card, the solo round's end, and deadlines.
import { fc, test as propTest } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Card, formatCard } from '../../lambdas/core/cards.ts';
import { FastRandom, shuffleInPlace } from '../../lambdas/core/rng.ts';
// An AI player's decision alone, as the engine takes it mid-command: an internal, behind the front door.
import { aiDecision } from '../../lambdas/engine/ai-player.ts';
import {
  type Command,
  createTable,
  type EngineEvent,
  loadTable,
  playerView,
  replayRound,
  type TableState,
} from '../../lambdas/engine/index.ts';
import {
  attempt,
  balances,
  charts,
  ctxFor,
  must,
  ofType,
  pack,
  playOut,
  refused,
  type TestCtx,
  table,
} from './helpers.ts';

const settledOf = (events: readonly EngineEvent[], bet: string) =>
  ofType(events, 'settled').filter((e) => e.bet === bet);
const indexOf = (events: readonly EngineEvent[], pred: (e: EngineEvent) => boolean) => events.findIndex(pred);

/** One quick round: a main bet per (player, seat), the deal, every window expired. */
function quickRound(ctx: TestCtx, state: TableState, bets: [string, number | undefined][], amount = 100): void {
  for (const [player, seat] of bets)
    must(ctx, state, { type: 'bet', player, bet: 'main', amount, ...(seat !== undefined ? { seat } : {}) });
  must(ctx, state, { type: 'deal' });
  playOut(ctx, state);
}

// ------------------------------------------------------------------ R-TB-SIDE-2

describe('R-TB-SIDE-2: side-bet round limits count the rounds of the current shoe', () => {
  const ctx = ctxFor('blackjack-tanpa-batas', 46);
  const state = table(ctx, { alice: 100_000_000 });
  const side = (bet: string) => ({ type: 'bet' as const, player: 'alice', bet, amount: 100 });
  const seen: Record<number, Record<string, string>> = {};
  const LATE = ['bust-bonus', 'lucky-trio', 'poker-trio'];

  beforeAll(() => {
    for (let r = 1; r <= 46; r++) {
      if (r > 1) must(ctx, state, { type: 'next-round' });
      const results: Record<string, string> = {};
      if ([1, 40, 41, 45, 46].includes(r)) {
        expect(state.round.roundInShoe).toBe(r); // the seed keeps all 46 rounds in one shoe
        must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', amount: 100 });
        for (const bet of ['pair', ...LATE]) results[bet] = attempt(ctx, state, side(bet));
        must(ctx, state, { type: 'deal' });
        playOut(ctx, state);
      } else quickRound(ctx, state, [['alice', undefined]]);
      seen[r] = results;
    }
  });

  it('R-TB-SIDE-2: Pair is taken in rounds 1 to 40 of a shoe and refused with round-limit-reached in round 41', () => {
    expect(seen[1].pair).toBe('ok');
    expect(seen[40].pair).toBe('ok');
    expect(seen[41].pair).toBe('round-limit-reached');
    expect(seen[46].pair).toBe('round-limit-reached');
  });

  it('R-TB-SIDE-2: Bust Bonus, Lucky Trio and Poker Trio are taken through round 45 and refused in round 46', () => {
    for (const bet of LATE) {
      expect(seen[41][bet], bet).toBe('ok');
      expect(seen[45][bet], bet).toBe('ok');
      expect(seen[46][bet], bet).toBe('round-limit-reached');
    }
  });

  it('R-TB-SIDE-2: the count starts again with the next shoe: Pair is taken in its first round', () => {
    for (let guard = 0; !state.round.lastOfShoe; guard++) {
      expect(guard).toBeLessThan(200);
      must(ctx, state, { type: 'next-round' });
      quickRound(ctx, state, [['alice', undefined]]);
    }
    const events = must(ctx, state, { type: 'next-round' });
    expect(ofType(events, 'shoe-started')).toHaveLength(1);
    expect(state.round.roundInShoe).toBe(1);
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'pair', amount: 100 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'bust-bonus', amount: 100 });
  });
});

// ------------------------------------------------------------------ R-MW-SEAT-2

describe('mirrored seat bets across rounds on blackjack-mewah', () => {
  it('R-MW-SEAT-2: a seat kept from the last round needs its seat bet before a second seat is taken, so the two seats always carry the same bet', () => {
    const ctx = ctxFor('blackjack-mewah', 3);
    const state = table(ctx, { alice: 100_000 });
    quickRound(ctx, state, [['alice', 1]]);
    must(ctx, state, { type: 'next-round' });
    expect(state.seats[1]?.owner).toBe('alice');
    const opening = state.players.alice.balance;
    const seatBets = () => state.round.bets.filter((b) => b.name === 'main').map((b) => [b.seat, b.amount]);
    // Seat 1 is held but has no bet this round: the amount a second seat must match is not known yet.
    expect(refused(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 2, amount: 500 })).toBe(
      'seat-bet-mismatch',
    );
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 500 });
    expect(refused(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 2, amount: 400 })).toBe(
      'seat-bet-mismatch',
    );
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 2, amount: 500 });
    // A raise on either seat goes to both.
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 500 });
    expect(seatBets()).toEqual([
      [1, 1000],
      [2, 1000],
    ]);
    expect(state.players.alice.balance).toBe(opening - 2000);
  });
});

// ------------------------------------------------------------------ R-MW-SEAT-3, R-MW-SEAT-4

describe('seat removal on blackjack-mewah', () => {
  it('R-MW-SEAT-4: a player who places no seat bet keeps the seat for that round and is removed when the round after opens', () => {
    const ctx = ctxFor('blackjack-mewah', 3);
    const state = table(ctx, { alice: 100_000, bob: 100_000, carol: 100_000 });
    quickRound(ctx, state, [
      ['alice', 1],
      ['bob', 2],
    ]);
    must(ctx, state, { type: 'next-round' });
    // Round 2: alice bets nothing; her seat is still hers.
    expect(state.seats[1]?.owner).toBe('alice');
    expect(refused(ctx, state, { type: 'bet', player: 'carol', bet: 'main', seat: 1, amount: 100 })).toBe('seat-taken');
    const dealt = [
      ...must(ctx, state, { type: 'bet', player: 'bob', bet: 'main', seat: 2, amount: 100 }),
      ...must(ctx, state, { type: 'deal' }),
    ];
    expect(ofType(dealt, 'seat-released')).toEqual([]);
    expect(state.seats[1]?.owner).toBe('alice');
    expect(state.round.seats.map((s) => s.seat)).toEqual([2]);
    playOut(ctx, state);
    expect(state.seats[1]?.owner, 'kept through the end of the round without a bet').toBe('alice');
    // Round 3 opens: alice's seat is released.
    const opened = must(ctx, state, { type: 'next-round' });
    expect(ofType(opened, 'seat-released')).toEqual([
      { type: 'seat-released', seat: 1, player: 'alice', reason: expect.stringContaining('no seat bet') },
    ]);
    expect(state.seats[1]).toBeUndefined();
    expect(state.seats[2]?.owner).toBe('bob');
    must(ctx, state, { type: 'bet', player: 'carol', bet: 'main', seat: 1, amount: 100 });
    expect(state.seats[1]?.owner).toBe('carol');
  });

  it('R-MW-SEAT-4: a player who bets again in the next round keeps the seat', () => {
    const ctx = ctxFor('blackjack-mewah', 4);
    const state = table(ctx, { alice: 100_000, bob: 100_000 });
    quickRound(ctx, state, [['alice', 1]]);
    must(ctx, state, { type: 'next-round' });
    quickRound(ctx, state, [['bob', 2]]); // alice skips round 2
    must(ctx, state, { type: 'next-round' });
    expect(state.seats[1]).toBeUndefined();
    // bob bet in rounds 2 and 3 in a row and keeps seat 2 throughout.
    quickRound(ctx, state, [['bob', 2]]);
    must(ctx, state, { type: 'next-round' });
    expect(state.seats[2]?.owner).toBe('bob');
  });

  it('R-MW-SEAT-4: a player whose balance cannot cover the table minimum when a round opens is removed from the seat', () => {
    const ctx = ctxFor('blackjack-mewah');
    // seat 1: TS 6S = 16 stands on timeout; dealer TH up, 8D hole = 18 wins.
    const state = table(ctx, { alice: 150, bob: 100_000 }, 'TS TH 6S 8D 2C 3C 4C 5C');
    quickRound(ctx, state, [['alice', 1]]);
    expect(state.players.alice.balance).toBe(50);
    expect(state.seats[1]?.owner).toBe('alice');
    const opened = must(ctx, state, { type: 'next-round' });
    expect(ofType(opened, 'seat-released')).toEqual([
      { type: 'seat-released', seat: 1, player: 'alice', reason: expect.stringContaining('minimum') },
    ]);
    expect(state.seats[1]).toBeUndefined();
  });

  it('R-MW-SEAT-3: a seated player with no valid seat bet when betting closes: bets behind and Pair on the seat are returned, and the seat is released as the pack says', () => {
    const ctx = ctxFor('blackjack-mewah', 8);
    const state = table(ctx, { alice: 100_000, bob: 100_000, carol: 100_000, dave: 100_000 });
    quickRound(ctx, state, [
      ['alice', 1],
      ['dave', 2],
    ]);
    must(ctx, state, { type: 'next-round' });
    const opening = balances(state);
    // Round 2: alice's seat bet fails (above the table maximum); others bet on her seat.
    expect(refused(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 600_000 })).toBe(
      'above-maximum',
    );
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'behind', seat: 1, amount: 500 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'pair', seat: 1, amount: 100 });
    must(ctx, state, { type: 'bet', player: 'carol', bet: 'pair', seat: 1, amount: 200 });
    must(ctx, state, { type: 'bet', player: 'dave', bet: 'main', seat: 2, amount: 100 });
    expect(state.players.bob.balance).toBe(opening.bob - 600);
    const dealt = must(ctx, state, { type: 'deal' });
    const returned = ofType(dealt, 'bet-returned');
    expect(returned.map((e) => [e.player, e.bet, e.seat, e.amount])).toEqual([
      ['bob', 'behind', 1, 500],
      ['bob', 'pair', 1, 100],
      ['carol', 'pair', 1, 200],
    ]);
    expect(ofType(dealt, 'card').some((e) => e.to === 'seat-1')).toBe(false);
    playOut(ctx, state);
    expect(state.players.bob.balance).toBe(opening.bob);
    expect(state.players.carol.balance).toBe(opening.carol);
    expect(state.players.alice.balance).toBe(opening.alice);
    // The pack keeps a seat for one round without a bet (R-MW-SEAT-4), so it goes when the next round opens.
    expect(pack('blackjack-mewah').table.seatRemoval?.roundsWithoutBet).toBe(1);
    const opened = must(ctx, state, { type: 'next-round' });
    expect(ofType(opened, 'seat-released').map((e) => [e.seat, e.player])).toEqual([[1, 'alice']]);
  });
  it('R-MW-SEAT-3: a holder whose balance cannot cover a seat bet when betting closes is removed at once, and the bets on the seat returned', () => {
    const ctx = ctxFor('blackjack-mewah', 9);
    const state = table(ctx, { alice: 100_000, bob: 100_000, dave: 100_000 });
    quickRound(ctx, state, [
      ['alice', 1],
      ['dave', 2],
    ]);
    must(ctx, state, { type: 'next-round' });
    state.players.alice.balance = 50; // the wallet was drawn down elsewhere between rounds
    expect(refused(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 })).toBe(
      'insufficient-balance',
    );
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'behind', seat: 1, amount: 500 });
    must(ctx, state, { type: 'bet', player: 'dave', bet: 'main', seat: 2, amount: 100 });
    const dealt = must(ctx, state, { type: 'deal' });
    expect(ofType(dealt, 'bet-returned').map((e) => [e.player, e.bet, e.amount])).toEqual([['bob', 'behind', 500]]);
    expect(ofType(dealt, 'seat-released')).toEqual([
      { type: 'seat-released', seat: 1, player: 'alice', reason: expect.stringContaining('minimum') },
    ]);
    expect(state.seats[1]).toBeUndefined();
  });
});

// ------------------------------------------------------------------ Lucky Ladies

describe('Lucky Ladies across rounds and around the peek', () => {
  it('R-LL-LIMIT-2: a repeated under-minimum Lucky Ladies bet by the same player at the same table voids that player’s whole hand, every bet returned', () => {
    const ctx = ctxFor('blackjack-lucky-ladies', 12);
    const state = table(ctx, { alice: 100_000, bob: 100_000, carol: 100_000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    const first = must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 50 });
    expect(ofType(first, 'warning')).toHaveLength(1); // the first time: accepted with a warning the player sees
    expect(ofType(first, 'bet-placed')[0].amount).toBe(50);
    quickRound(ctx, state, [['bob', 2]]);
    must(ctx, state, { type: 'next-round' });

    const opening = balances(state);
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'main', seat: 2, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'carol', bet: 'main', seat: 3, amount: 1000 });
    const carolFirst = must(ctx, state, { type: 'bet', player: 'carol', bet: 'lucky-ladies', seat: 3, amount: 60 });
    expect(ofType(carolFirst, 'warning'), 'another player’s first under-minimum bet is only warned').toHaveLength(1);
    expect(state.round.voidedPlayers).toEqual([]);
    const repeat = must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 50 });
    expect(ofType(repeat, 'bet-returned').map((e) => [e.player, e.bet, e.amount])).toEqual([['alice', 'main', 1000]]);
    expect(state.round.voidedPlayers).toEqual(['alice']);
    expect(state.players.alice.balance).toBe(opening.alice);
    expect(refused(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 })).toBe(
      'hand-voided',
    );
    must(ctx, state, { type: 'deal' });
    expect(state.round.seats.map((s) => s.owner)).toEqual(['bob', 'carol']);
    playOut(ctx, state);
    expect(state.players.alice.balance).toBe(opening.alice);

    // The next round alice plays again.
    must(ctx, state, { type: 'next-round' });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 100 });
  });

  it('R-LL-LIMIT-2: the warning belongs to the table: at another table the first under-minimum bet is only warned', () => {
    const ctx = ctxFor('blackjack-lucky-ladies', 13);
    const first = table(ctx, { alice: 100_000 });
    must(ctx, first, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, first, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 50 });
    const other = table(ctx, { alice: 100_000 });
    must(ctx, other, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    const events = must(ctx, other, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 50 });
    expect(ofType(events, 'warning')).toHaveLength(1);
    expect(other.round.voidedPlayers).toEqual([]);
  });

  it('R-LL-LIMIT-1: when the round’s Lucky Ladies winnings exceed 2,000,000, every winner is paid pro rata so the total is the cap, rounded down', () => {
    const ctx = ctxFor('blackjack-lucky-ladies');
    // Seats 1-3 hold QH QH (6 decks hold six), seat 4 KS QS (suited 20), seat 5 9C 8C; dealer AS up, KD hole:
    // blackjack.
    const state = table(
      ctx,
      { p1: 100_000, p2: 100_000, p3: 100_000, p4: 100_000, p5: 100_000 },
      'QH QH QH KS 9C AS QH QH QH QS 8C KD 2C 3C 4C',
    );
    const ll: Record<string, number> = { p1: 2000, p2: 1000, p3: 500, p4: 2000, p5: 1000 };
    Object.keys(ll).forEach((p, i) =>
      must(ctx, state, { type: 'bet', player: p, bet: 'main', seat: i + 1, amount: 1000 }),
    );
    for (const [p, amount] of Object.entries(ll))
      must(ctx, state, { type: 'bet', player: p, bet: 'lucky-ladies', seat: Number(p.slice(1)), amount });
    must(ctx, state, { type: 'deal' });
    const events = playOut(ctx, state); // insurance unanswered = no; the peek finds the blackjack
    const won: Record<string, number> = { p1: 2000 * 1000, p2: 1000 * 1000, p3: 500 * 1000, p4: 2000 * 10, p5: 0 };
    const totalWon = Object.values(won).reduce((a, b) => a + b, 0);
    expect(totalWon).toBe(3_520_000);
    expect(ofType(events, 'capped')).toEqual([
      { type: 'capped', bet: 'lucky-ladies', winnings: 3_520_000, cap: 2_000_000 },
    ]);
    const paid = Object.fromEntries(
      settledOf(events, 'lucky-ladies').map((e) => [e.player, e.returned - (e.returned > 0 ? e.stake : 0)]),
    );
    const expected = Object.fromEntries(
      Object.entries(won).map(([p, w]) => [p, Math.floor((w * 2_000_000) / totalWon)]),
    );
    expect(paid).toEqual(expected);
    expect(expected).toEqual({ p1: 1_136_363, p2: 568_181, p3: 284_090, p4: 11_363, p5: 0 });
    const sum = Object.values(paid).reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(2_000_000);
    expect(sum).toBeGreaterThan(2_000_000 - Object.keys(ll).length);
    // R-LL-INDEP-1: the main bets lose to the dealer blackjack on their own.
    for (const [p, amount] of Object.entries(ll))
      expect(state.players[p].balance).toBe(100_000 - 1000 - amount + (paid[p] > 0 ? amount + paid[p] : 0));
  });

  it('R-LL-SETTLE-1: with nothing to wait for, Lucky Ladies bets settle right after the initial deal, before any decision', () => {
    const ctx = ctxFor('blackjack-lucky-ladies');
    // seat 1 KH QD (any 20), seat 2 9S 8S (17); dealer 5C up, 7C hole.
    const state = table(ctx, { alice: 100_000, bob: 100_000 }, 'KH 9S 5C QD 8S 7C 2D 3D 4D 5D 6D');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'main', seat: 2, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'lucky-ladies', seat: 2, amount: 1000 });
    const events = must(ctx, state, { type: 'deal' });
    const hole = indexOf(events, (e) => e.type === 'card' && e.to === 'dealer-hole');
    const turn = indexOf(events, (e) => e.type === 'window' && e.window === 'turn');
    const ll = settledOf(events, 'lucky-ladies');
    expect(ll.map((e) => [e.player, e.outcome, e.returned])).toEqual([
      ['alice', 'any 20', 5000],
      ['bob', 'lose', 0],
    ]);
    for (const e of ll) expect(events.indexOf(e)).toBeGreaterThan(hole);
    for (const e of ll) expect(events.indexOf(e)).toBeLessThan(turn);
    expect(ofType(events, 'dealer-peek')).toEqual([]);
    expect(state.round.phase).toBe('turns');
  });

  it('R-LL-SETTLE-1: with an ace up and no queen-of-hearts pair, Lucky Ladies settles right after the deal, before the insurance window closes', () => {
    const ctx = ctxFor('blackjack-lucky-ladies');
    const state = table(ctx, { alice: 100_000 }, 'KH AS QD 9C 2D 3D 4D');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 1000 });
    const events = must(ctx, state, { type: 'deal' });
    const ll = settledOf(events, 'lucky-ladies');
    expect(ll.map((e) => e.outcome)).toEqual(['any 20']);
    expect(events.indexOf(ll[0])).toBeLessThan(indexOf(events, (e) => e.type === 'window' && e.window === 'insurance'));
    expect(state.round.phase).toBe('insurance');
    expect(ofType(playOut(ctx, state), 'dealer-peek')).toEqual([{ type: 'dealer-peek', blackjack: false }]);
  });

  it('R-LL-SETTLE-1: a queen-of-hearts pair facing a ten waits for the peek, and every Lucky Ladies bet of the round settles with it', () => {
    const ctx = ctxFor('blackjack-lucky-ladies');
    // seat 1 QH QH, seat 2 JD QS (any 20); dealer TD up, 7S hole: no blackjack.
    const state = table(ctx, { alice: 100_000, bob: 100_000 }, 'QH JD TD QH QS 7S 2D 3D 4D');
    for (const [p, seat] of [
      ['alice', 1],
      ['bob', 2],
    ] as const) {
      must(ctx, state, { type: 'bet', player: p, bet: 'main', seat, amount: 1000 });
      must(ctx, state, { type: 'bet', player: p, bet: 'lucky-ladies', seat, amount: 1000 });
    }
    const events = must(ctx, state, { type: 'deal' });
    const peek = indexOf(events, (e) => e.type === 'dealer-peek');
    expect(peek).toBeGreaterThan(indexOf(events, (e) => e.type === 'card' && e.to === 'dealer-hole'));
    const ll = settledOf(events, 'lucky-ladies');
    expect(ll.map((e) => [e.player, e.outcome, e.returned])).toEqual([
      ['alice', 'pair of queens of hearts', 201_000],
      ['bob', 'any 20', 5000],
    ]);
    for (const e of ll) expect(events.indexOf(e)).toBeGreaterThan(peek);
  });

  it('R-LL-SETTLE-1: a queen-of-hearts pair facing an ace waits through the insurance window for the peek and pays the dealer-blackjack line', () => {
    const ctx = ctxFor('blackjack-lucky-ladies');
    // seat 1 QH QH, seat 2 KS KD (any 20); dealer AS up, KC hole: blackjack.
    const state = table(ctx, { alice: 100_000, bob: 100_000 }, 'QH KS AS QH KD KC 2D 3D');
    for (const [p, seat] of [
      ['alice', 1],
      ['bob', 2],
    ] as const) {
      must(ctx, state, { type: 'bet', player: p, bet: 'main', seat, amount: 1000 });
      must(ctx, state, { type: 'bet', player: p, bet: 'lucky-ladies', seat, amount: 1000 });
    }
    const dealt = must(ctx, state, { type: 'deal' });
    expect(state.round.phase).toBe('insurance');
    expect(settledOf(dealt, 'lucky-ladies'), 'nothing settles while the queens wait').toEqual([]);
    expect(state.round.bets.filter((b) => b.key === 'lucky-ladies').map((b) => b.status)).toEqual(['open', 'open']);
    const events = must(ctx, state, { type: 'timeout' });
    const peek = indexOf(events, (e) => e.type === 'dealer-peek');
    expect(events[peek]).toEqual({ type: 'dealer-peek', blackjack: true });
    const ll = settledOf(events, 'lucky-ladies');
    expect(ll.map((e) => [e.player, e.outcome, e.returned])).toEqual([
      ['alice', 'queens of hearts with dealer blackjack', 1_001_000],
      ['bob', 'any 20', 5000],
    ]);
    for (const e of ll) expect(events.indexOf(e)).toBeGreaterThan(peek);
  });
});

// ------------------------------------------------------------------ void after partial settlement

describe('void after partial settlement returns everything', () => {
  it('R-BJ-VOID-1: blackjack-mewah: a Pair already paid and an insurance already settled are taken back when the round is voided; every balance is its opening balance', () => {
    const ctx = ctxFor('blackjack-mewah');
    // seat 1 8H 8D (coloured pair), seat 2 TC 6C; dealer AS up, 9S hole: no blackjack.
    const state = table(ctx, { alice: 100_000, bob: 100_000, carol: 100_000 }, '8H TC AS 8D 6C 9S 2D 3D 4D 5D');
    const opening = balances(state);
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'pair', seat: 1, amount: 500 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'main', seat: 2, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'carol', bet: 'behind', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'carol', bet: 'pair', seat: 1, amount: 100 });
    const dealt = must(ctx, state, { type: 'deal' });
    expect(settledOf(dealt, 'pair').map((e) => [e.player, e.outcome, e.returned])).toEqual([
      ['alice', 'coloured pair', 5500],
      ['carol', 'coloured pair', 1100],
    ]);
    must(ctx, state, { type: 'act', player: 'bob', seat: 2, action: 'insurance', accept: true });
    must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'insurance', accept: false });
    must(ctx, state, { type: 'act', player: 'carol', seat: 1, action: 'insurance', accept: false });
    expect(state.round.phase).toBe('turns');
    must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'hit' });
    expect(state.players.alice.balance).not.toBe(opening.alice);
    const voided = must(ctx, state, { type: 'void', reason: 'table fault' }, 'operator');
    expect(ofType(voided, 'round-void')).toHaveLength(1);
    expect(state.round.phase).toBe('void');
    expect(balances(state)).toEqual(opening);
    expect(state.round.bets.every((b) => b.status === 'returned' && b.returned === b.staked)).toBe(true);
    expect(refused(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'hit' })).toBe('round-finished');
  });

  it('R-BJ-VOID-1: blackjack-tanpa-batas: side bets settled at the deal are taken back by a void in the decision phase', () => {
    const ctx = ctxFor('blackjack-tanpa-batas');
    // common 7S 7S, dealer 7S up: Lucky Trio 7-7-7 suited, perfect pair; hole 9H.
    const state = table(ctx, { alice: 100_000, bob: 100_000 }, '7S 7S 7S 9H 2D 3D 4D 5D');
    const opening = balances(state);
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-trio', amount: 100 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'pair', amount: 100 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'bust-bonus', amount: 100 });
    must(ctx, state, { type: 'deal' });
    expect(state.players.alice.balance).toBeGreaterThan(opening.alice);
    expect(state.players.bob.balance).toBeGreaterThan(opening.bob);
    must(ctx, state, { type: 'void', reason: 'fault' }, 'operator');
    expect(balances(state)).toEqual(opening);
  });

  it('R-LL-VOID-1: a misdeal voids every hand and returns every bet, a Lucky Ladies win already paid included', () => {
    const ctx = ctxFor('blackjack-lucky-ladies');
    const state = table(ctx, { alice: 100_000, bob: 100_000 }, 'KH 9S 5C QD 8S 7C 2D 3D 4D 5D');
    const opening = balances(state);
    for (const [p, seat] of [
      ['alice', 1],
      ['bob', 2],
    ] as const) {
      must(ctx, state, { type: 'bet', player: p, bet: 'main', seat, amount: 1000 });
      must(ctx, state, { type: 'bet', player: p, bet: 'lucky-ladies', seat, amount: 2000 });
    }
    must(ctx, state, { type: 'deal' });
    expect(state.players.alice.balance).toBe(opening.alice - 1000 + 8000); // any 20 paid 4:1 at the deal
    must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'stand' });
    must(ctx, state, { type: 'void', reason: 'misdeal' }, 'operator');
    expect(balances(state)).toEqual(opening);
  });

  it("R-AB-GAME-1: the game card is drawn when the round opens, betting is open from then, and the countdown's end closes it and deals", () => {
    const ctx = ctxFor('andar-bahar', 22);
    const state = table(ctx, { alice: 100_000 });
    const round = state.round;
    const gameCard = round.andarBahar!.gameCard;
    expect(ofType(round.events, 'card')).toEqual([{ type: 'card', to: 'game', card: gameCard }]);
    expect(state.shoe!.position).toBe(1);
    expect(round.phase).toBe('betting');
    expect(round.deadline).toBe(ctx.env.now + ctx.pack.timing.bettingMs);
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'andar', amount: 1000 });
    // Before the countdown ends the clock changes nothing; at its end betting closes and the round is dealt.
    ctx.env.now = round.deadline! - 1;
    must(ctx, state, { type: 'tick' });
    expect(round.phase).toBe('betting');
    ctx.env.now = round.deadline!;
    must(ctx, state, { type: 'tick' });
    expect(round.phase).toBe('settled');
    expect(round.andarBahar!.gameCard).toBe(gameCard);
    // The clock opens the next round too, with its own game card on a fresh deck.
    expect(state.round.no).toBe(2);
    expect(ofType(state.round.events, 'card')).toEqual([
      { type: 'card', to: 'game', card: state.round.andarBahar!.gameCard },
    ]);
    expect(state.shoe!.position).toBe(1);
  });

  it('R-AB-FAULT-1: a fault before the round starts cancels it and returns every bet; a started round completes and cannot be voided', () => {
    const ctx = ctxFor('andar-bahar', 21);
    const state = table(ctx, { alice: 100_000, bob: 100_000 });
    const opening = balances(state);
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'andar', amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'first-3', amount: 500 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'bahar', mode: 'no-commission', amount: 700 });
    must(ctx, state, { type: 'void', reason: 'connection lost' }, 'operator');
    expect(state.round.phase).toBe('void');
    expect(balances(state)).toEqual(opening);

    must(ctx, state, { type: 'next-round' });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'andar', amount: 1000 });
    must(ctx, state, { type: 'deal' });
    expect(state.round.phase).toBe('settled');
    const after = balances(state);
    expect(refused(ctx, state, { type: 'void', reason: 'too late' })).toBe('round-finished');
    expect(balances(state)).toEqual(after);
  });
});

// ------------------------------------------------------------------ AI players and the solo table

describe('blackjack-eropa: AI players and the end of a solo round', () => {
  const levels = Object.keys(charts(pack('blackjack-eropa'))) as ('easy' | 'normal' | 'hard')[];
  const HUMAN_AND_AI = 4; // seat 1 the human, seats 2-4 one AI of each level

  /** A 6-deck shoe shuffled from `seed`; `holeSwap` exchanges the hole card with a card far down the shoe. */
  function shoe(seed: number, holeSwap: boolean): Card[] {
    const order = new Uint8Array(6 * 52);
    for (let i = 0; i < order.length; i++) order[i] = i % 52;
    shuffleInPlace(new FastRandom(seed), order);
    const out = Array.from(order);
    const hole = 2 * HUMAN_AND_AI + 1;
    if (holeSwap) {
      let j = 300;
      while (out[j] === out[hole] || Math.min(10, (out[j] >> 2) + 1) === Math.min(10, (out[hole] >> 2) + 1)) j--;
      [out[hole], out[j]] = [out[j], out[hole]];
    }
    return out;
  }

  function aiActions(seed: number, holeSwap: boolean) {
    const ctx = ctxFor('blackjack-eropa');
    const players = {
      human: 100_000,
      ...Object.fromEntries(levels.map((l) => [`ai-${l}`, { balance: 100_000, ai: l }])),
    };
    const state = table(ctx, players, shoe(seed, holeSwap).map(formatCard).join(' '));
    must(ctx, state, { type: 'bet', player: 'human', bet: 'main', seat: 1, amount: 100 });
    levels.forEach((l, i) =>
      must(ctx, state, { type: 'bet', player: `ai-${l}`, bet: 'main', seat: i + 2, amount: 100 }),
    );
    const events = must(ctx, state, { type: 'deal' });
    if (state.round.phase === 'turns' && state.round.turnSeat === 1)
      events.push(...must(ctx, state, { type: 'act', player: 'human', seat: 1, action: 'stand' }));
    events.push(...playOut(ctx, state));
    return {
      actions: ofType(events, 'action').filter((e) => e.player.startsWith('ai-')),
      hole: state.round.dealer.cards[1],
    };
  }

  // The AI charts live under rules/strategies/; without all three levels these tests are skipped.
  describe.skipIf(levels.length < 3)('AI players (charts loaded)', () => {
    propTest.prop([fc.nat()], { numRuns: 60 })(
      'R-EU-AI-1: AI decisions never depend on the hole card: another hole card, the same decisions (every level)',
      (seed) => {
        const a = aiActions(seed, false);
        const b = aiActions(seed, true);
        expect(a.hole).not.toBe(b.hole);
        expect(b.actions).toEqual(a.actions);
        expect(a.actions.length).toBeGreaterThan(0);
      },
    );

    propTest.prop([fc.nat()], { numRuns: 60 })(
      'R-EU-AI-1: the AI decision function reads neither the hole card nor the shoe: changing them in the state changes no decision',
      (seed) => {
        const ctx = ctxFor('blackjack-eropa', seed);
        const state = table(ctx, { bot: 100_000 }, shoe(seed, false).map(formatCard).join(' '));
        must(ctx, state, { type: 'bet', player: 'bot', bet: 'main', seat: 1, amount: 100 });
        must(ctx, state, { type: 'deal' }); // the bot has no level yet, so the round waits on seat 1
        if (state.round.phase !== 'turns') return;
        const other = structuredClone(state);
        const hole = state.round.dealer.cards[1];
        other.round.dealer.cards[1] = (hole + 17) % 52;
        other.shoe = { ...other.shoe!, fixed: other.shoe!.fixed!.slice().reverse() };
        for (const level of levels)
          expect(aiDecision(ctx, loadTable(ctx, other), 'bot', level, 1), level).toBe(
            aiDecision(ctx, loadTable(ctx, state), 'bot', level, 1),
          );
      },
    );
  });

  it('R-EU-END-1: a solo round ends when all hands are settled; next-round opens the next one', () => {
    const ctx = ctxFor('blackjack-eropa');
    // seat 1 TS 7S = 17 stands; dealer 9H up, 8D hole = 17: push.
    const state = table(ctx, { alice: 100_000 }, 'TS 9H 7S 8D TC 9C 8C 7C 6C 5C');
    expect(state.round.deadline, 'a solo table has no betting countdown').toBeNull();
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    ctx.env.now += 10 * 60_000;
    expect(ofType(must(ctx, state, { type: 'tick' }), 'card'), 'the solo player deals; time does not').toEqual([]);
    expect(state.round.phase).toBe('betting');
    expect(refused(ctx, state, { type: 'next-round' })).toBe('round-in-progress');
    must(ctx, state, { type: 'deal' });
    const last = must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'stand' });
    expect(ofType(last, 'round-settled')).toEqual([{ type: 'round-settled', round: 1 }]);
    expect(state.round.phase).toBe('settled');
    expect(state.round.bets.every((b) => b.status === 'settled')).toBe(true);
    expect(state.players.alice.balance).toBe(100_000);
    const opened = must(ctx, state, { type: 'next-round' });
    expect(ofType(opened, 'round-opened')).toEqual([{ type: 'round-opened', round: 2, deadline: null }]);
    expect(state.round.phase).toBe('betting');
  });

  it('a solo table has one human (R-EU-TABLE-1, table kind solo): the first to sit, or the player who opened it; AI players sit beside them', () => {
    const ctx = ctxFor('blackjack-eropa');
    const state = table(ctx, { alice: 100_000, bob: 100_000, bot: { balance: 100_000, ai: 'easy' } });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    expect(refused(ctx, state, { type: 'bet', player: 'bob', bet: 'main', seat: 2, amount: 100 })).toBe(
      'not-your-table',
    );
    must(ctx, state, { type: 'bet', player: 'bot', bet: 'main', seat: 2, amount: 100 });
    // A table opened by a player is theirs before they sit.
    const own = createTable(ctx, 'own', { host: 'bob' });
    for (const player of ['alice', 'bob']) must(ctx, own, { type: 'join', player, balance: 100_000 });
    expect(refused(ctx, own, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 })).toBe(
      'not-your-table',
    );
    must(ctx, own, { type: 'bet', player: 'bob', bet: 'main', seat: 1, amount: 100 });
  });

  it('R-EU-END-1: a session ends when the player asks: the hand in play is auto-played to the end, then the table refuses everything', () => {
    const ctx = ctxFor('blackjack-eropa');
    // seat 1 TS 6S = 16, dealer 9H up and 8D hole; auto-play stands on 16 (hitUntil 11): 17 beats 16.
    const state = table(ctx, { alice: 100_000 }, 'TS 9H 6S 8D TC 9C 8C 7C 6C 5C');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    must(ctx, state, { type: 'deal' });
    const events = must(ctx, state, { type: 'end-session' }, 'alice');
    expect(ofType(events, 'action')).toMatchObject([{ player: 'alice', seat: 1, action: 'stand', auto: true }]);
    expect(ofType(events, 'settled')).toMatchObject([{ player: 'alice', outcome: 'lose', returned: 0 }]);
    expect(events.at(-1)).toEqual({ type: 'session-ended', round: 1 });
    expect(state.round.phase).toBe('settled');
    expect(state.players.alice.balance).toBe(99_900);
    expect(playerView(ctx, state, 'alice').ended).toBe(true);
    for (const cmd of [
      { type: 'next-round' },
      { type: 'tick' },
      { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 },
      { type: 'end-session' },
    ] as Command[])
      expect(refused(ctx, state, cmd)).toBe('session-ended');
    // The round's record holds the request, so it replays to the same end.
    expect(state.round.log.map((e) => e.command.type)).toEqual(['join', 'bet', 'deal', 'end-session']);
    const replayed = replayRound(
      ctxFor('blackjack-eropa'),
      't1',
      structuredClone(state.round),
      structuredClone(state.shoe!),
    );
    expect(replayed.round.events).toEqual(
      state.round.events.slice(state.round.events.findIndex((e) => e.type === 'round-opened')),
    );
    expect(replayed.ended).toBe(true);
  });

  it('R-EU-END-1: bets not yet dealt go back when the session ends; a seated table refuses to end a session', () => {
    const ctx = ctxFor('blackjack-eropa');
    const state = table(ctx, { alice: 100_000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    const events = must(ctx, state, { type: 'end-session' }, 'alice');
    expect(ofType(events, 'bet-returned')).toMatchObject([
      { player: 'alice', amount: 100, reason: 'round void: the player ended the session before the deal' },
    ]);
    expect(state.round.phase).toBe('void');
    expect(state.players.alice.balance).toBe(100_000);
    // Nothing bet: the round is left as it was, and the table ends.
    const idle = table(ctx, { alice: 100_000 });
    expect(ofType(must(ctx, idle, { type: 'end-session' }), 'round-void')).toEqual([]);
    expect(idle.ended).toBe(true);
    const seated = ctxFor('blackjack-mewah');
    expect(refused(seated, table(seated, { alice: 100_000 }), { type: 'end-session' })).toBe('not-solo');
  });

  it('R-EU-END-1: a tick after the settlement opens the next round', () => {
    const ctx = ctxFor('blackjack-eropa');
    const state = table(ctx, { alice: 100_000 }, 'TS 9H 7S 8D TC 9C 8C 7C 6C 5C');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    must(ctx, state, { type: 'deal' });
    must(ctx, state, { type: 'act', player: 'alice', seat: 1, action: 'stand' });
    const events = must(ctx, state, { type: 'tick' });
    expect(ofType(events, 'round-opened').map((e) => e.round)).toEqual([2]);
    expect(state.round.no).toBe(2);
    expect(state.round.phase).toBe('betting');
  });
});

// ------------------------------------------------------------------ deadlines

describe('deadlines are enforced from the clock by tick', () => {
  it('a tick before the betting deadline does nothing; a tick past it deals', () => {
    const ctx = ctxFor('blackjack-mewah');
    const state = table(ctx, { alice: 100_000 }, '9S 7D 8H TC 2S 3S 4S 5S');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    const deadline = state.round.deadline!;
    expect(deadline).toBe(state.round.openedAt + pack('blackjack-mewah').timing.bettingMs);
    ctx.env.now = deadline - 1;
    expect(must(ctx, state, { type: 'tick' })).toEqual([]);
    expect(state.round.phase).toBe('betting');
    ctx.env.now = deadline + 5;
    const events = must(ctx, state, { type: 'tick' });
    expect(ofType(events, 'card').length).toBe(4);
    expect(state.round.phase).toBe('turns');
    expect(state.round.deadline).toBe(ctx.env.now + pack('blackjack-mewah').timing.decisionMs);
  });

  it('nobody bet: at the betting deadline the countdown starts again and nothing is dealt', () => {
    const ctx = ctxFor('blackjack-mewah');
    const state = table(ctx, { alice: 100_000 }, '9S 7D 8H TC 2S 3S 4S 5S');
    ctx.env.now = state.round.deadline!;
    const events = must(ctx, state, { type: 'tick' });
    expect(ofType(events, 'card')).toEqual([]);
    expect(state.round.phase).toBe('betting');
    expect(state.round.no).toBe(1);
    expect(state.round.deadline).toBe(ctx.env.now + pack('blackjack-mewah').timing.bettingMs);
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    ctx.env.now = state.round.deadline!;
    must(ctx, state, { type: 'tick' });
    expect(state.round.phase).toBe('turns');
  });

  it('nobody has a live bet (every bet returned): at the betting deadline the countdown starts again; tick is not refused', () => {
    const ctx = ctxFor('blackjack-lucky-ladies', 5);
    const state = table(ctx, { alice: 100_000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 50 });
    quickRound(ctx, state, []);
    must(ctx, state, { type: 'next-round' });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'lucky-ladies', seat: 1, amount: 50 }); // voids her hand
    expect(state.round.bets.map((b) => b.status)).toEqual(['returned']);
    ctx.env.now = state.round.deadline!;
    expect(attempt(ctx, state, { type: 'tick' })).toBe('ok');
    expect(state.round.phase).toBe('betting');
    expect(state.round.deadline).toBe(ctx.env.now + pack('blackjack-lucky-ladies').timing.bettingMs);
  });

  it('R-BJ-AUTO-1: a tick past a turn deadline completes that seat’s hand (hit at 11 or less, then stand) and opens the next seat’s window', () => {
    const ctx = ctxFor('blackjack-mewah');
    const timing = pack('blackjack-mewah').timing;
    // seat 1 5S 4H = 9, seat 2 TD 8C = 18, seat 3 AS 5D = soft 16; dealer 7D up, TC hole = 17.
    // seat 1 draws 2S (11), 5C (16) and stands.
    const state = table(ctx, { alice: 100_000, bob: 100_000, carol: 100_000 }, '5S TD AS 7D 4H 8C 5D TC 2S 5C 9D 9D');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'main', seat: 2, amount: 100 });
    must(ctx, state, { type: 'bet', player: 'carol', bet: 'main', seat: 3, amount: 100 });
    must(ctx, state, { type: 'deal' });
    expect(state.round.turnSeat).toBe(1);
    ctx.env.now = state.round.deadline! - 1;
    expect(ofType(must(ctx, state, { type: 'tick' }), 'action')).toEqual([]);
    ctx.env.now += 1;
    const first = must(ctx, state, { type: 'tick' });
    expect(ofType(first, 'action').map((e) => [e.seat, e.action, e.auto])).toEqual([
      [1, 'hit', true],
      [1, 'hit', true],
      [1, 'stand', true],
    ]);
    expect(state.round.seats[0].hands[0].cards.map(formatCard)).toEqual(['5S', '4H', '2S', '5C']);
    expect(state.round.turnSeat).toBe(2);
    expect(state.round.deadline).toBe(ctx.env.now + timing.decisionMs);
    ctx.env.now = state.round.deadline!;
    expect(ofType(must(ctx, state, { type: 'tick' }), 'action').map((e) => [e.seat, e.action])).toEqual([[2, 'stand']]);
    ctx.env.now = state.round.deadline!;
    // Soft 16 is over 11 (the ace counts 11 when that does not bust): it stands.
    const last = must(ctx, state, { type: 'tick' });
    expect(ofType(last, 'action').map((e) => [e.seat, e.action])).toEqual([[3, 'stand']]);
    // Dealer 17: seat 1 (16) and seat 3 (16) lose, seat 2 (18) wins; the same tick opens round 2.
    expect(last.map((e) => e.type).filter((t) => t === 'round-settled' || t === 'round-opened')).toEqual([
      'round-settled',
      'round-opened',
    ]);
    expect(state.round.no).toBe(2);
    expect(balances(state)).toEqual({ alice: 99_900, bob: 100_100, carol: 99_900 });
  });

  it('R-BJ-AUTO-1: a tick past the insurance deadline answers "no" for everyone who has not answered, then the dealer peeks', () => {
    const ctx = ctxFor('blackjack-mewah');
    const state = table(ctx, { alice: 100_000, bob: 100_000 }, '9S TD AS 8H 9C 7C 2S 3S 4S');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'main', seat: 2, amount: 1000 });
    must(ctx, state, { type: 'deal' });
    expect(state.round.phase).toBe('insurance');
    must(ctx, state, { type: 'act', player: 'bob', seat: 2, action: 'insurance', accept: true });
    ctx.env.now = state.round.deadline!;
    const events = must(ctx, state, { type: 'tick' });
    expect(ofType(events, 'dealer-peek')).toEqual([{ type: 'dealer-peek', blackjack: false }]);
    const ins = state.round.bets.filter((b) => b.key === 'main').map((b) => [b.player, b.insurance?.cost]);
    expect(ins).toEqual([
      ['alice', 0],
      ['bob', 500],
    ]);
    expect(state.round.phase).toBe('turns');
  });

  it('common draw: a tick past the decision deadline completes every player’s hands at once (R-BJ-AUTO-1)', () => {
    const ctx = ctxFor('blackjack-tanpa-batas');
    // common 6S 3H = 9; dealer 7D up, TC hole; stream S1 = 2C (11), S2 = 9C (20).
    const state = table(ctx, { alice: 100_000, bob: 100_000 }, '6S 7D 3H TC 2C 9C 5D 5D');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', amount: 100 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'main', amount: 100 });
    must(ctx, state, { type: 'deal' });
    must(ctx, state, { type: 'act', player: 'bob', action: 'stand' });
    ctx.env.now = state.round.deadline!;
    const events = must(ctx, state, { type: 'tick' });
    expect(ofType(events, 'action').map((e) => [e.player, e.action, e.auto])).toEqual([
      ['alice', 'hit', true],
      ['alice', 'hit', true],
      ['alice', 'stand', true],
    ]);
    expect(ofType(events, 'round-settled')).toHaveLength(1);
    expect(balances(state)).toEqual({ alice: 100_100, bob: 99_900 });
  });
});

// ------------------------------------------------------------------ replay of a recorded round

describe('a recorded round replays from its record and its shoe', () => {
  it('R-BJ-SHOE-3: a round driven by commands replays to the same events and balances', () => {
    const ctx = ctxFor('blackjack-mewah', 77);
    const state = table(ctx, { alice: 100_000, bob: 100_000 });
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 1000 });
    must(ctx, state, { type: 'bet', player: 'bob', bet: 'behind', seat: 1, amount: 500 });
    must(ctx, state, { type: 'deal' });
    playOut(ctx, state);
    const replayed = replayRound(
      ctxFor('blackjack-mewah', 0),
      't1',
      structuredClone(state.round),
      structuredClone(state.shoe!),
    );
    expect(replayed.round.events).toEqual(
      state.round.events.slice(state.round.events.findIndex((e) => e.type === 'round-opened')),
    );
    expect(balances(replayed)).toEqual(balances(state));
  });

  // A tick past a deadline deals the round or auto-plays a hand: the record must hold what it did.
  it('R-BJ-SHOE-3: a round dealt and auto-played by ticks replays from its record (every state change is in the log)', () => {
    const ctx = ctxFor('blackjack-mewah', 5);
    const state = table(ctx, { alice: 100_000 }, '9S 7D 8H TC 2S 3S 4S 5S');
    must(ctx, state, { type: 'bet', player: 'alice', bet: 'main', seat: 1, amount: 100 });
    ctx.env.now = state.round.deadline!;
    must(ctx, state, { type: 'tick' }); // deals
    ctx.env.now = state.round.deadline!;
    const round = state.round;
    const shoe = structuredClone(state.shoe!);
    must(ctx, state, { type: 'tick' }); // auto-plays seat 1, settles, opens round 2
    expect(round.phase).toBe('settled');
    const replayed = replayRound(ctxFor('blackjack-mewah', 0), 't1', structuredClone(round), shoe);
    expect(replayed.round.phase).toBe('settled');
    expect(balances(replayed)).toEqual({ alice: state.players.alice.balance });
  });

  // Opening the next round is no part of the finished round's record, so replaying round N ends at round N.
  it('R-BJ-SHOE-3: the stored record of a finished round (after next-round) replays to that round', () => {
    const ctx = ctxFor('blackjack-mewah', 6);
    const state = table(ctx, { alice: 100_000 }, '9S 7D 8H TC 2S 3S 4S 5S');
    quickRound(ctx, state, [['alice', 1]]);
    const round = state.round;
    must(ctx, state, { type: 'next-round' });
    const replayed = replayRound(
      ctxFor('blackjack-mewah', 0),
      't1',
      structuredClone(round),
      structuredClone(state.shoe!),
    );
    expect(replayed.round.no).toBe(round.no);
    expect(replayed.round.phase).toBe('settled');
  });
});
