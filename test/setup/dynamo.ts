// Test helpers over the shared DynamoDB Local: a client on its endpoint and a fresh table per suite,
// so suites running in parallel never see each other's items.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createDocumentClient, type DocumentClient } from '../../lambdas/store/client.ts';
import { createTable, deleteTable } from '../../lambdas/store/table.ts';

export function dynamoEndpoint(): string {
  const endpoint = inject('dynamodbEndpoint') ?? process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) {
    throw new Error('No DynamoDB Local endpoint: add test/setup/dynamodb.ts to globalSetup in vitest.config.ts');
  }
  return endpoint;
}

export interface TestTable {
  doc: DocumentClient;
  tableName: string;
  drop(): Promise<void>;
}

export async function freshTable(prefix = 'test'): Promise<TestTable> {
  const doc = createDocumentClient({ endpoint: dynamoEndpoint() });
  const tableName = `${prefix}-${randomUUID().slice(0, 8)}`;
  await createTable(doc, tableName);
  return { doc, tableName, drop: () => deleteTable(doc, tableName) };
}
