// Owns the cloud simulation: a Step Functions state machine taking {batches, roundsPerBatch, seed}.
// It checks the input, makes one item per batch whose value is its seed (seed+1 .. seed+batches,
// so batches never share a stream), fans out with a Distributed Map whose child workflows each play
// a group of batches and merge them (no payload grows with the batch count), then summarizes the
// groups into per-bet RTP with 95% confidence intervals (lambdas/sim/aggregate.ts).
// Bounded by construction: at most `childWorkflows × batchesAtOnce` simulate functions run at once
// (stage config), and a Lambda call that is throttled backs off and tries again instead of failing
// the run. Live play never waits for it: its functions have concurrency of their own.
import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  type CfnStateMachine,
  Choice,
  Condition,
  DefinitionBody,
  DistributedMap,
  Fail,
  Map as InlineMap,
  ItemBatcher,
  JitterType,
  JsonPath,
  LogLevel,
  Pass,
  type RetryProps,
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

/**
 * A throttled Lambda call waits and tries again: 2 s, 4 s, 8 s, … up to a minute apart (with
 * jitter, so throttled batches do not come back together), for up to ~10 minutes in all.
 */
export const THROTTLE_RETRY: RetryProps = {
  errors: ['Lambda.TooManyRequestsException'],
  interval: Duration.seconds(2),
  backoffRate: 2,
  maxDelay: Duration.minutes(1),
  maxAttempts: 15,
  jitterStrategy: JitterType.FULL,
};

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
    }).addRetry(THROTTLE_RETRY);
    const playGroup = new InlineMap(this, 'PlayGroup', {
      itemsPath: '$.Items',
      maxConcurrency: config.simulation.batchesAtOnce,
    }).itemProcessor(play);
    const mergeGroup = new LambdaInvoke(this, 'MergeGroup', {
      lambdaFunction: props.aggregate,
      payload: TaskInput.fromObject({ mode: 'merge', results: JsonPath.entirePayload }),
      payloadResponseOnly: true,
      retryOnServiceExceptions: true,
    }).addRetry(THROTTLE_RETRY);
    const fanOut = new DistributedMap(this, 'FanOut', {
      itemsPath: '$.seeds',
      itemSelector: { 'rounds.$': '$.roundsPerBatch', 'seed.$': '$$.Map.Item.Value' },
      itemBatcher: new ItemBatcher({ maxItemsPerBatch: config.simulation.batchesPerChild }),
      maxConcurrency: config.simulation.childWorkflows,
      // A batch may run for minutes; express child workflows stop at five.
      mapExecutionType: StateMachineType.STANDARD,
      label: 'Batches',
    }).itemProcessor(playGroup.next(mergeGroup));

    const summarize = new LambdaInvoke(this, 'Summarize', {
      lambdaFunction: props.aggregate,
      payload: TaskInput.fromObject({ mode: 'summary', results: JsonPath.entirePayload }),
      payloadResponseOnly: true,
      retryOnServiceExceptions: true,
    }).addRetry(THROTTLE_RETRY);

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
      // Every state's entry and exit, without payloads: a few thousand lines a run.
      logs: { destination: this.logGroup, level: LogLevel.ALL, includeExecutionData: false },
    });
    this.acknowledgeFindings(props);
  }

  /** cdk-nag findings this construct accepts, each with why. */
  private acknowledgeFindings(props: SimulationProps): void {
    const stack = Stack.of(this);
    const role = this.stateMachine.role;
    for (const fn of [props.simulate, props.aggregate]) {
      const id = stack.getLogicalId(fn.node.defaultChild as CfnFunction);
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${id}.Arn>:*]`,
        reason:
          "LambdaInvoke grants the function's qualified ARNs (versions, aliases) too: only this stack's own function",
      });
    }
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'CloudWatch Logs delivery actions (logs:CreateLogDelivery and the like) have no resource-level permissions',
    });
    // cdk-nag names a finding by the resource as rendered: literals where the stack knows them
    // (an environment from the CLI), else the pseudo parameter.
    const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const machineId = stack.getLogicalId(this.stateMachine.node.defaultChild as CfnStateMachine);
    const machine = `{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${machineId}"}]}]}`;
    const executions = `arn:${known(stack.partition, 'Partition')}:states:${known(stack.region, 'Region')}:${known(stack.account, 'AccountId')}:execution:${machine}`;
    for (const resource of [`${executions}:*`, `${executions}/Batches:*`])
      Validations.of(this.stateMachine).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${resource}]`,
        reason:
          "The Distributed Map describes, stops and redrives its own child executions, whose names exist only at run time: this state machine's executions only",
      });
    for (const id of ['AwsSolutions-SF2', 'Serverless-StepFunctionStateMachineXray'])
      Validations.of(this.stateMachine).acknowledge({
        id,
        reason:
          'No X-Ray: the execution history and the ALL-level log already time every state of a run, and tracing would need xray actions on every resource',
      });
  }
}
