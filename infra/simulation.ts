// Owns the cloud simulation: a Step Functions state machine taking {batches, roundsPerBatch, seed}.
// It checks the input, makes one item per batch whose value is its seed (seed+1 .. seed+batches,
// so batches never share a stream), fans out with a Distributed Map whose child workflows each play
// a group of batches and merge them (no payload grows with the batch count), then summarizes the
// groups into per-bet RTP with 95% confidence intervals (lambdas/sim/aggregate.ts).
import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  Choice,
  Condition,
  DefinitionBody,
  DistributedMap,
  Fail,
  Map as InlineMap,
  ItemBatcher,
  JsonPath,
  LogLevel,
  Pass,
  StateMachine,
  StateMachineType,
  TaskInput,
} from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import type { StageConfig } from './config.ts';

/** States.ArrayRange makes at most 1000 items. */
export const MAX_BATCHES = 1000;
/** States.MathAdd works on 32-bit signed integers; seeds run from seed+1 to seed+batches. */
export const MAX_SEED = 2 ** 31 - 1 - MAX_BATCHES;

export interface SimulationProps {
  readonly simulate: IFunction;
  readonly aggregate: IFunction;
  readonly config: StageConfig;
}

export class Simulation extends Construct {
  readonly stateMachine: StateMachine;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: SimulationProps) {
    super(scope, id);
    const { config } = props;

    const invalid = new Fail(this, 'InvalidInput', {
      error: 'InvalidInput',
      cause: `input must be {"batches": 1..${MAX_BATCHES}, "roundsPerBatch": a whole number >= 1, "seed": 0..${MAX_SEED}}`,
    });
    const plan = new Pass(this, 'PlanBatches', {
      parameters: {
        'seeds.$': 'States.ArrayRange(States.MathAdd($.seed, 1), States.MathAdd($.seed, $.batches), 1)',
        'roundsPerBatch.$': '$.roundsPerBatch',
      },
    });

    const play = new LambdaInvoke(this, 'PlayBatch', {
      lambdaFunction: props.simulate,
      payloadResponseOnly: true,
      retryOnServiceExceptions: true,
    });
    const playGroup = new InlineMap(this, 'PlayGroup', { itemsPath: '$.Items' }).itemProcessor(play);
    const mergeGroup = new LambdaInvoke(this, 'MergeGroup', {
      lambdaFunction: props.aggregate,
      payload: TaskInput.fromObject({ mode: 'merge', results: JsonPath.entirePayload }),
      payloadResponseOnly: true,
    });
    const fanOut = new DistributedMap(this, 'FanOut', {
      itemsPath: '$.seeds',
      itemSelector: { 'rounds.$': '$.roundsPerBatch', 'seed.$': '$$.Map.Item.Value' },
      itemBatcher: new ItemBatcher({ maxItemsPerBatch: config.simulation.batchesPerChild }),
      maxConcurrency: config.simulation.maxConcurrency,
      // A batch may run for minutes; express child workflows stop at five.
      mapExecutionType: StateMachineType.STANDARD,
      label: 'Batches',
    }).itemProcessor(playGroup.next(mergeGroup));

    const summarize = new LambdaInvoke(this, 'Summarize', {
      lambdaFunction: props.aggregate,
      payload: TaskInput.fromObject({ mode: 'summary', results: JsonPath.entirePayload }),
      payloadResponseOnly: true,
    });

    const checkInput = new Choice(this, 'CheckInput')
      .when(
        Condition.and(
          Condition.isPresent('$.batches'),
          Condition.isPresent('$.roundsPerBatch'),
          Condition.isPresent('$.seed'),
          Condition.isNumeric('$.batches'),
          Condition.numberGreaterThanEquals('$.batches', 1),
          Condition.numberLessThanEquals('$.batches', MAX_BATCHES),
          Condition.isNumeric('$.roundsPerBatch'),
          Condition.numberGreaterThanEquals('$.roundsPerBatch', 1),
          Condition.isNumeric('$.seed'),
          Condition.numberGreaterThanEquals('$.seed', 0),
          Condition.numberLessThanEquals('$.seed', MAX_SEED),
        ),
        plan.next(fanOut).next(summarize),
      )
      .otherwise(invalid);

    this.logGroup = new LogGroup(this, 'Logs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    this.stateMachine = new StateMachine(this, 'StateMachine', {
      definitionBody: DefinitionBody.fromChainable(checkInput),
      stateMachineType: StateMachineType.STANDARD,
      timeout: Duration.hours(12),
      logs: { destination: this.logGroup, level: LogLevel.ERROR, includeExecutionData: false },
    });
  }
}
