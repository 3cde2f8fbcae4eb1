// Owns THE mapping from error codes to HTTP statuses, and the `{ code, message }` body every error
// response has. Domains (store, auth, engine) throw or return errors with a stable `code`; nothing
// else in the code base picks a status for an error.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpErrorCode =
  | 'not-found'
  | 'method-not-allowed'
  | 'invalid-json'
  | 'invalid-body'
  | 'invalid-path'
  | 'invalid-header'
  | 'unsupported-media-type'
  | 'payload-too-large'
  | 'missing-idempotency-key'
  | 'internal';

/** Errors the HTTP edge itself raises (routing, body parsing). */
export class HttpError extends Error {
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    /** Extra response headers, e.g. `allow` on a 405. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  // the HTTP edge
  'not-found': 404,
  'method-not-allowed': 405,
  'invalid-json': 400,
  'invalid-body': 400,
  'invalid-path': 400,
  'invalid-header': 400,
  'unsupported-media-type': 415,
  'payload-too-large': 413,
  'missing-idempotency-key': 400,
  internal: 500,
  // auth (lambdas/auth/errors.ts)
  unauthorized: 401,
  forbidden: 403,
  // acting on what is not the caller's (lambdas/handlers/ownership.ts, lambdas/handlers/wallets.ts)
  'not-your-seat': 403,
  'not-your-table': 403,
  'not-seated': 403,
  'demo-account': 403,
  // store (lambdas/store/errors.ts)
  conflict: 409,
  'idempotency-in-progress': 409,
  'idempotency-key-reused': 422,
  'invalid-amount': 400,
  'invalid-input': 400,
  'insufficient-funds': 422,
  'table-exists': 409,
  'table-limit': 409,
  'transaction-too-large': 500,
  'duplicate-transaction-item': 500,
  'pack-not-found': 500,
};

/**
 * The status for a code. A code not listed is a rule violation from the engine (data, e.g. an
 * action the rules do not allow now): 422, the request was understood but the rules refuse it.
 * `…-not-found` codes are 404 so domains can name what was missing.
 */
export function statusForCode(code: string): number {
  const known = STATUS_BY_CODE[code];
  if (known !== undefined) return known;
  if (code.endsWith('-not-found')) return 404;
  return 422;
}

export interface ErrorBody {
  code: string;
  message: string;
}

const CODE = /^[a-z][a-z0-9]*(?:[-/_][a-z0-9]+)*$/;

/** A domain error (thrown Error or returned data) carries a lower-case `code` and a `message`. */
export function asDomainError(error: unknown): ErrorBody | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !CODE.test(code)) return undefined; // e.g. Node's ENOENT, SDK internals
  return { code, message: typeof message === 'string' && message ? message : code };
}

export function jsonResult(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * The response for any error. Unknown errors (bugs, SDK failures) become a 500 whose message
 * says nothing about internals; `onInternal` receives the original for logging.
 */
export function errorResult(error: unknown, onInternal?: (error: unknown) => void): APIGatewayProxyStructuredResultV2 {
  const domain = asDomainError(error);
  if (!domain || statusForCode(domain.code) >= 500) {
    onInternal?.(error);
    return jsonResult(500, { code: 'internal', message: 'internal error' } satisfies ErrorBody);
  }
  const headers: Record<string, string> = error instanceof HttpError ? { ...error.headers } : {};
  // A refusal that lapses by itself (a request still in flight, a table busy) says when to try again.
  const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number' && Number.isFinite(retryAfter))
    headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfter)));
  return jsonResult(
    statusForCode(domain.code),
    { code: domain.code, message: domain.message } satisfies ErrorBody,
    headers,
  );
}
