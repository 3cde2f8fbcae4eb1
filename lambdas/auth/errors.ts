// Owns the auth domain's one error type. `code` is what HTTP maps to a status (401 / 403);
// `reason` says which check failed, for logs and tests, and is never needed by clients.
export type AuthErrorCode = 'unauthorized' | 'forbidden';

export type AuthFailure =
  | 'missing-token'
  | 'malformed'
  | 'unsupported-algorithm'
  | 'unknown-key'
  | 'bad-signature'
  | 'expired'
  | 'not-yet-valid'
  | 'wrong-issuer'
  | 'wrong-audience'
  | 'bad-claims'
  | 'wrong-role'
  | 'not-owner';

export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    readonly reason: AuthFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const unauthorized = (reason: AuthFailure, message: string) => new AuthError('unauthorized', reason, message);
export const forbidden = (reason: AuthFailure, message: string) => new AuthError('forbidden', reason, message);
