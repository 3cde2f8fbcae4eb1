// Owns one variant's stack: its table, its four handler functions with the pack baked in, the HTTP
// API, the scheduled sweep, the cloud simulation, the alarms, the dashboard and the outputs an
// operator needs. Live play (the API and the sweep) has concurrency reserved; each function may do
// to the table exactly what its code calls (infra/table-access.ts). Every stateful resource has a
// logical id written here, so neither a pack edit nor a refactor of constructs can replace it.
import { CfnOutput, Duration, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type CfnTable, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { TABLE_KEY_SCHEMA } from '../lambdas/store/keys.ts';
import { VariantAlarms } from './alarms.ts';
import type { StageConfig } from './config.ts';
import { VariantDashboard } from './dashboard.ts';
import { HandlerFunction } from './handler-function.ts';
import { VariantApi } from './http-api.ts';
import { VariantPush } from './push-api.ts';
import { Simulation } from './simulation.ts';
import { iamActions, TABLE_ACCESS } from './table-access.ts';

/** The table's logical id in every variant stack, forever: renaming it would replace the table. */
export const TABLE_LOGICAL_ID = 'CroupierTable';

export const stackName = (config: StageConfig, pack: CompiledPack): string => `Croupier-${config.stage}-${pack.id}`;

/** The stack's outputs, by the name `aws cloudformation describe-stacks` and `cdk deploy` print. */
export const OUTPUTS = {
  apiUrl: 'ApiUrl',
  stateMachineArn: 'StateMachineArn',
  alarmTopicArn: 'AlarmTopicArn',
  tableName: 'TableName',
  dashboardName: 'DashboardName',
  webSocketUrl: 'WebSocketUrl',
} as const;

type Handler = 'api' | 'sweep' | 'simulate' | 'aggregate' | 'socket' | 'fanout';

/** Why a function has no dead-letter queue (cdk-nag Serverless-LambdaDLQ): how it is invoked. */
const NO_DLQ: Record<Handler, string> = {
  api: 'Invoked synchronously by API Gateway: the caller gets the error, there is no event to keep',
  sweep: 'Its only event is the one-minute schedule: the next minute replaces a failed run (SweepStalled alarms)',
  simulate: 'Invoked synchronously by Step Functions, which retries and records the failure in the execution',
  aggregate: 'Invoked synchronously by Step Functions, which retries and records the failure in the execution',
  socket: 'Invoked synchronously by the WebSocket API: the client gets the error, there is no event to keep',
  fanout:
    "Fed by the table's stream: a failing batch is retried and bisected, then dropped; the table's next change pushes a newer snapshot (messages are versioned), and a client that reconnects catches up",
};

export interface VariantStackProps extends StackProps {
  readonly pack: CompiledPack;
  readonly config: StageConfig;
}

export class VariantStack extends Stack {
  readonly table: Table;
  readonly functions: Record<Handler, HandlerFunction>;
  readonly api: VariantApi;
  readonly push: VariantPush;
  readonly simulation: Simulation;
  readonly alarms: VariantAlarms;
  readonly dashboard: VariantDashboard;

  constructor(scope: Construct, id: string, props: VariantStackProps) {
    super(scope, id, {
      description: `Croupier ${props.pack.name} (${props.pack.id} ${props.pack.version}), ${props.config.stage}`,
      // Stack tags are explicit (cdk.json: @aws-cdk/core:explicitStackTags); Tags.of below tags the resources.
      tags: { 'croupier:stage': props.config.stage, 'croupier:pack': props.pack.id },
      ...props,
    });
    const { pack, config } = props;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEY_SCHEMA.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEY_SCHEMA.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEY_SCHEMA.ttlAttribute,
      removalPolicy: config.removalPolicy,
      deletionProtection: config.stage === 'prod',
      // Server push reads what changed from here (infra/push-api.ts), after the command committed.
      stream: StreamViewType.NEW_IMAGE,
    });
    (this.table.node.defaultChild as CfnTable).overrideLogicalId(TABLE_LOGICAL_ID);

    const tableEnv = { CROUPIER_TABLE_NAME: this.table.tableName };
    const fn = (
      handler: Handler,
      description: string,
      memorySize: number,
      timeout: Duration,
      more: { environment?: Record<string, string>; reservedConcurrency?: number } = {},
    ) => {
      const f = new HandlerFunction(this, `${handler[0].toUpperCase()}${handler.slice(1)}Function`, {
        handler,
        pack,
        config,
        description,
        memorySize,
        timeout,
        ...more,
      });
      Validations.of(f.fn).acknowledge(
        { id: 'Serverless-LambdaDLQ', reason: NO_DLQ[handler] },
        {
          id: 'Serverless-LambdaTracing',
          reason:
            'No X-Ray: a request is one function call and its DynamoDB calls; its id, route, status and latency are in the access and function logs, and Powertools metrics count outcomes',
        },
      );
      return f;
    };
    const { concurrency } = config;
    this.functions = {
      api: fn('api', `${pack.id}: HTTP API`, 1024, Duration.seconds(10), {
        environment: {
          ...tableEnv,
          CROUPIER_ROLE_CLAIM: config.jwt.roleClaim,
          CROUPIER_CREDIT_LIMIT_PER_CALL: String(config.operatorCredit.perCall),
          CROUPIER_CREDIT_LIMIT_PER_DAY: String(config.operatorCredit.perDay),
        },
        reservedConcurrency: concurrency.api,
      }),
      sweep: fn('sweep', `${pack.id}: finishes stale rounds`, 512, Duration.seconds(55), {
        environment: tableEnv,
        reservedConcurrency: concurrency.sweep,
      }),
      simulate: fn('simulate', `${pack.id}: plays one simulation batch`, 1769, Duration.minutes(15)),
      aggregate: fn('aggregate', `${pack.id}: merges simulation batches`, 512, Duration.minutes(1)),
      socket: fn('socket', `${pack.id}: push connections and subscriptions`, 512, Duration.seconds(10), {
        environment: {
          ...tableEnv,
          CROUPIER_ROLE_CLAIM: config.jwt.roleClaim,
          CROUPIER_JWT_ISSUER: config.jwt.issuer,
          CROUPIER_JWT_AUDIENCE: config.jwt.audience.join(','),
        },
      }),
      fanout: fn('fanout', `${pack.id}: pushes table changes to connections`, 1024, Duration.minutes(1), {
        environment: tableEnv,
      }),
    };
    // Only the functions that play live rounds touch the table, each with what it calls.
    this.table.grant(this.functions.api.fn, ...iamActions(TABLE_ACCESS.api));
    this.table.grant(this.functions.sweep.fn, ...iamActions(TABLE_ACCESS.sweep));
    this.table.grant(this.functions.socket.fn, ...iamActions(TABLE_ACCESS.socket));
    this.table.grant(this.functions.fanout.fn, ...iamActions(TABLE_ACCESS.fanout));

    this.api = new VariantApi(this, 'Api', { name: id, handler: this.functions.api.fn, config });
    this.push = new VariantPush(this, 'Push', {
      name: id,
      config,
      table: this.table,
      socket: this.functions.socket.fn,
      fanout: this.functions.fanout.fn,
    });
    for (const f of [this.functions.socket, this.functions.fanout])
      f.fn.addEnvironment('CROUPIER_PUSH_ENDPOINT', this.push.callbackUrl);

    // A sweep event that waited is stale (the next minute brings a fresh one): never retried.
    this.functions.sweep.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    Validations.of(this.functions.sweep.fn).acknowledge({
      id: 'Serverless-LambdaAsyncFailureDestination',
      reason: NO_DLQ.sweep,
    });
    const schedule = new Rule(this, 'SweepSchedule', {
      description: `${pack.id}: sweep stale rounds every minute`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.functions.sweep.fn, { retryAttempts: 0 })],
    });
    Validations.of(schedule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason: 'A missed one-minute tick needs no replay: the next one sweeps the same tables (SweepStalled alarms)',
    });

    this.simulation = new Simulation(this, 'Simulation', {
      simulate: this.functions.simulate.fn,
      aggregate: this.functions.aggregate.fn,
      config,
    });

    const functions = Object.fromEntries(Object.entries(this.functions).map(([name, f]) => [name, f.fn])) as Record<
      Handler,
      NodejsFunction
    >;
    this.alarms = new VariantAlarms(this, 'Alarms', {
      config,
      packId: pack.id,
      functions,
      api: this.api.api,
      table: this.table,
      stateMachine: this.simulation.stateMachine,
    });
    this.dashboard = new VariantDashboard(this, 'Dashboard', {
      config,
      packId: pack.id,
      stackName: id,
      functions,
      api: this.api.api,
      stateMachine: this.simulation.stateMachine,
      alarms: this.alarms.alarms,
    });

    const output = (name: string, value: string, description: string) =>
      new CfnOutput(this, name, { value, description });
    output(OUTPUTS.apiUrl, this.api.stage.url, 'The HTTP API (players, operators, the web table)');
    output(OUTPUTS.stateMachineArn, this.simulation.stateMachine.stateMachineArn, 'Start cloud simulations here');
    output(OUTPUTS.alarmTopicArn, this.alarms.topic.topicArn, 'Every alarm of this variant; subscribe on-call here');
    output(OUTPUTS.tableName, this.table.tableName, "The variant's DynamoDB table (retained in prod)");
    output(OUTPUTS.dashboardName, this.dashboard.dashboard.dashboardName, 'CloudWatch dashboard of this variant');
    output(
      OUTPUTS.webSocketUrl,
      this.push.stage.url,
      'Server push: connect with ?token=<JWT>, then subscribe (docs/push.md)',
    );

    Tags.of(this).add('croupier:stage', config.stage);
    Tags.of(this).add('croupier:pack', pack.id);
    // The pack's identity goes only on what carries the pack, so a pack edit leaves the table and
    // everything else out of the diff.
    for (const f of Object.values(this.functions)) {
      const cfn = f.fn.node.defaultChild as CfnFunction;
      Tags.of(cfn).add('croupier:pack-version', pack.version);
      Tags.of(cfn).add('croupier:pack-sha256', pack.sha256);
    }
  }
}
