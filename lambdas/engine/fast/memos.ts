// Settlements the simulator remembers, by the slip they settled: a slip placed round after round
// (its bets and stakes, one pair of arrays per slip and pack) settles the same way for the same
// cards, so how it settled once is kept under a key that decides it, and read back when the key
// comes again (slip-ledger.ts). Shared by every ledger of the thread: a new table (each simulated
// sub-batch of ~12,000 rounds) starts with what the last one learnt.

export enum Memo {
  /** Keys of remembered settlements stay below this: the memo is an array indexed by key. */
  MAX_KEY = 1 << 16,
  /** Keys of remembered stages stay below this: StepMemo.at is indexed by key. */
  MAX_STEP_KEY = 1 << 13,
}

/** How a block of rows opened by openAll settled for one key: per row, what it returned and its state. */
export interface SettledBlock {
  returned: number[];
  states: Int32Array;
  /** What the block returned in all (one player's). */
  total: number;
  /** Rounds settled so but not yet added to the sums (addNets defers them to flushNets). */
  pending: number;
}

/**
 * How a stage of a block settled from all its rows open (rememberStep), by key: at[key] is 1 + the
 * offset in `entries` of the last one remembered (0: none); an entry is how many rows the stage
 * closed, those rows as bits, then each one's row, state after and what it returned (typed arrays,
 * which the collector does not walk).
 */
export interface StepMemo {
  at: Int32Array;
  entries: Int32Array;
  size: number;
}

/** Remembered settlements by the block's bets and stakes. */
const memos = new WeakMap<Int16Array, WeakMap<readonly number[], (SettledBlock | null)[]>>();

/** Remembered stages by the block's bets and stakes, shared as memos are. */
const stepMemos = new WeakMap<Int16Array, WeakMap<readonly number[], StepMemo>>();

/** The stages remembered for a block, made empty the first time. */
export const stepMemoOf = (bets: Int16Array, amounts: readonly number[]): StepMemo =>
  perBlock(stepMemos, bets, amounts, () => ({
    at: new Int32Array(Memo.MAX_STEP_KEY),
    entries: new Int32Array(0),
    size: 0,
  }));

/** The stages remembered for a block by an earlier ledger; null while none. */
export const knownStepMemo = (bets: Int16Array, amounts: readonly number[]): StepMemo | null =>
  stepMemos.get(bets)?.get(amounts) ?? null;

/** Adds a stage's entry (rememberStep) under `key`. */
export function addStep(memo: StepMemo, key: number, entry: readonly number[]): void {
  if (memo.size + entry.length > memo.entries.length) {
    const more = new Int32Array(Math.max(1024, memo.entries.length * 2));
    more.set(memo.entries);
    memo.entries = more;
  }
  memo.entries.set(entry, memo.size);
  memo.at[key] = memo.size + 1;
  memo.size += entry.length;
}

/** The settlements remembered for a block, by key. */
export function memoOf(bets: Int16Array, amounts: readonly number[]): (SettledBlock | null)[] {
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
