// The ledger packs a row's status, insurance and line code into one number and counts open rows per
// bet; the simulator's (SlipLedger) also skips rewriting a slip's unchanged columns when it opens
// again and settles from memory. Whatever sequence of changes a round makes, every field of either
// reads back as a plain record of the same changes says, and the counts agree with the statuses.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
// The ledgers themselves: internals, behind the front door.
import { SlipLedger } from '../../lambdas/engine/fast/slip-ledger.ts';
import { Insurance, Ledger, Line, Status } from '../../lambdas/engine/ledger.ts';
import { betSet } from '../../lambdas/pack/compiled.ts';

const BETS = 5;
interface Row {
  id: number;
  bet: number;
  player: number;
  seat: number;
  amount: number;
  staked: number;
  returned: number;
  status: number;
  line: number;
  insurance: number;
  insuranceCost: number;
}

// Two slips the ledger may open in one block, each the same array every time (as a planned slip's is), with two stakes
// each.
const SLIPS = [Int16Array.from([0, 1, 2, 3]), Int16Array.from([4, 2])];
const STAKES = SLIPS.map((bets) => [Array.from(bets, () => 100), Array.from(bets, (_, i) => 500 + i)]);
/** What a test settlement of a block returns on a row for a key: the same key, the same answer. */
const returnedFor = (key: number, row: number) => ((key * 7 + row * 3) % 5 === 0 ? 0 : 100 * key + row);
/** Whether a test stage (a blackjack deal's side bets, say) settles a row under a key: it leaves some open. */
const stageSettles = (key: number, row: number) => (key + row) % 3 !== 0;

const op = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('openAll' as const),
      slip: fc.nat(1),
      firstId: fc.nat(1),
      player: fc.nat(1),
      seat: fc.nat(1),
      stakes: fc.nat(1),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('settleBlock' as const), key: fc.nat(2) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('stage' as const), key: fc.nat(2) }), weight: 3 },
  fc.record({
    kind: fc.constant('open' as const),
    bet: fc.nat(BETS - 1),
    player: fc.nat(7),
    seat: fc.nat(7),
    amount: fc.nat(10 ** 12),
  }),
  fc.record({ kind: fc.constant('line' as const), row: fc.nat(24), line: fc.integer({ min: -2, max: 300 }) }),
  fc.record({ kind: fc.constant('insurance' as const), row: fc.nat(24), state: fc.nat(2), cost: fc.nat(10 ** 9) }),
  fc.record({ kind: fc.constant('status' as const), row: fc.nat(24), status: fc.nat(2) }),
  fc.record({ kind: fc.constant('stake' as const), row: fc.nat(24), amount: fc.nat(10 ** 9) }),
  fc.record({
    kind: fc.constant('settle' as const),
    row: fc.nat(24),
    returned: fc.nat(10 ** 12),
    line: fc.integer({ min: -2, max: 300 }),
  }),
  {
    arbitrary: fc.record({ kind: fc.constant('truncate' as const), length: fc.oneof(fc.constant(0), fc.nat(6)) }),
    weight: 3,
  },
);

describe('ledger', () => {
  // The general ledger takes the general changes only. The simulator's with lazy blocks (Andar
  // Bahar's): the same block opened again writes nothing, and a block settled from untouched under a
  // key it settled under before is settled from memory (settleBlock below).
  test.prop([fc.array(op, { minLength: 20, maxLength: 200 }), fc.constantFrom('general', 'eager', 'lazy')], {
    numRuns: 1000,
  })('reads back what a plain record of the same changes holds', (ops, kind) => {
    const slip = kind === 'general' ? null : new SlipLedger(BETS, kind === 'lazy', 4);
    const ledger = slip ?? new Ledger(BETS, 4);
    const model: Row[] = [];
    const balance = [0, 0];
    const modelBalance = [0, 0];
    // Rows written since openAll opened them into an empty ledger, other than by being settled (bit per row).
    let touched = 0;
    let id = 1;
    for (const o of ops) {
      if (o.kind === 'open') {
        const row = ledger.open(id, o.bet, o.player, o.seat, o.amount);
        expect(row).toBe(model.length);
        model.push({
          id: id++,
          bet: o.bet,
          player: o.player,
          seat: o.seat,
          amount: o.amount,
          staked: o.amount,
          returned: 0,
          status: Status.OPEN,
          line: Line.NONE,
          insurance: Insurance.NONE,
          insuranceCost: 0,
        });
        continue;
      }
      if (!slip && (o.kind === 'openAll' || o.kind === 'settleBlock' || o.kind === 'stage')) continue;
      if (o.kind === 'openAll') {
        const bets = SLIPS[o.slip];
        const amounts = STAKES[o.slip][o.stakes];
        if (model.length === 0) touched = 0;
        slip!.openAll(o.firstId, bets, o.player, o.seat, amounts);
        bets.forEach((bet, i) =>
          model.push({
            id: o.firstId + i,
            bet,
            player: o.player,
            seat: o.seat,
            amount: amounts[i],
            staked: amounts[i],
            returned: 0,
            status: Status.OPEN,
            line: Line.NONE,
            insurance: Insurance.NONE,
            insuranceCost: 0,
          }),
        );
        continue;
      }
      if (o.kind === 'settleBlock') {
        if (!slip!.isUntouchedBlock()) continue;
        // Settled by hand and remembered, or from memory: either way as returnedFor says.
        expect(model.every((m) => m.status === Status.OPEN && m.returned === 0 && m.player === model[0].player)).toBe(
          true,
        );
        if (!slip!.settleKnownBlock(o.key, balance)) {
          for (let row = 0; row < ledger.length; row++)
            ledger.settle(row, returnedFor(o.key, row), o.key),
              (balance[ledger.player(row)] += returnedFor(o.key, row));
          slip!.rememberBlock(o.key);
        }
        model.forEach(
          (m, row) => (
            (m.returned = returnedFor(o.key, row)),
            (m.status = Status.SETTLED),
            (m.line = o.key),
            (modelBalance[m.player] += m.returned)
          ),
        );
        continue;
      }
      if (o.kind === 'stage') {
        if (!slip!.isBlockAllOpen()) continue;
        // Settled by hand and remembered, or from memory: either way as if settled by hand now.
        if (!slip!.settleKnownStep(o.key, balance)) {
          const touched = slip!.touchedRows();
          for (let row = 0; row < ledger.length; row++)
            if (stageSettles(o.key, row))
              ledger.settle(row, returnedFor(o.key, row), o.key),
                (balance[ledger.player(row)] += returnedFor(o.key, row));
          slip!.rememberStep(o.key, touched);
        }
        model.forEach(
          (m, row) =>
            stageSettles(o.key, row) &&
            ((m.returned += returnedFor(o.key, row)),
            (m.status = Status.SETTLED),
            (m.line = o.key),
            (modelBalance[m.player] += returnedFor(o.key, row))),
        );
        continue;
      }
      if (o.kind === 'truncate') {
        ledger.truncate(o.length);
        model.length = Math.min(model.length, o.length);
        continue;
      }
      if (o.row >= model.length) continue;
      const m = model[o.row];
      if (o.kind !== 'settle') touched |= 1 << o.row;
      if (o.kind === 'line') ledger.setLine(o.row, o.line), (m.line = o.line);
      else if (o.kind === 'insurance')
        ledger.setInsurance(o.row, o.state, o.cost), (m.insurance = o.state), (m.insuranceCost = o.cost);
      else if (o.kind === 'status') ledger.setStatus(o.row, o.status), (m.status = o.status);
      else if (o.kind === 'stake') ledger.addStake(o.row, o.amount), (m.amount += o.amount), (m.staked += o.amount);
      else
        ledger.settle(o.row, o.returned, o.line),
          (m.returned += o.returned),
          (m.status = Status.SETTLED),
          (m.line = o.line);
    }
    expect(ledger.length).toBe(model.length);
    const read = model.map(
      (_, row): Row => ({
        id: ledger.id(row),
        bet: ledger.bet(row),
        player: ledger.player(row),
        seat: ledger.seat(row),
        amount: ledger.amount(row),
        staked: ledger.staked(row),
        returned: ledger.returned(row),
        status: ledger.status(row),
        line: ledger.line(row),
        insurance: ledger.insurance(row),
        insuranceCost: ledger.insuranceCost(row),
      }),
    );
    expect(read).toEqual(model);
    expect(balance).toEqual(modelBalance);
    if (slip) expect(slip.touchedRows()).toBe(touched);
    for (let bet = 0; bet < BETS; bet++)
      expect(ledger.openCount(bet)).toBe(model.filter((r) => r.bet === bet && r.status === Status.OPEN).length);
    // Every set of bets, as bits: open exactly when one of its bets has an open row.
    for (let bits = 0; bits < 1 << BETS; bits++) {
      const bets = Array.from({ length: BETS }, (_, bet) => bet).filter((bet) => bits & (1 << bet));
      expect(ledger.anyOpenOf(betSet(bets))).toBe(model.some((r) => bets.includes(r.bet) && r.status === Status.OPEN));
    }
    expect(ledger.hasOpen()).toBe(model.some((r) => r.status === Status.OPEN));
  });
});

describe('a lazy block (the simulator opening the same slip every round)', () => {
  // A slip of its own: what ledgers remember is shared by slip (its bets and stakes arrays), and the other tests use
  // SLIPS.
  const bets = Int16Array.from(SLIPS[0]);
  const amounts = [...STAKES[0][1]];
  const settleByHand = (ledger: SlipLedger, key: number, balance: number[]) => {
    for (let row = 0; row < ledger.length; row++)
      ledger.settle(row, returnedFor(key, row), key), (balance[0] += returnedFor(key, row));
  };

  test('settles from memory as it settled by hand, and its deferred nets add up to the eager ones', () => {
    const lazy = new SlipLedger(BETS, true, 4);
    const eager = new SlipLedger(BETS, false, 4);
    const [lazyBalance, eagerBalance] = [[0], [0]];
    const stakes = new Float64Array(BETS);
    bets.forEach((bet, i) => (stakes[bet] = amounts[i]));
    const [lazySums, eagerSums] = [new Float64Array(BETS * 4), new Float64Array(BETS * 4)];
    let fromMemory = 0;
    for (let round = 0; round < 40; round++) {
      const key = (round * 5) % 3;
      for (const ledger of [lazy, eager]) ledger.openAll(1, bets, 0, 0, amounts);
      if (lazy.isUntouchedBlock() && lazy.settleKnownBlock(key, lazyBalance)) fromMemory++;
      else {
        const untouched = lazy.isUntouchedBlock();
        settleByHand(lazy, key, lazyBalance);
        if (untouched) lazy.rememberBlock(key);
      }
      settleByHand(eager, key, eagerBalance);
      expect(lazy.addNets(lazySums, stakes)).toBe(-1);
      expect(eager.addNets(eagerSums, stakes)).toBe(-1);
      expect(lazyBalance).toEqual(eagerBalance);
      for (let row = 0; row < bets.length; row++)
        expect([lazy.returned(row), lazy.status(row), lazy.line(row), lazy.staked(row)]).toEqual([
          eager.returned(row),
          eager.status(row),
          eager.line(row),
          eager.staked(row),
        ]);
      for (const ledger of [lazy, eager]) ledger.clear();
    }
    // The first round writes the block, the next three settle each key by hand; the rest come from memory.
    expect(fromMemory).toBe(36);
    expect(lazy.flushNets()).toBe(-1);
    expect(lazySums).toEqual(eagerSums);
  });

  test('a new ledger of the same slip settles from what an earlier one remembered (a new simulated sub-batch)', () => {
    const first = new SlipLedger(BETS, true, 4);
    const [firstBalance, nextBalance] = [[0], [0]];
    first.openAll(1, bets, 0, 0, amounts);
    // Key 4: one the test above never settled (its keys are 0 to 2).
    settleByHand(first, 4, firstBalance);
    first.rememberBlock(4);
    // Its first round writes the block (nothing is lazy yet); from the second on it reads the memory.
    const next = new SlipLedger(BETS, true, 4);
    next.openAll(1, bets, 0, 0, amounts);
    settleByHand(next, 0, [0]);
    next.clear();
    next.openAll(1, bets, 0, 0, amounts);
    expect(next.settleKnownBlock(4, nextBalance)).toBe(true);
    expect(nextBalance).toEqual(firstBalance);
    for (let row = 0; row < bets.length; row++)
      expect([next.returned(row), next.status(row), next.line(row)]).toEqual([
        first.returned(row),
        first.status(row),
        first.line(row),
      ]);
  });

  test('a stage that writes a row it leaves open is not remembered: memory could not write it again', () => {
    const ledger = new SlipLedger(BETS, false, 4);
    const stakes = [...amounts];
    for (let round = 0; round < 2; round++) {
      ledger.openAll(1, bets, 0, 0, stakes);
      expect(ledger.isBlockAllOpen()).toBe(true);
      expect(ledger.settleKnownStep(7, [0])).toBe(false);
      const touched = ledger.touchedRows();
      ledger.settle(1, 250, 0);
      ledger.addReturned(2, 50); // a credit on a row the stage leaves open
      ledger.rememberStep(7, touched);
      ledger.clear();
    }
  });

  test('a block touched after it opened is settled by hand, never from memory', () => {
    const ledger = new SlipLedger(BETS, true, 4);
    const balance = [0];
    for (let round = 0; round < 3; round++) {
      ledger.openAll(1, bets, 0, 0, amounts);
      if (ledger.isUntouchedBlock() && !ledger.settleKnownBlock(0, balance))
        settleByHand(ledger, 0, balance), ledger.rememberBlock(0);
      ledger.clear();
    }
    ledger.openAll(1, bets, 0, 0, amounts);
    ledger.addStake(0, 100); // a double, say: the memory no longer describes the rows
    expect(ledger.isUntouchedBlock()).toBe(false);
    expect(ledger.settleKnownBlock(0, balance)).toBe(false);
    expect(ledger.amount(0)).toBe(amounts[0] + 100);
  });
});

describe('open bets of a pack with more bets than a mask has bits', () => {
  test('a bet from index 31 on is looked up by count, and never taken for the bet its bit would alias', () => {
    const ledger = new Ledger(40);
    const wide = betSet([2, 33]);
    expect(wide.mask).toBe(-1);
    // 1 << 33 is 1 << 1 in 32-bit arithmetic: bet 33 open must not read as bet 1 open.
    const row = ledger.open(1, 33, 0, 0, 100);
    expect(ledger.anyOpenOf(betSet([1]))).toBe(false);
    expect(ledger.anyOpenOf(wide)).toBe(true);
    ledger.settle(row, 0, Line.NONE);
    expect(ledger.anyOpenOf(wide)).toBe(false);
    ledger.open(2, 2, 0, 0, 100);
    expect(ledger.anyOpenOf(wide)).toBe(true);
    expect(ledger.anyOpenOf(betSet([2]))).toBe(true);
  });
});
