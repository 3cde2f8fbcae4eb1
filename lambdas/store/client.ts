// Owns how the runtime talks to DynamoDB: one document client per process, pointed at AWS or at
// DynamoDB Local (an endpoint given, with dummy credentials since Local does not check them).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type DocumentClient = DynamoDBDocumentClient;

export interface ClientOptions {
  /** DynamoDB Local's URL; omitted in AWS. */
  endpoint?: string;
  region?: string;
}

export function createDocumentClient(options: ClientOptions = {}): DocumentClient {
  const local = options.endpoint !== undefined;
  const client = new DynamoDBClient({
    region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(local ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    // Optional fields are left out of items rather than written as NULL.
    marshallOptions: { removeUndefinedValues: true },
  });
}
