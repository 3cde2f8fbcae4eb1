// Vitest global setup: one DynamoDB Local (in memory) for the whole run, stopped at the end.
// Tests read the endpoint with `inject('dynamodbEndpoint')` (or DYNAMODB_ENDPOINT); see ./dynamo.ts.
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../server/dynamo-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dynamo = await startDynamoLocal();
  project.provide('dynamodbEndpoint', dynamo.endpoint);
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  return async () => {
    await dynamo.stop();
  };
}
