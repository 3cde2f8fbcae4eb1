// Owns the running sum of what each operator credited per UTC day (item: keys.ts), so a daily
// credit limit holds across Lambda instances: the credit's own transaction adds to the sum on
// the condition that it stays within the limit, and a race past it fails that condition.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';
import type { TransactItem } from './commit.ts';
import { keys } from './keys.ts';

/** The UTC day of an instant, as the tally's sort key has it. */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** A day's tally is kept two days past its end, then DynamoDB's TTL removes it. */
const KEEP_SECONDS = 3 * 24 * 3600;

export class OperatorCredits {
  constructor(
    private readonly doc: DocumentClient,
    private readonly tableName: string,
  ) {}

  /** What `operator` credited on the UTC day of `at`, in minor units. */
  async creditedOn(operator: string, at: number): Promise<number> {
    const { Item } = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keys.operatorCredits(operator, utcDay(at)),
        ConsistentRead: true,
      }),
    );
    return (Item?.total as number | undefined) ?? 0;
  }

  /** Adds `amount` to the day's sum, only while the sum stays within `perDay` (commit it with the credit). */
  addItem(operator: string, at: number, amount: number, perDay: number): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.operatorCredits(operator, utcDay(at)),
        UpdateExpression: 'SET #total = if_not_exists(#total, :zero) + :amount, operatorId = :op, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(#total) OR #total <= :room',
        ExpressionAttributeNames: { '#total': 'total' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':amount': amount,
          ':room': perDay - amount,
          ':op': operator,
          ':expires': Math.floor(at / 1000) + KEEP_SECONDS,
        },
      },
    };
  }
}
