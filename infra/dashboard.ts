// Owns a variant's CloudWatch dashboard, what an operator looks at before reading logs: the alarms'
// states; requests by outcome, errors and latency; live play's concurrency against its reservation;
// rounds settled and tables swept; money in and out (players' stakes and returns, operator credits);
// simulations. One-minute resolution, the last 24 hours unless the operator picks another range.
import { Aws, Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  type Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Stats,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { StageConfig } from './config.ts';
import { APP_METRICS, type AppMetricName, appMetric } from './metrics.ts';

const MINUTE = Duration.minutes(1);
const WIDTH = 8;
const HEIGHT = 6;

export interface VariantDashboardProps {
  readonly config: StageConfig;
  readonly packId: string;
  readonly stackName: string;
  readonly functions: { readonly api: IFunction; readonly sweep: IFunction } & Readonly<Record<string, IFunction>>;
  readonly api: HttpApi;
  readonly stateMachine: IStateMachine;
  readonly alarms: readonly Alarm[];
}

export class VariantDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: VariantDashboardProps) {
    super(scope, id);
    const { config, packId, functions, api, stateMachine } = props;
    const own = (name: AppMetricName, label: string) => appMetric(config, packId, name, Stats.SUM, MINUTE, label);
    const sum = { period: MINUTE, statistic: Stats.SUM };
    const graph = (title: string, left: IMetric[], more: Partial<ConstructorParameters<typeof GraphWidget>[0]> = {}) =>
      new GraphWidget({ title, left, width: WIDTH, height: HEIGHT, ...more });

    // Dashboard names are per account, across regions: the region keeps two deployments apart.
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${props.stackName}-${Aws.REGION}`,
      defaultInterval: Duration.hours(24),
    });
    this.dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${props.stackName}\nRequests, errors and latency of the API; rounds and money of live play (minor units); the simulation. Alarms go to the stack's \`AlarmTopicArn\` output.`,
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new AlarmStatusWidget({ title: 'Alarms', alarms: [...props.alarms], width: 24, height: 4 }),
    );
    this.dashboard.addWidgets(
      graph(
        'Requests by outcome',
        [
          own(APP_METRICS.successes, '2xx'),
          own(APP_METRICS.refusals, '4xx from the API'),
          own(APP_METRICS.serverErrors, '5xx from the API'),
        ],
        { stacked: true },
      ),
      graph('At the gateway: requests, 4xx (incl. refused tokens), 5xx', [
        api.metricCount({ ...sum, label: 'requests' }),
        api.metricClientError({ ...sum, label: '4xx' }),
        api.metricServerError({ ...sum, label: '5xx' }),
      ]),
      graph(
        'Latency (ms)',
        [
          api.metricLatency({ period: MINUTE, statistic: Stats.p(50), label: 'p50' }),
          api.metricLatency({ period: MINUTE, statistic: Stats.p(99), label: 'p99' }),
        ],
        { leftAnnotations: [{ value: config.alarms.apiLatencyP99Ms, label: 'p99 alarm' }] },
      ),
    );
    this.dashboard.addWidgets(
      graph(
        'Function errors',
        Object.entries(functions).map(([name, fn]) => fn.metricErrors({ ...sum, label: name })),
      ),
      graph(
        'API concurrency',
        [functions.api.metric('ConcurrentExecutions', { period: MINUTE, statistic: Stats.MAXIMUM, label: 'api' })],
        {
          right: [functions.api.metricThrottles({ ...sum, label: 'throttles' })],
          leftAnnotations: [{ value: config.concurrency.api, label: 'reserved' }],
        },
      ),
      graph('Rounds settled, tables swept', [
        own(APP_METRICS.roundsSettled, 'rounds settled'),
        own(APP_METRICS.tablesSwept, 'tables swept'),
        own(APP_METRICS.sweepFailures, 'sweep failures'),
      ]),
    );
    const moneyIn = own(APP_METRICS.moneyIn, 'staked by players');
    const moneyOut = own(APP_METRICS.moneyOut, 'returned to players');
    this.dashboard.addWidgets(
      graph('Money in and out (minor units)', [moneyIn, moneyOut], {
        right: [
          new MathExpression({
            expression: 'FILL(stakes, 0) - FILL(returns, 0)',
            usingMetrics: { stakes: moneyIn, returns: moneyOut },
            label: 'house result',
            period: MINUTE,
          }),
        ],
      }),
      graph('Operator credits', [own(APP_METRICS.operatorCreditAmount, 'minor units credited')], {
        right: [own(APP_METRICS.operatorCredits, 'credits')],
      }),
      graph('Simulations', [
        stateMachine.metricStarted({ ...sum, label: 'started' }),
        stateMachine.metricSucceeded({ ...sum, label: 'succeeded' }),
        stateMachine.metricFailed({ ...sum, label: 'failed' }),
        stateMachine.metricTimedOut({ ...sum, label: 'timed out' }),
      ]),
    );
  }
}
