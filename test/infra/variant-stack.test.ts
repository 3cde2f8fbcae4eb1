// Fine-grained assertions on a variant stack, per stage: every resource the operators rely on, with
// the properties that make it safe (retention, removal, auth, throttling, alarms, least privilege).
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { type Stage, stageConfig } from '../../infra/config.ts';
import { TABLE_LOGICAL_ID } from '../../infra/variant-stack.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { PROD_CONTEXT, synthStacks, templateOf } from './synth.ts';

const PACK = 'blackjack-mewah';
const pack = loadPack(PACK);

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};
const functions = (t: Template) => Object.entries(t.findResources('AWS::Lambda::Function') as Record<string, Resource>);
const functionNamed = (t: Template, description: string): [string, Resource] => {
  const found = functions(t).find(([, r]) => String(r.Properties.Description).includes(description));
  if (!found) throw new Error(`no function described as ${description}`);
  return found;
};
/** The IAM policy statements attached to a function's role. */
function statementsOf(t: Template, fnLogicalId: string): { Action: string | string[]; Resource: unknown }[] {
  const fn = t.findResources('AWS::Lambda::Function')[fnLogicalId] as Resource;
  const role = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(t.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}
const dynamoActions = (statements: { Action: string | string[] }[]) =>
  statements.flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('dynamodb:'));

describe.each(['dev', 'prod'] as Stage[])('the %s variant stack', (stage) => {
  const context = stage === 'prod' ? PROD_CONTEXT : {};
  const config = stageConfig(stage, context);
  const removal = stage === 'prod' ? 'Retain' : 'Delete';
  let t: Template;
  beforeAll(() => {
    t = templateOf(synthStacks({ stage, variants: PACK, context }), PACK);
  });

  test('the table is on-demand with point-in-time recovery, TTL on expiresAt and the stage removal policy', () => {
    t.resourceCountIs('AWS::DynamoDB::Table', 1);
    const table = t.findResources('AWS::DynamoDB::Table')[TABLE_LOGICAL_ID] as Resource;
    expect(table).toBeDefined();
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
    expect(table.DeletionPolicy).toBe(removal);
    expect(table.UpdateReplacePolicy).toBe(removal);
    expect(table.Properties.DeletionProtectionEnabled ?? false).toBe(stage === 'prod');
  });

  test('four functions on Node.js 22 arm64 with the pack id, version and SHA-256, Powertools namespace and their own log group', () => {
    const fns = functions(t);
    expect(fns).toHaveLength(4);
    for (const [, fn] of fns) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Environment: {
          Variables: {
            CROUPIER_STAGE: stage,
            CROUPIER_PACK_ID: PACK,
            CROUPIER_PACK_VERSION: pack.version,
            CROUPIER_PACK_SHA256: pack.sha256,
            POWERTOOLS_SERVICE_NAME: `croupier-${PACK}`,
            POWERTOOLS_METRICS_NAMESPACE: config.metricsNamespace,
          },
        },
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      });
    }
    for (const description of ['HTTP API', 'stale rounds', 'simulation batch', 'merges simulation'])
      functionNamed(t, description);
    const groups = t.findResources('AWS::Logs::LogGroup');
    const own = fns.map(([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref);
    expect(new Set(own).size).toBe(4);
    for (const ref of own) expect(groups[ref]).toBeDefined();
  });

  test('every log group has the stage retention and removal policy', () => {
    const groups = Object.values(t.findResources('AWS::Logs::LogGroup') as Record<string, Resource>);
    // four functions, the API access logs and the state machine
    expect(groups).toHaveLength(6);
    for (const g of groups) {
      expect(g.Properties.RetentionInDays).toBe(config.logRetention);
      expect(g.DeletionPolicy).toBe(removal);
    }
  });

  test('only the api and sweep functions may read and write the table, and they see its name', () => {
    const table = { Ref: TABLE_LOGICAL_ID };
    for (const description of ['HTTP API', 'stale rounds']) {
      const [id, fn] = functionNamed(t, description);
      expect(fn.Properties.Environment.Variables.CROUPIER_TABLE_NAME).toEqual(table);
      expect(dynamoActions(statementsOf(t, id))).toEqual(
        expect.arrayContaining([
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:Query',
          'dynamodb:ConditionCheckItem',
        ]),
      );
    }
    for (const description of ['simulation batch', 'merges simulation']) {
      const [id, fn] = functionNamed(t, description);
      expect(fn.Properties.Environment.Variables.CROUPIER_TABLE_NAME).toBeUndefined();
      expect(dynamoActions(statementsOf(t, id))).toEqual([]);
    }
  });

  test('the HTTP API verifies JWTs from the stage issuer and audience on every route but the public ones', () => {
    t.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    t.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    t.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Issuer: config.jwt.issuer, Audience: [...config.jwt.audience] },
    });
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).map(
      (r) => r.Properties,
    );
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(['$default', 'GET /openapi.json', 'GET /rules']);
    for (const r of routes) expect(r.AuthorizationType).toBe(r.RouteKey === '$default' ? 'JWT' : 'NONE');
    t.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [functionNamed(t, 'HTTP API')[0], 'Arn'] },
    });
  });

  test('the default stage is throttled and writes JSON access logs with the request id', () => {
    t.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: config.throttling.rateLimit,
        ThrottlingBurstLimit: config.throttling.burstLimit,
      },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
    const stageProps = (Object.values(t.findResources('AWS::ApiGatewayV2::Stage'))[0] as Resource).Properties;
    expect(() => JSON.parse(stageProps.AccessLogSettings.Format)).not.toThrow();
  });

  test('the sweep runs every minute', () => {
    const sweep = { 'Fn::GetAtt': [functionNamed(t, 'stale rounds')[0], 'Arn'] };
    const rules = t.findResources('AWS::Events::Rule', {
      Properties: {
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: sweep })],
      },
    });
    expect(Object.keys(rules)).toHaveLength(1);
    const permissions = t.findResources('AWS::Lambda::Permission', {
      Properties: { Principal: 'events.amazonaws.com', FunctionName: sweep },
    });
    expect(Object.keys(permissions)).toHaveLength(1);
  });

  test('alarms on errors and throttles of every function, API 5xx and p99 latency and DynamoDB throttles go to one SNS topic', () => {
    t.resourceCountIs('AWS::SNS::Topic', 1);
    const topic = Object.keys(t.findResources('AWS::SNS::Topic'))[0];
    const alarms = Object.values(t.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>).map(
      (a) => a.Properties,
    );
    expect(alarms).toHaveLength(4 * 2 + 3);
    for (const a of alarms) {
      expect(a.AlarmActions).toEqual([{ Ref: topic }]);
      expect(a.EvaluationPeriods).toBe(config.alarms.evaluationPeriods);
      expect(a.TreatMissingData).toBe('notBreaching');
    }
    const lambda = (name: string) => alarms.filter((a) => a.Namespace === 'AWS/Lambda' && a.MetricName === name);
    expect(
      lambda('Errors')
        .map((a) => a.Dimensions[0].Value.Ref)
        .sort(),
    ).toEqual(
      functions(t)
        .map(([id]) => id)
        .sort(),
    );
    for (const a of lambda('Errors')) expect(a.Threshold).toBe(config.alarms.lambdaErrors);
    expect(lambda('Throttles')).toHaveLength(4);
    for (const a of lambda('Throttles')) expect(a.Threshold).toBe(config.alarms.lambdaThrottles);
    expect(alarms.find((a) => a.MetricName === '5xx')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Statistic: 'Sum',
      Threshold: config.alarms.api5xx,
    });
    expect(alarms.find((a) => a.MetricName === 'Latency')).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      ExtendedStatistic: 'p99',
      Threshold: config.alarms.apiLatencyP99Ms,
    });
    const dynamo = alarms.find((a) => a.Metrics)!;
    expect(dynamo.Threshold).toBe(config.alarms.dynamoThrottles);
    expect(
      dynamo.Metrics.filter((m: any) => m.MetricStat)
        .map((m: any) => m.MetricStat.Metric.MetricName)
        .sort(),
    ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
  });

  test('the simulation fans batches out with a Distributed Map, merges each group and summarizes', () => {
    t.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    t.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      LoggingConfiguration: Match.objectLike({ Level: 'ERROR' }),
    });
    const sm = (Object.values(t.findResources('AWS::StepFunctions::StateMachine'))[0] as Resource).Properties;
    const parts = sm.DefinitionString['Fn::Join'][1] as unknown[];
    const definition = JSON.parse(
      parts
        .map((p) => (typeof p === 'string' ? p : JSON.stringify((p as any)['Fn::GetAtt'][0]).replaceAll('"', '')))
        .join(''),
    );
    const [simulate] = functionNamed(t, 'simulation batch');
    const [aggregate] = functionNamed(t, 'merges simulation');

    expect(definition.StartAt).toBe('CheckInput');
    expect(definition.States.CheckInput.Default).toBe('InvalidInput');
    expect(definition.States.PlanBatches.Parameters['seeds.$']).toBe(
      'States.ArrayRange(States.MathAdd($.seed, 1), States.MathAdd($.seed, $.batches), 1)',
    );
    const fanOut = definition.States.FanOut;
    expect(fanOut).toMatchObject({
      Type: 'Map',
      ItemsPath: '$.seeds',
      ItemSelector: { 'rounds.$': '$.roundsPerBatch', 'seed.$': '$$.Map.Item.Value' },
      ItemBatcher: { MaxItemsPerBatch: config.simulation.batchesPerChild },
      MaxConcurrency: config.simulation.maxConcurrency,
      ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' } },
      Next: 'Summarize',
    });
    const child = fanOut.ItemProcessor.States;
    expect(child.PlayGroup.ItemsPath).toBe('$.Items');
    expect(child.PlayGroup.ItemProcessor.States.PlayBatch.Resource).toBe(simulate);
    expect(child.MergeGroup).toMatchObject({ Resource: aggregate, Parameters: { mode: 'merge', 'results.$': '$' } });
    expect(definition.States.Summarize).toMatchObject({
      Resource: aggregate,
      Parameters: { mode: 'summary', 'results.$': '$' },
      End: true,
    });
  });

  test('the stack is named and tagged after the stage and the pack; functions also carry its version and SHA-256', () => {
    const stack = synthStacks({ stage, variants: PACK, context })[0];
    expect(stack.stackName).toBe(`Croupier-${stage}-${PACK}`);
    const table = t.findResources('AWS::DynamoDB::Table')[TABLE_LOGICAL_ID] as Resource;
    expect(table.Properties.Tags).toEqual([
      { Key: 'croupier:pack', Value: PACK },
      { Key: 'croupier:stage', Value: stage },
    ]);
    for (const [, fn] of functions(t))
      expect(fn.Properties.Tags).toEqual(
        expect.arrayContaining([
          { Key: 'croupier:pack-sha256', Value: pack.sha256 },
          { Key: 'croupier:pack-version', Value: pack.version },
        ]),
      );
  });
});
