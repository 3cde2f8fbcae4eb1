// Owns the WebSocket routes of a pack (API Gateway WebSocket API in AWS, `ws` on the same port
// locally, both calling this): `$connect` checks the token if the query string carries one,
// `$default` takes the protocol's messages (./protocol.ts), `$disconnect` forgets the connection.
// A subscription answers with the table as the caller may see it now when their version is older.
import { type Claims, readClaims } from '../auth/index.ts';
import { audienceOf } from '../handlers/wallets.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { StoreError } from '../store/index.ts';
import { type Connections, MAX_TABLES_PER_CONNECTION } from './connections.ts';
import type { Poster } from './fanout.ts';
import { type ClientMessage, ProtocolError, parseClientMessage, type ServerMessage } from './protocol.ts';
import { ownMessage, publicMessage, readSnapshot, type SnapshotDeps, unboundedPlayers } from './snapshot.ts';

/** The parts of an API Gateway WebSocket event the routes read. */
export interface SocketEvent {
  requestContext: { routeKey: string; connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string | null;
}

export interface SocketResult {
  statusCode: number;
  body?: string;
}

/** Checks a token's signature, issuer, audience and expiry; resolves with its payload or rejects. */
export type TokenVerifier = (token: string) => Promise<Record<string, unknown>>;

export interface SocketDeps extends SnapshotDeps {
  pack: CompiledPack;
  connections: Connections;
  verify: TokenVerifier;
  post: Poster;
  log?: (entry: Record<string, unknown>) => void;
}

export function createSocketHandler(deps: SocketDeps): (event: SocketEvent) => Promise<SocketResult> {
  const { connections } = deps;

  async function claimsOf(token: string): Promise<Claims> {
    let payload: Record<string, unknown>;
    try {
      payload = await deps.verify(token);
    } catch (error) {
      throw new ProtocolError('unauthorized', `the token was refused: ${(error as Error).message}`);
    }
    try {
      return readClaims(payload);
    } catch (error) {
      throw new ProtocolError('unauthorized', (error as Error).message);
    }
  }

  const send = (connectionId: string, message: ServerMessage) =>
    deps.post(connectionId, JSON.stringify(message)).then(() => undefined);

  async function subscribe(connectionId: string, m: Extract<ClientMessage, { action: 'subscribe' }>): Promise<void> {
    const connection = await connections.get(connectionId);
    if (!connection?.audience)
      throw new ProtocolError('unauthorized', 'send {"action":"auth","token":"<JWT>"} (or connect with ?token=) first');
    if (!connection.tables.includes(m.table) && connection.tables.length >= MAX_TABLES_PER_CONNECTION)
      throw new ProtocolError('too-many-tables', `a connection follows at most ${MAX_TABLES_PER_CONNECTION} tables`);
    const audience = connection.audience;
    const who = !unboundedPlayers(deps.pack)
      ? 'all'
      : audience.kind === 'player'
        ? [audience.player]
        : ([] as string[]);
    // The table must exist before it is followed; read again after following, so no change falls between.
    await deps.store.tableItem(m.table).catch((error: unknown) => {
      if (error instanceof StoreError && error.code === 'table-not-found')
        throw new ProtocolError('not-found', `there is no table ${m.table}`);
      throw error;
    });
    await connections.follow(connection, m.table);
    const snapshot = await readSnapshot(deps, m.table, who);
    const current = m.since !== undefined && m.since >= snapshot.version;
    await send(connectionId, { type: 'subscribed', table: m.table, version: snapshot.version, current });
    if (!current) await send(connectionId, ownMessage(snapshot, audience) ?? publicMessage(snapshot));
  }

  async function onMessage(connectionId: string, body: string | null | undefined): Promise<void> {
    const m = parseClientMessage(body);
    switch (m.action) {
      case 'ping':
        return send(connectionId, { type: 'pong' });
      case 'auth': {
        const audience = audienceOf(deps.pack, await claimsOf(m.token));
        const connection = await connections.get(connectionId);
        if (connection?.audience) throw new ProtocolError('bad-message', 'this connection is authenticated already');
        await connections.authenticate(connectionId, audience);
        return send(connectionId, { type: 'authenticated', audience: audience.kind });
      }
      case 'subscribe':
        return subscribe(connectionId, m);
    }
  }

  return async (event) => {
    const { routeKey, connectionId } = event.requestContext;
    if (routeKey === '$connect') {
      const token = event.queryStringParameters?.token;
      try {
        const audience = token ? audienceOf(deps.pack, await claimsOf(token)) : null;
        await connections.open(connectionId, audience);
      } catch (error) {
        if (error instanceof ProtocolError) return { statusCode: 401, body: error.message };
        throw error;
      }
      return { statusCode: 200 };
    }
    if (routeKey === '$disconnect') {
      await connections.close(connectionId);
      return { statusCode: 200 };
    }
    try {
      await onMessage(connectionId, event.body);
    } catch (error) {
      if (error instanceof ProtocolError)
        await send(connectionId, { type: 'error', code: error.code, message: error.message });
      else {
        deps.log?.({
          level: 'ERROR',
          message: 'socket message failed',
          error: String((error as Error)?.stack ?? error),
        });
        await send(connectionId, {
          type: 'error',
          code: 'internal',
          message: 'the message could not be handled; send it again',
        });
      }
    }
    return { statusCode: 200 };
  };
}
