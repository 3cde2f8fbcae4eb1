// Owns leases: what a live holder of a table lock or an idempotency claim does to keep it. A lease
// runs LEASE_MS from its last renewal; the holder renews it every third of that while it works, so
// a holder that dies (a killed process, a Lambda that timed out) loses it within LEASE_MS and the
// next request takes over. Correctness never rests on the time: every write a holder makes is
// fenced (conditioned on still holding the lock or claim), so a late holder's writes fail.
import { setInterval } from 'node:timers';

/** How long a lock or claim holds without renewal. */
export const LEASE_MS = 3000;

export interface Lease {
  /** Stops renewing (the work is done, or given up). */
  stop(): void;
  /** The lease was found taken over: the holder's writes will fail their fencing condition. */
  readonly lost: boolean;
}

/**
 * Renews a lease every third of `leaseMs` until stopped. `renew` answers false when the lease is
 * no longer the holder's; a renewal that fails otherwise (a network error) is tried again next time.
 */
export function renewing(leaseMs: number, renew: () => Promise<boolean>): Lease {
  let lost = false;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    renew()
      .then((held) => {
        if (!held) {
          lost = true;
          clearInterval(timer);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, leaseMs / 3);
  // A lease never keeps a process alive on its own.
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    get lost() {
      return lost;
    },
  };
}
