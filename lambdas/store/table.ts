// Owns creating the single table (tests and `npm start`; in AWS the CDK stack creates it with the
// same key schema and TTL attribute): PK/SK strings, on-demand billing, TTL on `expiresAt`.

import { setTimeout as delay } from 'node:timers/promises';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { DocumentClient } from './client.ts';
import { TTL_ATTRIBUTE } from './keys.ts';

async function waitUntilActive(doc: DocumentClient, tableName: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { Table } = await doc.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') return;
    await delay(100);
  }
  throw new Error(`table ${tableName} did not become ACTIVE`);
}

/** Creates the table if it is missing (so `npm start` can run it on every start); returns whether it was new. */
export async function createTable(doc: DocumentClient, tableName: string): Promise<boolean> {
  let created = true;
  try {
    await doc.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'PK', AttributeType: 'S' },
          { AttributeName: 'SK', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'PK', KeyType: 'HASH' },
          { AttributeName: 'SK', KeyType: 'RANGE' },
        ],
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    created = false;
  }
  await waitUntilActive(doc, tableName);
  if (created) {
    await doc.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
  }
  return created;
}

export async function deleteTable(doc: DocumentClient, tableName: string): Promise<void> {
  try {
    await doc.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}
