// The API function as the CDK app deploys it: bundled by esbuild with the pack baked in, carrying
// only its pack's family's code (infra/bundling.ts, lambdas/engine/families.ts), plays a round
// against DynamoDB Local. The other runtime tests drive the handler from source, where every
// family is present; this is where a bundle that left out code its family needs would show.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, describe, expect, test } from 'vitest';
import { handlerBuild } from '../../infra/bundling.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { dynamoEndpoint, freshTable, type TestTable } from '../setup/dynamo.ts';
import { eventFor } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-bundled-'));
const tables: TestTable[] = [];
const environment = { ...process.env };
afterAll(async () => {
  process.env = environment;
  await Promise.all(tables.map((t) => t.drop()));
  rmSync(dir, { recursive: true, force: true });
});

type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** The pack's API bundle, built as the CDK app builds it, loaded with the environment its function gets. */
async function deployed(packId: string, tableName: string): Promise<Handler> {
  const outfile = join(dir, packId, 'index.mjs');
  await build({ ...handlerBuild(loadPack(packId), 'api'), outfile });
  writeFileSync(join(dir, packId, 'package.json'), '{"type":"module"}');
  // Read on the first request (the handler's cold start); each bundle is a module of its own.
  process.env.CROUPIER_TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = dynamoEndpoint();
  // Its request logs and metrics, which a function writes to CloudWatch, kept out of the test output.
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
  return (await import(pathToFileURL(outfile).href)).handler as Handler;
}

describe.each([
  { pack: 'andar-bahar', bet: { bet: 'andar', amount: 1000 } },
  { pack: 'blackjack-mewah', bet: { bet: 'main', seat: 1, amount: 1000 } },
])('the bundled API function of $pack', ({ pack, bet }) => {
  test('opens a table, takes a bet, deals and settles the round', async () => {
    const table = await freshTable(`bundled-${pack.slice(0, 8)}`);
    tables.push(table);
    const handler = await deployed(pack, table.tableName);
    const call = async (method: string, path: string, o: Parameters<typeof eventFor>[2] = {}) => {
      const result = await handler(eventFor(method, path, o));
      return { status: result.statusCode ?? 200, body: JSON.parse((result.body as string) || 'null') };
    };
    const operator = { as: 'op', role: 'operator' as const };
    expect((await call('POST', '/tables', { ...operator, body: { tableId: 't1' } })).status).toBe(201);
    expect(
      (await call('POST', '/wallets/alice/credit', { ...operator, body: { amount: 100_000, reason: 'welcome' } })).body
        .balance,
    ).toBe(100_000);
    const placed = await call('POST', '/tables/t1/bets', { as: 'alice', body: { round: 't1-r1', ...bet } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await call('POST', '/tables/t1/deal', operator)).status).toBe(200);
    // Stand on every decision the view offers (decline insurance and follows) until the round is
    // settled: the table then shows the next round (Andar Bahar settles at the deal).
    let view = (await call('GET', '/tables/t1', { as: 'alice' })).body;
    for (let i = 0; i < 20 && view.round.no === 1; i++) {
      const move = view.legal[0];
      expect(move, `round 1 ${view.round.phase} with nothing for alice to do`).toBeDefined();
      const body =
        move.action === 'insurance' || move.action.startsWith('follow')
          ? { action: move.action, ...(move.seat ? { seat: move.seat } : {}), accept: false }
          : { action: 'stand', ...(move.seat ? { seat: move.seat } : {}) };
      const acted = await call('POST', '/tables/t1/actions', { as: 'alice', body });
      expect(acted.status, `${JSON.stringify(body)} → ${JSON.stringify(acted.body)}`).toBe(200);
      view = (await call('GET', '/tables/t1', { as: 'alice' })).body;
    }
    const recall = (await call('GET', '/rounds/t1-r1', { as: 'alice' })).body;
    expect(recall.round.phase).toBe('settled');
    // What the round returned, and nothing else, is on alice's wallet.
    const mine = (recall.bets as { player: string; staked: number; returned: number; status: string }[]).filter(
      (b) => b.player === 'alice',
    );
    expect(mine.map((b) => b.status)).toEqual(['settled']);
    expect((await call('GET', '/wallet', { as: 'alice' })).body.balance).toBe(
      100_000 - mine[0].staked + mine[0].returned,
    );
  }, 60_000);
});
