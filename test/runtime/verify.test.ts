// Rounds played through the API on DynamoDB Local, then checked from the operator's recall alone
// the way an auditor would (`croupier verify`): the revealed seed against its commitment
// (R-BJ-SHOE-3), the pack's SHA-256, and a replay of every command (docs/operators.md, "Auditing a round": every
// round can be recalled and replayed). A recall changed anywhere does not verify.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { type Check, verifyRecall } from '../../lambdas/audit/verify.ts';
import type { RoundRecall as Recall } from '../../lambdas/projection/index.ts';
import { type Harness, harness, packOf } from './harness.ts';

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

async function table(packId: string, players: string[], seedLabel = 'verify'): Promise<Harness> {
  const h = await harness(packId, { seedLabel });
  opened.push(h);
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  for (const p of players)
    await h.call('POST', `/wallets/${p}/credit`, {
      as: 'op',
      role: 'operator',
      body: { amount: 100_000, reason: 'test' },
    });
  return h;
}

const recallOf = async (h: Harness, roundId: string): Promise<Recall> =>
  (await h.call('GET', `/rounds/${roundId}`, { as: 'op', role: 'operator' })).body;
const verify = (packId: string, recall: Recall): Check[] =>
  verifyRecall(packOf(packId).pack, packOf(packId).charts, recall);
const failed = (checks: Check[]) => checks.filter((c) => !c.ok).map((c) => c.what);

/** A live shoe's seed, read from the store: what the recall reveals once the shoe is retired. */
async function withSeed(h: Harness, recall: Recall): Promise<Recall> {
  const shoe = (await h.store.load('t1', [], h.clock.now)).state.shoe!;
  expect(shoe.id).toBe(recall.shoe.id);
  return { ...recall, shoe: { ...recall.shoe, seed: shoe.seed } };
}

describe('croupier verify', () => {
  test('an Andar Bahar round verifies once its shoe is retired, and not when anything in it is changed; a voided round verifies too', async () => {
    const h = await table('andar-bahar', ['alice', 'bob']);
    await h.call('POST', '/tables/t1/bet-slips', {
      as: 'alice',
      body: {
        round: 'next',
        bets: [
          { bet: 'andar', amount: 1000 },
          { bet: 'first-3', amount: 500 },
          { bet: 'cards-1-5', amount: 100, mode: 'no-commission' },
        ],
      },
    });
    await h.call('POST', '/tables/t1/bets', {
      as: 'bob',
      body: { round: 'next', bet: 'bahar', amount: 2000, mode: 'no-commission' },
    });
    await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    const live = await recallOf(h, 't1-r1');
    expect(live.shoe.seed, 'the shoe is live until the next round opens').toBeNull();
    expect(failed(verify('andar-bahar', live))).toEqual(['shoe']);
    expect(verify('andar-bahar', live).find((c) => c.what === 'shoe')?.detail).toBe(
      'shoe t1-shoe-1 is still in play: its seed is revealed, and its rounds can be verified, once it is retired',
    );

    await h.call('GET', '/tables/t1', { as: 'alice' }); // opens round 2 on a fresh deck (R-AB-DECK-1): shoe 1 is retired
    const recall = await recallOf(h, 't1-r1');
    expect(recall.shoe.seed).toMatch(/^[0-9a-f]{64}$/);
    const checks = verify('andar-bahar', recall);
    expect(failed(checks)).toEqual([]);
    expect(checks.map((c) => c.what)).toEqual(['pack', 'shoe', 'phase', 'andar bahar', 'bets']);
    expect(checks.at(-1)!.detail).toBe('4 bets staked, returned and settled on the same lines');

    const changed = (edit: (r: Recall) => void) => {
      const copy = structuredClone(recall);
      edit(copy);
      return failed(verify('andar-bahar', copy));
    };
    expect(changed((r) => (r.bets.find((b) => b.player === 'bob')!.returned += 1))).toEqual(['bets']);
    expect(
      changed((r) => (r.round.andarBahar!.gameCard = r.round.andarBahar!.gameCard === 'AS' ? 'KS' : 'AS')),
    ).toEqual(['andar bahar']);
    expect(changed((r) => (r.shoe.seed = r.shoe.seed!.replace(/^./, (c) => (c === '0' ? '1' : '0'))))).toEqual([
      'shoe',
    ]);
    expect(
      changed(
        (r) =>
          (r.steps.flatMap((s) => s.commands).find((c) => c.command.type === 'bets')!.command = {
            type: 'bet',
            player: 'alice',
            bet: 'andar',
            amount: 1000,
          }),
      ),
    ).toEqual(['bets']);
    expect(changed((r) => (r.pack.sha256 = '0'.repeat(64)))).toEqual(['pack']);
    // A voided round replays to the same refunds (R-BJ-VOID-1).
    await h.call('POST', '/tables/t1/bets', { as: 'bob', body: { round: 'next', bet: 'first-andar', amount: 300 } });
    expect(
      (await h.call('POST', '/rounds/t1-r2/void', { as: 'op', role: 'operator', body: { reason: 'dealer error' } }))
        .status,
    ).toBe(200);
    await h.call('GET', '/tables/t1', { as: 'bob' }); // round 3 opens on a fresh deck: shoe 2 is retired
    const voided = await recallOf(h, 't1-r2');
    expect(voided.round.phase).toBe('void');
    expect(failed(verify('andar-bahar', voided))).toEqual([]);
    expect(verify('andar-bahar', voided).at(-1)!.detail).toBe('1 bet staked, returned and settled on the same lines');

    // A player's own recall has no opening: it cannot be replayed.
    const own = (await h.call('GET', '/rounds/t1-r1', { as: 'alice' })).body;
    expect(own.opening).toBeUndefined();
    expect(failed(verify('andar-bahar', own))).toEqual(['replay']);
  });

  test('a seated blackjack round with a split, a double, bets behind and a follow window replays to the same cards and money', async () => {
    // This seed deals seat 4 JH KH (a ten-value pair: R-MW-SPLIT-1) against a 3 up.
    const h = await table('blackjack-mewah', ['alice', 'bob'], 'verify-14');
    await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'main', seat: 4, amount: 1000 },
    });
    await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 'next', bet: 'pair', seat: 4, amount: 100 },
    });
    await h.call('POST', '/tables/t1/bets', {
      as: 'bob',
      body: { round: 'next', bet: 'behind', seat: 4, amount: 500 },
    });
    await h.call('POST', '/tables/t1/bets', { as: 'bob', body: { round: 'next', bet: 'main', seat: 2, amount: 500 } });
    await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    moves.length = 0;
    // Everyone plays a legal move (split and double first, every follow offer taken) until it settles.
    for (let i = 0; i < 40; i++) {
      const moved = await anyMove(h, ['alice', 'bob']);
      if (!moved) {
        h.clock.now += 20_000; // windows nobody answers time out
        await h.call('GET', '/tables/t1', { as: 'op', role: 'operator' });
      }
      if ((await recallOf(h, 't1-r1')).round.phase === 'settled') break;
    }
    const recall = await withSeed(h, await recallOf(h, 't1-r1'));
    expect(recall.round.phase).toBe('settled');
    const checks = verify('blackjack-mewah', recall);
    expect(failed(checks), JSON.stringify(checks.filter((c) => !c.ok))).toEqual([]);
    expect(checks.map((c) => c.what)).toEqual(['pack', 'shoe', 'phase', 'dealer cards', 'seats', 'bets']);
    expect(moves).toEqual([
      'bob double',
      'alice split',
      'bob follow-split',
      'alice double',
      'bob follow-double',
      'alice double',
      'bob follow-double',
    ]);
    expect(recall.round.seats.map((s) => s.hands.length)).toEqual([1, 2]);
  });

  test('a common-draw round, each player on their own items with their own bet numbers, replays too', async () => {
    const h = await table('blackjack-tanpa-batas', ['alice', 'bob']);
    await h.call('POST', '/tables/t1/bet-slips', {
      as: 'alice',
      body: {
        round: 'next',
        bets: [
          { bet: 'main', amount: 1000 },
          { bet: 'bust-bonus', amount: 100 },
        ],
      },
    });
    await h.call('POST', '/tables/t1/bets', { as: 'bob', body: { round: 'next', bet: 'main', amount: 500 } });
    await h.call('POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
    await anyMove(h, ['alice']);
    h.clock.now += 60_000; // bob never answers: auto-play (R-BJ-AUTO-1)
    await h.call('GET', '/tables/t1', { as: 'op', role: 'operator' });
    const recall = await withSeed(h, await recallOf(h, 't1-r1'));
    expect(recall.round.phase).toBe('settled');
    const checks = verify('blackjack-tanpa-batas', recall);
    expect(failed(checks), JSON.stringify(checks.filter((c) => !c.ok))).toEqual([]);
    expect(checks.map((c) => c.what)).toContain('common-draw hands');

    // The command line: the recall saved as an operator would save it.
    const file = join(mkdtempSync(join(tmpdir(), 'recall-')), 'round.json');
    writeFileSync(file, JSON.stringify(recall));
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'verify', file], {
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout.trim().split('\n').at(-1)).toBe('round t1-r1 verified');
    expect(cli.stdout).toMatch(
      /^ok {3}shoe: shoe t1-shoe-1: SHA-256 of the revealed seed is the commitment [0-9a-f]{64} published when it started$/m,
    );
    const json = spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'verify', file, '--json'], {
      encoding: 'utf8',
    });
    expect(JSON.parse(json.stdout)).toEqual({ round: 't1-r1', verified: true, checks });
    recall.bets[0]!.returned += 1;
    writeFileSync(file, JSON.stringify(recall));
    const changed = spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'verify', file, '--json'], {
      encoding: 'utf8',
    });
    expect(changed.status).toBe(1);
    expect(JSON.parse(changed.stdout)).toMatchObject({ round: 't1-r1', verified: false });
  });
});

/** Splits and doubles first, so replays cover them; every follow offer is taken. */
const PREFERRED = ['split', 'follow-split', 'double', 'follow-double', 'insurance'];
const moves: string[] = [];

/** A legal move of the first of `players` who has one (PREFERRED first), through the API; false when nobody has. */
async function anyMove(h: Harness, players: string[]): Promise<boolean> {
  for (const p of players) {
    const view = (await h.call('GET', '/tables/t1', { as: p })).body;
    const legal: { action: string; seat?: number }[] = view.legal ?? [];
    const move = PREFERRED.map((a) => legal.find((m) => m.action === a)).find(Boolean) ?? legal[0];
    if (!move) continue;
    moves.push(`${p} ${move.action}`);
    const answer = move.action.startsWith('follow') || move.action === 'insurance' ? { accept: true } : {};
    const r = await h.call('POST', '/tables/t1/actions', {
      as: p,
      body: { action: move.action, ...(move.seat ? { seat: move.seat } : {}), ...answer },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return true;
  }
  return false;
}
