// A round's bets as a ledger: one row per bet, rows of one class made once and reused, so placing
// and settling a bet writes a few numbers and allocates nothing. Rows are appended in placement
// order and never reordered; a finished round empties the ledger for the next one. The saved form
// of a row is a BetRecord (codec.ts). The simulator's ledger (fast/slip-ledger.ts) is this one that
// also knows a slip it has seen before.
import { BetBits, type BetSet } from '../pack/compiled.ts';
import type { Follow } from './types.ts';

// The ledger's codes are enums, not consts: esbuild writes an enum member's value where it is used,
// in every module, when it bundles (the simulator, the Lambda functions), where a const imported or
// declared below an import stays a module variable that V8 loads and checks on every use.

/** A row's status; BetRecord.status in the saved form. */
export enum Status {
  OPEN = 0,
  SETTLED = 1,
  RETURNED = 2,
}

/** Insurance on a row: not answered, answered and settled (a "no" costs 0), bought and waiting for the peek. */
export enum Insurance {
  NONE = 0,
  SETTLED = 1,
  PENDING = 2,
}

/** A row's line: none yet, a pay-table line by index (≥ 0), or a main bet lost to a late dealer blackjack. */
export enum Line {
  NONE = -1,
  DEALER_BLACKJACK = -2,
}
export const DEALER_BLACKJACK = 'dealer blackjack';

/**
 * A row's state packed in one number: status in bits 0–1, insurance in bits 2–3, the line code (signed) from bit 4 on.
 */
export enum Bits {
  STATUS = 3,
  INSURANCE = 12,
  LINE_SHIFT = 4,
  /** The state of a row just opened. */
  // biome-ignore lint/style/useLiteralEnumMembers: composed from the fields above, so it follows them
  OPEN_ROW = Status.OPEN | (Insurance.NONE << 2) | (Line.NONE << LINE_SHIFT),
}

/** A row's seat for a bet on no seat (common draw, Andar Bahar). */
export enum Seat {
  NONE = 0,
}

/**
 * One bet's numbers. One class for every row, its fields written in one order, so every read of a
 * row is one shape check and a load: cheaper than a typed array per field, whose every access
 * checks its own bounds.
 */
export class Row {
  id = 0;
  /** Compiled bet index. */
  bet = 0;
  /** Player index (Players). */
  player = 0;
  seat = Seat.NONE;
  /** The bet's own stake. */
  amount = 0;
  /** Everything debited for it: stake, doubles, splits, follows, insurance. */
  staked = 0;
  /** Everything credited back so far (stakes included). */
  returned = 0;
  /** Status, insurance and line code in one number (Bits.OPEN_ROW): a row opens and settles with one store. */
  state = Bits.OPEN_ROW;
  insuranceCost = 0;
}

export class Ledger {
  length = 0;
  /** Rows 0 to length − 1 are the round's; the rest are kept for reuse. */
  protected rows: Row[];
  /** Bet behind: which of the seat's hands it follows, and its stake on each; null for other bets. */
  readonly follows: (Follow[] | null)[] = [];
  /** Open rows per bet index: a bet with none needs no search. */
  protected readonly openPerBet: Int32Array;
  /** Bit i set while bet i (below BetBits.WIDTH) has an open row: openPerBet as bits, for anyOpenOf. */
  protected openBits = 0;
  /** Open rows in all: a finished round's ledger empties without a pass over its rows. */
  protected openRows = 0;

  constructor(bets: number, capacity = 32) {
    this.openPerBet = new Int32Array(bets);
    this.rows = Array.from({ length: capacity }, () => new Row());
  }

  /** Appends an open row with nothing staked yet; returns its index. */
  add(id: number, bet: number, player: number, seat: number): number {
    return this.open(id, bet, player, seat, 0);
  }

  /** Appends an open row with `amount` staked; returns its index. */
  open(id: number, bet: number, player: number, seat: number, amount: number): number {
    if (this.length === this.rows.length) this.grow();
    const row = this.length++;
    const r = this.rows[row];
    r.id = id;
    r.bet = bet;
    r.player = player;
    r.seat = seat;
    r.amount = amount;
    r.staked = amount;
    r.returned = 0;
    r.state = Bits.OPEN_ROW;
    r.insuranceCost = 0;
    if (this.follows.length > row) this.follows[row] = null;
    this.opened(bet);
    this.openRows++;
    return row;
  }

  // Who placed what, and where: read from the rows as they are, since no ledger keeps these lazily.
  id(row: number): number {
    return this.rows[row].id;
  }
  bet(row: number): number {
    return this.rows[row].bet;
  }
  player(row: number): number {
    return this.rows[row].player;
  }
  /** Seat.NONE for a bet on no seat. */
  seat(row: number): number {
    return this.rows[row].seat;
  }
  amount(row: number): number {
    return this.row(row).amount;
  }
  staked(row: number): number {
    return this.row(row).staked;
  }
  returned(row: number): number {
    return this.row(row).returned;
  }
  status(row: number): number {
    return this.row(row).state & Bits.STATUS;
  }
  /** The line code: Line.NONE, Line.DEALER_BLACKJACK or a pay-table line's index. */
  line(row: number): number {
    return this.row(row).state >> Bits.LINE_SHIFT;
  }
  insurance(row: number): number {
    return (this.row(row).state & Bits.INSURANCE) >> 2;
  }
  insuranceCost(row: number): number {
    return this.row(row).insuranceCost;
  }

  /** Adds to the bet's own stake and to what is debited for it. */
  addStake(row: number, amount: number): void {
    const r = this.rowToChange(row);
    r.amount += amount;
    r.staked += amount;
  }
  /** Adds to what is debited for the bet (a double, a split, a follow, insurance). */
  addStaked(row: number, amount: number): void {
    this.rowToChange(row).staked += amount;
  }
  addReturned(row: number, amount: number): void {
    this.rowToChange(row).returned += amount;
  }
  setLine(row: number, line: number): void {
    const r = this.rowToChange(row);
    r.state = (r.state & (Bits.STATUS | Bits.INSURANCE)) | (line << Bits.LINE_SHIFT);
  }
  setInsurance(row: number, state: number, cost: number): void {
    const r = this.rowToChange(row);
    r.state = (r.state & ~Bits.INSURANCE) | (state << 2);
    r.insuranceCost = cost;
  }
  /** Sets the money fields as saved (decoding, or undoing a slip). */
  setMoney(row: number, amount: number, staked: number, returned: number): void {
    const r = this.rowToChange(row);
    r.amount = amount;
    r.staked = staked;
    r.returned = returned;
  }

  /**
   * Settles a row: what it returns (added to anything credited before), and its line code. Answers the row's player, to
   * be credited.
   */
  settle(row: number, returned: number, line: number): number {
    const r = this.row(row);
    r.returned += returned;
    this.settled(r, line);
    return r.player;
  }

  /** settle for a row still open; -1, with nothing changed, for one that is not. */
  settleIfOpen(row: number, returned: number, line: number): number {
    return this.status(row) === Status.OPEN ? this.settle(row, returned, line) : -1;
  }

  /** Closes a row as settled with its line code: its status and line in one store. */
  close(row: number, line: number): void {
    this.settled(this.row(row), line);
  }

  protected settled(r: Row, line: number): void {
    if ((r.state & Bits.STATUS) === Status.OPEN) this.unopen(r.bet);
    r.state = (r.state & Bits.INSURANCE) | Status.SETTLED | (line << Bits.LINE_SHIFT);
  }

  /** Marks a row no longer open (settled or returned). */
  closeRow(row: number, status: typeof Status.SETTLED | typeof Status.RETURNED): void {
    const r = this.row(row);
    if ((r.state & Bits.STATUS) === Status.OPEN) this.unopen(r.bet);
    r.state = (r.state & ~Bits.STATUS) | status;
  }

  /** Sets a row's status as saved (decoding, or undoing a slip). */
  setStatus(row: number, status: number): void {
    const r = this.rowToChange(row);
    const was = r.state & Bits.STATUS;
    if (was === status) return;
    if (was === Status.OPEN) this.unopen(r.bet);
    if (status === Status.OPEN) {
      this.opened(r.bet);
      this.openRows++;
    }
    r.state = (r.state & ~Bits.STATUS) | status;
  }

  /**
   * The row at `index`, to read or to settle. A ledger that keeps a slip's rows lazily
   * (fast/slip-ledger.ts) writes them out first.
   */
  protected row(index: number): Row {
    return this.rows[index];
  }

  /** The row at `index`, to change otherwise than by settling it (a stake, a line, insurance, a status as saved). */
  protected rowToChange(index: number): Row {
    return this.rows[index];
  }

  /** One open row of `bet` more (openRows is the caller's). */
  protected opened(bet: number): void {
    this.openPerBet[bet]++;
    if (bet < BetBits.WIDTH) this.openBits |= 1 << bet;
  }

  /** One open row of `bet` fewer. */
  protected unopen(bet: number): void {
    if (--this.openPerBet[bet] === 0 && bet < BetBits.WIDTH) this.openBits &= ~(1 << bet);
    this.openRows--;
  }

  /** Drops the rows from `length` on (a refused bet slip). */
  truncate(length: number): void {
    if (this.openRows > 0)
      for (let row = length; row < this.length; row++)
        if (this.status(row) === Status.OPEN) this.unopen(this.rows[row].bet);
    this.length = Math.min(this.length, length);
  }

  clear(): void {
    this.truncate(0);
  }

  /** How many rows of `bet` are open. */
  openCount(bet: number): number {
    return this.openPerBet[bet];
  }

  /** Whether any row of the bets in `set` is open. */
  anyOpenOf(set: BetSet): boolean {
    if (set.mask >= 0) return (this.openBits & set.mask) !== 0;
    const bets = set.indices;
    for (let i = 0; i < bets.length; i++) if (this.openPerBet[bets[i]] !== 0) return true;
    return false;
  }

  /** The first open row of `bet` by `player` on `seat`, or -1. */
  findOpen(bet: number, player: number, seat: number): number {
    if (this.openPerBet[bet] === 0) return -1;
    for (let row = 0; row < this.length; row++) {
      const r = this.rows[row];
      if (r.bet === bet && r.player === player && r.seat === seat && (r.state & Bits.STATUS) === Status.OPEN)
        return row;
    }
    return -1;
  }

  hasOpen(): boolean {
    return this.openRows > 0;
  }

  /** Twice the rows. */
  protected grow(): void {
    const more = this.rows.length;
    for (let i = 0; i < more; i++) this.rows.push(new Row());
  }
}
