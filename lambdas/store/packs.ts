// Owns the pack artifacts kept in the table (key `PACK#<sha256>`): every pack a table or round
// started under is written once, before anything under it commits, so a round in play can finish
// under its own rules after a deploy changed the baked pack. Items are immutable (content-addressed).
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PackArtifact } from '../pack/artifact.ts';
import type { DocumentClient } from './client.ts';
import { StoreError } from './errors.ts';
import { keys } from './keys.ts';

export class PackArtifacts {
  constructor(
    readonly doc: DocumentClient,
    readonly tableName: string,
  ) {}

  /** Writes an artifact unless its hash is already stored (then nothing changes). */
  async save(artifact: PackArtifact, at: number): Promise<void> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...keys.pack(artifact.sha256),
            type: 'pack',
            packId: artifact.resolved.id,
            version: artifact.resolved.version,
            sha256: artifact.sha256,
            storedAt: at,
            data: JSON.stringify(artifact),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /** The artifact stored under a hash (its content is checked against the hash when compiled). */
  async load(sha256: string): Promise<PackArtifact> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.pack(sha256), ConsistentRead: true }),
    );
    if (!Item)
      throw new StoreError(
        'pack-not-found',
        `pack ${sha256} is not stored: a round started under it cannot be finished`,
      );
    return JSON.parse(Item.data as string) as PackArtifact;
  }
}
