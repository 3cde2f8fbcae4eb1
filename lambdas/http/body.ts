// Owns reading a JSON request body out of an API Gateway v2 event: malformed JSON is a 400
// with a clear message, never a 5xx.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError } from './errors.ts';

export function jsonBody(event: {
  body?: string;
  isBase64Encoded?: boolean;
  headers?: APIGatewayProxyEventV2['headers'];
}): unknown {
  const raw =
    event.body === undefined
      ? ''
      : event.isBase64Encoded
        ? Buffer.from(event.body, 'base64').toString('utf8')
        : event.body;
  if (raw.trim() === '') throw new HttpError('invalid-json', 'this request needs a JSON body');
  const type = event.headers?.['content-type'];
  if (type && !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError('unsupported-media-type', 'send the body as application/json');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    throw new HttpError('invalid-json', `the body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The Idempotency-Key of a state-changing request (header names are lower-cased in v2 events). */
export function idempotencyKey(event: { headers?: APIGatewayProxyEventV2['headers'] }): string {
  const key = event.headers?.['idempotency-key']?.trim();
  if (!key) throw new HttpError('missing-idempotency-key', 'state-changing requests need an Idempotency-Key header');
  // Part of a DynamoDB key: bounded and plain, so no header can make a key the store refuses.
  if (key.length > 200 || !/^[\x20-\x7e]+$/.test(key))
    throw new HttpError(
      'invalid-header',
      'an Idempotency-Key is 1 to 200 printable ASCII characters (a UUID is a good one)',
    );
  return key;
}
