// The shoe: composition from the pack, order derived from a 256-bit seed (R-BJ-SHOE-3), cut card
// (R-BJ-SHOE-1) and burn (R-BJ-SHOE-2). Shoe state is plain JSON; the order is rebuilt from the
// seed when needed and cached off the JSON (a symbol key), so saving a shoe never writes its order.
import { BJ_VALUE, CARDS_PER_DECK, type Card } from './cards.ts';
import { ChaChaRandom, FastRandom, commitment, shuffleInPlace, uniformInt, type RandomSource } from './rng.ts';

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
}

export interface ShoeSpec {
  decks: number;
  /** Fraction of the shoe dealt before the cut card; 1 (or none) when every round reshuffles. */
  penetration: number;
  burn: 'none' | 'shown-card-value';
}

const ORDER = Symbol('order');
/**
 * How far a seeded shoe's order is known. Live shoes (chacha20) shuffle whole, backward, as they
 * always have, so recorded rounds replay. Simulator shoes (xoshiro) shuffle forward, one
 * Fisher–Yates step per card dealt: the same order a full forward shuffle gives, but Andar Bahar
 * draws ~14 random numbers a round instead of 51.
 */
interface Dealing {
  order: Uint8Array;
  rng: RandomSource | null;
  /** Positions below this are final. */
  known: number;
}
type WithOrder = ShoeState & { [ORDER]?: Dealing };

export function newShoe(spec: ShoeSpec, id: string, seed: Uint8Array, generator: ShoeState['generator'] = 'chacha20'): ShoeState {
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

/**
 * A simulator shoe shuffled again in place: the generator's stream goes on (nothing is recorded, so
 * no new seed is drawn) and Fisher–Yates from whatever order the cards are in is still uniform.
 */
export function reshuffleInPlace(shoe: ShoeState): void {
  if (shoe.generator !== 'xoshiro') throw new Error('only simulator shoes are reshuffled in place');
  dealing(shoe).known = 0;
  shoe.position = 0;
  shoe.cutCardOut = false;
  shoe.roundsStarted = 0;
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

/** The shuffled order of a seeded shoe: every card of `decks` decks, Fisher–Yates from the seed. */
export function shoeOrder(shoe: ShoeState): Uint8Array {
  const d = dealing(shoe);
  reveal(d, d.order.length - 1);
  return d.order;
}

function dealing(shoe: ShoeState): Dealing {
  const cached = (shoe as WithOrder)[ORDER];
  if (cached) return cached;
  const order = new Uint8Array(shoe.decks * CARDS_PER_DECK);
  for (let i = 0; i < order.length; i++) order[i] = i % CARDS_PER_DECK;
  let d: Dealing;
  if (shoe.generator === 'chacha20') {
    shuffleInPlace(new ChaChaRandom(Buffer.from(shoe.seed, 'hex')), order);
    d = { order, rng: null, known: order.length };
  } else d = { order, rng: new FastRandom(firstWordLE(shoe.seed)), known: 0 };
  // Off the JSON and not copied by a spread: saving a shoe never writes its order.
  Object.defineProperty(shoe, ORDER, { value: d, enumerable: false });
  return d;
}

/** Forward Fisher–Yates steps until position `upTo` is final. */
function reveal(d: Dealing, upTo: number): void {
  const order = d.order;
  const n = order.length;
  while (d.known <= upTo) {
    const i = d.known++;
    const j = i + uniformInt(d.rng!, n - i);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
}

/** The seed's first four bytes as a little-endian word (what seeds the simulator's generator). */
function firstWordLE(hex: string): number {
  const w = parseInt(hex.slice(0, 8), 16);
  return ((w >>> 24) | ((w >>> 8) & 0xff00) | ((w & 0xff00) << 8) | (w << 24)) >>> 0;
}

export const cardsLeft = (shoe: ShoeState): number => (shoe.fixed ? shoe.fixed.length : shoe.size) - shoe.position;

/** Deals the next card, or undefined when the shoe is exhausted. Marks the cut card when reached. */
export function draw(shoe: ShoeState): Card | undefined {
  if (shoe.position >= (shoe.fixed ? shoe.fixed.length : shoe.size)) return undefined;
  let card: Card;
  if (shoe.fixed) card = shoe.fixed[shoe.position];
  else {
    const d = dealing(shoe);
    if (d.known <= shoe.position) reveal(d, shoe.position);
    card = d.order[shoe.position];
  }
  shoe.position++;
  if (shoe.position > shoe.cutAt) shoe.cutCardOut = true;
  return card;
}

/**
 * The burn after a shuffle (R-BJ-SHOE-2): the first card is shown, then that many cards
 * (A = 1, J/Q/K = 10) are burned face down; the shown card is burned too.
 */
export function burn(shoe: ShoeState): { shown: Card; burned: number } | undefined {
  const shown = draw(shoe);
  if (shown === undefined) return undefined;
  const count = BJ_VALUE[shown];
  shoe.position = Math.min(shoe.position + count, shoe.size);
  return { shown, burned: count };
}
