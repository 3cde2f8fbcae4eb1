// The ledger packs a row's status, insurance and line code into one number, counts open rows per
// bet and skips rewriting a slip's unchanged columns when it opens again; whatever sequence of
// changes a round makes, every field reads back as a plain record of the same changes says, and the
// counts agree with the statuses.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { INSURANCE_NONE, Ledger, NO_LINE, OPEN, SETTLED } from '../../lambdas/engine/ledger.ts';

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

// Two slips the ledger may open in one block, each the same array every time (as a planned slip's is).
const SLIPS = [Int16Array.from([0, 1, 2, 3]), Int16Array.from([4, 2])];

const op = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('openAll' as const), slip: fc.nat(1), firstId: fc.nat(1), player: fc.nat(1), seat: fc.nat(1), amount: fc.nat(10 ** 6) }), weight: 3 },
  fc.record({ kind: fc.constant('open' as const), bet: fc.nat(BETS - 1), player: fc.nat(7), seat: fc.nat(7), amount: fc.nat(10 ** 12) }),
  fc.record({ kind: fc.constant('line' as const), row: fc.nat(24), line: fc.integer({ min: -2, max: 300 }) }),
  fc.record({ kind: fc.constant('insurance' as const), row: fc.nat(24), state: fc.nat(2), cost: fc.nat(10 ** 9) }),
  fc.record({ kind: fc.constant('status' as const), row: fc.nat(24), status: fc.nat(2) }),
  fc.record({ kind: fc.constant('settle' as const), row: fc.nat(24), returned: fc.nat(10 ** 12), line: fc.integer({ min: -2, max: 300 }) }),
  { arbitrary: fc.record({ kind: fc.constant('truncate' as const), length: fc.nat(6) }), weight: 2 },
);

describe('ledger', () => {
  test.prop([fc.array(op, { minLength: 20, maxLength: 200 })], { numRuns: 1000 })('reads back what a plain record of the same changes holds', (ops) => {
    const ledger = new Ledger(BETS, 4);
    const model: Row[] = [];
    let id = 1;
    for (const o of ops) {
      if (o.kind === 'open') {
        const row = ledger.open(id, o.bet, o.player, o.seat, o.amount);
        expect(row).toBe(model.length);
        model.push({ id: id++, bet: o.bet, player: o.player, seat: o.seat, amount: o.amount, staked: o.amount, returned: 0, status: OPEN, line: NO_LINE, insurance: INSURANCE_NONE, insuranceCost: 0 });
        continue;
      }
      if (o.kind === 'openAll') {
        const bets = SLIPS[o.slip];
        ledger.openAll(o.firstId, bets, o.player, o.seat, new Float64Array(bets.length).fill(o.amount));
        bets.forEach((bet, i) =>
          model.push({ id: o.firstId + i, bet, player: o.player, seat: o.seat, amount: o.amount, staked: o.amount, returned: 0, status: OPEN, line: NO_LINE, insurance: INSURANCE_NONE, insuranceCost: 0 }),
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
      if (o.kind === 'line') (ledger.setLine(o.row, o.line), (m.line = o.line));
      else if (o.kind === 'insurance') (ledger.setInsurance(o.row, o.state, o.cost), (m.insurance = o.state), (m.insuranceCost = o.cost));
      else if (o.kind === 'status') (ledger.setStatus(o.row, o.status), (m.status = o.status));
      else (ledger.settle(o.row, o.returned, o.line), (m.returned += o.returned), (m.status = SETTLED), (m.line = o.line));
    }
    expect(ledger.length).toBe(model.length);
    const read = model.map((_, row): Row => ({
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
    }));
    expect(read).toEqual(model);
    for (let bet = 0; bet < BETS; bet++) expect(ledger.openCount(bet)).toBe(model.filter((r) => r.bet === bet && r.status === OPEN).length);
    expect(ledger.hasOpen()).toBe(model.some((r) => r.status === OPEN));
  });
});
