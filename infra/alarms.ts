// Owns a variant stack's alarms and where they go: one SNS topic, told when an alarm is raised and
// when it clears. Counts (function errors, throttles of live play, API 5xx, DynamoDB throttles,
// failed simulations, tables the sweep could not finish) are judged over the stage's `burst` window;
// the share of 4xx answers (a wrong issuer fails every request with 401 before any function runs)
// and p99 latency over its `sustained` window; operator credits over their own period. A sweep
// that stops finishing its runs alarms by itself, and so does missing data there. Thresholds are
// the stage config's (infra/config.ts); elsewhere no data means nothing is wrong.
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { AlarmWindow, StageConfig } from './config.ts';
import { APP_METRICS, appMetric } from './metrics.ts';

/** The sweep runs every minute: fewer than 3 finished runs in 5 minutes means it has stopped. */
export const SWEEP_WINDOW = Duration.minutes(5);
export const SWEEP_MIN_RUNS = 3;

export interface VariantAlarmsProps {
  readonly config: StageConfig;
  readonly packId: string;
  readonly functions: { readonly api: IFunction; readonly sweep: IFunction } & Readonly<Record<string, IFunction>>;
  readonly api: HttpApi;
  readonly table: ITable;
  readonly stateMachine: IStateMachine;
}

/** A push that waits this long in the stream is late enough to page (ms). */
const FANOUT_ITERATOR_AGE_MS = 10_000;

const period = (w: AlarmWindow) => Duration.minutes(w.periodMinutes);

export class VariantAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: VariantAlarmsProps) {
    super(scope, id);
    const { config, packId } = props;
    const { burst, sustained } = config.alarms;
    this.config = config;
    this.topic = new Topic(this, 'Topic', { enforceSSL: true, displayName: `Croupier ${config.stage} ${packId}` });
    if (config.alarms.email) this.topic.addSubscription(new EmailSubscription(config.alarms.email));

    for (const [name, fn] of Object.entries(props.functions))
      this.alarm(
        `${name}Errors`,
        fn.metricErrors({ period: period(burst), statistic: Stats.SUM }),
        config.alarms.lambdaErrors,
        burst,
        `${name} function errors`,
      );
    // Push's fan-out reads the table's stream: records waiting longer than this mean clients hear late.
    if (props.functions.fanout)
      this.alarm(
        'fanoutIteratorAge',
        props.functions.fanout.metric('IteratorAge', { period: period(burst), statistic: Stats.MAXIMUM }),
        FANOUT_ITERATOR_AGE_MS,
        burst,
        'push fan-out stream age (ms)',
      );
    // Live play's functions have reserved concurrency: a throttle means they need more. The
    // simulation's are throttled by design when the pool is busy, and its tasks retry.
    for (const name of ['api', 'sweep'] as const)
      this.alarm(
        `${name}Throttles`,
        props.functions[name].metricThrottles({ period: period(burst), statistic: Stats.SUM }),
        config.alarms.lambdaThrottles,
        burst,
        `${name} function throttles`,
      );

    this.alarm(
      'Api5xx',
      props.api.metricServerError({ period: period(burst), statistic: Stats.SUM }),
      config.alarms.api5xx,
      burst,
      'API 5xx responses',
    );
    const { rate, minRequests } = config.alarms.clientErrorRate;
    this.alarm(
      'Api4xxRate',
      new MathExpression({
        expression: `IF(requests >= ${minRequests}, refused / requests, 0)`,
        label: `share of requests answered 4xx (periods with ${minRequests}+ requests)`,
        period: period(sustained),
        usingMetrics: {
          requests: props.api.metricCount({ period: period(sustained), statistic: Stats.SUM }),
          refused: props.api.metricClientError({ period: period(sustained), statistic: Stats.SUM }),
        },
      }),
      rate,
      sustained,
      'share of API requests answered 4xx (401 for all: check the issuer, audience and role claim)',
    );
    this.alarm(
      'ApiLatencyP99',
      props.api.metricLatency({ period: period(sustained), statistic: Stats.p(99) }),
      config.alarms.apiLatencyP99Ms,
      sustained,
      'API p99 latency (ms)',
    );
    this.alarm(
      'DynamoThrottles',
      new MathExpression({
        expression: 'reads + writes',
        label: 'DynamoDB throttle events',
        period: period(burst),
        usingMetrics: {
          reads: props.table.metric('ReadThrottleEvents', { period: period(burst), statistic: Stats.SUM }),
          writes: props.table.metric('WriteThrottleEvents', { period: period(burst), statistic: Stats.SUM }),
        },
      }),
      config.alarms.dynamoThrottles,
      burst,
      'DynamoDB throttled reads and writes',
    );
    this.alarm(
      'SimulationFailures',
      new MathExpression({
        expression: 'failed + timedOut',
        label: 'simulation executions failed or timed out',
        period: period(burst),
        usingMetrics: {
          failed: props.stateMachine.metricFailed({ period: period(burst), statistic: Stats.SUM }),
          timedOut: props.stateMachine.metricTimedOut({ period: period(burst), statistic: Stats.SUM }),
        },
      }),
      config.alarms.simulationFailures,
      burst,
      'simulation executions failed or timed out',
    );
    this.alarm(
      'SweepFailures',
      appMetric(config, packId, APP_METRICS.sweepFailures, Stats.SUM, period(burst)),
      config.alarms.sweepFailures,
      burst,
      'tables the sweep could not finish',
    );
    const sweep = props.functions.sweep;
    this.alarms.push(
      this.notify(
        new Alarm(this, 'SweepStalled', {
          metric: new MathExpression({
            expression: 'FILL(runs, 0) - FILL(errors, 0)',
            label: 'sweep runs that finished',
            period: SWEEP_WINDOW,
            usingMetrics: {
              runs: sweep.metricInvocations({ period: SWEEP_WINDOW, statistic: Stats.SUM }),
              errors: sweep.metricErrors({ period: SWEEP_WINDOW, statistic: Stats.SUM }),
            },
          }),
          threshold: SWEEP_MIN_RUNS,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
          treatMissingData: TreatMissingData.BREACHING,
          alarmDescription: `Fewer than ${SWEEP_MIN_RUNS} sweep runs finished in 5 minutes (it runs every minute): stale rounds are no longer being finished`,
        }),
      ),
    );

    const credits = config.alarms.operatorCredits;
    const creditWindow: AlarmWindow = {
      periodMinutes: credits.periodMinutes,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
    };
    this.alarm(
      'OperatorCredits',
      appMetric(config, packId, APP_METRICS.operatorCredits, Stats.SUM, period(creditWindow)),
      credits.count,
      creditWindow,
      'operator credits',
    );
    this.alarm(
      'OperatorCreditAmount',
      appMetric(config, packId, APP_METRICS.operatorCreditAmount, Stats.SUM, period(creditWindow)),
      credits.amount,
      creditWindow,
      'minor units credited by operators',
    );
  }

  private alarm(id: string, metric: IMetric, threshold: number, window: AlarmWindow, what: string): void {
    const periods =
      window.evaluationPeriods === 1
        ? `in a ${window.periodMinutes}-minute period`
        : `in ${window.datapointsToAlarm} of the last ${window.evaluationPeriods} ${window.periodMinutes}-minute periods`;
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: window.evaluationPeriods,
      datapointsToAlarm: window.datapointsToAlarm,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `${what} at or above ${threshold} ${periods} (${this.config.stage})`,
    });
    this.alarms.push(this.notify(alarm));
  }

  private notify(alarm: Alarm): Alarm {
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    return alarm;
  }
}
