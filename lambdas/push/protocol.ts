// Owns the push protocol's messages (docs/push.md): what a client may send, checked like a request
// body, and what the server sends. Every view in a message comes from the projection.
import { pathParameterSchema } from '../http/validate.ts';
import type { TableView } from '../projection/index.ts';

/** Table ids as the HTTP API's path parameters allow them. */
const TABLE_ID_SCHEMA = pathParameterSchema('TablePath', 'tableId') as { pattern: string; description: string };
const TABLE_ID = new RegExp(TABLE_ID_SCHEMA.pattern, 'u');
const MAX_MESSAGE_CHARS = 8192;

export type ClientMessage =
  | { action: 'auth'; token: string }
  | { action: 'subscribe'; table: string; since?: number }
  | { action: 'ping' };

export type ServerMessage =
  /**
   * A table as the receiver may see it. `audience: 'you'`: the receiver's own projection (replace
   * the view); `'table'`: what the table shows everyone (keep your own bets, hands and moves from
   * the last `you` message of the same round).
   */
  | { type: 'table'; table: string; version: number; audience: 'you' | 'table'; view: TableView }
  /** Subscribed; `current`: the version named in `since` is the table's, nothing was missed. */
  | { type: 'subscribed'; table: string; version: number; current: boolean }
  | { type: 'authenticated'; audience: string }
  | { type: 'error'; code: string; message: string }
  | { type: 'pong' };

export class ProtocolError extends Error {
  constructor(
    readonly code: 'bad-message' | 'unauthorized' | 'not-found' | 'too-many-tables',
    message: string,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

const ALLOWED =
  'send {"action":"subscribe","table":"<tableId>","since":<version>}, {"action":"auth","token":"<JWT>"} or {"action":"ping"}';

/** Parses a client's message; a ProtocolError says what is wrong and what is allowed. */
export function parseClientMessage(text: string | undefined | null): ClientMessage {
  if (typeof text !== 'string' || text.length === 0)
    throw new ProtocolError('bad-message', `empty message: ${ALLOWED}`);
  if (text.length > MAX_MESSAGE_CHARS)
    throw new ProtocolError('bad-message', `a message has at most ${MAX_MESSAGE_CHARS} characters`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProtocolError('bad-message', `a message is one JSON object: ${ALLOWED}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ProtocolError('bad-message', `a message is one JSON object: ${ALLOWED}`);
  const m = body as Record<string, unknown>;
  const extra = (allowed: string[]) => Object.keys(m).filter((k) => !allowed.includes(k));
  const refuseExtra = (allowed: string[]) => {
    const bad = extra(allowed);
    if (bad.length)
      throw new ProtocolError('bad-message', `unknown field ${bad[0]} in ${String(m.action)}: ${ALLOWED}`);
  };
  switch (m.action) {
    case 'ping':
      refuseExtra(['action']);
      return { action: 'ping' };
    case 'auth':
      refuseExtra(['action', 'token']);
      if (typeof m.token !== 'string' || m.token.length === 0 || m.token.length > 4096)
        throw new ProtocolError('bad-message', 'auth needs "token": the JWT, as a string of at most 4096 characters');
      return { action: 'auth', token: m.token };
    case 'subscribe': {
      refuseExtra(['action', 'table', 'since']);
      if (typeof m.table !== 'string' || !TABLE_ID.test(m.table))
        throw new ProtocolError('bad-message', `subscribe needs "table": a table id (${TABLE_ID_SCHEMA.description})`);
      if (m.since !== undefined && !(Number.isSafeInteger(m.since) && (m.since as number) >= 0))
        throw new ProtocolError('bad-message', '"since" is the last version you saw: a non-negative integer');
      return { action: 'subscribe', table: m.table, ...(m.since !== undefined ? { since: m.since as number } : {}) };
    }
    default:
      throw new ProtocolError('bad-message', `unknown action ${JSON.stringify(m.action ?? null)}: ${ALLOWED}`);
  }
}
