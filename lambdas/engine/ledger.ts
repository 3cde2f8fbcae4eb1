// A round's bets as a ledger: one row per bet, one typed column per field, so placing, settling
// and tallying a bet touches a few numbers instead of an object (the simulator settles tens of
// millions a second). Rows are appended in placement order and never reordered; a finished round
// empties the ledger for the next one. The saved form of a row is a BetRecord (codec.ts).
import type { Follow } from './types.ts';

/** A row's status; BetRecord.status in the saved form. */
export const OPEN = 0;
export const SETTLED = 1;
export const RETURNED = 2;

/** Insurance on a row: not answered, answered and settled (a "no" costs 0), bought and waiting for the peek. */
export const INSURANCE_NONE = 0;
export const INSURANCE_SETTLED = 1;
export const INSURANCE_PENDING = 2;

/** A row's line: none yet, a pay-table line by index (≥ 0), or a main bet lost to a late dealer blackjack. */
export const NO_LINE = -1;
export const DEALER_BLACKJACK_LINE = -2;
export const DEALER_BLACKJACK = 'dealer blackjack';

/** The seat column's value for a bet on no seat (common draw, Andar Bahar). */
export const NO_SEAT = 0;

export class Ledger {
  length = 0;
  id: Float64Array;
  /** Compiled bet index. */
  bet: Int16Array;
  /** Player index (Players). */
  player: Int32Array;
  seat: Int16Array;
  /** The bet's own stake. */
  amount: Float64Array;
  /** Everything debited for it: stake, doubles, splits, follows, insurance. */
  staked: Float64Array;
  /** Everything credited back so far (stakes included). */
  returned: Float64Array;
  status: Uint8Array;
  line: Int16Array;
  insuranceCost: Float64Array;
  insurance: Uint8Array;
  /** Bet behind: which of the seat's hands it follows, and its stake on each; null for other bets. */
  follows: (Follow[] | null)[] = [];
  /** Open rows per bet index: a bet with none needs no search. */
  readonly openPerBet: Uint32Array;

  constructor(bets: number, capacity = 32) {
    this.openPerBet = new Uint32Array(bets);
    this.id = new Float64Array(capacity);
    this.bet = new Int16Array(capacity);
    this.player = new Int32Array(capacity);
    this.seat = new Int16Array(capacity);
    this.amount = new Float64Array(capacity);
    this.staked = new Float64Array(capacity);
    this.returned = new Float64Array(capacity);
    this.status = new Uint8Array(capacity);
    this.line = new Int16Array(capacity);
    this.insuranceCost = new Float64Array(capacity);
    this.insurance = new Uint8Array(capacity);
  }

  /** Appends an open row with nothing staked yet; returns its index. */
  add(id: number, bet: number, player: number, seat: number): number {
    if (this.length === this.id.length) this.grow();
    const row = this.length++;
    this.id[row] = id;
    this.bet[row] = bet;
    this.player[row] = player;
    this.seat[row] = seat;
    this.amount[row] = 0;
    this.staked[row] = 0;
    this.returned[row] = 0;
    this.status[row] = OPEN;
    this.line[row] = NO_LINE;
    this.insuranceCost[row] = 0;
    this.insurance[row] = INSURANCE_NONE;
    this.follows[row] = null;
    this.openPerBet[bet]++;
    return row;
  }

  /** Marks a row no longer open (settled or returned). */
  closeRow(row: number, status: typeof SETTLED | typeof RETURNED): void {
    if (this.status[row] === OPEN) this.openPerBet[this.bet[row]]--;
    this.status[row] = status;
  }

  /** Sets a row's status as saved (decoding, or undoing a slip). */
  setStatus(row: number, status: number): void {
    const was = this.status[row];
    if (was === status) return;
    if (was === OPEN) this.openPerBet[this.bet[row]]--;
    if (status === OPEN) this.openPerBet[this.bet[row]]++;
    this.status[row] = status;
  }

  /** Drops the rows from `length` on (a refused bet slip). */
  truncate(length: number): void {
    for (let row = length; row < this.length; row++) if (this.status[row] === OPEN) this.openPerBet[this.bet[row]]--;
    this.length = Math.min(this.length, length);
  }

  clear(): void {
    this.truncate(0);
  }

  /** The first open row of `bet` by `player` on `seat`, or -1. */
  findOpen(bet: number, player: number, seat: number): number {
    if (this.openPerBet[bet] === 0) return -1;
    for (let row = 0; row < this.length; row++)
      if (this.bet[row] === bet && this.player[row] === player && this.seat[row] === seat && this.status[row] === OPEN) return row;
    return -1;
  }

  hasOpen(): boolean {
    for (let row = 0; row < this.length; row++) if (this.status[row] === OPEN) return true;
    return false;
  }

  private grow(): void {
    const size = this.id.length * 2;
    const widen = <A extends Float64Array | Int16Array | Int32Array | Uint8Array>(a: A, make: new (n: number) => A): A => {
      const b = new make(size);
      b.set(a);
      return b;
    };
    this.id = widen(this.id, Float64Array);
    this.bet = widen(this.bet, Int16Array);
    this.player = widen(this.player, Int32Array);
    this.seat = widen(this.seat, Int16Array);
    this.amount = widen(this.amount, Float64Array);
    this.staked = widen(this.staked, Float64Array);
    this.returned = widen(this.returned, Float64Array);
    this.status = widen(this.status, Uint8Array);
    this.line = widen(this.line, Int16Array);
    this.insuranceCost = widen(this.insuranceCost, Float64Array);
    this.insurance = widen(this.insurance, Uint8Array);
  }
}
