// Fine-grained assertions on a variant stack, per stage: every resource the operators rely on, with
// the properties that make it safe (retention, removal, auth, throttling, reserved concurrency, a
// bounded simulation, alarms, outputs, least privilege).
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { SWEEP_MIN_RUNS } from '../../infra/alarms.ts';
import { LAMBDA_RUNTIME, type Stage, simulationPeak, stageConfig } from '../../infra/config.ts';
import { APP_METRICS, METRICS_SERVICE } from '../../infra/metrics.ts';
import { iamActions, TABLE_ACCESS } from '../../infra/table-access.ts';
import { OUTPUTS, TABLE_LOGICAL_ID } from '../../infra/variant-stack.ts';
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

  test('six functions on the newest Node.js runtime, arm64, with the pack id, version and SHA-256, Powertools namespace and their own log group', () => {
    expect(LAMBDA_RUNTIME.name).toBe('nodejs24.x');
    const fns = functions(t);
    expect(fns).toHaveLength(6);
    for (const [, fn] of fns) {
      expect(fn.Properties).toMatchObject({
        Runtime: LAMBDA_RUNTIME.name,
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
    for (const description of [
      'HTTP API',
      'stale rounds',
      'simulation batch',
      'merges simulation',
      'push connections',
      'pushes table changes',
    ])
      functionNamed(t, description);
    const groups = t.findResources('AWS::Logs::LogGroup');
    const own = fns.map(([, fn]) => fn.Properties.LoggingConfig.LogGroup.Ref);
    expect(new Set(own).size).toBe(6);
    for (const ref of own) expect(groups[ref]).toBeDefined();
  });

  test('live play has concurrency of its own: the API and the sweep reserve it, the simulation does not', () => {
    const reserved = (description: string) =>
      functionNamed(t, description)[1].Properties.ReservedConcurrentExecutions as number | undefined;
    expect(reserved('HTTP API')).toBe(config.concurrency.api);
    expect(reserved('stale rounds')).toBe(config.concurrency.sweep);
    expect(reserved('simulation batch')).toBeUndefined();
    expect(reserved('merges simulation')).toBeUndefined();
    // A sweep event that waited is stale: never retried, dropped after a minute.
    t.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: functionNamed(t, 'stale rounds')[0] },
      MaximumRetryAttempts: 0,
      MaximumEventAgeInSeconds: 60,
    });
  });

  test('every log group has the stage retention and removal policy', () => {
    const groups = Object.values(t.findResources('AWS::Logs::LogGroup') as Record<string, Resource>);
    // six functions, the HTTP and WebSocket APIs' access logs and the state machine
    expect(groups).toHaveLength(9);
    for (const g of groups) {
      expect(g.Properties.RetentionInDays).toBe(config.logRetention);
      expect(g.DeletionPolicy).toBe(removal);
    }
  });

  test('each function may do to the table exactly what its code calls, on the table alone; no managed policy', () => {
    const table = { 'Fn::GetAtt': [TABLE_LOGICAL_ID, 'Arn'] };
    const expected: [string, readonly string[]][] = [
      ['HTTP API', iamActions(TABLE_ACCESS.api)],
      ['stale rounds', iamActions(TABLE_ACCESS.sweep)],
      ['simulation batch', []],
      ['merges simulation', []],
      ['push connections', iamActions(TABLE_ACCESS.socket)],
      ['pushes table changes', iamActions(TABLE_ACCESS.fanout)],
    ];
    const push = ['push connections', 'pushes table changes'];
    for (const [description, actions] of expected) {
      const [id, fn] = functionNamed(t, description);
      // Push's functions also post to their connections; the fan-out reads the table's stream.
      const all = statementsOf(t, id);
      const isStream = (s: { Action: string | string[] }) =>
        [s.Action].flat().every((a) => /^dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams)$/.test(a));
      const isPost = (s: { Action: string | string[] }) =>
        [s.Action].flat().every((a) => a === 'execute-api:ManageConnections');
      const statements = push.includes(description) ? all.filter((s) => !isStream(s) && !isPost(s)) : all;
      if (push.includes(description)) {
        expect(all.filter(isPost), description).toHaveLength(1);
        const stream = all.filter(isStream);
        expect(stream.length > 0, description).toBe(description === 'pushes table changes');
        for (const s of stream)
          for (const r of [s.Resource].flat())
            expect(
              r === '*' ? [s.Action].flat() : JSON.stringify(r),
              `${description}: stream reads name the table's stream (ListStreams has no resource)`,
            ).toEqual(r === '*' ? ['dynamodb:ListStreams'] : expect.stringContaining('StreamArn'));
      }
      expect(dynamoActions(statements).sort(), description).toEqual([...actions].sort());
      for (const s of statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:'))))
        expect([s.Resource].flat(), description).toEqual([table]);
      // Besides the table, only its own log group.
      const logs = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('logs:')));
      expect(logs.flatMap((s) => [s.Action].flat()).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      expect(logs.map((s) => s.Resource)).toEqual([
        { 'Fn::GetAtt': [fn.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] },
      ]);
      expect(
        statements.flatMap((s) => [s.Action].flat()).filter((a) => !/^(dynamodb|logs):/.test(a)),
        description,
      ).toEqual([]);
      expect(fn.Properties.Environment.Variables.CROUPIER_TABLE_NAME, description).toEqual(
        actions.length ? { Ref: TABLE_LOGICAL_ID } : undefined,
      );
    }
    const fanoutRole = functionNamed(t, 'pushes table changes')[1].Properties.Role['Fn::GetAtt'][0];
    const policies = Object.values(t.findResources('AWS::IAM::Policy') as Record<string, Resource>);
    const actionsOf = (ps: Resource[]) =>
      ps.flatMap((p) =>
        p.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => [s.Action].flat()),
      );
    const ofFanout = (p: Resource) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === fanoutRole);
    expect(actionsOf(policies)).not.toContain('dynamodb:Scan');
    // Only the fan-out reads the stream.
    for (const never of ['dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:DescribeStream'])
      expect(actionsOf(policies.filter((p) => !ofFanout(p)))).not.toContain(never);
    for (const role of Object.values(t.findResources('AWS::IAM::Role') as Record<string, Resource>))
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  });

  test('the HTTP API verifies JWTs from the stage issuer and audience on every route but the public ones', () => {
    const apis = t.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } });
    expect(Object.keys(apis)).toHaveLength(1);
    const httpApi = Object.keys(apis)[0];
    t.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Issuer: config.jwt.issuer, Audience: [...config.jwt.audience] },
    });
    const routes = Object.values(t.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>)
      .map((r) => r.Properties)
      .filter((r) => r.ApiId.Ref === httpApi);
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(['$default', 'GET /openapi.json', 'GET /rules']);
    for (const r of routes) expect(r.AuthorizationType).toBe(r.RouteKey === '$default' ? 'JWT' : 'NONE');
    t.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [functionNamed(t, 'HTTP API')[0], 'Arn'] },
    });
  });

  test('the default stage throttles each route, the public ones far lower, and writes JSON access logs with the request id', () => {
    // The HTTP API's and the WebSocket API's (./push-api.ts).
    t.resourceCountIs('AWS::ApiGatewayV2::Stage', 2);
    const publicLimit = {
      ThrottlingRateLimit: config.throttling.publicRateLimit,
      ThrottlingBurstLimit: config.throttling.publicBurstLimit,
    };
    t.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: config.throttling.rateLimit,
        ThrottlingBurstLimit: config.throttling.burstLimit,
      },
      RouteSettings: { 'GET /rules': publicLimit, 'GET /openapi.json': publicLimit },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
    expect(config.throttling.publicRateLimit).toBeLessThanOrEqual(config.throttling.rateLimit / 5);
    const stage = Object.values(
      t.findResources('AWS::ApiGatewayV2::Stage', { Properties: { StageName: '$default' } }),
    )[0] as Resource & { DependsOn: string[] };
    expect(() => JSON.parse(stage.Properties.AccessLogSettings.Format)).not.toThrow();
    // The stage names the public routes' keys, so it must come after them.
    const routes = t.findResources('AWS::ApiGatewayV2::Route');
    const publicRoutes = Object.keys(routes).filter((k) =>
      (routes[k] as Resource).Properties.RouteKey.startsWith('GET '),
    );
    expect(stage.DependsOn).toEqual(expect.arrayContaining(publicRoutes));
  });

  test("the API function reads the caller's role from the stage's role claim", () => {
    expect(functionNamed(t, 'HTTP API')[1].Properties.Environment.Variables.CROUPIER_ROLE_CLAIM).toBe(
      config.jwt.roleClaim,
    );
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

  test('alarms go to one SNS topic: errors, live-play throttles, 5xx, 4xx share, p99, DynamoDB throttles, failed simulations, the sweep, operator credits', () => {
    t.resourceCountIs('AWS::SNS::Topic', 1);
    const topic = Object.keys(t.findResources('AWS::SNS::Topic'))[0];
    const found = Object.entries(t.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
    const alarm = (name: string) => {
      const hit = found.filter(([id]) => new RegExp(`^Alarms${name}[0-9A-F]{8}$`).test(id));
      expect(hit, name).toHaveLength(1);
      return hit[0][1].Properties;
    };
    const names = [
      ...['api', 'sweep', 'simulate', 'aggregate', 'socket', 'fanout'].map((f) => `${f}Errors`),
      'fanoutIteratorAge',
      'apiThrottles',
      'sweepThrottles',
      'Api5xx',
      'Api4xxRate',
      'ApiLatencyP99',
      'DynamoThrottles',
      'SimulationFailures',
      'SweepFailures',
      'SweepStalled',
      'OperatorCredits',
      'OperatorCreditAmount',
    ];
    expect(found).toHaveLength(names.length);
    for (const name of names) {
      const a = alarm(name);
      expect(a.AlarmActions, name).toEqual([{ Ref: topic }]);
      expect(a.OKActions, name).toEqual([{ Ref: topic }]);
    }
    const periodOf = (a: Record<string, any>): number =>
      a.Period ?? a.Metrics.find((m: any) => m.MetricStat).MetricStat.Period;
    const judged = (
      name: string,
      w: { periodMinutes: number; evaluationPeriods: number; datapointsToAlarm: number },
    ) => {
      const a = alarm(name);
      expect([periodOf(a), a.EvaluationPeriods, a.DatapointsToAlarm], name).toEqual([
        w.periodMinutes * 60,
        w.evaluationPeriods,
        w.datapointsToAlarm,
      ]);
      expect(a.ComparisonOperator, name).toBe('GreaterThanOrEqualToThreshold');
      expect(a.TreatMissingData, name).toBe('notBreaching');
      return a;
    };
    const { burst, sustained } = config.alarms;
    const lambda = (fn: string, metric: string, threshold: number) => {
      const a = judged(`${fn}${metric}`, burst);
      expect(a).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: metric, Statistic: 'Sum', Threshold: threshold });
    };
    for (const fn of ['api', 'sweep', 'simulate', 'aggregate', 'socket', 'fanout'])
      lambda(fn, 'Errors', config.alarms.lambdaErrors);
    for (const fn of ['api', 'sweep']) lambda(fn, 'Throttles', config.alarms.lambdaThrottles);
    expect(alarm('apiErrors').Dimensions[0].Value).toEqual({ Ref: functionNamed(t, 'HTTP API')[0] });
    expect(alarm('sweepThrottles').Dimensions[0].Value).toEqual({ Ref: functionNamed(t, 'stale rounds')[0] });
    expect(judged('Api5xx', burst)).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Statistic: 'Sum',
      Threshold: config.alarms.api5xx,
    });
    expect(judged('ApiLatencyP99', sustained)).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      ExtendedStatistic: 'p99',
      Threshold: config.alarms.apiLatencyP99Ms,
    });
    // A wrong issuer answers every request 401 before any function runs: only the gateway sees it.
    const rate = judged('Api4xxRate', sustained);
    const { minRequests } = config.alarms.clientErrorRate;
    expect(rate.Threshold).toBe(config.alarms.clientErrorRate.rate);
    expect(rate.Metrics.find((m: any) => m.Expression).Expression).toBe(
      `IF(requests >= ${minRequests}, refused / requests, 0)`,
    );
    const stats = (a: Record<string, any>) =>
      Object.fromEntries(
        a.Metrics.filter((m: any) => m.MetricStat).map((m: any) => [
          m.Id,
          `${m.MetricStat.Metric.Namespace} ${m.MetricStat.Metric.MetricName}`,
        ]),
      );
    expect(stats(rate)).toEqual({ requests: 'AWS/ApiGateway Count', refused: 'AWS/ApiGateway 4xx' });
    const dynamo = judged('DynamoThrottles', burst);
    expect(dynamo.Threshold).toBe(config.alarms.dynamoThrottles);
    expect(stats(dynamo)).toEqual({
      reads: 'AWS/DynamoDB ReadThrottleEvents',
      writes: 'AWS/DynamoDB WriteThrottleEvents',
    });
    const simulation = judged('SimulationFailures', burst);
    expect(simulation.Threshold).toBe(config.alarms.simulationFailures);
    expect(stats(simulation)).toEqual({
      failed: 'AWS/States ExecutionsFailed',
      timedOut: 'AWS/States ExecutionsTimedOut',
    });
    // The functions' own metrics: the stage namespace, Powertools' service and the pack.
    const own = (name: string, metric: string, threshold: number, w: typeof burst) =>
      expect(judged(name, w)).toMatchObject({
        Namespace: config.metricsNamespace,
        MetricName: metric,
        Statistic: 'Sum',
        Threshold: threshold,
        Dimensions: [
          { Name: 'pack', Value: PACK },
          { Name: 'service', Value: METRICS_SERVICE },
        ],
      });
    own('SweepFailures', APP_METRICS.sweepFailures, config.alarms.sweepFailures, burst);
    const credits = config.alarms.operatorCredits;
    const creditWindow = { periodMinutes: credits.periodMinutes, evaluationPeriods: 1, datapointsToAlarm: 1 };
    own('OperatorCredits', APP_METRICS.operatorCredits, credits.count, creditWindow);
    own('OperatorCreditAmount', APP_METRICS.operatorCreditAmount, credits.amount, creditWindow);
    // A sweep that stops finishing runs (schedule off, every run failing) alarms, missing data too.
    const stalled = alarm('SweepStalled');
    expect(stalled).toMatchObject({
      ComparisonOperator: 'LessThanThreshold',
      Threshold: SWEEP_MIN_RUNS,
      TreatMissingData: 'breaching',
      EvaluationPeriods: 1,
    });
    expect(periodOf(stalled)).toBe(300);
    expect(stats(stalled)).toEqual({ runs: 'AWS/Lambda Invocations', errors: 'AWS/Lambda Errors' });
  });

  test.runIf(stage === 'prod')(
    'in prod a one-minute burst raises an alarm: one-minute periods, one breaching minute',
    () => {
      expect(config.alarms.burst).toMatchObject({ periodMinutes: 1, datapointsToAlarm: 1 });
      expect(config.alarms.sustained.periodMinutes * config.alarms.sustained.datapointsToAlarm).toBeLessThanOrEqual(5);
    },
  );

  test('the simulation fans batches out with a Distributed Map, merges each group and summarizes, bounded and retrying throttles', () => {
    t.resourceCountIs('AWS::StepFunctions::StateMachine', 1);
    t.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
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
      MaxConcurrency: config.simulation.childWorkflows,
      ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' } },
      Next: 'Summarize',
    });
    const child = fanOut.ItemProcessor.States;
    expect(child.PlayGroup.ItemsPath).toBe('$.Items');
    expect(child.PlayGroup.MaxConcurrency).toBe(config.simulation.batchesAtOnce);
    expect(child.PlayGroup.ItemProcessor.States.PlayBatch.Resource).toBe(simulate);
    expect(child.MergeGroup).toMatchObject({ Resource: aggregate, Parameters: { mode: 'merge', 'results.$': '$' } });
    expect(definition.States.Summarize).toMatchObject({
      Resource: aggregate,
      Parameters: { mode: 'summary', 'results.$': '$' },
      End: true,
    });
    // The bound: simulate functions running at once per execution, which must fit the pool left unreserved.
    expect(fanOut.MaxConcurrency * child.PlayGroup.MaxConcurrency).toBe(simulationPeak(config));
    expect(simulationPeak(config)).toBeLessThanOrEqual(
      config.concurrency.accountQuota - 5 * (config.concurrency.api + config.concurrency.sweep),
    );
    // Every Lambda call backs off and tries again when throttled, with jitter, instead of failing the run.
    for (const task of [child.PlayGroup.ItemProcessor.States.PlayBatch, child.MergeGroup, definition.States.Summarize])
      expect(task.Retry).toEqual(
        expect.arrayContaining([
          {
            ErrorEquals: ['Lambda.TooManyRequestsException'],
            IntervalSeconds: 2,
            BackoffRate: 2,
            MaxDelaySeconds: 60,
            MaxAttempts: 15,
            JitterStrategy: 'FULL',
          },
        ]),
      );
  });

  test('outputs the API URL, state machine ARN, alarm topic ARN, table and dashboard', () => {
    const outputs = t.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.keys(outputs).sort()).toEqual(Object.values(OUTPUTS).sort());
    const ref = (type: string) => ({ Ref: Object.keys(t.findResources(type))[0] });
    expect(outputs[OUTPUTS.stateMachineArn].Value).toEqual(ref('AWS::StepFunctions::StateMachine'));
    expect(outputs[OUTPUTS.alarmTopicArn].Value).toEqual(ref('AWS::SNS::Topic'));
    expect(outputs[OUTPUTS.tableName].Value).toEqual({ Ref: TABLE_LOGICAL_ID });
    expect(outputs[OUTPUTS.dashboardName].Value).toEqual(ref('AWS::CloudWatch::Dashboard'));
    expect(JSON.stringify(outputs[OUTPUTS.apiUrl].Value)).toContain(ref('AWS::ApiGatewayV2::Api').Ref);
  });

  test('a dashboard shows the alarms, requests, errors, latency, rounds settled and money in and out', () => {
    t.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const dashboard = (Object.values(t.findResources('AWS::CloudWatch::Dashboard'))[0] as Resource).Properties;
    const body = JSON.stringify(dashboard.DashboardBody);
    for (const title of [
      'Alarms',
      'Requests by outcome',
      'Latency (ms)',
      'Function errors',
      'Rounds settled',
      'Money in and out',
    ])
      expect(body, title).toContain(title);
    // The gateway's request count and latency stand for the API's own Requests and Latency.
    const own = Object.values(APP_METRICS).filter((m) => m !== APP_METRICS.requests && m !== APP_METRICS.latency);
    for (const metric of own) expect(body, metric).toContain(`\\"${metric}\\"`);
    for (const metric of ['Count', '4xx', '5xx', 'Latency', 'ConcurrentExecutions'])
      expect(body).toContain(`\\"${metric}\\"`);
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
