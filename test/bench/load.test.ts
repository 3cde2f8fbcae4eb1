// `npm run load` at a few hundred players: one common-draw round through HTTP and push on the local
// stack, every bet accepted or refused with a 4xx, no 5xx, every wallet reconciled with its ledger,
// the round's bets and the house result, every bet settled once, every player heard by push.
// Counts and outcomes only: times are reported by `npm run bench`, never asserted.
import { describe, expect, test } from 'vitest';
import { runLoad } from '../../bench/load.ts';

const PLAYERS = 200;

describe('npm run load', () => {
  test(`${PLAYERS} players on blackjack-tanpa-batas: bet, act, settle, reconcile`, async () => {
    const { result, detail } = await runLoad({ players: PLAYERS, log: () => undefined });
    expect(Object.keys(result)).toEqual([
      'pack',
      'players',
      'betsAccepted',
      'betsRefused',
      'errors5xx',
      'betLatencyMs',
      'pushLatencyMs',
      'settleSeconds',
      'dynamoCallsPerCommand',
      'walletsReconciled',
      'settledOnce',
    ]);
    expect(detail.problems).toEqual([]);
    expect(result).toMatchObject({ pack: 'blackjack-tanpa-batas', players: PLAYERS, errors5xx: 0 });
    expect(result.betsAccepted + result.betsRefused).toBe(PLAYERS);
    expect(result.betsAccepted).toBe(PLAYERS);
    expect(result.walletsReconciled).toBe(true);
    expect(result.settledOnce).toBe(true);
    expect(detail.connected).toBe(PLAYERS);
    // Every player heard of their own bet, and of the deal by push.
    expect(detail.pushSamples).toBeGreaterThanOrEqual(2 * PLAYERS);
    expect(result.dynamoCallsPerCommand).toBeGreaterThan(0);
  }, 1_800_000);
});
