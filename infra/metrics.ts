// Owns how the stack names the metrics its Lambda functions publish (lambdas/handlers/metrics.ts,
// Powertools embedded metric format): the stage's namespace, the `service` and `pack` dimensions,
// and the metric names alarms and the dashboard read. test/infra/metrics.test.ts runs the real
// emitters and checks that what they publish is what is read here.
import type { Duration } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { StageConfig } from './config.ts';

/** Powertools' `service` dimension: the service name lambdas/handlers/metrics.ts publishes under. */
export const METRICS_SERVICE = 'croupier';

/** The metrics the functions publish, by what they count. */
export const APP_METRICS = {
  /** API: every request, then one of the three outcomes; Latency in ms. */
  requests: 'Requests',
  successes: 'Successes',
  refusals: 'Refusals',
  serverErrors: 'ServerErrors',
  latency: 'Latency',
  /** Sweep: tables finished, tables it could not finish. */
  tablesSwept: 'TablesSwept',
  sweepFailures: 'SweepFailures',
  /** Play (API and sweep): rounds settled; minor units players staked and got back. */
  roundsSettled: 'RoundsSettled',
  moneyIn: 'MoneyIn',
  moneyOut: 'MoneyOut',
  /** API: operator credits (a count) and their amount in minor units (integrity issue #46). */
  operatorCredits: 'OperatorCredits',
  operatorCreditAmount: 'OperatorCreditAmount',
} as const;

export type AppMetricName = (typeof APP_METRICS)[keyof typeof APP_METRICS];

/** One of a variant's own metrics, as its functions publish it. */
export function appMetric(
  config: StageConfig,
  packId: string,
  name: AppMetricName,
  statistic: string,
  period: Duration,
  label?: string,
): Metric {
  return new Metric({
    namespace: config.metricsNamespace,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE, pack: packId },
    statistic,
    period,
    label,
  });
}
