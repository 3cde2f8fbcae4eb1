// Owns a table's own records besides its state: creating it (with its first round, shoe and
// step), the solo tables a player opened, and operator audit entries.
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TableState } from '../engine/index.ts';
import type { DocumentClient } from './client.ts';
import { commit, type TransactItem } from './commit.ts';
import { ConflictError, StoreError } from './errors.ts';
import type { Items } from './items.ts';
import { keys } from './keys.ts';
import { splitState } from './split.ts';

export class Tables {
  constructor(
    private readonly doc: DocumentClient,
    private readonly items: Items,
    private readonly listsPlayers: boolean,
  ) {}

  /**
   * Writes a new table. A table a player opens (`state.host`) is added to their own tables in the
   * same transaction, refused when they already have `maxPerHost`, and left out of the table index:
   * the sweep never reads it, and the player's next request applies whatever came due.
   */
  async create(state: TableState, at: number, maxPerHost = Number.MAX_SAFE_INTEGER): Promise<void> {
    const sp = splitState(state, 0);
    const host = state.host;
    const items: TransactItem[] = [
      this.items.table(
        sp.core,
        1,
        { roundId: state.round.id, shoeId: state.shoe?.id ?? null },
        'attribute_not_exists(PK)',
      ),
      this.items.round(sp.core, state.round.id, sp.round, this.listsPlayers ? [] : null, 1, 'attribute_not_exists(PK)'),
      this.items.step(state.round.id, { at, actor: 'system', log: sp.log, events: sp.events }),
    ];
    if (host === undefined)
      items.push(
        this.items.put(
          { ...keys.tableIndexEntry(state.tableId), type: 'table-index', tableId: state.tableId, createdAt: at },
          'attribute_not_exists(PK)',
        ),
      );
    if (sp.shoe) items.push(this.items.shoe(sp.shoe, 1, 'attribute_not_exists(PK)'));
    if (host !== undefined)
      items.push({
        Update: {
          TableName: this.items.tableName,
          Key: keys.playerTables(host),
          UpdateExpression: 'ADD tables :table',
          ConditionExpression: 'attribute_not_exists(tables) OR size(tables) < :max',
          ExpressionAttributeValues: { ':table': new Set([state.tableId]), ':max': maxPerHost },
        },
      });
    try {
      await commit(this.doc, items);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      if (host !== undefined && error.failedItems.length === 1 && error.failedItems[0] === items.length - 1) {
        const own = [...(await this.ownTables(host))].sort();
        throw new StoreError(
          'table-limit',
          `you have opened ${own.length} tables of your own (${own.join(', ')}), the most a player may; play at one of them`,
        );
      }
      throw new StoreError('table-exists', `table ${state.tableId} already exists`);
    }
  }

  /** Takes a table off the tables a player opened (their session there ended): it counts no more. */
  releaseOwnTable(player: string, tableId: string): TransactItem {
    return {
      Update: {
        TableName: this.items.tableName,
        Key: keys.playerTables(player),
        UpdateExpression: 'DELETE tables :table',
        ExpressionAttributeValues: { ':table': new Set([tableId]) },
      },
    };
  }

  /** The solo tables a player opened. */
  async ownTables(player: string): Promise<Set<string>> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.items.tableName, Key: keys.playerTables(player), ConsistentRead: true }),
    );
    return (Item?.tables as Set<string> | undefined) ?? new Set();
  }

  /** An operator action's audit entry (pause, resume, void), written with the action. */
  auditItem(
    tableId: string,
    at: number,
    entry: { actor: string; action: string; reason: string; roundId?: string },
  ): TransactItem {
    return this.items.put(
      { ...keys.tableAudit(tableId, new Date(at).toISOString(), randomUUID()), type: 'audit', tableId, at, ...entry },
      'attribute_not_exists(PK)',
    );
  }
}
