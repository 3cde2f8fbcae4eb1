// Owns the one check every amount of money passes: integers of minor units, never floats.
import { StoreError } from './errors.ts';

export function assertMinorUnits(value: unknown, what: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new StoreError('invalid-amount', `${what} must be a whole number of minor units, got ${String(value)}`);
  }
}

export function assertPositiveMinorUnits(value: unknown, what: string): asserts value is number {
  assertMinorUnits(value, what);
  if (value <= 0) throw new StoreError('invalid-amount', `${what} must be greater than zero, got ${value}`);
}
