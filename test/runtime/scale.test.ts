// A common-draw round of a few hundred players, each betting and deciding through the API: the
// store is shaped for 10,000 on one round. No item written by one player's command is written by
// another player's (players never contend on an item: each has their own round item, wallet,
// ledger, history and steps), and no item grows with the number of players: at 300 players every
// item but the pack and the journal (cut into chunks of a fixed size) is under 12 KB, the
// operator's stored answer to the deal included, so one
// that grew in step with the players would still be under DynamoDB's 400 KB at 10,000.
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, test } from 'vitest';
import { createDocumentClient, keys, type TransactItem } from '../../lambdas/store/index.ts';
import { CHUNK_BYTES } from '../../lambdas/store/journal.ts';
import { dynamoEndpoint } from '../setup/dynamo.ts';
import { callOn, type Harness, harness } from './harness.ts';

const PLAYERS = 300;
const START = 10_000;
/** 400 KB scaled down from 10,000 players to PLAYERS. */
const BOUND = (400_000 * PLAYERS) / 10_000;

let h: Harness;
afterAll(async () => h?.table.drop());

/** Runs `work` over `list`, `width` at a time. */
async function inParallel<T>(list: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) await work(list[next++]!);
    }),
  );
}

/** An item's size as DynamoDB counts it, near enough: names and values, strings and binaries in bytes. */
function itemBytes(item: Record<string, unknown>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) {
    bytes += Buffer.byteLength(name);
    if (typeof value === 'string') bytes += Buffer.byteLength(value);
    else if (value instanceof Uint8Array) bytes += value.length;
    else if (typeof value === 'number') bytes += 21;
    else bytes += Buffer.byteLength(JSON.stringify(value, (_k, v) => (v instanceof Set ? [...v] : v)));
  }
  return bytes;
}

/** The key an item of a transaction writes (none for a ConditionCheck); attribute values may be marshalled. */
const written = (item: TransactItem): string | undefined => {
  if (item.ConditionCheck) return undefined;
  const op = item.Put ?? item.Update ?? item.Delete;
  const key = (op && ('Item' in op ? op.Item : op.Key)) as Record<string, { S?: string } | string> | undefined;
  const text = (v: { S?: string } | string | undefined) => (typeof v === 'string' ? v : v?.S);
  return key ? `${text(key.PK)}|${text(key.SK)}` : undefined;
};

test(`${PLAYERS} players on one common-draw round: no item shared by their commands, none growing with them`, async () => {
  h = await harness('blackjack-tanpa-batas', { seedLabel: 'scale' });
  expect((await h.call('POST', '/tables', { as: 'op', role: 'operator', body: { tableId: 't1' } })).status).toBe(201);
  const names = Array.from({ length: PLAYERS }, (_, i) => `p${String(i).padStart(4, '0')}`);
  const at = new Date(h.clock.now).toISOString();
  const wallets = names.map((p) => ({
    PutRequest: {
      Item: { ...keys.wallet(p, 'real'), type: 'wallet', playerId: p, balance: START, version: 1, updatedAt: at },
    },
  }));
  for (let i = 0; i < wallets.length; i += 25)
    await h.table.doc.send(new BatchWriteCommand({ RequestItems: { [h.table.tableName]: wallets.slice(i, i + 25) } }));

  // Another instance, whose transactions are recorded with the caller whose command sent them (its
  // idempotency record names the caller).
  const doc = createDocumentClient({ endpoint: dynamoEndpoint() });
  const writers = new Map<string, Set<string>>();
  const calls: string[] = [];
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(String(context.commandName).replace(/Command$/, ''));
      if (context.commandName === 'TransactWriteItemsCommand') {
        const keys = ((args.input as { TransactItems?: TransactItem[] }).TransactItems ?? []).map(written);
        const caller = keys.find((k) => k?.startsWith('IDEM#'))?.split('#')[1];
        for (const key of keys) if (key && caller) writers.set(key, (writers.get(key) ?? new Set()).add(caller));
      }
      return next(args);
    },
    { step: 'initialize', name: 'recordWriters' },
  );
  const api = h.api(doc);

  await inParallel(names, 8, async (p) => {
    const r = await callOn(api, 'POST', '/tables/t1/bets', {
      as: p,
      body: { round: 'next', bet: 'main', amount: 100 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
  // The operator deals every player (a staged transition). The answer is stored for replay, so it
  // counts the bets instead of listing them: it must not grow with the players.
  const deal = await callOn(api, 'POST', '/tables/t1/deal', { as: 'op', role: 'operator' });
  expect(deal.status, JSON.stringify(deal.body)).toBe(200);
  expect(deal.body.totals).toEqual({
    players: PLAYERS,
    bets: PLAYERS,
    staked: PLAYERS * 100,
    returned: expect.any(Number),
  });
  expect(deal.body.view.bets).toEqual([]);
  expect(deal.body.view.common.cards).toHaveLength(2);
  let decided = 0;
  await inParallel(names, 8, async (p) => {
    const r = await callOn(api, 'POST', '/tables/t1/actions', { as: p, body: { action: 'stand' } });
    // A player dealt a blackjack has nothing to decide.
    expect(r.status === 200 || r.status === 409, JSON.stringify(r.body)).toBe(true);
    if (r.status === 200) decided++;
  });
  expect(decided).toBeGreaterThan(PLAYERS / 2);
  h.clock.now += 120_000;
  expect(await h.sweep()).toMatchObject({ failed: [] });
  const round = await h.store.round('t1-r1');
  expect(round.round.phase).toBe('settled');
  expect(Object.keys(round.parts)).toHaveLength(PLAYERS);

  // A player's recall reads the round, their part, the shared steps and theirs, the shoe: one page each, whatever
  // the number of players; the deal and settlement of everyone are in it, as far as they were theirs.
  calls.length = 0;
  const recall = await callOn(api, 'GET', '/rounds/t1-r1', { as: 'p0007' });
  expect(recall.status).toBe(200);
  expect(calls.sort()).toEqual(['BatchGetItem', 'GetItem', 'GetItem', 'Query', 'Query']);
  const events = recall.body.steps.flatMap((s: { events: { type: string; player?: string }[] }) => s.events);
  expect(
    events.filter((e: { type: string }) => e.type === 'settled').map((e: { player?: string }) => e.player),
  ).toEqual(['p0007']);

  // No item was written by two players' commands.
  const shared = [...writers]
    .filter(([, players]) => players.size > 1)
    .map(([key, players]) => `${key} by ${players.size}`);
  expect(shared).toEqual([]);
  expect(writers.size).toBeGreaterThan(PLAYERS * 4);

  // No item near the bound but the pack (fixed by the rules) and journal chunks (cut at a fixed size).
  const sizes: { key: string; type: string; bytes: number }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await h.table.doc.send(new ScanCommand({ TableName: h.table.tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? [])
      sizes.push({
        key: `${item.PK}|${item.SK}`,
        type: item.type as string,
        bytes: itemBytes(item),
      });
    start = page.LastEvaluatedKey;
  } while (start);
  const big = sizes.filter((s) => s.type !== 'pack' && s.type !== 'journal' && s.bytes >= BOUND);
  expect(big).toEqual([]);
  const journal = sizes.filter((s) => s.type === 'journal');
  expect(journal.length).toBeGreaterThan(0);
  for (const s of journal) expect(s.bytes).toBeLessThan(CHUNK_BYTES + 1_000);
}, 600_000);
