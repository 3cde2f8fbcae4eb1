// The DynamoDB Local harness: data in a folder survives a restart, and a missing Java says so.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, test } from 'vitest';
import { keys } from '../../lambdas/store/index.ts';
import { JavaMissingError, startDynamoLocal } from '../../server/dynamo-local.ts';
import { localTableName, startLocalStack } from '../../server/local-stack.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-ddb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a local stack keeps one table per pack and its data across a restart', async () => {
  const first = await startLocalStack({ packIds: ['pack-a', 'pack-b'], dataDir: dir });
  try {
    expect(first.tableFor('pack-b')).toBe(localTableName('pack-b'));
    await first.doc.send(
      new PutCommand({ TableName: first.tableFor('pack-a'), Item: { ...keys.wallet('zoe', 'real'), balance: 42 } }),
    );
  } finally {
    await first.stop();
  }
  const second = await startLocalStack({ packIds: ['pack-a', 'pack-b'], dataDir: dir });
  try {
    const { Item } = await second.doc.send(
      new GetCommand({ TableName: second.tableFor('pack-a'), Key: keys.wallet('zoe', 'real') }),
    );
    expect(Item?.balance).toBe(42);
    expect(() => second.tableFor('unknown')).toThrow(/no local table/);
  } finally {
    await second.stop();
  }
});

test('without Java the harness says what to install', async () => {
  const path = process.env.PATH;
  process.env.PATH = join(dir, 'no-java-here');
  try {
    await expect(startDynamoLocal()).rejects.toBeInstanceOf(JavaMissingError);
    await expect(startDynamoLocal()).rejects.toThrow(/Java 17/);
  } finally {
    process.env.PATH = path;
  }
});
