// Drives a pack's API handler the way API Gateway does (v2 events with JWT claims), against a
// fresh DynamoDB Local table, with a virtual clock and fixed shoe seeds.

import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { expect } from 'vitest';
import { loadDevKey } from '../../lambdas/auth/index.ts';
import { type ApiDeps, createApi } from '../../lambdas/handlers/api.ts';
import { PackShelf } from '../../lambdas/handlers/packs.ts';
import { createSweep } from '../../lambdas/handlers/sweep.ts';
import { openStore } from '../../lambdas/handlers/wallets.ts';
import type { PackArtifact } from '../../lambdas/pack/artifact.ts';
import type { AiCharts } from '../../lambdas/pack/chart.ts';
import { loadCharts } from '../../lambdas/pack/charts.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { Connections } from '../../lambdas/push/connections.ts';
import { type ChangeRecord, createFanout, type FanoutResult } from '../../lambdas/push/fanout.ts';
import type { SocketEvent, SocketResult } from '../../lambdas/push/socket.ts';
import { createSocketHandler } from '../../lambdas/push/socket.ts';
import { jwtVerifier } from '../../lambdas/push/verify.ts';
import type { DocumentClient } from '../../lambdas/store/index.ts';
import { PackArtifacts } from '../../lambdas/store/index.ts';
import type { RoundStore } from '../../lambdas/store/rounds.ts';
import { freshTable, type TestTable } from '../setup/dynamo.ts';

// Near the real time: DynamoDB Local's TTL sweeper deletes idempotency records that look expired.
export const EPOCH = Math.floor(Date.now() / 1000) * 1000;

const packs = new Map<string, { pack: CompiledPack; charts: AiCharts }>();
export function packOf(id: string) {
  let p = packs.get(id);
  if (!p) {
    const pack = loadPack(id);
    packs.set(id, (p = { pack, charts: loadCharts(pack) }));
  }
  return p;
}

/** Seeds 1, 2, 3, … as SHA-256 of a label: the same shoes every run. */
export function seeds(label: string): () => Uint8Array {
  let n = 0;
  return () => new Uint8Array(createHash('sha256').update(`${label}:${++n}`).digest());
}

export interface Call {
  status: number;
  body: any;
  raw: string;
}

export interface Harness {
  table: TestTable;
  store: RoundStore;
  clock: { now: number };
  call(
    method: string,
    path: string,
    options?: {
      as?: string;
      role?: 'player' | 'operator' | 'dealer';
      body?: unknown;
      raw?: string;
      key?: string | null;
      demo?: boolean;
    },
  ): Promise<Call>;
  sweep(): Promise<unknown>;
  /**
   * A second API over the same table (another Lambda instance), e.g. with a failing client or another deployed pack.
   */
  api(doc?: DocumentClient, running?: Running): ReturnType<typeof createApi>;
}

/** A deployed pack: compiled, its charts, and optionally the artifact it was baked from. */
export interface Running {
  pack: CompiledPack;
  charts: AiCharts;
  artifact?: PackArtifact;
}

type CallOptions = {
  as?: string;
  role?: 'player' | 'operator' | 'dealer';
  body?: unknown;
  raw?: string;
  key?: string | null;
  demo?: boolean;
};

/** Calls a handler the way API Gateway does and parses the response. */
export async function callOn(
  handler: ReturnType<typeof createApi>,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<Call> {
  const result = await handler(eventFor(method, path, o));
  const raw = (result.body as string) ?? '';
  return { status: result.statusCode ?? 200, body: raw ? JSON.parse(raw) : null, raw };
}

const quiet = new Logger({ serviceName: 'test', logLevel: 'SILENT' });

export async function harness(
  packId: string,
  options: {
    seedLabel?: string;
    running?: Running;
    /** More of the API's dependencies (credit limits, the operator-money listener). */
    api?: Pick<ApiDeps, 'creditLimits' | 'onOperatorMoney'>;
  } = {},
): Promise<Harness> {
  const table = await freshTable(packId.slice(0, 12));
  const deployed: Running = options.running ?? packOf(packId);
  const { pack, charts } = deployed;
  const clock = { now: EPOCH };
  const newSeed = seeds(options.seedLabel ?? packId);
  const storeFor = (doc: DocumentClient) => openStore(doc, table.tableName, pack);
  const store = storeFor(table.doc);
  const api = (doc: DocumentClient = table.doc, running: Running = deployed) =>
    createApi({ ...running, ...options.api, store: storeFor(doc), clock: () => clock.now, newSeed, logger: quiet });
  const main = api();
  const sweep = createSweep({ pack, charts, store, clock: () => clock.now, newSeed }, quiet);
  return {
    table,
    store,
    clock,
    api,
    sweep,
    call: (method, path, o = {}) => callOn(main, method, path, o),
  };
}

export function eventFor(
  method: string,
  path: string,
  o: {
    as?: string;
    role?: 'player' | 'operator' | 'dealer';
    body?: unknown;
    raw?: string;
    key?: string | null;
    demo?: boolean;
  } = {},
): APIGatewayProxyEventV2 {
  const [rawPath, query] = path.split('?') as [string, string | undefined];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (o.key !== null && method !== 'GET') headers['idempotency-key'] = o.key ?? randomUUID();
  const claims = o.as ? { sub: o.as, role: o.role ?? 'player', ...(o.demo ? { demo: 'true' } : {}) } : undefined;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: query ?? '',
    headers,
    ...(query ? { queryStringParameters: Object.fromEntries(new URLSearchParams(query)) } : {}),
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    },
    ...(o.raw !== undefined ? { body: o.raw } : o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    isBase64Encoded: false,
  } as APIGatewayProxyEventV2;
}

/** The stream records the fan-out reads when a table and these players' parts of its round change. */
export function changeRecords(tableId: string, roundId: string, players: readonly string[]): ChangeRecord[] {
  const record = (PK: string, SK: string): ChangeRecord => ({
    eventName: 'MODIFY',
    dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } } },
  });
  return [record(`TABLE#${tableId}`, 'TABLE'), ...players.map((p) => record(`ROUND#${roundId}`, `PLAYER#${p}`))];
}

/** Connects `connectionId` with `token` through the socket handler, then subscribes it to the table. */
export async function subscribeSocket(
  socket: (event: SocketEvent) => Promise<SocketResult>,
  connectionId: string,
  token: string,
  tableId: string,
): Promise<void> {
  const opened = await socket({
    requestContext: { routeKey: '$connect', connectionId },
    queryStringParameters: { token },
  });
  expect(opened.statusCode).toBe(200);
  await socket({
    requestContext: { routeKey: '$default', connectionId },
    body: JSON.stringify({ action: 'subscribe', table: tableId }),
  });
}

/** Tells the fan-out that the table and these players' parts of its current round changed. */
export async function fanOutChange(
  h: Harness,
  fanout: (records: readonly ChangeRecord[]) => Promise<FanoutResult>,
  tableId: string,
  players: readonly string[],
): Promise<void> {
  const { currentRoundId } = await h.store.tableItem(tableId);
  await fanout(changeRecords(tableId, currentRoundId, players));
}

/**
 * A pack's socket routes and fan-out over the harness's table, with its own signing key; what they
 * post is kept by connection (`posted`: give a connection a list to keep its messages).
 */
export function pushRig(h: Harness, packId: string) {
  const { pack, charts } = packOf(packId);
  const key = loadDevKey(join(mkdtempSync(join(tmpdir(), 'push-rig-')), 'key.json'));
  const posted = new Map<string, string[]>();
  const deps = {
    pack,
    store: h.store,
    packs: new PackShelf({ pack, charts }, new PackArtifacts(h.table.doc, h.table.tableName)),
    connections: new Connections(h.table.doc, h.table.tableName, () => h.clock.now),
    clock: () => h.clock.now,
    post: async (connectionId: string, data: string) => {
      posted.get(connectionId)?.push(data);
      return 'sent' as const;
    },
  };
  const verify = jwtVerifier({
    issuer: 'croupier-local',
    audience: 'croupier',
    jwksUri: 'http://127.0.0.1/jwks',
    jwks: key.jwks,
  });
  return { key, posted, socket: createSocketHandler({ ...deps, verify }), fanout: createFanout(deps) };
}
