// The simulator's ledger: the general one (ledger.ts) that also knows the slip it placed last.
// The simulator places the same slip round after round (fast/slip.ts opens it with openAll), so:
// - rows 0 to n − 1 keep the slip's ids, bets, player and seat from one round to the next, and
//   only the fields a round changes are written again; where every bet settles from the round's
//   outcome alone (Andar Bahar), not even those, until something reads them (lazy rows);
// - a round, or a stage of one, that settles the untouched slip as it settled before for the same
//   key is settled from memory (memos.ts) instead of bet by bet;
// - the tally adds a round settled from memory once per key and count, not once per row.
// Every read and write of a row first writes out a lazy slip, so the general interpreter sees the
// same rows either way; test/engine/fast-path.test.ts holds it to that.
import { payoutAt } from '../../core/money.ts';
import { BetBits, type BetSet, LineAt, type OutcomeSettlement } from '../../pack/compiled.ts';
import { Bits, Ledger, type Row, Status } from '../ledger.ts';
import type { Round } from '../model.ts';
import { addStep, knownStepMemo, Memo, memoOf, type SettledBlock, type StepMemo, stepMemoOf } from './memos.ts';

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

/** A block as openAll opened it: its bets and their stakes (the caller's arrays, as given), all on one seat. */
export interface HeldBlock {
  readonly bets: Int16Array;
  readonly amounts: readonly number[];
  readonly seat: number;
}

/** The block record (SlipLedger.placed): what openAll wrote in rows 0 to bets.length − 1, and what it knows. */
interface Block extends HeldBlock {
  firstId: number;
  player: number;
  /** Its bets as Ledger.openBits has them. */
  bits: number;
  /** The block's rows whose bets settle otherwise than by outcome alone, once asked (blockOthers). */
  others: Int16Array | null;
  /** Settlements by key (settleKnownBlock, rememberBlock), shared with every block of the same bets and stakes. */
  memo: (SettledBlock | null)[];
  /** Stages settled by key (settleKnownStep, rememberStep), shared as memo is; made when first asked. */
  steps: StepMemo | null;
  /** Entries with pending rounds, and the sums and stakes addNets was given for them. */
  pending: SettledBlock[];
  sums: Float64Array | null;
  stakes: Float64Array | null;
}

export class SlipLedger extends Ledger {
  /**
   * Rows (bit i for row i, below 31) written since openAll opened the block, other than by being
   * settled: an open row without its bit is as openAll opened it (settleKnownStep).
   */
  private touched = 0;
  /**
   * What rows 0 to placed.bets.length − 1 hold in their id, bet, player and seat fields when an
   * openAll from an empty ledger wrote them and nothing has written those fields since; null
   * otherwise. The same slip opened again then rewrites only the fields a round changes, or, with
   * lazyBlocks, none (lazy).
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

  constructor(bets: number, lazyBlocks: boolean, capacity?: number) {
    super(bets, capacity);
    this.lazyBlocks = lazyBlocks;
  }

  override open(id: number, bet: number, player: number, seat: number, amount: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    // A row written over the block's ends its record.
    const p = this.placed;
    if (p !== null && this.length < p.bets.length) this.replaceBlock(null);
    return super.open(id, bet, player, seat, amount);
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

  /** Marks a row written other than by being settled (touched). */
  private touch(row: number): void {
    if (row < 31) this.touched |= 1 << row;
  }

  // ------------------------------------------------------------------ every read and write sees the rows
  // Truncate, openCount and anyOpenOf run every simulated round, so they are written out here rather
  // than as calls of the general ledger's (super.x()), which V8 compiles as calls, not inline.

  protected override row(index: number): Row {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.rows[index];
  }

  protected override rowToChange(index: number): Row {
    if (this.lazy !== Rows.EAGER) this.materialize();
    this.touch(index);
    return this.rows[index];
  }

  override truncate(length: number): void {
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
        if ((this.rows[row].state & Bits.STATUS) === Status.OPEN) this.unopen(this.rows[row].bet);
    this.length = Math.min(this.length, length);
  }

  override openCount(bet: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return this.openPerBet[bet];
  }

  override anyOpenOf(set: BetSet): boolean {
    if (this.lazy !== Rows.EAGER) this.materialize();
    if (set.mask >= 0) return (this.openBits & set.mask) !== 0;
    const bets = set.indices;
    for (let i = 0; i < bets.length; i++) if (this.openPerBet[bets[i]] !== 0) return true;
    return false;
  }

  override findOpen(bet: number, player: number, seat: number): number {
    if (this.lazy !== Rows.EAGER) this.materialize();
    return super.findOpen(bet, player, seat);
  }

  // ------------------------------------------------------------------ the block, untouched

  /** Whether the rows are exactly a block as openAll opened it again, untouched since (kept lazily). */
  isUntouchedBlock(): boolean {
    return this.lazy === Rows.LAZY_OPEN;
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
   * The rows of the untouched block that `k` does not settle from the outcome alone (LineAt.OTHER_PAYTABLE), found once
   * per block.
   */
  blockOthers(k: OutcomeSettlement): Int16Array {
    const p = this.placed!;
    // The lookup apart from the rare search, so the round's code takes in the lookup alone.
    return p.others ?? (p.others = othersOf(p, k));
  }

  // ------------------------------------------------------------------ settlements remembered

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
    const memo = p.steps ?? (p.steps = knownStepMemo(p.bets, p.amounts));
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
    addStep((p.steps ??= stepMemoOf(p.bets, p.amounts)), key, entry);
  }

  // ------------------------------------------------------------------ outcome bets in one pass

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

  // ------------------------------------------------------------------ the tally

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
}

/**
 * Adds `times` rows of `bet` that each netted `net` to its sums at bet × 4: rows, net, net squared, rows that won
 * money.
 */
export function addNet(sums: Float64Array, bet: number, net: number, times: number): void {
  const at = bet * 4;
  sums[at] += times;
  sums[at + 1] += net * times;
  sums[at + 2] += net * net * times;
  if (net > 0) sums[at + 3] += times;
}

/** The rows of `block` that `k` does not settle from the outcome alone (LineAt.OTHER_PAYTABLE). */
function othersOf(block: Block, k: OutcomeSettlement): Int16Array {
  const rows: number[] = [];
  for (let row = 0; row < block.bets.length; row++)
    if (k.lineAt[block.bets[row]] === LineAt.OTHER_PAYTABLE) rows.push(row);
  return Int16Array.from(rows);
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

/** The ledger of a round played with the fast path: always its own (FastPath.newLedger). */
export const slipLedger = (round: Round): SlipLedger => round.bets as SlipLedger;
