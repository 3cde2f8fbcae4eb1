// Owns one variant's stack: its table, its four handler functions with the pack baked in, the HTTP
// API, the scheduled sweep, the cloud simulation and the alarms. Every stateful resource has a
// logical id written here, so neither a pack edit nor a refactor of constructs can replace it.
import { Duration, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import { AttributeType, BillingMode, type CfnTable, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { TABLE_KEY_SCHEMA } from '../lambdas/store/table.ts';
import { VariantAlarms } from './alarms.ts';
import type { StageConfig } from './config.ts';
import { HandlerFunction } from './handler-function.ts';
import { VariantApi } from './http-api.ts';
import { Simulation } from './simulation.ts';

/** The table's logical id in every variant stack, forever: renaming it would replace the table. */
export const TABLE_LOGICAL_ID = 'CroupierTable';

export const stackName = (config: StageConfig, pack: CompiledPack): string => `Croupier-${config.stage}-${pack.id}`;

export interface VariantStackProps extends StackProps {
  readonly pack: CompiledPack;
  readonly config: StageConfig;
}

export class VariantStack extends Stack {
  readonly table: Table;
  readonly functions: Record<'api' | 'sweep' | 'simulate' | 'aggregate', HandlerFunction>;
  readonly api: VariantApi;
  readonly simulation: Simulation;
  readonly alarms: VariantAlarms;

  constructor(scope: Construct, id: string, props: VariantStackProps) {
    super(scope, id, {
      description: `Croupier ${props.pack.name} (${props.pack.id} ${props.pack.version}), ${props.config.stage}`,
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
    });
    (this.table.node.defaultChild as CfnTable).overrideLogicalId(TABLE_LOGICAL_ID);

    const tableEnv = { CROUPIER_TABLE_NAME: this.table.tableName };
    const fn = (
      handler: 'api' | 'sweep' | 'simulate' | 'aggregate',
      description: string,
      memorySize: number,
      timeout: Duration,
      environment?: Record<string, string>,
    ) =>
      new HandlerFunction(this, `${handler[0].toUpperCase()}${handler.slice(1)}Function`, {
        handler,
        pack,
        config,
        description,
        memorySize,
        timeout,
        environment,
      });
    this.functions = {
      api: fn('api', `${pack.id}: HTTP API`, 1024, Duration.seconds(10), tableEnv),
      sweep: fn('sweep', `${pack.id}: finishes stale rounds`, 512, Duration.seconds(55), tableEnv),
      simulate: fn('simulate', `${pack.id}: plays one simulation batch`, 1769, Duration.minutes(15)),
      aggregate: fn('aggregate', `${pack.id}: merges simulation batches`, 512, Duration.minutes(1)),
    };
    // Only the functions that play live rounds touch the table.
    this.table.grantReadWriteData(this.functions.api.fn);
    this.table.grantReadWriteData(this.functions.sweep.fn);

    this.api = new VariantApi(this, 'Api', { name: id, handler: this.functions.api.fn, config });

    new Rule(this, 'SweepSchedule', {
      description: `${pack.id}: sweep stale rounds every minute`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.functions.sweep.fn, { retryAttempts: 0 })],
    });

    this.simulation = new Simulation(this, 'Simulation', {
      simulate: this.functions.simulate.fn,
      aggregate: this.functions.aggregate.fn,
      config,
    });

    this.alarms = new VariantAlarms(this, 'Alarms', {
      config,
      functions: Object.fromEntries(Object.entries(this.functions).map(([name, f]) => [name, f.fn])),
      api: this.api.api,
      table: this.table,
    });

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
