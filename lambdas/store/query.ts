// Every item a Query matches, page by page (DynamoDB returns at most 1 MB per page).
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';

export async function* queryItems(
  doc: DocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): AsyncGenerator<Record<string, unknown>> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) yield item;
    start = page.LastEvaluatedKey;
  } while (start);
}
