// Owns the local stand-in for API Gateway's WebSocket APIs: `ws` on the HTTP server's port, one
// socket path per pack (`/<pack-id>/socket`, `?token=` optional), each connection handed to the
// pack's WebSocket routes (lambdas/push/socket.ts) as `$connect`, `$default` and `$disconnect`
// events, and the pack's fan-out posting to connections through `post` as API Gateway's
// management API would (a closed socket is `gone`, its 410).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Poster } from '../lambdas/push/fanout.ts';
import type { SocketEvent, SocketResult } from '../lambdas/push/socket.ts';

export type SocketHandler = (event: SocketEvent) => Promise<SocketResult>;

export interface PushServer {
  /** The poster a pack's fan-out and routes use. */
  post: Poster;
  /** Serves a pack's socket routes at `<basePath>/socket`. */
  mount(basePath: string, handler: SocketHandler): void;
  /** Open connections, for tests and the load run. */
  size(): number;
  close(): Promise<void>;
}

const MAX_PAYLOAD = 16 * 1024;

export function attachPush(
  server: Server,
  log: (entry: Record<string, unknown>) => void = () => undefined,
): PushServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const sockets = new Map<string, WebSocket>();
  const handlers = new Map<string, SocketHandler>();

  const post: Poster = async (connectionId, data) => {
    const ws = sockets.get(connectionId);
    if (!ws || ws.readyState !== ws.OPEN) return 'gone';
    ws.send(data);
    return 'sent';
  };

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^(.*)\/socket\/?$/.exec(url.pathname);
    const handler = match ? handlers.get(match[1]!) : undefined;
    if (!handler) return refuse(socket, 404, 'Not Found');
    const connectionId = randomUUID();
    const connected = await handler({
      requestContext: { routeKey: '$connect', connectionId },
      queryStringParameters: Object.fromEntries(url.searchParams),
    });
    if (connected.statusCode !== 200) return refuse(socket, connected.statusCode, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(connectionId, ws);
      // API Gateway hands a connection's messages over one by one here too: in the order sent.
      let queue: Promise<unknown> = Promise.resolve();
      const route = (event: SocketEvent) => {
        queue = queue
          .then(() => handler(event))
          .catch((error: unknown) => log({ level: 'ERROR', message: 'socket route failed', error: String(error) }));
        return queue;
      };
      ws.on('message', (data, binary) => {
        void route({
          requestContext: { routeKey: '$default', connectionId },
          body: binary ? null : String(data),
        });
      });
      ws.on('close', () => {
        sockets.delete(connectionId);
        void route({ requestContext: { routeKey: '$disconnect', connectionId } });
      });
      ws.on('error', () => ws.terminate());
    });
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((error: unknown) => {
      log({ level: 'ERROR', message: 'socket connect failed', error: String(error) });
      refuse(socket, 500, 'Internal Server Error');
    });
  });

  return {
    post,
    mount(basePath, handler) {
      handlers.set(basePath.replace(/\/+$/, ''), handler);
    },
    size: () => sockets.size,
    async close() {
      for (const ws of sockets.values()) ws.terminate();
      await new Promise<void>((done) => wss.close(() => done()));
    },
  };
}
