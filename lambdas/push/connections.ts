// Owns the WebSocket connection records in the variant's table (AWS and local alike):
//
// | item                 | PK                      | SK                     | access pattern |
// |----------------------|-------------------------|------------------------|----------------|
// | connection           | `CONN#<connectionId>`   | `CONN`                 | who is connected (audience) and the tables it follows, read by its own messages and at `$disconnect` |
// | table's subscriber   | `PUSH#<tableId>`        | `<who>#<connectionId>` | every connection that follows a table (Query, paged), or one player's (`P#<player>#` prefix): what the fan-out reads per table and batch |
//
// `<who>` is `P#<player>` for a player, `OP` for an operator, `SPEC` for a spectator: a change of a
// few players' own parts reads their connections only, never the table's 10,000 followers.
//
// Both carry `expiresAt` (the table's TTL attribute): API Gateway closes a connection after two
// hours at most, so a record whose `$disconnect` never ran is gone a little later on its own.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Audience } from '../projection/index.ts';
import { type DocumentClient, part, queryItems, TTL_ATTRIBUTE } from '../store/index.ts';

/** API Gateway's longest connection (2 h) and some slack. */
export const CONNECTION_TTL_SECONDS = 2 * 3600 + 600;
/** Tables one connection may follow at once (a page shows one; a lobby a few). */
export const MAX_TABLES_PER_CONNECTION = 8;

export interface Connection {
  connectionId: string;
  /** Null until a token was checked (sent in `$connect`'s query string or as the first message). */
  audience: Audience | null;
  tables: string[];
}

export interface Subscriber {
  connectionId: string;
  audience: Audience;
}

const connectionKey = (connectionId: string) => ({ PK: `CONN#${part(connectionId)}`, SK: 'CONN' });
const whoOf = (audience: Audience): string =>
  audience.kind === 'player' ? `P#${part(audience.player)}` : audience.kind === 'operator' ? 'OP' : 'SPEC';
const subscriberKey = (tableId: string, connectionId: string, audience: Audience) => ({
  PK: `PUSH#${part(tableId)}`,
  SK: `${whoOf(audience)}#${part(connectionId)}`,
});

export class Connections {
  constructor(
    readonly doc: DocumentClient,
    readonly tableName: string,
    private readonly clock: () => number = Date.now,
  ) {}

  private expiresAt(): number {
    return Math.floor(this.clock() / 1000) + CONNECTION_TTL_SECONDS;
  }

  async open(connectionId: string, audience: Audience | null): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          ...connectionKey(connectionId),
          type: 'connection',
          audience: audience ? JSON.stringify(audience) : null,
          tables: [],
          [TTL_ATTRIBUTE]: this.expiresAt(),
        },
      }),
    );
  }

  async get(connectionId: string): Promise<Connection | null> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: connectionKey(connectionId), ConsistentRead: true }),
    );
    if (!Item) return null;
    return {
      connectionId,
      audience: Item.audience ? (JSON.parse(Item.audience as string) as Audience) : null,
      tables: (Item.tables as string[] | undefined) ?? [],
    };
  }

  /** Sets who the connection is (a token sent as its first message); only once. */
  async authenticate(connectionId: string, audience: Audience): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: connectionKey(connectionId),
        UpdateExpression: 'SET audience = :a',
        ConditionExpression: 'attribute_exists(PK) AND audience = :none',
        ExpressionAttributeValues: { ':a': JSON.stringify(audience), ':none': null },
      }),
    );
  }

  /** Follows a table: the connection names it (for `$disconnect`), the table names the connection (for fan-out). */
  async follow(connection: Connection, tableId: string): Promise<void> {
    if (!connection.audience) throw new Error('an unauthenticated connection follows no table');
    const tables = connection.tables.includes(tableId) ? connection.tables : [...connection.tables, tableId];
    await Promise.all([
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: connectionKey(connection.connectionId),
          UpdateExpression: 'SET tables = :t',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':t': tables },
        }),
      ),
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...subscriberKey(tableId, connection.connectionId, connection.audience),
            type: 'subscriber',
            connectionId: connection.connectionId,
            audience: JSON.stringify(connection.audience),
            [TTL_ATTRIBUTE]: this.expiresAt(),
          },
        }),
      ),
    ]);
    connection.tables = tables;
  }

  /** Every connection that follows a table. */
  subscribers(tableId: string): Promise<Subscriber[]> {
    return this.query(tableId);
  }

  /** The connections of these players that follow a table (one small Query per player, at once). */
  async playerSubscribers(tableId: string, players: Iterable<string>): Promise<Subscriber[]> {
    const each = await Promise.all(
      [...players].map((p) => this.query(tableId, `${whoOf({ kind: 'player', player: p })}#`)),
    );
    return each.flat();
  }

  private async query(tableId: string, prefix?: string): Promise<Subscriber[]> {
    const out: Subscriber[] = [];
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :who)' : 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `PUSH#${part(tableId)}`, ...(prefix ? { ':who': prefix } : {}) },
      ProjectionExpression: 'connectionId, audience',
    }))
      out.push({
        connectionId: item.connectionId as string,
        audience: JSON.parse(item.audience as string) as Audience,
      });
    return out;
  }

  /** Forgets a connection (`$disconnect`, or gone when a message was posted to it). */
  async close(connectionId: string): Promise<void> {
    const connection = await this.get(connectionId);
    const audience = connection?.audience;
    await Promise.all([
      this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: connectionKey(connectionId) })),
      ...(audience ? (connection?.tables ?? []) : []).map((t) =>
        this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: subscriberKey(t, connectionId, audience!) })),
      ),
    ]);
  }

  /** Forgets a gone connection as a follower of one table (the fan-out found it gone). */
  async drop(tableId: string, subscriber: Subscriber): Promise<void> {
    const { connectionId, audience } = subscriber;
    await Promise.all([
      this.doc.send(
        new DeleteCommand({ TableName: this.tableName, Key: subscriberKey(tableId, connectionId, audience) }),
      ),
      this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: connectionKey(connectionId) })),
    ]);
  }
}
