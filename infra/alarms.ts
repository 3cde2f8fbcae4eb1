// Owns a variant stack's alarms and where they go: one SNS topic; per function errors and
// throttles; the API's 5xx and p99 latency; DynamoDB throttled reads and writes. Thresholds are the
// stage config's, over 5-minute periods; no data means nothing is wrong.
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, type IMetric, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from './config.ts';

const PERIOD = Duration.minutes(5);

export interface VariantAlarmsProps {
  readonly config: StageConfig;
  readonly functions: Readonly<Record<string, IFunction>>;
  readonly api: HttpApi;
  readonly table: ITable;
}

export class VariantAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: VariantAlarmsProps) {
    super(scope, id);
    const { config } = props;
    this.config = config;
    this.topic = new Topic(this, 'Topic', { enforceSSL: true });
    if (config.alarms.email) this.topic.addSubscription(new EmailSubscription(config.alarms.email));

    for (const [name, fn] of Object.entries(props.functions)) {
      this.alarm(
        `${name}Errors`,
        fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        config.alarms.lambdaErrors,
        `${name} function errors`,
      );
      this.alarm(
        `${name}Throttles`,
        fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        config.alarms.lambdaThrottles,
        `${name} function throttles`,
      );
    }
    this.alarm(
      'Api5xx',
      props.api.metricServerError({ period: PERIOD, statistic: 'Sum' }),
      config.alarms.api5xx,
      'API 5xx responses',
    );
    this.alarm(
      'ApiLatencyP99',
      props.api.metricLatency({ period: PERIOD, statistic: 'p99' }),
      config.alarms.apiLatencyP99Ms,
      'API p99 latency (ms)',
    );
    const throttled = new MathExpression({
      expression: 'reads + writes',
      label: 'DynamoDB throttle events',
      period: PERIOD,
      usingMetrics: {
        reads: props.table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
        writes: props.table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' }),
      },
    });
    this.alarm('DynamoThrottles', throttled, config.alarms.dynamoThrottles, 'DynamoDB throttled reads and writes');
  }

  private alarm(id: string, metric: IMetric, threshold: number, what: string): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: this.config.alarms.evaluationPeriods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: `${what} at or above ${threshold} in a 5-minute period`,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}
