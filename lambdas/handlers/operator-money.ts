// Owns the limits on operators' money actions and their accounting. A credit above the per-call
// limit, or one that would take the operator past the per-day limit (UTC day, summed across
// every instance: lambdas/store/credits.ts), is refused with 422 `credit-limit` naming the limit.
// Every credit and void is in the ledger with the operator as actor and their reason, and is
// reported to `onOperatorMoney` (the Lambda entry counts it in CloudWatch metrics, which alarm).
import { formatMoney } from '../engine/index.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import type { TransactItem } from '../store/index.ts';
import { OperatorCredits } from '../store/index.ts';
import { RuleError } from './game.ts';

/** In minor units of the pack's currency. */
export interface CreditLimits {
  perCall: number;
  perDay: number;
}

/**
 * `npm start` and tests: one web-page top-up (1,000,000.00 in a currency of cents) per call, and
 * far more per day than a developer credits. Stages set theirs in infra/config.ts.
 */
export const LOCAL_CREDIT_LIMITS: CreditLimits = { perCall: 100_000_000, perDay: 10_000_000_000 };

/** What the Lambda (or `npm start`) is given: CROUPIER_CREDIT_LIMIT_PER_CALL and _PER_DAY, minor units. */
export function creditLimitsFrom(
  env: Record<string, string | undefined>,
  fallback = LOCAL_CREDIT_LIMITS,
): CreditLimits {
  const read = (name: string, otherwise: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return otherwise;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`${name}=${text} is not a whole number of minor units`);
    return value;
  };
  const perCall = read('CROUPIER_CREDIT_LIMIT_PER_CALL', fallback.perCall);
  const perDay = read('CROUPIER_CREDIT_LIMIT_PER_DAY', fallback.perDay);
  if (perDay < perCall) throw new Error(`the daily credit limit (${perDay}) is below the per-call limit (${perCall})`);
  return { perCall, perDay };
}

/** An operator's money action, once it committed (replays are not counted again). */
export type OperatorMoney = { action: 'credit'; amount: number } | { action: 'void' };

export class CreditGuard {
  private readonly credits: OperatorCredits;

  constructor(
    private readonly pack: CompiledPack,
    private readonly limits: CreditLimits,
    doc: ConstructorParameters<typeof OperatorCredits>[0],
    tableName: string,
  ) {
    this.credits = new OperatorCredits(doc, tableName);
  }

  private money = (minor: number) => formatMoney(this.pack.currency, minor);

  /** Refuses a credit above the per-call limit; to check before anything is read. */
  checkCall(amount: number): void {
    if (amount > this.limits.perCall)
      throw new RuleError({
        code: 'credit-limit',
        message: `a credit is at most ${this.money(this.limits.perCall)} per call (the per-call limit); this one is ${this.money(amount)}`,
      });
  }

  /** The write that counts the credit against the operator's day, or a refusal when it would pass the daily limit. */
  async dayItem(operator: string, at: number, amount: number): Promise<TransactItem> {
    const credited = await this.credits.creditedOn(operator, at);
    if (credited + amount > this.limits.perDay)
      throw new RuleError({
        code: 'credit-limit',
        message: `an operator credits at most ${this.money(this.limits.perDay)} a day (UTC; the per-day limit); you have credited ${this.money(credited)} today, and this credit of ${this.money(amount)} would pass it`,
      });
    return this.credits.addItem(operator, at, amount, this.limits.perDay);
  }
}
