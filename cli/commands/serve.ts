// `npm start`: every Variant pack in rules/ served locally through the very Lambda handlers, at
// http://localhost:3000/<pack-id>/... (PORT overrides), over DynamoDB Local with its data kept in
// .local/dynamodb; JWKS at /.well-known/jwks.json; DynamoDB Local stops with the server. rules/ is
// watched: an edited or new pack serves new rounds within a second or so (server/live-packs.ts).

import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { parse } from 'yaml';
import { DEV_AUDIENCE, DEV_ISSUER, loadDevKey } from '../../lambdas/auth/index.ts';
import { newSeed } from '../../lambdas/core/rng.ts';
import { createApi, creditLimitsFrom, openStore, PUBLIC_ROUTES, ROUTES } from '../../lambdas/handlers/api.ts';
import { createSweep } from '../../lambdas/handlers/sweep.ts';
import { behindRows, lineRows, rtpRows } from '../../lambdas/math/index.ts';
import { RULES_DIR } from '../../lambdas/pack/load.ts';
import { JavaMissingError } from '../../server/dynamo-local.ts';
import { createLambdaServer, type Handler, listen, type Mount } from '../../server/lambda-server.ts';
import { LivePacks, type PackStatus } from '../../server/live-packs.ts';
import { type LocalPush, startLocalPush } from '../../server/local-push.ts';
import { startLocalStack, stopOnSignals } from '../../server/local-stack.ts';
import { type Studio, studioMount } from '../../server/studio.ts';
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
  /** The packs served now and the pack files that do not compile. */
  status(): PackStatus;
  stop(): Promise<void>;
}

export interface ServerOptions {
  port?: number;
  dataDir?: string;
  sweepMs?: number;
  quiet?: boolean;
  /** The rules folder to serve and watch (default rules/). */
  rulesDir?: string;
  /** Serve over a DynamoDB (Local) already running, with table names of this prefix (tests). */
  dynamo?: { endpoint: string; tablePrefix: string };
  /** Round seeds (default: cryptographic); tests give seeded ones. */
  newSeed?: () => Uint8Array;
  /** The development key's file (default .local/dev-key.json). */
  devKeyPath?: string;
  /** Where log lines go (default: stdout as JSON). */
  log?: (entry: Record<string, unknown>) => void;
  /** Serve only these packs of the rules folder (a load run's). */
  packIds?: readonly string[];
  /** DynamoDB Local keeps nothing on disk (a load run's throwaway data). */
  inMemory?: boolean;
  /** How long DynamoDB Local may take to answer first (a busy machine). */
  startTimeoutMs?: number;
  /**
   * Told the name of every DynamoDB call the HTTP handlers make (the load run counts them), and,
   * for a transaction DynamoDB cancelled, why (`TransactionConflict`, `ConditionalCheckFailed`).
   */
  onDynamoCall?: (command: string, cancelled?: string[]) => void;
  /** Told of every push fan-out batch. */
  onFanout?: Parameters<typeof startLocalPush>[0]['onFanout'];
}

/** Starts the local stack and server, watching the rules folder (also used by the runtime bench and tests). */
export async function startServer(options: ServerOptions = {}): Promise<LocalServer> {
  const rulesDir = options.rulesDir ?? RULES_DIR;
  const log = (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(entry)}\n`);
  const stack = await startLocalStack({
    packIds: [],
    ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    ...(options.inMemory ? { dataDir: undefined } : {}),
    ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
    ...options.dynamo,
  });
  const onCall = options.onDynamoCall;
  if (onCall)
    stack.doc.middlewareStack.add(
      (next, context) => async (args) => {
        const command = String(context.commandName).replace(/Command$/, '');
        try {
          const out = await next(args);
          onCall(command);
          return out;
        } catch (error) {
          const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
          onCall(
            command,
            reasons?.map((r) => r.Code ?? 'None').filter((c) => c !== 'None'),
          );
          throw error;
        }
      },
      { step: 'initialize', name: 'countCalls' },
    );
  // Operators' credit limits: CROUPIER_CREDIT_LIMIT_PER_CALL / _PER_DAY (minor units) over the local defaults.
  const creditLimits = creditLimitsFrom(process.env);
  const key = loadDevKey(options.devKeyPath);
  const seeds = options.newSeed ?? newSeed;
  const logger = options.quiet ? new Logger({ serviceName: 'croupier-api', logLevel: 'SILENT' }) : undefined;
  let push: LocalPush | undefined;
  const live = new LivePacks({
    rulesDir,
    ...(options.packIds ? { only: options.packIds } : {}),
    routes: ROUTES,
    publicRoutes: PUBLIC_ROUTES,
    log: options.log ?? (options.quiet ? () => undefined : log),
    async serve(id, { pack, charts }) {
      const tableName = await stack.addTable(id);
      const store = openStore(stack.doc, tableName, pack);
      await push?.serve(id, { pack, charts }, tableName);
      return {
        sweep: createSweep(
          { pack, charts, store, clock: Date.now, newSeed: seeds },
          logger ?? new Logger({ serviceName: 'croupier-sweep', logLevel: 'WARN' }),
        ),
        handler: createApi({
          pack,
          charts,
          store,
          newSeed: seeds,
          rtp: () => rtpRows(pack),
          lines: () => lineRows(pack),
          behind: () => behindRows(pack),
          creditLimits,
          ...(logger ? { logger } : {}),
        }) as unknown as Handler,
      };
    },
  });
  let stopWatching: () => void = () => undefined;
  let server: Server | undefined;
  let studio: Studio | undefined;
  try {
    // The web table at / (local only): the page, a player's dev token, AI players (server/web.ts).
    const web = webMount({ packs: live.mounts, status: live.status, devKey: key });
    // The studio (local only): edit a pack in the page, with the validator and the exact RTP as you type.
    studio = studioMount(rulesDir);
    let withWeb: readonly Mount[] = [];
    let from: readonly Mount[] | undefined;
    server = createLambdaServer({
      mounts: () => {
        if (live.mounts() !== from) withWeb = [...(from = live.mounts()), web, studio!.mount];
        return withWeb;
      },
      jwks: key.jwks,
      issuer: DEV_ISSUER,
      audience: DEV_AUDIENCE,
      log: () => undefined,
    });
    // Server push: each pack's WebSocket routes on this port, fed from its table's stream.
    push = startLocalPush({
      server,
      endpoint: stack.endpoint,
      jwks: key.jwks,
      issuer: DEV_ISSUER,
      audience: DEV_AUDIENCE,
      ...(options.onFanout ? { onFanout: options.onFanout } : {}),
    });
    await live.reload();
    stopWatching = live.watch();
    const url = await listen(server, options.port ?? 3000);
    // The sweep EventBridge runs in AWS: finish rounds nobody touches.
    const timer = setInterval(
      () => void Promise.all(live.sweeps().map((s) => s().catch(() => undefined))),
      options.sweepMs ?? 5000,
    );
    timer.unref();
    const running = server;
    const pushing = push;
    return {
      url,
      get packIds() {
        return live.ids();
      },
      status: live.status,
      async stop() {
        clearInterval(timer);
        stopWatching();
        await studio?.stop();
        await pushing.stop();
        running.closeAllConnections();
        await new Promise<void>((done) => running.close(() => done()));
        await stack.stop();
      },
    };
  } catch (error) {
    stopWatching();
    await studio?.stop();
    await push?.stop();
    server?.close();
    await stack.stop();
    throw error;
  }
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
