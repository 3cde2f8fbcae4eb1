// The HTTP edge's public surface: API Gateway v2 events from Node requests, results back, routing,
// JSON bodies, and the one error-code → status map.
export { idempotencyKey, jsonBody } from './body.ts';
export {
  asDomainError,
  type ErrorBody,
  errorResult,
  HttpError,
  type HttpErrorCode,
  jsonResult,
  STATUS_BY_CODE,
  statusForCode,
} from './errors.ts';
export { type EventOptions, type JwtClaims, readBody, requestPath, stripBasePath, toApiGatewayEvent } from './event.ts';
export { normalizeResult, writeResult } from './response.ts';
export { createRouter, type RouteMatch, type RouteResult, type Router } from './router.ts';
