// CloudWatch metrics of the Lambda entry points (Powertools, embedded metric format): requests by
// outcome and their latency for the API, tables finished and failures for the sweep. Only the AWS
// entry points emit them; tests and the local server use the handlers without this layer.
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

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

/** One sweep: tables finished and tables that failed. */
export function recordSweep(swept: number, failed: number): void {
  metrics.addMetric('TablesSwept', MetricUnit.Count, swept);
  metrics.addMetric('SweepFailures', MetricUnit.Count, failed);
  metrics.publishStoredMetrics();
}
