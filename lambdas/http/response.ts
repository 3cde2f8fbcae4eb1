// Owns writing a Lambda result back to a Node response with API Gateway v2's rules: a structured
// result is used as given; anything else (a bare object or string) is a 200 JSON body.
import type { ServerResponse } from 'node:http';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export function normalizeResult(result: APIGatewayProxyResultV2 | undefined): APIGatewayProxyStructuredResultV2 {
  if (
    result !== null &&
    typeof result === 'object' &&
    'statusCode' in result &&
    typeof result.statusCode === 'number'
  ) {
    return result as APIGatewayProxyStructuredResultV2;
  }
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
  };
}

export function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2 | undefined, method = 'GET'): void {
  const structured = normalizeResult(result);
  const statusCode = structured.statusCode ?? 200;
  for (const [name, value] of Object.entries(structured.headers ?? {})) res.setHeader(name, String(value));
  if (structured.cookies?.length) res.setHeader('set-cookie', structured.cookies);
  const body =
    structured.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8');
  if (!res.hasHeader('content-length')) res.setHeader('content-length', body.length);
  res.statusCode = statusCode;
  res.end(method.toUpperCase() === 'HEAD' || statusCode === 204 || statusCode === 304 ? undefined : body);
}
