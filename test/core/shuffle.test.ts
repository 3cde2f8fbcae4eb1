// The shoe and its randomness (R-BJ-SHOE-1..3): an unbiased shuffle (chi-square over card
// positions), rejection sampling, ChaCha20 from a 256-bit seed, the SHA-256 commitment, the shoe's
// composition, the cut card, the burn, a new shoe after the cut card's round, and a seed that no
// player ever sees.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BJ_VALUE, CARDS_PER_DECK, formatCard, rankOf } from '../../lambdas/core/cards.ts';
import {
  ChaChaRandom,
  commitment,
  FastRandom,
  type RandomSource,
  shuffleInPlace,
  uniformInt,
} from '../../lambdas/core/rng.ts';
import { newShoe, Shoe, type ShoeSpec, shoeOrder } from '../../lambdas/core/shoe.ts';
import { type EngineEvent, playerView, type TableState, visibleEvents } from '../../lambdas/engine/index.ts';
import { ctxFor, must, ofType, playOut, table } from '../engine/helpers.ts';

const seedOf = (n: number): Uint8Array => {
  const s = new Uint8Array(32);
  new DataView(s.buffer).setUint32(0, n, true);
  s[31] = 0xa5;
  return s;
};

/**
 * The card-by-card model of a simulator shoe: the forward Fisher–Yates step at i by below(), swapping deck[i] with one
 * from i on; answers the card put at i.
 */
function stepByBelow(rng: FastRandom, deck: Uint8Array | number[], i: number): number {
  const j = i + rng.below(deck.length - i);
  [deck[i], deck[j]] = [deck[j], deck[i]];
  return deck[i];
}

/** Upper 99% point of chi-square with `df` degrees of freedom (Wilson–Hilferty; good for df > 30). */
function chiSquare99(df: number): number {
  const z = 2.3263478740408408;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/**
 * Chi-square of the (card, position) table over `shuffles` shuffles of an n-card deck. Each cell
 * expects shuffles/n; the table has (n-1)^2 degrees of freedom (rows and columns both sum to
 * `shuffles`).
 */
function positionChiSquare(
  n: number,
  shuffles: number,
  shuffle: (deck: Uint8Array) => void,
): { stat: number; df: number } {
  const counts = new Float64Array(n * n);
  const deck = new Uint8Array(n);
  for (let s = 0; s < shuffles; s++) {
    for (let i = 0; i < n; i++) deck[i] = i;
    shuffle(deck);
    for (let pos = 0; pos < n; pos++) counts[deck[pos] * n + pos]++;
  }
  const expected = shuffles / n;
  let stat = 0;
  for (const c of counts) stat += (c - expected) ** 2 / expected;
  return { stat, df: (n - 1) ** 2 };
}

/** A RandomSource that returns the given values in order, and counts how many were read. */
function stub(values: number[]): RandomSource & { reads: number } {
  const s = {
    reads: 0,
    nextUint32() {
      if (s.reads >= values.length) throw new Error('stub source exhausted');
      return values[s.reads++];
    },
  };
  return s;
}

describe('R-BJ-SHOE-3: the shuffle is unbiased', () => {
  const sources: [string, () => RandomSource][] = [
    ['ChaChaRandom', () => new ChaChaRandom(seedOf(7))],
    ['FastRandom', () => new FastRandom(7)],
  ];

  for (const [name, make] of sources) {
    it(`R-BJ-SHOE-3: ${name}: every card is equally likely at every position of a 10-card deck (chi-square, 99%)`, () => {
      const rng = make();
      const { stat, df } = positionChiSquare(10, 20_000, (d) => shuffleInPlace(rng, d));
      expect(stat).toBeLessThan(chiSquare99(df));
    });

    it(`R-BJ-SHOE-3: ${name}: every card is equally likely at every position of a 52-card deck (chi-square, 99%)`, () => {
      const rng = make();
      const { stat, df } = positionChiSquare(CARDS_PER_DECK, 10_000, (d) => shuffleInPlace(rng, d));
      expect(stat).toBeLessThan(chiSquare99(df));
    });
  }

  it('R-BJ-SHOE-3: the simulator shoe, shuffled again in place card by card (FastRandom.below), puts every card at every position equally often (chi-square, 99%)', () => {
    const shoe = new Shoe(newShoe({ decks: 1, penetration: 1, burn: 'none' }, 's', seedOf(9), 'xoshiro'));
    const { stat, df } = positionChiSquare(CARDS_PER_DECK, 10_000, (d) => {
      shoe.reshuffleInPlace();
      for (let i = 0; i < d.length; i++) d[i] = shoe.draw();
    });
    expect(stat).toBeLessThan(chiSquare99(df));
  });

  it('R-BJ-SHOE-3: FastRandom.shuffleForward makes the same swaps as below() one step at a time, and leaves the generator where they would', () => {
    // Decks above 2^15 cards take products of 2^31 and more (imul's negative int32); the last, above
    // 2^16 cards, steps by below() itself (no shoe is so large).
    for (const [length, from, to] of [
      [52, 0, 52],
      [416, 0, 332],
      [312, 17, 234],
      [7, 3, 4],
      [65_536, 0, 300],
      [40_000, 9, 300],
      [70_000, 100, 400],
    ]) {
      // A spare half-word outstanding at the start, as a shoe reshuffled in place may have.
      for (const warm of [0, 1]) {
        const a = new FastRandom(length + from);
        const b = new FastRandom(length + from);
        for (let i = 0; i < warm; i++) expect(a.below(10)).toBe(b.below(10));
        const one = Uint8Array.from({ length }, (_, i) => i);
        const all = one.slice();
        for (let i = from; i < to; i++) stepByBelow(a, one, i);
        b.shuffleForward(all, from, to);
        expect(all, `length ${length}, ${from}-${to}`).toEqual(one);
        expect([b.below(52), b.below(1000), b.nextUint32()]).toEqual([a.below(52), a.below(1000), a.nextUint32()]);
      }
    }
  });

  it('R-AB-DEAL-1, R-BJ-SHOE-3: FastRandom.shuffleForward with a stop range ends after the step that puts a value of the range in place, as below() one step at a time would', () => {
    // The last: a range no card is in, shuffled to the end.
    for (const [from, stopFrom, stopTo] of [
      [0, 0, 4],
      [5, 48, 52],
      [0, 20, 21],
      [51, 0, 52],
      [0, 52, 56],
    ]) {
      const a = new FastRandom(stopFrom + from);
      const b = new FastRandom(stopFrom + from);
      const model = Array.from({ length: 52 }, (_, i) => i);
      let end = 52;
      for (let i = from; i < 52 && end === 52; i++) {
        const card = stepByBelow(a, model, i);
        if (card >= stopFrom && card < stopTo) end = i + 1;
      }
      const all = Uint8Array.from({ length: 52 }, (_, i) => i);
      expect(b.shuffleForward(all, from, 52, stopFrom, stopTo), `from ${from}, stop ${stopFrom}-${stopTo}`).toBe(end);
      expect(Array.from(all)).toEqual(model);
      expect([b.below(52), b.nextUint32()]).toEqual([a.below(52), a.nextUint32()]);
    }
    // Above 2^16 cards it steps by below() itself: all zeros, stopping at 0, stop after one step.
    const a = new FastRandom(8);
    const b = new FastRandom(8);
    expect(b.shuffleForward(new Uint8Array(70_000), 3, 70_000, 0, 1)).toBe(4);
    a.below(70_000 - 3);
    expect([b.below(52), b.nextUint32()]).toEqual([a.below(52), a.nextUint32()]);
  });

  it('R-AB-DEAL-1: Shoe.drawThroughRank deals what draw() one card at a time deals, up to and including the first card of the rank', () => {
    const specs: [ShoeSpec, 'xoshiro' | 'chacha20'][] = [
      [{ decks: 1, penetration: 1, burn: 'none' }, 'xoshiro'],
      [{ decks: 1, penetration: 1, burn: 'none' }, 'chacha20'],
      [{ decks: 2, penetration: 0.75, burn: 'none' }, 'xoshiro'],
    ];
    for (const [spec, generator] of specs)
      for (let seed = 1; seed <= 20; seed++) {
        const byRank = new Shoe(newShoe(spec, 's', seedOf(seed), generator));
        const byCard = new Shoe(newShoe(spec, 's', seedOf(seed), generator));
        // Every rank in turn until the shoe runs out, each from where the last one stopped.
        for (let rank = seed % 13; byRank.position < byRank.size; rank = (rank + 5) % 13) {
          const count = byRank.drawThroughRank(rank);
          const expected: number[] = [];
          for (let card = byCard.draw(); card >= 0; card = byCard.draw()) {
            expected.push(card);
            if (rankOf(card) === rank) break;
          }
          const dealt = Array.from(byRank.dealtCards().subarray(byRank.position - count, byRank.position));
          expect(dealt, `${generator} seed ${seed} rank ${rank}`).toEqual(expected);
          expect(byRank.position).toBe(byCard.position);
        }
        expect(byRank.drawThroughRank(0)).toBe(0);
      }
  });

  it('R-BJ-SHOE-3: FastRandom.shuffleForward puts every card at every position of a 52-card deck equally often (chi-square, 99%)', () => {
    const rng = new FastRandom(11);
    const { stat, df } = positionChiSquare(CARDS_PER_DECK, 10_000, (d) => rng.shuffleForward(d, 0, d.length));
    expect(stat).toBeLessThan(chiSquare99(df));
  });

  it('R-BJ-SHOE-1, R-BJ-SHOE-3: a simulator shoe with a cut card, revealed up to it at its first card, deals what revealing card by card deals', () => {
    const spec: ShoeSpec = { decks: 2, penetration: 0.75, burn: 'none' };
    const shoe = new Shoe(newShoe(spec, 's', seedOf(5), 'xoshiro'));
    const cards = (count: number) => Array.from({ length: count }, () => shoe.draw());
    // Card by card: the forward Fisher–Yates from the seed's generator, one step per card dealt.
    const rng = new FastRandom(5);
    const order = Uint8Array.from({ length: 2 * CARDS_PER_DECK }, (_, i) => i % CARDS_PER_DECK);
    const byCard = (count: number) => Array.from({ length: count }, (_, i) => stepByBelow(rng, order, i));
    for (let shoeNo = 0; shoeNo < 3; shoeNo++) {
      // Past the cut card (78 of 104) and on: the last round's cards come one step at a time.
      expect(cards(90), `shoe ${shoeNo + 1}`).toEqual(byCard(90));
      expect(shoe.cutCardOut).toBe(true);
      shoe.reshuffleInPlace();
    }
  });

  it('R-BJ-SHOE-3: FastRandom.below gives every value below n equally often, for small, card-sized and large n (chi-square, 99%)', () => {
    const rng = new FastRandom(3);
    // Upper 99% points for the small degrees of freedom, where the approximation above is poor.
    const small: Record<number, number> = { 2: 9.21, 5: 15.09 };
    for (const n of [3, 6, 52, 416, 40_000, 70_000]) {
      const each = n < 100 ? 2_000 : 40;
      const counts = new Float64Array(n);
      let outside = 0;
      for (let i = 0; i < n * each; i++) {
        const v = rng.below(n);
        if (v >= 0 && v < n && v === Math.floor(v)) counts[v]++;
        else outside++;
      }
      expect(outside, `n = ${n}: values outside [0, n)`).toBe(0);
      let stat = 0;
      for (const c of counts) stat += (c - each) ** 2 / each;
      expect(stat, `n = ${n}`).toBeLessThan(small[n - 1] ?? chiSquare99(n - 1));
    }
  });

  it('the chi-square test has the power to see a biased shuffle (the naive swap-with-any-position shuffle fails it)', () => {
    const rng = new ChaChaRandom(seedOf(7));
    const naive = (d: Uint8Array) => {
      for (let i = 0; i < d.length; i++) {
        const j = uniformInt(rng, d.length); // wrong: j should be in [0, i]
        [d[i], d[j]] = [d[j], d[i]];
      }
    };
    const { stat, df } = positionChiSquare(10, 20_000, naive);
    expect(stat).toBeGreaterThan(chiSquare99(df));
  });
});

describe('R-BJ-SHOE-3: scaling uses rejection sampling, never x % n', () => {
  const TWO_32 = 2 ** 32;

  it('R-BJ-SHOE-3: for n = 3, a value at or above 2^32 - (2^32 mod 3) is rejected and drawn again', () => {
    const limit = TWO_32 - (TWO_32 % 3);
    expect(limit).toBe(0xffffffff);
    // 0xffffffff % 3 === 0: a raw modulo would answer 0 and read once.
    const s = stub([0xffffffff, 0xffffffff, 5]);
    expect(uniformInt(s, 3)).toBe(2);
    expect(s.reads).toBe(3);
    const t = stub([limit - 1]);
    expect(uniformInt(t, 3)).toBe((limit - 1) % 3);
    expect(t.reads).toBe(1);
  });

  it('R-BJ-SHOE-3: for n = 6 the four values of the incomplete last block are all rejected', () => {
    const limit = TWO_32 - (TWO_32 % 6);
    expect(TWO_32 - limit).toBe(4);
    const s = stub([limit, limit + 1, limit + 2, limit + 3, 6 * 1000 + 4]);
    expect(uniformInt(s, 6)).toBe(4);
    expect(s.reads).toBe(5);
    expect(uniformInt(stub([limit - 1]), 6)).toBe((limit - 1) % 6);
  });

  it('R-BJ-SHOE-3: for n = 2^31 + 1 (almost half the range rejected) results stay in range and are re-drawn', () => {
    const n = 2 ** 31 + 1;
    const s = stub([n, 0xfffffff0, n - 1]);
    expect(uniformInt(s, n)).toBe(n - 1);
    expect(s.reads).toBe(3);
  });

  it('R-BJ-SHOE-3: an accepted value maps to exactly value mod n for every card count, at the edges of every block', () => {
    // The remainder is taken without a float modulo (x may exceed 2^31): it must equal x % n exactly.
    for (let n = 1; n <= 1100; n++) {
      const limit = TWO_32 - (TWO_32 % n);
      const blocks = [0, 1, Math.floor(limit / n / 2), Math.floor(limit / n) - 1];
      for (const k of blocks)
        for (const x of [k * n - 1, k * n, k * n + 1, k * n + n - 1])
          if (x >= 0 && x < limit) expect(uniformInt(stub([x]), n), `${x} mod ${n}`).toBe(x % n);
    }
  });

  it('R-BJ-SHOE-3: for a power of two nothing is rejected', () => {
    const s = stub([0xffffffff]);
    expect(uniformInt(s, 8)).toBe(7);
    expect(s.reads).toBe(1);
  });

  it('R-BJ-SHOE-3: the shoe, the RNG and the interpreter never call Math.random', () => {
    const roots = ['lambdas/core', 'lambdas/engine'];
    const files = roots.flatMap((r) =>
      readdirSync(r, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(r, f)),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toMatch(/Math\.random/);
  });
});

describe('R-BJ-SHOE-3: ChaCha20 from a 256-bit seed, and its commitment', () => {
  it('R-BJ-SHOE-3: ChaChaRandom is ChaCha20: the all-zero key gives the RFC 7539 keystream', () => {
    const rng = new ChaChaRandom(new Uint8Array(32));
    // Keystream 76 b8 e0 ad a0 f1 3d 90 ... read as little-endian 32-bit words.
    expect([rng.nextUint32(), rng.nextUint32()]).toEqual([0xade0b876, 0x903df1a0]);
  });

  it('R-BJ-SHOE-3: the same seed gives the same stream; another seed gives another', () => {
    const read = (seed: Uint8Array, n: number) => {
      const r = new ChaChaRandom(seed);
      return Array.from({ length: n }, () => r.nextUint32());
    };
    // 3000 words cross the 4096-byte refill boundary.
    expect(read(seedOf(1), 3000)).toEqual(read(seedOf(1), 3000));
    expect(read(seedOf(1), 8)).not.toEqual(read(seedOf(2), 8));
    const flipped = seedOf(1);
    flipped[17] ^= 1;
    expect(read(flipped, 8)).not.toEqual(read(seedOf(1), 8));
  });

  it('R-BJ-SHOE-3: a seed is 256 bits; any other length is refused', () => {
    expect(() => new ChaChaRandom(new Uint8Array(16))).toThrow(RangeError);
  });

  it('R-BJ-SHOE-3: the same seed gives the same shoe order; another seed another order', () => {
    const spec: ShoeSpec = { decks: 8, penetration: 0.8, burn: 'shown-card-value' };
    const a = shoeOrder(newShoe(spec, 'a', seedOf(3)));
    const b = shoeOrder(newShoe(spec, 'b', seedOf(3)));
    const c = shoeOrder(newShoe(spec, 'c', seedOf(4)));
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).not.toEqual(Array.from(c));
  });

  it('R-BJ-SHOE-3: the commitment is the hex SHA-256 of the seed bytes, and the shoe keeps the seed', () => {
    const seed = seedOf(99);
    const expected = createHash('sha256').update(seed).digest('hex');
    expect(commitment(seed)).toBe(expected);
    const shoe = newShoe({ decks: 6, penetration: 0.75, burn: 'none' }, 'x', seed);
    expect(shoe.commitment).toBe(expected);
    expect(Buffer.from(shoe.seed, 'hex')).toEqual(Buffer.from(seed));
  });
});

describe('the shoe: composition, cut card (R-BJ-SHOE-1), burn (R-BJ-SHOE-2)', () => {
  for (const decks of [1, 2, 6, 8]) {
    it(`R-BJ-CARD-1: a ${decks}-deck shoe holds each of the 52 cards exactly ${decks} times`, () => {
      const saved = newShoe({ decks, penetration: 0.8, burn: 'none' }, 's', seedOf(decks));
      const order = shoeOrder(saved);
      const shoe = new Shoe(saved);
      expect(order.length).toBe(decks * 52);
      const counts = new Array(52).fill(0);
      for (const c of order) counts[c]++;
      expect(counts).toEqual(new Array(52).fill(decks));
      // Dealt one by one, the shoe gives exactly that order and then nothing.
      const dealt: number[] = [];
      for (let c = shoe.draw(); c >= 0; c = shoe.draw()) dealt.push(c);
      expect(dealt).toEqual(Array.from(order));
    });
  }

  it('R-BJ-SHOE-1: the cut card sits at the penetration: it comes out with the first card past it', () => {
    const shoe = new Shoe(newShoe({ decks: 8, penetration: 0.8, burn: 'none' }, 's', seedOf(5)));
    expect(shoe.cutAt).toBe(Math.floor(416 * 0.8));
    for (let i = 0; i < shoe.cutAt; i++) {
      shoe.draw();
      expect(shoe.cutCardOut).toBe(false);
    }
    shoe.draw();
    expect(shoe.cutCardOut).toBe(true);
  });

  it('R-BJ-SHOE-1: a shoe reshuffled every round (penetration 1) has no cut card', () => {
    const shoe = new Shoe(newShoe({ decks: 1, penetration: 1, burn: 'none' }, 's', seedOf(5)));
    for (let i = 0; i < 52; i++) shoe.draw();
    expect(shoe.cutCardOut).toBe(false);
  });

  it('R-BJ-SHOE-2: the shown card is burned with as many more as its value (A = 1, faces 10), for every rank', () => {
    const spec: ShoeSpec = { decks: 8, penetration: 0.8, burn: 'shown-card-value' };
    const seen = new Set<number>();
    for (let n = 0; seen.size < 13 && n < 2000; n++) {
      const saved = newShoe(spec, 's', seedOf(1000 + n));
      const order = shoeOrder(saved);
      const shoe = new Shoe(saved);
      const b = shoe.burn()!;
      const value = rankOf(b.shown) === 0 ? 1 : Math.min(10, rankOf(b.shown) + 1);
      expect(b.shown, 'the shown card is the first card of the shoe').toBe(order[0]);
      expect(b.burned, `burn for ${formatCard(b.shown)}`).toBe(value);
      expect(b.burned).toBe(BJ_VALUE[b.shown]);
      expect(shoe.position, 'the shown card is burned too').toBe(1 + value);
      expect(shoe.draw(), 'the first dealt card follows the burned ones').toBe(order[1 + value]);
      seen.add(rankOf(b.shown));
    }
    expect(seen.size).toBe(13);
  });

  it('R-BJ-SHOE-2: a table starts its shoe with a shoe-started event, then the burn, then the round', () => {
    const ctx = ctxFor('blackjack-mewah', 11);
    const state = table(ctx, { alice: 100_000 });
    const opened = state.round.events.map((e) => e.type);
    expect(opened.slice(0, 3)).toEqual(['shoe-started', 'burn', 'round-opened']);
    const b = ofType(state.round.events, 'burn')[0];
    expect(state.shoe!.position).toBe(1 + b.burned);
    expect(state.round.opening.shoePosition).toBe(1 + b.burned);
  });

  it('R-AB-DECK-1: Andar Bahar has no burn and a fresh deck every round', () => {
    const ctx = ctxFor('andar-bahar', 3);
    const state = table(ctx, { alice: 100_000 });
    const seen = new Set<string>();
    for (let r = 0; r < 5; r++) {
      expect(ofType(state.round.events, 'burn')).toEqual([]);
      expect(ofType(state.round.events, 'shoe-started')).toHaveLength(1);
      seen.add(state.round.shoeCommitment);
      expect(state.shoe!.position).toBe(1); // the game card only
      must(ctx, state, { type: 'bet', player: 'alice', bet: 'bahar', amount: 100 });
      must(ctx, state, { type: 'deal' });
      must(ctx, state, { type: 'next-round' });
    }
    expect(seen.size).toBe(5);
  });
});

describe('R-BJ-SHOE-1: a new shoe starts after the round in which the cut card came out', () => {
  /** Plays `rounds` rounds on blackjack-mewah with 7 seats, every window expired by timeout. */
  function drive(rounds: number) {
    const ctx = ctxFor('blackjack-mewah', 2024);
    const players = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`p${i + 1}`, 10_000_000]));
    const state = table(ctx, players);
    const log: {
      no: number;
      shoeId: string;
      roundInShoe: number;
      lastOfShoe: boolean;
      openedWith: EngineEvent['type'][];
      phase: string;
      startPos: number;
      endPos: number;
      cutAt: number;
    }[] = [];
    const views: string[] = [];
    const seeds = new Set<string>();
    for (let r = 0; r < rounds; r++) {
      seeds.add(state.shoe!.seed);
      const startPos = state.shoe!.position;
      for (let s = 1; s <= 7; s++)
        must(ctx, state, { type: 'bet', player: `p${s}`, bet: 'main', seat: s, amount: 100 });
      must(ctx, state, { type: 'deal' });
      views.push(JSON.stringify(playerView(ctx, state, 'p1')));
      playOut(ctx, state);
      views.push(
        JSON.stringify(playerView(ctx, state, 'p3')),
        JSON.stringify(visibleEvents(state.round.events)),
        JSON.stringify(state.round.events),
        JSON.stringify(state.round.log),
      );
      const round = state.round;
      log.push({
        no: round.no,
        shoeId: round.shoeId,
        roundInShoe: round.roundInShoe,
        lastOfShoe: round.lastOfShoe,
        openedWith: round.events.map((e) => e.type),
        phase: round.phase,
        startPos,
        endPos: state.shoe!.position,
        cutAt: state.shoe!.cutAt,
      });
      must(ctx, state, { type: 'next-round' });
    }
    return { state, log, views, seeds };
  }

  let state: TableState, log: ReturnType<typeof drive>['log'], views: string[], seeds: Set<string>;
  beforeAll(() => ({ state, log, views, seeds } = drive(90)));

  it('R-BJ-SHOE-1: the round in which the cut card comes out is played to the end and marked the last of its shoe', () => {
    const last = log.filter((r) => r.lastOfShoe);
    expect(last.length).toBeGreaterThanOrEqual(3);
    for (const r of last) {
      expect(r.phase).toBe('settled');
      expect(r.startPos).toBeLessThanOrEqual(r.cutAt);
      expect(r.endPos).toBeGreaterThan(r.cutAt);
    }
    for (const r of log.filter((x) => !x.lastOfShoe)) expect(r.endPos).toBeLessThanOrEqual(r.cutAt);
  });

  it('R-BJ-SHOE-1: the next round, and only that one, starts a new shoe (shoe-started, burn, round 1 of the shoe)', () => {
    for (let i = 1; i < log.length; i++) {
      const started = log[i].openedWith.includes('shoe-started');
      expect(started, `round ${log[i].no}`).toBe(log[i - 1].lastOfShoe);
      if (started) {
        expect(log[i].openedWith.slice(0, 3)).toEqual(['shoe-started', 'burn', 'round-opened']);
        expect(log[i].shoeId).not.toBe(log[i - 1].shoeId);
        expect(log[i].roundInShoe).toBe(1);
      } else {
        expect(log[i].shoeId).toBe(log[i - 1].shoeId);
        expect(log[i].roundInShoe).toBe(log[i - 1].roundInShoe + 1);
      }
    }
  });

  it('R-BJ-SHOE-3: a retired shoe reveals its seed, and the seed matches the commitment published when it started', () => {
    expect(state.retiredShoes.length).toBe(log.filter((r) => r.lastOfShoe).length);
    for (const s of state.retiredShoes)
      expect(createHash('sha256').update(Buffer.from(s.seed, 'hex')).digest('hex')).toBe(s.commitment);
  });

  it('R-BJ-SHOE-3: no seed appears in any player view, visible event list, event or round log', () => {
    expect(seeds.size).toBeGreaterThanOrEqual(3);
    for (const seed of seeds) for (const v of views) expect(v.includes(seed)).toBe(false);
  });

  it('R-BJ-SHOE-3: a player view holds no shoe: no seed, order or position', () => {
    const v = playerView(ctxFor('blackjack-mewah'), state as TableState, 'p1') as unknown as Record<string, unknown>;
    expect(Object.keys(v)).not.toContain('shoe');
    const text = JSON.stringify(v);
    expect(text).not.toContain('"seed"');
    expect(text).not.toContain('"position"');
    expect(text).not.toContain(state.shoe!.seed);
  });
});
