// Owns the optimistic-locking loop: on a ConflictError, reload and re-apply (the attempt does both),
// with jittered backoff so racing requests spread out instead of colliding again.
import { setTimeout as delay } from 'node:timers/promises';
import { isConflict } from './errors.ts';

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export async function retryOnConflict<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 30;
  const base = options.baseDelayMs ?? 5;
  const max = options.maxDelayMs ?? 200;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!isConflict(error) || n >= attempts) throw error;
      // Full jitter: a random wait up to an exponentially growing cap.
      await delay(Math.random() * Math.min(max, base * 2 ** n));
    }
  }
}
