// Dealer-fed tables through the API against DynamoDB Local: the dealer role posts scanned cards,
// the table says what card it needs and for whom, refusals change nothing, a rescan is not a
// second card, the hole card stays the dealer's until it is shown, and a round with no card by the
// card deadline pauses until an operator resumes or voids it.
import { afterAll, describe, expect, test } from 'vitest';
import { verifyRecall } from '../../lambdas/audit/verify.ts';
import { type Harness, harness, packOf } from './harness.ts';

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

const DEALER = { as: 'dee', role: 'dealer' as const };
const OP = { as: 'op', role: 'operator' as const };

async function dealerTable(pack: string, players: string[]): Promise<Harness> {
  const h = await harness(pack, { seedLabel: `dealer-${pack}` });
  opened.push(h);
  const created = await h.call('POST', '/tables', { ...OP, body: { tableId: 't1', source: 'dealer' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  for (const p of players)
    await h.call('POST', `/wallets/${p}/credit`, { ...OP, body: { amount: 100_000, reason: 'welcome' } });
  return h;
}

/**
 * R-LD-AUDIT-1: the operator's recall lists every scan in order, with scan id, time, actor and
 * place; says there is no seed commitment; `croupier verify` replays it from the scans and settles
 * the same bets, and a recall with a scan changed does not verify.
 */
async function audited(h: Harness, packId: string, scanCount: number): Promise<void> {
  const recall = (await h.call('GET', '/rounds/t1-r1', OP)).body;
  const dealerFed = recall.round.dealerFed;
  expect(dealerFed.note).toContain('no seed commitment');
  expect(recall.shoe.commitment).toBe('');
  expect(dealerFed.scans).toHaveLength(scanCount);
  for (const s of dealerFed.scans)
    expect(Object.keys(s)).toEqual(expect.arrayContaining(['card', 'scanId', 'at', 'actor', 'to']));
  expect(new Set(dealerFed.scans.map((s: any) => s.scanId)).size).toBe(scanCount);
  const { pack, charts } = packOf(packId);
  const checks = verifyRecall(pack, charts, recall);
  expect(
    checks.filter((c) => !c.ok),
    JSON.stringify(checks),
  ).toEqual([]);
  expect(checks.map((c) => c.what)).toEqual(expect.arrayContaining(['shoe', 'bets']));
  const last = dealerFed.scans.length - 1;
  const tampered = structuredClone(recall);
  tampered.round.dealerFed.scans[last].card = tampered.round.dealerFed.scans[last].card === 'KD' ? 'QD' : 'KD';
  expect(verifyRecall(pack, charts, tampered).some((c) => !c.ok)).toBe(true);
}

let scans = 0;
const scan = (h: Harness, card: string, scanId = `scan-${++scans}`, to?: string) =>
  h.call('POST', '/tables/t1/cards', { ...DEALER, key: null, body: { card, scanId, ...(to ? { to } : {}) } });

describe('a dealer-fed blackjack-mewah table', () => {
  test('R-LD-SCAN-1, R-LD-AUDIT-1: the dealer deals a full round by scanner; refusals change nothing; a rescan is one card', async () => {
    const h = await dealerTable('blackjack-mewah', ['alice', 'bob']);
    for (const [p, seat] of [
      ['alice', 1],
      ['bob', 2],
    ] as const) {
      const r = await h.call('POST', '/tables/t1/bets', {
        as: p,
        body: { round: 't1-r1', bet: 'main', seat, amount: 1000 },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // Cards are the dealer's: a player and an operator get 403.
    expect((await h.call('POST', '/tables/t1/cards', { as: 'alice', body: { card: 'AS', scanId: 'x' } })).status).toBe(
      403,
    );
    expect((await h.call('POST', '/tables/t1/deal', OP)).status).toBe(200);
    const need = async () => (await h.call('GET', '/tables/t1', DEALER)).body.dealing.need;
    expect(await need()).toMatchObject({ to: 'burn' });
    // The burn card, as the dealer's burn command: 5 more face down. Only the burn card is taken there.
    const burn = (card: string, scanId: string) =>
      h.call('POST', '/tables/t1/burn', { ...DEALER, key: null, body: { card, scanId } });
    expect((await burn('5C', 'burn-1')).status).toBe(200);
    expect((await burn('6C', 'burn-2')).body.code).toBe('wrong-place'); // the seat's card is next
    expect(await need()).toMatchObject({ to: 'seat', seat: 1, hand: 1, text: 'seat 1, hand 1' });

    const before = (await h.call('GET', '/tables/t1', DEALER)).body;
    for (const [card, code] of [
      ['ZZ', 'unreadable-card'],
      ['9S', 'wrong-place'],
    ] as const) {
      const r = await scan(h, card, undefined, code === 'wrong-place' ? 'hole' : undefined);
      expect(r.status).toBe(422);
      expect(r.body.code).toBe(code);
      expect(r.body.message).toMatch(/\w+ \w+/);
    }
    expect((await h.call('GET', '/tables/t1', DEALER)).body).toEqual(before);

    const first = await scan(h, 'TH', 'read-1');
    const again = await scan(h, 'TH', 'read-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await need()).toMatchObject({ to: 'seat', seat: 2 });
    expect((await scan(h, 'QH', 'read-1')).status).toBe(422); // the same scan id as another card
    for (const card of ['9S', '7D', 'QS', '8C']) expect((await scan(h, card)).status).toBe(200);
    expect(await need()).toMatchObject({ to: 'hole' });
    expect((await scan(h, '6H', 'hole-read')).status).toBe(200);

    // The hole card: the dealer's console shows it, no player's view does.
    const dealerView = (await h.call('GET', '/tables/t1', DEALER)).body;
    expect(dealerView.dealer.cards).toEqual(['7D', '6H']);
    expect(dealerView.bets).toEqual([]);
    for (const p of ['alice', 'bob']) {
      const v = (await h.call('GET', '/tables/t1', { as: p })).body;
      expect(v.dealer.cards).toEqual(['7D', null]);
      expect(JSON.stringify(v)).not.toContain('6H');
    }
    const unexpected = await scan(h, '2C');
    expect(unexpected.status).toBe(422);
    expect(unexpected.body.code).toBe('no-card-expected');
    expect(unexpected.body.message).toContain('seat 1 is deciding');

    expect(
      (await h.call('POST', '/tables/t1/actions', { as: 'alice', body: { action: 'stand', seat: 1 } })).status,
    ).toBe(200);
    expect((await h.call('POST', '/tables/t1/actions', { as: 'bob', body: { action: 'stand', seat: 2 } })).status).toBe(
      200,
    );
    expect(await need()).toMatchObject({ to: 'dealer' });
    const last = await scan(h, '5S');
    expect(last.status).toBe(200);
    expect(last.body.view.dealer.cards).toEqual(['7D', '6H', '5S']);
    const alice = (await h.call('GET', '/wallet', { as: 'alice' })).body.balance;
    const bob = (await h.call('GET', '/wallet', { as: 'bob' })).body.balance;
    expect([alice, bob]).toEqual([101_000, 99_000]);
    await audited(h, 'blackjack-mewah', 8);
  });

  test('R-LD-PAUSE-1: no card by the card deadline pauses the round; nothing applies until an operator resumes it; a void returns every bet', async () => {
    const h = await dealerTable('blackjack-mewah', ['alice']);
    await h.call('POST', '/tables/t1/bets', {
      as: 'alice',
      body: { round: 't1-r1', bet: 'main', seat: 1, amount: 1000 },
    });
    expect((await h.call('POST', '/tables/t1/deal', OP)).status).toBe(200);
    for (const card of ['2H', '9H', 'TC']) expect((await scan(h, card)).status).toBe(200);
    h.clock.now += 20_000; // mewah's cardSeconds
    const paused = (await h.call('GET', '/tables/t1', { as: 'alice' })).body;
    expect(paused.dealing.paused).toMatchObject({ reason: expect.stringContaining('no card by the deadline') });
    expect(paused.round).toMatchObject({ paused: true, deadline: null }); // R-BJ-PAUSE-1's pause, not another kind
    const refused = await scan(h, '9D');
    expect(refused.body.code).toBe('round-paused');
    h.clock.now += 600_000; // a paused round waits, whatever the clock
    expect((await h.call('GET', '/tables/t1', { as: 'alice' })).body.dealing.paused).not.toBeNull();
    const resumeBody = { reason: 'scanner cable replaced' };
    expect((await h.call('POST', '/tables/t1/resume', { as: 'alice', body: resumeBody })).status).toBe(403);
    expect((await h.call('POST', '/tables/t1/resume', { ...OP, body: resumeBody })).status).toBe(200);
    expect((await scan(h, '9D')).status).toBe(200); // seat 1: 18

    // Paused again (a misdeal reported by the dealer), then voided: every bet back.
    const misdeal = await h.call('POST', '/tables/t1/dealer/misdeal', {
      ...DEALER,
      body: { reason: 'two cards fell on seat 1' },
    });
    expect(misdeal.status, JSON.stringify(misdeal.body)).toBe(200);
    expect((await h.call('POST', '/rounds/t1-r1/void', { ...OP, body: { reason: 'misdeal' } })).status).toBe(200);
    expect((await h.call('GET', '/wallet', { as: 'alice' })).body.balance).toBe(100_000);
    const recall = (await h.call('GET', '/rounds/t1-r1', OP)).body;
    expect(recall.round.dealerFed.interruptions.map((i: any) => [i.kind, i.actor, i.reason])).toEqual([
      ['paused', 'clock', expect.stringContaining('no card by the deadline')],
      ['resumed', 'op', 'scanner cable replaced'],
      ['paused', 'dee', 'misdeal: two cards fell on seat 1'],
      ['voided', 'op', 'misdeal'],
    ]);
    await audited(h, 'blackjack-mewah', 4);
  });
});

describe('a dealer-fed andar-bahar table', () => {
  test('R-LD-SCAN-1: the game card opens betting; a card one deck cannot hold is refused', async () => {
    const h = await dealerTable('andar-bahar', ['alice']);
    const view = (await h.call('GET', '/tables/t1', DEALER)).body;
    expect(view.dealing.need).toMatchObject({ to: 'game' });
    expect(view.andarBahar.gameCard).toBeNull();
    expect((await scan(h, '7H')).status).toBe(200);
    expect(
      (await h.call('POST', '/tables/t1/bets', { as: 'alice', body: { round: 't1-r1', bet: 'andar', amount: 1000 } }))
        .status,
    ).toBe(200);
    expect((await h.call('POST', '/tables/t1/deal', OP)).status).toBe(200);
    const impossible = await scan(h, '7H');
    expect(impossible.body.code).toBe('impossible-card');
    expect((await scan(h, '7S')).status).toBe(200); // Andar's first card: Andar wins
    expect((await h.call('GET', '/wallet', { as: 'alice' })).body.balance).toBe(100_900);
    await audited(h, 'andar-bahar', 2);
  });

  test('a table of a pack that allows only the seeded shoe is refused source dealer', async () => {
    const h = await harness('blackjack-tanpa-batas');
    opened.push(h);
    const r = await h.call('POST', '/tables', { ...OP, body: { tableId: 't1', source: 'dealer' } });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('source-not-allowed');
  });
});
