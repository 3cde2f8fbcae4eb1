// Owns push for `npm start`: each pack's WebSocket routes at `/<pack-id>/socket` on the HTTP
// server's port, and its fan-out fed from the pack table's stream on DynamoDB Local: the same
// handlers as the WebSocket API and the stream-triggered function run in AWS.
import type { Server } from 'node:http';
import type { Jwks } from '../lambdas/auth/index.ts';
import { PackShelf } from '../lambdas/handlers/packs.ts';
import { openStore } from '../lambdas/handlers/wallets.ts';
import type { AiCharts } from '../lambdas/pack/chart.ts';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { Connections } from '../lambdas/push/connections.ts';
import { type ChangeRecord, createFanout, type FanoutResult } from '../lambdas/push/fanout.ts';
import { createSocketHandler } from '../lambdas/push/socket.ts';
import { jwtVerifier } from '../lambdas/push/verify.ts';
import { createDocumentClient, PackArtifacts } from '../lambdas/store/index.ts';
import { attachPush, type SocketHandler } from './push-server.ts';
import { enableStream, pollStream, type StreamPoller } from './stream-poller.ts';

export interface LocalPushOptions {
  server: Server;
  endpoint: string;
  jwks: Jwks;
  issuer: string;
  audience: string;
  /** Told of every fan-out batch (the load run counts messages). */
  onFanout?: (result: FanoutResult) => void;
  log?: (entry: Record<string, unknown>) => void;
}

export interface LocalPush {
  /** Serves a pack's socket routes and fan-out; called again for the same id, serves its new version. */
  serve(id: string, build: { pack: CompiledPack; charts: AiCharts }, tableName: string): Promise<void>;
  connections(): number;
  stop(): Promise<void>;
}

interface Served {
  socket: SocketHandler;
  fanout: (records: ChangeRecord[]) => Promise<FanoutResult>;
}

export function startLocalPush(options: LocalPushOptions): LocalPush {
  const log = options.log ?? (() => undefined);
  const push = attachPush(options.server, log);
  // Push has its own client: its reads are not a command's.
  const doc = createDocumentClient({ endpoint: options.endpoint });
  const verify = jwtVerifier({
    issuer: options.issuer,
    audience: options.audience,
    jwksUri: 'http://127.0.0.1/.well-known/jwks.json',
    jwks: options.jwks,
  });
  const served = new Map<string, Served>();
  const pollers: StreamPoller[] = [];
  return {
    async serve(id, { pack, charts }, tableName) {
      const deps = {
        pack,
        store: openStore(doc, tableName, pack),
        packs: new PackShelf({ pack, charts }, new PackArtifacts(doc, tableName)),
        connections: new Connections(doc, tableName),
        clock: Date.now,
        post: push.post,
        log,
      };
      const version: Served = { socket: createSocketHandler({ ...deps, verify }), fanout: createFanout(deps) };
      const known = served.has(id);
      served.set(id, version);
      if (known) return;
      // Reads the pack's current version on each event: a reload swaps it without a new mount or poller.
      push.mount(`/${id}`, (event) => served.get(id)!.socket(event));
      const streamArn = await enableStream(doc, tableName);
      pollers.push(
        pollStream({
          endpoint: options.endpoint,
          streamArn,
          onRecords: async (records) => {
            const result = await served.get(id)!.fanout(records as ChangeRecord[]);
            options.onFanout?.(result);
          },
          onError: (error) => log({ level: 'ERROR', message: 'fan-out failed', pack: id, error: String(error) }),
        }),
      );
    },
    connections: () => push.size(),
    async stop() {
      await Promise.all(pollers.map((p) => p.stop()));
      await push.close();
      doc.destroy();
    },
  };
}
