// CloudWatch metrics of the Lambda entry points (Powertools, embedded metric format): requests by
// outcome and their latency for the API, operators' money actions (alarms watch them), tables
// finished and failures for the sweep, and for both the rounds they settled and the money their
// commits moved. Only the AWS entry points emit them;
// tests and the local server use the handlers without this layer. infra/metrics.ts reads them.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { EngineEvent } from '../engine/index.ts';
import { isAi } from './ai-seats.ts';
import type { OperatorMoney } from './operator-money.ts';

const metrics = new Metrics({
  serviceName: 'croupier',
  defaultDimensions: { pack: process.env.CROUPIER_PACK_ID ?? 'unknown' },
});

/** One API request: its outcome by status class, and how long it took. */
export function recordRequest(statusCode: number, milliseconds: number): void {
  metrics.addMetric('Requests', MetricUnit.Count, 1);
  metrics.addMetric(
    statusCode >= 500 ? 'ServerErrors' : statusCode >= 400 ? 'Refusals' : 'Successes',
    MetricUnit.Count,
    1,
  );
  metrics.addMetric('Latency', MetricUnit.Milliseconds, milliseconds);
  metrics.publishStoredMetrics();
}

/**
 * One operator money action that committed: a credit counts in OperatorCredits and adds its minor
 * units to OperatorCreditAmount (alarm on their Sum); a void counts in OperatorVoids.
 */
export function recordOperatorMoney(action: OperatorMoney): void {
  if (action.action === 'credit') {
    metrics.addMetric('OperatorCredits', MetricUnit.Count, 1);
    metrics.addMetric('OperatorCreditAmount', MetricUnit.Count, action.amount);
  } else metrics.addMetric('OperatorVoids', MetricUnit.Count, 1);
  metrics.publishStoredMetrics();
}

/** One sweep: tables finished and tables that failed. */
export function recordSweep(swept: number, failed: number): void {
  metrics.addMetric('TablesSwept', MetricUnit.Count, swept);
  metrics.addMetric('SweepFailures', MetricUnit.Count, failed);
  metrics.publishStoredMetrics();
}

/**
 * What one committed transition did to live play, published with the invocation's other metrics:
 * rounds settled, and the minor units players staked (MoneyIn) and got back (MoneyOut). AI
 * players play for the house's practice points and are left out.
 */
export function recordPlay(events: readonly EngineEvent[]): void {
  let settled = 0;
  let moneyIn = 0;
  let moneyOut = 0;
  for (const e of events) {
    if (e.type === 'round-settled') settled++;
    else if (e.type === 'wallet' && !isAi(e.player)) {
      if (e.delta < 0) moneyIn -= e.delta;
      else moneyOut += e.delta;
    }
  }
  if (settled) metrics.addMetric('RoundsSettled', MetricUnit.Count, settled);
  if (moneyIn) metrics.addMetric('MoneyIn', MetricUnit.Count, moneyIn);
  if (moneyOut) metrics.addMetric('MoneyOut', MetricUnit.Count, moneyOut);
}
