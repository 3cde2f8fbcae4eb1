// The local server as `npm start` runs it (every pack's API under /<pack-id>, the web table at /),
// for the browser tests: a fresh DynamoDB Local table per pack, a throwaway development key, and
// seeded shoes so the same cards come out every run.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { DEV_AUDIENCE, DEV_ISSUER, type DevKey, loadDevKey, signToken } from '../../lambdas/auth/index.ts';
import { createApi, PUBLIC_ROUTES, ROUTES } from '../../lambdas/handlers/api.ts';
import { openStore } from '../../lambdas/handlers/wallets.ts';
import { behindRows, lineRows, rtpRows } from '../../lambdas/math/index.ts';
import type { AiCharts } from '../../lambdas/pack/chart.ts';
import { loadCharts } from '../../lambdas/pack/charts.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack, RULES_DIR } from '../../lambdas/pack/load.ts';
import { createDocumentClient } from '../../lambdas/store/client.ts';
import { createTable, deleteTable } from '../../lambdas/store/table.ts';
import { createLambdaServer, listen, type Mount } from '../../server/lambda-server.ts';
import { startLocalPush } from '../../server/local-push.ts';
import { webMount } from '../../server/web.ts';

export interface WebServer {
  base: string;
  key: DevKey;
  packIds: string[];
  /** Calls the API as `sub` (a player unless role says otherwise). */
  api(
    method: string,
    path: string,
    options?: { as?: string; role?: 'player' | 'operator'; body?: unknown },
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

const seeded = (label: string) => {
  let n = 0;
  return () => new Uint8Array(createHash('sha256').update(`${label}:${++n}`).digest());
};

export async function startWebServer(endpoint: string, options: { seedLabel?: string } = {}): Promise<WebServer> {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-web-'));
  const key = loadDevKey(join(dir, 'dev-key.json'));
  const doc = createDocumentClient({ endpoint });
  const quiet = new Logger({ serviceName: 'web-test', logLevel: 'SILENT' });
  const packIds = readdirSync(RULES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -5))
    .sort();
  const suffix = createHash('sha256').update(`${Date.now()}:${Math.random()}`).digest('hex').slice(0, 6);
  const tables: string[] = [];
  const mounts: Mount[] = [];
  const pushed: { id: string; pack: CompiledPack; charts: AiCharts; tableName: string }[] = [];
  for (const id of packIds) {
    const pack = loadPack(id);
    const tableName = `web-${id}-${suffix}`;
    await createTable(doc, tableName);
    tables.push(tableName);
    const store = openStore(doc, tableName, pack);
    const handler = createApi({
      pack,
      charts: loadCharts(pack),
      store,
      newSeed: seeded(`${options.seedLabel ?? 'web'}:${id}`),
      logger: quiet,
      rtp: () => rtpRows(pack),
      lines: () => lineRows(pack),
      behind: () => behindRows(pack),
    });
    mounts.push({ basePath: `/${id}`, routes: ROUTES, publicRoutes: PUBLIC_ROUTES, handler });
    pushed.push({ id, pack, charts: loadCharts(pack), tableName });
  }
  const server: Server = createLambdaServer({
    mounts: [...mounts, webMount({ packs: () => mounts, devKey: key })],
    jwks: key.jwks,
    issuer: DEV_ISSUER,
    audience: DEV_AUDIENCE,
    log: () => {},
  });
  // Push as `npm start` serves it: each pack's socket on this port, fed from its table's stream.
  const push = startLocalPush({ server, endpoint, jwks: key.jwks, issuer: DEV_ISSUER, audience: DEV_AUDIENCE });
  for (const { id, pack, charts, tableName } of pushed) await push.serve(id, { pack, charts }, tableName);
  const base = await listen(server, 0);
  return {
    base,
    key,
    packIds,
    async api(method, path, o = {}) {
      const token = signToken({ sub: o.as ?? 'tester', role: o.role ?? 'player' }, { key });
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      if (method !== 'GET') headers['idempotency-key'] = `${Date.now()}-${Math.random()}`;
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await push.stop();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      for (const t of tables) await deleteTable(doc, t).catch(() => {});
      doc.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
