// The HTTP edge's public surface: API Gateway v2 events from Node requests, results back, routing,
// JSON bodies, and the one error-code → status map.
export { idempotencyKey, jsonBody } from './body.ts';
export {
  asDomainError,
  errorResult,
  HttpError,
  jsonResult,
  STATUS_BY_CODE,
  statusForCode,
  type ErrorBody,
  type HttpErrorCode,
} from './errors.ts';
export { readBody, requestPath, stripBasePath, toApiGatewayEvent, type EventOptions, type JwtClaims } from './event.ts';
export { normalizeResult, writeResult } from './response.ts';
export { createRouter, type RouteMatch, type RouteResult, type Router } from './router.ts';
