// A round's bets as a ledger: one row per bet, rows of one class made once and reused, so placing,
// settling and tallying a bet writes a few numbers and allocates nothing (the simulator settles tens
// of millions a second). Rows are appended in placement order and never reordered; a finished round
// empties the ledger for the next one. The saved form of a row is a BetRecord (codec.ts).
import { payoutAt } from '../core/money.ts';
import { BetBits, type BetSet, LineAt, type OutcomeSettlement } from '../pack/compiled.ts';
import type { Follow } from './types.ts';

// The ledger's codes are enums, not consts: esbuild writes an enum member's value where it is used,
// in every module, when it bundles (the simulator, the Lambda functions), where a const imported or
// declared below an import stays a module variable that V8 loads and checks on every use
// (bench/instructions.ts: 2–5% of a simulated blackjack round's instructions).

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
enum Bits {
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
 * Where rows 0 to placed.bets.length − 1 are read from: their money and state fields (EAGER), or,
 * with nothing written to them, the block record as openAll opens it (LAZY_OPEN) or as a
 * remembered settlement left it (LAZY_SETTLED).
 */
enum Rows {
  EAGER = 0,
  LAZY_OPEN = 1,
  LAZY_SETTLED = 2,
}

export enum Memo {
  /** Keys of remembered settlements stay below this: the memo is an array indexed by key. */
  MAX_KEY = 1 << 16,
  /** Keys of remembered stages stay below this: StepMemo.at is indexed by key. */
  MAX_STEP_KEY = 1 << 13,
}

/**
 * How a stage of a block settled from all its rows open (rememberStep), by key: at[key] is 1 + the
 * offset in `entries` of the last one remembered (0: none); an entry is how many rows the stage
 * closed, those rows as bits, then each one's row, state after and what it returned (typed arrays,
 * which the collector does not walk).
 */
interface StepMemo {
  at: Int32Array;
  entries: Int32Array;
  size: number;
}

/** How a block of rows opened by openAll settled for one key: per row, what it returned and its state. */
interface SettledBlock {
  returned: number[];
  states: Int32Array;
  /** What the block returned in all (one player's). */
  total: number;
  /** Rounds settled so but not yet added to the sums (addNets defers them to flushNets). */
  pending: number;
}

/** A block as openAll opened it: its bets and their stakes (the caller's arrays, as given), all on one seat. */
export interface HeldBlock {
  readonly bets: Int16Array;
  readonly amounts: readonly number[];
  readonly seat: number;
}

/** The block record (Ledger.placed): what openAll wrote in rows 0 to bets.length − 1, and what it knows of them. */
interface Block extends HeldBlock {
  firstId: number;
  player: number;
  /** Its bets as Ledger.openBits has them. */
  bits: number;
  /** The block's rows whose bets settle otherwise than by outcome alone, once asked (blockOthers). */
  others: Int16Array | null;
  /**
   * Settlements by key (settleKnownBlock, rememberBlock), shared with every block of the same bets and stakes (memoOf).
   */
  memo: (SettledBlock | null)[];
  /** Stages settled by key (settleKnownStep, rememberStep), shared as memo is; made when first asked. */
  steps: StepMemo | null;
  /** Entries with pending rounds, and the sums and stakes addNets was given for them. */
  pending: SettledBlock[];
  sums: Float64Array | null;
  stakes: Float64Array | null;
}

/**
 * One bet's numbers. One class for every row, its fields written in one order, so every read of a
 * row is one shape check and a load: measured cheaper here than a typed array per field, whose
 * every access checks its own bounds (callgrind: a simulated round's instructions).
 */
class Row {
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
  private rows: Row[];
  /** Bet behind: which of the seat's hands it follows, and its stake on each; null for other bets. */
  readonly follows: (Follow[] | null)[] = [];
  /** Open rows per bet index: a bet with none needs no search. */
  private readonly openPerBet: Int32Array;
  /** Bit i set while bet i (below BetBits.WIDTH) has an open row: openPerBet as bits, for anyOpenOf. */
  private openBits = 0;
  /** Open rows in all: a finished round's ledger empties without a pass over its rows. */
  private openRows = 0;
  /**
   * Rows (bit i for row i, below 31) written since openAll opened the block, other than by being
   * settled: an open row without its bit is as openAll opened it (settleKnownStep).
   */
  private touched = 0;
  /**
   * What rows 0 to placed.bets.length − 1 hold in their id, bet, player and seat fields when an
   * openAll from an empty ledger wrote them and nothing has written those fields since; null
   * otherwise. The same slip opened again (the simulator's, every round) then rewrites only the
   * fields a round changes, or, with lazyBlocks, none (lazy).
   */
  private placed: Block | null = null;
  /** EAGER, or the state rows 0 to placed.bets.length − 1 are in without their fields saying so. */
  private lazy = Rows.EAGER;
  private lazySettled: SettledBlock | null = null;
  /**
   * Whether the same block opened again is kept lazily: only where every bet is settled at once
   * from the round's outcome (Andar Bahar), so a round's whole settlement can be remembered by key.
   */
  private readonly lazyBlocks: boolean;

  constructor(bets: number, capacity = 32, lazyBlocks = false) {
    this.lazyBlocks = lazyBlocks;
    this.openPerBet = new Int32Array(bets);
    this.rows = Array.from({ length: capacity }, () => new Row());
  }

  /** Appends an open row with nothing staked yet; returns its index. */
  add(id: number, bet: number, player: number, seat: number): number {
    return this.open(id, bet, player, seat, 0);
  }

  /** Appends an open row with `amount` staked; returns its index. */
  open(id: number, bet: number, player: number, seat: number, amount: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    if (this.length === this.rows.length) this.grow();
    const row = this.length++;
    if (this.placed && row < this.placed.bets.length) this.replaceBlock(null);
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

  /**
   * Appends an open row per bet index of `bets`, each with its stake in `amounts`, ids from
   * `firstId` on, all for one player on one seat: `open` for each, in one pass.
   */
  openAll(firstId: number, bets: Int16Array, player: number, seat: number, amounts: readonly number[]): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    const n = bets.length;
    while (this.length + n > this.rows.length) this.grow();
    const { rows, openPerBet } = this;
    const p = this.placed;
    const same =
      this.length === 0 &&
      p !== null &&
      p.bets === bets &&
      p.amounts === amounts &&
      p.firstId === firstId &&
      p.player === player &&
      p.seat === seat;
    for (let r = this.length; r < this.length + n && r < this.follows.length; r++) this.follows[r] = null;
    if (this.length === 0) this.touched = 0;
    if (same && this.lazyBlocks) {
      // Nothing to write: the block record says what the rows hold, and materialize writes it out when asked.
      this.lazy = Rows.LAZY_OPEN;
      this.length = n;
      this.openRows += n;
      return;
    }
    // Rows written from `length` on: a block from row 0 is the new record; one below its end spoils it.
    if (!same)
      this.replaceBlock(
        this.length === 0
          ? newBlock(bets, amounts, firstId, player, seat)
          : p && this.length < p.bets.length
            ? null
            : p,
      );
    let row = this.length;
    for (let i = 0; i < n; i++, row++) {
      const bet = bets[i];
      const r = rows[row];
      if (!same) {
        r.id = firstId + i;
        r.bet = bet;
        r.player = player;
        r.seat = seat;
      }
      r.amount = amounts[i];
      r.staked = amounts[i];
      r.returned = 0;
      r.state = Bits.OPEN_ROW;
      r.insuranceCost = 0;
      openPerBet[bet]++;
    }
    this.openBits |= same ? p!.bits : bitsOf(bets);
    this.length = row;
    this.openRows += n;
  }

  /** Writes a lazy block out to the rows, as openAll or the remembered settlement left it. */
  private materialize(): void {
    const p = this.placed!;
    const settled = this.lazySettled;
    const open = this.lazy === Rows.LAZY_OPEN;
    this.lazy = Rows.EAGER;
    this.lazySettled = null;
    for (let row = 0; row < p.bets.length; row++) {
      const r = this.rows[row];
      const amount = p.amounts[row];
      r.amount = amount;
      r.staked = amount;
      r.insuranceCost = 0;
      r.returned = open ? 0 : settled!.returned[row];
      r.state = open ? Bits.OPEN_ROW : settled!.states[row];
      if (open) this.opened(p.bets[row]);
    }
  }

  /** A new block record (or none); what addNets deferred for the old one is added to its sums first. */
  private replaceBlock(block: Block | null): void {
    if (this.placed && this.placed !== block) this.flushNets();
    this.placed = block;
  }

  /** Whether the rows are exactly a block as openAll opened it again, untouched since (kept lazily). */
  isUntouchedBlock(): boolean {
    return this.lazy === Rows.LAZY_OPEN;
  }

  /**
   * The rows of the untouched block that `k` does not settle from the outcome alone (LineAt.OTHER_PAYTABLE), found once
   * per block.
   */
  blockOthers(k: OutcomeSettlement): Int16Array {
    const p = this.placed!;
    if (!p.others) {
      const rows: number[] = [];
      for (let row = 0; row < p.bets.length; row++) if (k.lineAt[p.bets[row]] === LineAt.OTHER_PAYTABLE) rows.push(row);
      p.others = Int16Array.from(rows);
    }
    return p.others;
  }

  /**
   * Settles the untouched block as it settled before under `key` (rememberBlock) and credits its
   * player; false, with nothing changed, when no settlement is remembered for the key.
   */
  settleKnownBlock(key: number, balance: number[]): boolean {
    const p = this.placed;
    const known = this.lazy === Rows.LAZY_OPEN && p !== null && key < p.memo.length ? p.memo[key] : null;
    if (!known) return false;
    this.lazy = Rows.LAZY_SETTLED;
    this.lazySettled = known;
    this.openRows -= this.length;
    balance[p!.player] += known.total;
    return true;
  }

  /**
   * Remembers how the block settled under `key`, the caller having settled it from untouched
   * (isUntouchedBlock before it began) by a settlement that depends only on the key. Nothing is
   * remembered unless every row of the block is closed with nothing staked on it but its stake, and
   * the ledger holds no other row.
   */
  rememberBlock(key: number): void {
    const p = this.placed;
    if (!p || this.lazy !== Rows.EAGER || this.length !== p.bets.length || key >= Memo.MAX_KEY) return;
    let total = 0;
    for (let row = 0; row < this.length; row++) {
      const r = this.rows[row];
      if (
        (r.state & Bits.STATUS) === Status.OPEN ||
        r.staked !== p.amounts[row] ||
        r.amount !== p.amounts[row] ||
        r.insuranceCost !== 0
      )
        return;
      total += r.returned;
    }
    // Plain loops: `Int32Array.from(rows, fn)` walks an iterator through the runtime, for each of the
    // thousands of keys a simulation remembers.
    const returned: number[] = [];
    const states = new Int32Array(this.length);
    for (let row = 0; row < this.length; row++) {
      returned.push(this.rows[row].returned);
      states[row] = this.rows[row].state;
    }
    while (p.memo.length <= key) p.memo.push(null);
    p.memo[key] = { returned, states, total, pending: 0 };
  }

  /**
   * Whether the ledger holds exactly the block openAll opened, eagerly, every row of it open: the
   * only place a stage is remembered from (rememberStep) and settled again (settleKnownStep).
   */
  isBlockAllOpen(): boolean {
    return this.heldBlock() !== null && this.openRows === this.length;
  }

  /**
   * Settles a stage of the block, all open (isBlockAllOpen), as one settled before under `key`,
   * and credits each row's player; false, with nothing changed, when none is remembered or a row it
   * closes has been written since openAll opened it.
   */
  settleKnownStep(key: number, balance: number[]): boolean {
    const p = this.placed!;
    // A new ledger of the same block finds what earlier ones remembered.
    const memo = p.steps ?? (p.steps = stepMemos.get(p.bets)?.get(p.amounts) ?? null);
    const at = memo === null || key >= Memo.MAX_STEP_KEY ? 0 : memo.at[key];
    if (at === 0) return false;
    const e = memo!.entries;
    if ((this.touched & e[at]) !== 0) return false;
    const end = at + 1 + e[at - 1] * 3;
    for (let i = at + 1; i < end; i += 3) {
      const r = this.rows[e[i]];
      r.returned = e[i + 2];
      r.state = e[i + 1];
      this.unopen(r.bet);
      balance[r.player] += e[i + 2];
    }
    return true;
  }

  /** The block openAll opened, when the ledger holds exactly it, eagerly; null otherwise. */
  heldBlock(): HeldBlock | null {
    const p = this.placed;
    return p !== null && this.lazy === Rows.EAGER && this.length === p.bets.length ? p : null;
  }

  /**
   * Rows written since openAll opened them, other than by being settled (bit i for row i): rows a stage may settle from
   * memory or tables only without.
   */
  touchedRows(): number {
    return this.touched;
  }

  /**
   * Remembers how a stage settled under `key`, the block having been all open before it
   * (isBlockAllOpen) with the rows in `before` (touchedRows) written since it opened. Nothing is
   * remembered when the stage wrote a row it left open, or closed a row written before it or past
   * row 30, or a return is not a 32-bit integer.
   */
  rememberStep(key: number, before: number): void {
    const p = this.placed;
    if (!p || key < 0 || key >= Memo.MAX_STEP_KEY || this.length !== p.bets.length || this.touched !== before) return;
    const entry = [0, 0];
    for (let row = 0; row < this.length; row++) {
      const r = this.rows[row];
      if ((r.state & Bits.STATUS) === Status.OPEN) continue;
      if (row > 30 || (before & (1 << row)) !== 0 || r.returned !== (r.returned | 0)) return;
      entry.push(row, r.state, r.returned);
      entry[0]++;
      entry[1] |= 1 << row;
    }
    const memo = (p.steps ??= stepMemoOf(p.bets, p.amounts));
    if (memo.size + entry.length > memo.entries.length) {
      const more = new Int32Array(Math.max(1024, memo.entries.length * 2));
      more.set(memo.entries);
      memo.entries = more;
    }
    memo.entries.set(entry, memo.size);
    memo.at[key] = memo.size + 1;
    memo.size += entry.length;
  }

  /** Marks a row written other than by being settled (touched). */
  private touch(row: number): void {
    if (row < 31) this.touched |= 1 << row;
  }

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
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.rows[row].amount;
  }
  staked(row: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.rows[row].staked;
  }
  returned(row: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.rows[row].returned;
  }
  status(row: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.rows[row].state & Bits.STATUS;
  }
  /** The line code: Line.NONE, Line.DEALER_BLACKJACK or a pay-table line's index. */
  line(row: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.rows[row].state >> Bits.LINE_SHIFT;
  }
  insurance(row: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return (this.rows[row].state & Bits.INSURANCE) >> 2;
  }
  insuranceCost(row: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.rows[row].insuranceCost;
  }

  /** Adds to the bet's own stake and to what is debited for it. */
  addStake(row: number, amount: number): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(row);
    const r = this.rows[row];
    r.amount += amount;
    r.staked += amount;
  }
  /** Adds to what is debited for the bet (a double, a split, a follow, insurance). */
  addStaked(row: number, amount: number): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(row);
    this.rows[row].staked += amount;
  }
  addReturned(row: number, amount: number): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(row);
    this.rows[row].returned += amount;
  }
  setLine(row: number, line: number): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(row);
    const r = this.rows[row];
    r.state = (r.state & (Bits.STATUS | Bits.INSURANCE)) | (line << Bits.LINE_SHIFT);
  }
  setInsurance(row: number, state: number, cost: number): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(row);
    const r = this.rows[row];
    r.state = (r.state & ~Bits.INSURANCE) | (state << 2);
    r.insuranceCost = cost;
  }
  /** Sets the money fields as saved (decoding, or undoing a slip). */
  setMoney(row: number, amount: number, staked: number, returned: number): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(row);
    const r = this.rows[row];
    r.amount = amount;
    r.staked = staked;
    r.returned = returned;
  }

  /**
   * Settles a row: what it returns (added to anything credited before), and its line code. Answers the row's player, to
   * be credited.
   */
  settle(row: number, returned: number, line: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    const r = this.rows[row];
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
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.settled(this.rows[row], line);
  }

  private settled(r: Row, line: number): void {
    if ((r.state & Bits.STATUS) === Status.OPEN) this.unopen(r.bet);
    r.state = (r.state & Bits.INSURANCE) | Status.SETTLED | (line << Bits.LINE_SHIFT);
  }

  /**
   * Settles every open row of an outcome bet in the tables at this outcome (its outcomeIndex) and
   * credits each player's balance: `settle` for each, in one pass over numbers only. Answers how
   * many rows of other pay-table bets are still open.
   */
  settleOutcomes(k: OutcomeSettlement, outcome: number, balance: number[]): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    const { rows, openPerBet } = this;
    const { lineAt, ratioAt, num, den, halfUp } = k;
    const paying = k.lines;
    let closed = 0;
    let others = 0;
    let bits = this.openBits;
    for (let row = 0; row < this.length; row++) {
      const r = rows[row];
      const state = r.state;
      if ((state & Bits.STATUS) !== Status.OPEN) continue;
      const bet = r.bet;
      const at = lineAt[bet];
      if (at < 0) {
        if (at === LineAt.OTHER_PAYTABLE) others++;
        continue;
      }
      const line = paying[at + outcome];
      let returned = 0;
      if (line >= 0)
        returned = r.amount + payoutAt(r.amount, num[ratioAt[bet] + line], den[ratioAt[bet] + line], halfUp);
      r.returned += returned;
      r.state = (state & Bits.INSURANCE) | Status.SETTLED | (line << Bits.LINE_SHIFT);
      if (--openPerBet[bet] === 0 && bet < BetBits.WIDTH) bits &= ~(1 << bet);
      closed++;
      balance[r.player] += returned;
    }
    this.openBits = bits;
    this.openRows -= closed;
    return others;
  }

  /**
   * Adds every row to the sums of its bet, at bet × 4: rows, net (returned − staked), net squared,
   * rows that won money. Answers the first row whose amount is not its bet's entry in `amounts`, or -1.
   */
  addNets(sums: Float64Array, amounts: Float64Array): number {
    if (this.lazy === Rows.LAZY_SETTLED) return this.deferNets(sums, amounts);
    if (this.lazy !== Rows.EAGER) this.materialize();
    const rows = this.rows;
    for (let row = 0; row < this.length; row++) {
      const r = rows[row];
      if (r.amount !== amounts[r.bet]) return row;
      addNet(sums, r.bet, r.returned - r.staked, 1);
    }
    return -1;
  }

  /** addNets of a remembered settlement: counted on it, and added to the sums by flushNets. */
  private deferNets(sums: Float64Array, amounts: Float64Array): number {
    const p = this.placed!;
    if (p.sums !== sums || p.stakes !== amounts) {
      const bad = this.flushNets();
      if (bad >= 0) return bad;
      p.sums = sums;
      p.stakes = amounts;
    }
    const settled = this.lazySettled!;
    if (settled.pending++ === 0) p.pending.push(settled);
    return -1;
  }

  /**
   * Adds to the sums what addNets deferred (the same totals while they stay below 2^53, every term being whole),
   * and answers as addNets does. Whoever reads sums given to addNets calls this first.
   */
  flushNets(): number {
    const p = this.placed;
    if (!p?.sums || !p.stakes) return -1;
    const { sums, stakes, bets, amounts } = p;
    for (let row = 0; row < bets.length; row++) if (amounts[row] !== stakes[bets[row]]) return row;
    for (const settled of p.pending) {
      const times = settled.pending;
      for (let row = 0; row < bets.length; row++) addNet(sums, bets[row], settled.returned[row] - amounts[row], times);
      settled.pending = 0;
    }
    p.pending.length = 0;
    return -1;
  }

  /** Marks a row no longer open (settled or returned). */
  closeRow(row: number, status: typeof Status.SETTLED | typeof Status.RETURNED): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    const r = this.rows[row];
    if ((r.state & Bits.STATUS) === Status.OPEN) this.unopen(r.bet);
    r.state = (r.state & ~Bits.STATUS) | status;
  }

  /** Sets a row's status as saved (decoding, or undoing a slip). */
  setStatus(row: number, status: number): void {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(row);
    const r = this.rows[row];
    const was = r.state & Bits.STATUS;
    if (was === status) return;
    if (was === Status.OPEN) this.unopen(r.bet);
    if (status === Status.OPEN) {
      this.opened(r.bet);
      this.openRows++;
    }
    r.state = (r.state & ~Bits.STATUS) | status;
  }

  /** One open row of `bet` more (openRows is the caller's). */
  private opened(bet: number): void {
    this.openPerBet[bet]++;
    if (bet < BetBits.WIDTH) this.openBits |= 1 << bet;
  }

  /** One open row of `bet` fewer. */
  private unopen(bet: number): void {
    if (--this.openPerBet[bet] === 0 && bet < BetBits.WIDTH) this.openBits &= ~(1 << bet);
    this.openRows--;
  }

  /** Drops the rows from `length` on (a refused bet slip). */
  truncate(length: number): void {
    if (length === 0 && this.lazy !== Rows.EAGER) {
      // Nothing was written for a lazy block: only its open rows are uncounted.
      if (this.lazy === Rows.LAZY_OPEN) this.openRows -= this.length;
      this.lazy = Rows.EAGER;
      this.lazySettled = null;
      this.length = 0;
      return;
    }
    if (this.lazy !== Rows.EAGER) this.materialize();
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
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.openPerBet[bet];
  }

  /** Whether any row of the bets in `set` is open. */
  anyOpenOf(set: BetSet): boolean {
    if (this.lazy !== Rows.EAGER) this.materialize();
    if (set.mask >= 0) return (this.openBits & set.mask) !== 0;
    const bets = set.indices;
    for (let i = 0; i < bets.length; i++) if (this.openPerBet[bets[i]] !== 0) return true;
    return false;
  }

  /** The first open row of `bet` by `player` on `seat`, or -1. */
  findOpen(bet: number, player: number, seat: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
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
  private grow(): void {
    const more = this.rows.length;
    for (let i = 0; i < more; i++) this.rows.push(new Row());
  }
}

/**
 * Adds `times` rows of `bet` that each netted `net` to its sums at bet × 4: rows, net, net squared, rows that won
 * money.
 */
function addNet(sums: Float64Array, bet: number, net: number, times: number): void {
  const at = bet * 4;
  sums[at] += times;
  sums[at + 1] += net * times;
  sums[at + 2] += net * net * times;
  if (net > 0) sums[at + 3] += times;
}

/** Bets as Ledger.openBits has them: bit i for bet i below BetBits.WIDTH. */
function bitsOf(bets: Int16Array): number {
  let bits = 0;
  for (let i = 0; i < bets.length; i++) if (bets[i] < BetBits.WIDTH) bits |= 1 << bets[i];
  return bits;
}

function newBlock(bets: Int16Array, amounts: readonly number[], firstId: number, player: number, seat: number): Block {
  return {
    bets,
    amounts,
    firstId,
    player,
    seat,
    bits: bitsOf(bets),
    others: null,
    memo: memoOf(bets, amounts),
    steps: null,
    pending: [],
    sums: null,
    stakes: null,
  };
}

/**
 * Remembered settlements by the block's bets and stakes (a slip plan's arrays, one pair per slip and
 * pack), shared by every ledger of the thread: a settlement depends on the key alone (rememberBlock),
 * so a new table (each simulated sub-batch of ~12,000 rounds) starts with what the last one learnt
 * instead of settling ~1% of its Andar Bahar rounds the long way.
 */
const memos = new WeakMap<Int16Array, WeakMap<readonly number[], (SettledBlock | null)[]>>();

/** Remembered stages by the block's bets and stakes, shared as memos are. */
const stepMemos = new WeakMap<Int16Array, WeakMap<readonly number[], StepMemo>>();

const stepMemoOf = (bets: Int16Array, amounts: readonly number[]): StepMemo =>
  perBlock(stepMemos, bets, amounts, () => ({
    at: new Int32Array(Memo.MAX_STEP_KEY),
    entries: new Int32Array(0),
    size: 0,
  }));

function memoOf(bets: Int16Array, amounts: readonly number[]): (SettledBlock | null)[] {
  const memo = perBlock(memos, bets, amounts, () => []);
  // Counts deferred by a ledger that never flushed them (its batch failed) are not this one's.
  for (const settled of memo) if (settled) settled.pending = 0;
  return memo;
}

/** What `map` keeps for a block's bets and stakes (a slip plan's arrays), made by `make` the first time. */
export function perBlock<T>(
  map: WeakMap<Int16Array, WeakMap<readonly number[], T>>,
  bets: Int16Array,
  amounts: readonly number[],
  make: () => T,
): T {
  let byAmounts = map.get(bets);
  if (!byAmounts) map.set(bets, (byAmounts = new WeakMap()));
  let value = byAmounts.get(amounts);
  if (value === undefined) byAmounts.set(amounts, (value = make()));
  return value;
}
