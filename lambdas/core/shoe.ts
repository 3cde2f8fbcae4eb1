// The shoe: composition from the pack, order derived from a 256-bit seed (R-BJ-SHOE-3), cut card
// (R-BJ-SHOE-1) and burn (R-BJ-SHOE-2). ShoeState is the saved form (plain JSON, never the order);
// Shoe is the working form the interpreter deals from. The order is rebuilt from the seed when
// needed and cached off the JSON (a symbol key), so a shoe loaded for every command is shuffled once.
import { BJ_VALUE, CARDS_PER_DECK, type Card, cardOf, rankOf } from './cards.ts';
import { ChaChaRandom, commitment, FastRandom, shuffleInPlace, swap } from './rng.ts';

export interface ShoeState {
  id: string;
  /** Secret until the shoe is retired; never in a player view or a log. Hex. */
  seed: string;
  /** SHA-256 of the seed, published when the shoe starts. */
  commitment: string;
  /** Which generator expands the seed: chacha20 in live play, xoshiro only in the simulator. */
  generator: 'chacha20' | 'xoshiro';
  decks: number;
  size: number;
  /** Index of the next card to deal. */
  position: number;
  /** Dealing the card at this index brings out the cut card; size when there is none. */
  cutAt: number;
  cutCardOut: boolean;
  /** Rounds started on this shoe; round limits per shoe count these (R-TB-SIDE-2). */
  roundsStarted: number;
  /** A fixed dealing order for scenarios and the CLI only; no burn, and no card past its end. */
  fixed?: Card[];
  /**
   * A dealer-fed shoe (a studio's scanner): `fixed` holds the cards scanned so far, in dealing order,
   * and grows as the dealer scans; no seed and no commitment. Absent on seeded shoes.
   */
  dealer?: DealerShoe;
}

export interface DealerShoe {
  /** The scan id of each card of `fixed`, so a re-read of the same physical card is not a second card. */
  scanIds: string[];
  /** Cards burned face down unscanned (R-BJ-SHOE-2): the shoe holds that many fewer. */
  burned: number;
  /** The shoe is new and the pack burns (R-BJ-SHOE-2): the first card scanned is the shown burn card. */
  burnDue: boolean;
}

export interface ShoeSpec {
  decks: number;
  /** Fraction of the shoe dealt before the cut card; 1 (or none) when every round reshuffles. */
  penetration: number;
  burn: 'none' | 'shown-card-value';
}

/**
 * How far a seeded shoe's order is known. Live shoes (chacha20) shuffle whole, backward, as they
 * always have, so recorded rounds replay. Simulator shoes (xoshiro) shuffle forward, only as far as
 * cards are dealt: the same order a full forward shuffle gives, but Andar Bahar draws ~14 random
 * numbers a round instead of 51. A shoe with a cut card reveals everything before it at once.
 */
interface Dealing {
  order: Uint8Array;
  rng: FastRandom | null;
  /** Positions below this are final. */
  known: number;
}

const ORDER = Symbol('order');
type WithOrder = ShoeState & { [ORDER]?: Dealing };

export function newShoe(
  spec: ShoeSpec,
  id: string,
  seed: Uint8Array,
  generator: ShoeState['generator'] = 'chacha20',
): ShoeState {
  const size = spec.decks * CARDS_PER_DECK;
  return {
    id,
    seed: Buffer.from(seed).toString('hex'),
    // Only live shoes publish a commitment; simulator shoes (xoshiro) are never shown to anyone.
    commitment: generator === 'chacha20' ? commitment(seed) : '',
    generator,
    decks: spec.decks,
    size,
    position: 0,
    cutAt: spec.penetration >= 1 ? size : Math.floor(size * spec.penetration),
    cutCardOut: false,
    roundsStarted: 0,
  };
}

/** A shoe that deals exactly the given cards, in order (scenarios, `croupier play --shoe`). */
export function fixedShoe(decks: number, cards: Card[]): ShoeState {
  return {
    id: 'fixed',
    seed: '',
    commitment: '',
    generator: 'chacha20',
    decks,
    size: cards.length,
    position: 0,
    cutAt: cards.length + 1,
    cutCardOut: false,
    roundsStarted: 0,
    fixed: cards,
  };
}

/** A dealer-fed shoe of `decks` decks: empty until the dealer scans; the dealer reports the cut card. */
export function dealerShoe(decks: number, id: string, burnDue: boolean): ShoeState {
  const size = decks * CARDS_PER_DECK;
  return {
    id,
    seed: '',
    commitment: '',
    generator: 'chacha20',
    decks,
    size,
    position: 0,
    cutAt: size + 1,
    cutCardOut: false,
    roundsStarted: 0,
    fixed: [],
    dealer: { scanIds: [], burned: 0, burnDue },
  };
}

/** The shuffled order of a seeded shoe: every card of `decks` decks, Fisher–Yates from the seed. */
export function shoeOrder(state: ShoeState): Uint8Array {
  const shoe = new Shoe(state);
  shoe.reveal(shoe.size - 1);
  shoe.keepOrderOn(state);
  return shoe.order;
}

/** The working shoe: what the saved form says, and the order as far as it is known. */
export class Shoe {
  readonly id: string;
  readonly seed: string;
  readonly commitment: string;
  readonly generator: ShoeState['generator'];
  readonly decks: number;
  readonly size: number;
  readonly cutAt: number;
  readonly fixed: Card[] | null;
  /** A dealer-fed shoe's scan ids and burned count; null for a seeded or fixed shoe. */
  readonly dealer: DealerShoe | null;
  position: number;
  cutCardOut: boolean;
  roundsStarted: number;
  /** Cards this shoe can deal: its order's length (its size, or the fixed order's). */
  private readonly end: number;
  /** The order, shared with the saved form it came from: a shoe is shuffled once, however often it is loaded. */
  readonly order: Uint8Array;
  /** The simulator's generator, revealing the order as it is dealt; null when the order is known whole. */
  private readonly rng: FastRandom | null;
  /** Positions below this are final. */
  private known: number;
  /**
   * A simulator shoe shuffled every round (Andar Bahar deals ~14 of 52): up to here, a card at the
   * known edge is one step away. 0 otherwise.
   */
  private readonly lazyEnd: number;
  /**
   * A simulator shoe dealt to a cut card: every card before the cut card is dealt or burned before
   * the shoe is shuffled again, so the first of them dealt reveals them all in one loop
   * (FastRandom.shuffleForward): the same Fisher–Yates steps in the same order as card by card, so
   * the same shoe from the same stream, and no step inlined where each card is dealt. The cut
   * card's position for such a shoe; 0 otherwise.
   */
  private readonly revealTo: number;

  constructor(state: ShoeState) {
    this.id = state.id;
    this.seed = state.seed;
    this.commitment = state.commitment;
    this.generator = state.generator;
    this.decks = state.decks;
    this.size = state.size;
    this.cutAt = state.cutAt;
    this.fixed = state.fixed ?? null;
    this.dealer = state.dealer ? { ...state.dealer, scanIds: state.dealer.scanIds.slice() } : null;
    this.position = state.position;
    this.cutCardOut = state.cutCardOut;
    this.roundsStarted = state.roundsStarted;
    // A fixed shoe keeps its cards as its order too: every card dealt is read from one array.
    const d = this.fixed ? { order: Uint8Array.from(this.fixed), rng: null, known: this.fixed.length } : dealing(state);
    this.order = d.order;
    this.end = d.order.length;
    this.rng = d.rng;
    this.known = d.known;
    const toCutCard = this.rng !== null && this.cutAt < this.end;
    this.lazyEnd = this.rng && !toCutCard ? this.end : 0;
    this.revealTo = toCutCard ? this.cutAt : 0;
  }

  /** The saved form, with the order cached off its JSON for the next load. */
  state(): ShoeState {
    const s: ShoeState = {
      id: this.id,
      seed: this.seed,
      commitment: this.commitment,
      generator: this.generator,
      decks: this.decks,
      size: this.size,
      position: this.position,
      cutAt: this.cutAt,
      cutCardOut: this.cutCardOut,
      roundsStarted: this.roundsStarted,
      ...(this.fixed ? { fixed: this.fixed } : {}),
      ...(this.dealer ? { dealer: { ...this.dealer, scanIds: this.dealer.scanIds.slice() } } : {}),
    };
    this.keepOrderOn(s);
    return s;
  }

  /** Caches the order as far as known on a saved form of this shoe, for the next load. */
  keepOrderOn(state: ShoeState): void {
    if (!this.fixed) cache(state, { order: this.order, rng: this.rng, known: this.known });
  }

  /** Deals the next card, or -1 when the shoe is exhausted. Marks the cut card when reached. */
  draw(): Card {
    const p = this.position;
    // A simulator shoe shuffled every round, with one comparison: the next Fisher–Yates step.
    if (p === this.known && p < this.lazyEnd) {
      this.position = p + 1;
      return this.step(p);
    }
    return this.drawAt(p);
  }

  /**
   * Deals up to and including the next card of rank `rank`, or every card left when none is; answers
   * how many cards that was: the last of dealtCards() below `position`. A simulator shoe
   * shuffled every round reveals them in one loop (FastRandom.shuffleForward, stopping at the rank):
   * the same steps as card by card, without a call and a store per card (Andar Bahar, R-AB-DEAL-1).
   */
  drawThroughRank(rank: number): number {
    const from = this.position;
    if (from === this.known && this.lazyEnd !== 0) {
      const to = this.rng!.shuffleForward(this.order, from, this.lazyEnd, cardOf(rank, 0), cardOf(rank, 3) + 1);
      this.known = to;
      this.position = to;
      return to - from;
    }
    for (;;) {
      const card = this.draw();
      if (card < 0 || rankOf(card) === rank) return this.position - from;
    }
  }

  /**
   * The shoe's cards in dealing order: the card dealt from position p is at p, for p below
   * `position`. The shoe's own array: a simulator shoe shuffled again rewrites it as it deals.
   */
  dealtCards(): Uint8Array {
    return this.order;
  }

  private drawAt(p: number): Card {
    if (p >= this.end) return -1;
    this.position = p + 1;
    if (p >= this.cutAt) this.cutCardOut = true;
    // A fixed shoe's order is its cards, known whole.
    if (this.known <= p) this.reveal(p < this.revealTo ? this.revealTo - 1 : p);
    return this.order[p];
  }

  /**
   * The burn after a shuffle (R-BJ-SHOE-2): the first card is shown, then that many cards
   * (A = 1, J/Q/K = 10) are burned face down; the shown card is burned too.
   */
  burn(): { shown: Card; burned: number } | null {
    const shown = this.draw();
    if (shown < 0) return null;
    const count = BJ_VALUE[shown];
    // A dealer burns real cards face down, unscanned: the shoe only counts them.
    if (this.dealer) {
      this.dealer.burned += count;
      this.dealer.burnDue = false;
    } else this.position = Math.min(this.position + count, this.size);
    return { shown, burned: count };
  }

  /**
   * A simulator shoe shuffled again in place: the generator's stream goes on (nothing is recorded,
   * so no new seed is drawn) and Fisher–Yates from whatever order the cards are in is still uniform.
   */
  reshuffleInPlace(): void {
    if (this.generator !== 'xoshiro') throw new Error('only simulator shoes are reshuffled in place');
    this.known = 0;
    this.position = 0;
    this.cutCardOut = false;
    this.roundsStarted = 0;
  }

  /** Forward Fisher–Yates steps until position `upTo` is final (live shoes are known whole). */
  reveal(upTo: number): void {
    if (upTo < this.known) return;
    this.rng!.shuffleForward(this.order, this.known, upTo + 1);
    this.known = upTo + 1;
  }

  /** The Fisher–Yates step at position i (= known): swaps a card from i on into it; returns it. */
  private step(i: number): Card {
    swap(this.order, i, i + this.rng!.below(this.order.length - i));
    this.known = i + 1;
    return this.order[i];
  }
}

function cache(state: ShoeState, d: Dealing): void {
  // Off the JSON and not copied by a spread: saving a shoe never writes its order.
  Object.defineProperty(state, ORDER, { value: d, enumerable: false, writable: true });
}

/** The order of a seeded shoe: from its cache, or shuffled from the seed. */
function dealing(state: WithOrder): Dealing {
  const cached = state[ORDER];
  if (cached) return cached;
  const order = new Uint8Array(state.decks * CARDS_PER_DECK);
  for (let i = 0; i < order.length; i++) order[i] = i % CARDS_PER_DECK;
  let d: Dealing;
  if (state.generator === 'chacha20') {
    shuffleInPlace(new ChaChaRandom(Buffer.from(state.seed, 'hex')), order);
    d = { order, rng: null, known: order.length };
  } else d = { order, rng: new FastRandom(firstWordLE(state.seed)), known: 0 };
  cache(state, d);
  return d;
}

/** The seed's first four bytes as a little-endian word (what seeds the simulator's generator). */
function firstWordLE(hex: string): number {
  const w = parseInt(hex.slice(0, 8), 16);
  return ((w >>> 24) | ((w >>> 8) & 0xff00) | ((w & 0xff00) << 8) | (w << 24)) >>> 0;
}
