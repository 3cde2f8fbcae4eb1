// `npm start`: every Variant pack in rules/ served locally through the very Lambda handlers, at
// http://localhost:3000/<pack-id>/... (PORT overrides), over DynamoDB Local with its data kept in
// .local/dynamodb; JWKS at /.well-known/jwks.json; DynamoDB Local stops with the server.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { parse } from 'yaml';
import { DEV_AUDIENCE, DEV_ISSUER, loadDevKey } from '../../lambdas/auth/index.ts';
import { newSeed } from '../../lambdas/core/rng.ts';
import { createApi, creditLimitsFrom, openStore, PUBLIC_ROUTES, ROUTES } from '../../lambdas/handlers/api.ts';
import { createSweep } from '../../lambdas/handlers/sweep.ts';
import { behindRows, lineRows, rtpRows } from '../../lambdas/math/index.ts';
import { loadCharts } from '../../lambdas/pack/charts.ts';
import { loadPack, RULES_DIR } from '../../lambdas/pack/load.ts';
import { JavaMissingError } from '../../server/dynamo-local.ts';
import { createLambdaServer, type Handler, listen } from '../../server/lambda-server.ts';
import { type LocalStackOptions, startLocalStack, stopOnSignals } from '../../server/local-stack.ts';
import { webMount } from '../../server/web.ts';

/** The ids of the Variant packs in a rules folder. */
export function variantIds(dir = RULES_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .filter((f) => (parse(readFileSync(join(dir, f), 'utf8')) as { kind?: string } | null)?.kind === 'Variant')
    .map((f) => f.replace(/\.yaml$/, ''));
}

export interface LocalServer {
  url: string;
  packIds: string[];
  stop(): Promise<void>;
}

/** Starts the local stack and server (also used by the runtime bench). */
export async function startServer(
  options: {
    port?: number;
    dataDir?: string;
    sweepMs?: number;
    quiet?: boolean;
    /** Serve over a DynamoDB (Local) already running, with table names of this prefix (tests). */
    dynamo?: { endpoint: string; tablePrefix: string };
  } = {},
): Promise<LocalServer> {
  const packIds = variantIds();
  // Operators' credit limits: CROUPIER_CREDIT_LIMIT_PER_CALL / _PER_DAY (minor units) over the local defaults.
  const creditLimits = creditLimitsFrom(process.env);
  const stackOptions: LocalStackOptions = {
    packIds,
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...options.dynamo,
  };
  const stack = await startLocalStack(stackOptions);
  const key = loadDevKey();
  const sweeps: (() => Promise<unknown>)[] = [];
  const logger = options.quiet ? new Logger({ serviceName: 'croupier-api', logLevel: 'SILENT' }) : undefined;
  const mounts = packIds.map((id) => {
    const pack = loadPack(id);
    const charts = loadCharts(pack);
    const tableName = stack.tableFor(id);
    const store = openStore(stack.doc, tableName, pack);
    sweeps.push(
      createSweep(
        { pack, charts, store, clock: Date.now, newSeed },
        logger ?? new Logger({ serviceName: 'croupier-sweep', logLevel: 'WARN' }),
      ),
    );
    return {
      basePath: `/${id}`,
      routes: ROUTES,
      publicRoutes: PUBLIC_ROUTES,
      handler: createApi({
        pack,
        charts,
        store,
        rtp: () => rtpRows(pack),
        lines: () => lineRows(pack),
        creditLimits,
        behind: () => behindRows(pack),
        ...(logger ? { logger } : {}),
      }) as unknown as Handler,
    };
  });
  // The web table at / (local only): the page, a player's dev token, AI players (server/web.ts).
  const server = createLambdaServer({
    mounts: [...mounts, webMount({ packs: mounts, devKey: key })],
    jwks: key.jwks,
    issuer: DEV_ISSUER,
    audience: DEV_AUDIENCE,
    log: () => undefined,
  });
  const url = await listen(server, options.port ?? 3000);
  // The sweep EventBridge runs in AWS: finish rounds nobody touches.
  const timer = setInterval(
    () => void Promise.all(sweeps.map((s) => s().catch(() => undefined))),
    options.sweepMs ?? 5000,
  );
  timer.unref();
  return {
    url,
    packIds,
    async stop() {
      clearInterval(timer);
      await new Promise<void>((done) => server.close(() => done()));
      await stack.stop();
    },
  };
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help')) {
    console.log('usage: croupier serve   (PORT overrides 3000)');
    return 0;
  }
  let local: LocalServer;
  try {
    local = await startServer({ port: Number(process.env.PORT ?? 3000) });
  } catch (error) {
    if (error instanceof JavaMissingError) {
      console.error(`croupier serve: ${error.message}`);
      return 1;
    }
    throw error;
  }
  stopOnSignals(() => local.stop());
  console.log(
    JSON.stringify({
      level: 'INFO',
      message: 'serving',
      url: local.url,
      web: `${local.url}/`,
      packs: local.packIds.map((id) => `${local.url}/${id}/`),
      jwks: `${local.url}/.well-known/jwks.json`,
    }),
  );
  await new Promise(() => undefined);
  return 0;
}
