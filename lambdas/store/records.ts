// Owns reading what was recorded, for recall and history: a round by id with the parts an
// audience may be shown, its steps (./steps.ts), a retired shoe's seed, a player's latest rounds.
// A player's reads are bounded whatever the number of players: their own part and steps only.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ShoeState } from '../core/shoe.ts';
import { batchGet } from './batch.ts';
import type { DocumentClient } from './client.ts';
import { StoreError } from './errors.ts';
import { keys, partitions, prefixes } from './keys.ts';
import { queryItems } from './query.ts';
import type { PlayerPart, RoundShared } from './split.ts';
import type { Step } from './step.ts';
import { readSteps } from './steps.ts';

export interface HistoryEntry {
  roundId: string;
  tableId: string;
  openedAt: number;
}

/** The pack a round ran under, as its round item names it. */
export interface RoundPack {
  id: string;
  version: string;
  sha256: string;
}

interface RecordedParts {
  round: RoundShared;
  version: number;
  tableId: string;
  pack: RoundPack | null;
  parts: Record<string, PlayerPart>;
}

export class Records {
  constructor(
    private readonly doc: DocumentClient,
    private readonly tableName: string,
  ) {}

  /** A round by id with the parts of `who` (every player's by default: a common-draw round may have thousands). */
  async round(roundId: string, who: 'all' | readonly string[] = 'all'): Promise<RecordedParts> {
    const [{ Item }, parts] = await Promise.all([
      this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.round(roundId), ConsistentRead: true })),
      who === 'all' ? this.allParts(roundId) : this.parts(roundId, who),
    ]);
    if (!Item) throw new StoreError('round-not-found', `there is no round ${roundId}`);
    return {
      round: JSON.parse(Item.data as string) as RoundShared,
      version: Item.version as number,
      tableId: Item.tableId as string,
      pack: (Item.pack as RoundPack | undefined) ?? null,
      parts,
    };
  }

  /** A round's steps: shared ones and `player`'s own (every player's when omitted). */
  steps(roundId: string, player?: string): Promise<Step[]> {
    return readSteps(this.doc, this.tableName, roundId, player);
  }

  /** A retired shoe's seed for recall; null while the shoe is live. */
  async retiredShoe(shoeId: string): Promise<{ id: string; seed: string; commitment: string } | null> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.shoe(shoeId), ConsistentRead: true }),
    );
    if (Item?.retired !== true) return null;
    const shoe = JSON.parse(Item.data as string) as ShoeState;
    return { id: shoe.id, seed: shoe.seed, commitment: shoe.commitment };
  }

  /** A player's latest rounds, newest first. */
  async history(player: string, limit: number): Promise<HistoryEntry[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': partitions.player(player), ':p': prefixes.playerHistory },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => ({
      roundId: i.roundId as string,
      tableId: i.tableId as string,
      openedAt: i.openedAt as number,
    }));
  }

  private async parts(roundId: string, who: readonly string[]): Promise<Record<string, PlayerPart>> {
    const out: Record<string, PlayerPart> = {};
    const items = await batchGet(
      this.doc,
      this.tableName,
      who.map((p) => keys.roundPlayer(roundId, p)),
    );
    for (const item of items) out[item.player as string] = JSON.parse(item.data as string) as PlayerPart;
    return out;
  }

  private async allParts(roundId: string): Promise<Record<string, PlayerPart>> {
    const out: Record<string, PlayerPart> = {};
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partitions.round(roundId), ':p': prefixes.roundPlayers },
      ConsistentRead: true,
    }))
      out[item.player as string] = JSON.parse(item.data as string) as PlayerPart;
    return out;
  }
}
