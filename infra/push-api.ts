// Owns a variant's server push (docs/push.md): the WebSocket API whose `$connect`, `$default` and
// `$disconnect` routes go to the socket function (it checks the token itself at `$connect`, or in
// the first message, with aws-jwt-verify against the HTTP API's issuer and audience), one stage
// with access logs and throttling, and the fan-out function fed by the table's stream: table,
// round and round-player items only, in batches, retried a bounded number of times, bisected.
// Both functions may post to connections of this stage and nothing else of API Gateway.
import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { CfnApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, type IFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from './config.ts';

/** The stage clients connect to: `wss://<api>.execute-api.<region>.amazonaws.com/live`. */
export const PUSH_STAGE = 'live';

const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  eventType: '$context.eventType',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
};

export interface VariantPushProps {
  readonly name: string;
  readonly config: StageConfig;
  readonly table: ITable;
  readonly socket: IFunction;
  readonly fanout: IFunction;
}

export class VariantPush extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  readonly accessLogs: LogGroup;
  /** The management API's URL the functions post to (https, the stage's). */
  readonly callbackUrl: string;

  constructor(scope: Construct, id: string, props: VariantPushProps) {
    super(scope, id);
    const { config } = props;
    // Not named `Default`: CDK leaves that name out of logical ids, and the route's own would collide.
    const integration = (name: string) => new WebSocketLambdaIntegration(name, props.socket);
    this.api = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `${props.name}-push`,
      description: `Croupier ${props.name}: server push`,
      connectRouteOptions: { integration: integration('ConnectIntegration') },
      disconnectRouteOptions: { integration: integration('DisconnectIntegration') },
      defaultRouteOptions: { integration: integration('MessageIntegration') },
    });
    for (const route of this.api.node.findAll())
      if (route.node.id.endsWith('-Route'))
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'A browser cannot send headers on a WebSocket: the socket function checks the JWT itself (aws-jwt-verify, the HTTP API issuer and audience) at $connect or in the first message, and answers nothing before',
        });
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: PUSH_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: config.throttling.rateLimit, burstLimit: config.throttling.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
    this.callbackUrl = `https://${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${PUSH_STAGE}`;
    this.stage.grantManagementApiAccess(props.socket);
    this.stage.grantManagementApiAccess(props.fanout);

    // Only what changes what a client sees: the table item, the round item and players' round items.
    props.fanout.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 1000,
        maxBatchingWindow: Duration.millis(0),
        // A shard's batches run one at a time in order; a bad batch is split to find its record, then dropped.
        parallelizationFactor: 1,
        retryAttempts: 2,
        bisectBatchOnError: true,
        maxRecordAge: Duration.minutes(1),
        filters: [
          FilterCriteria.filter({ dynamodb: { Keys: { SK: { S: FilterRule.isEqual('TABLE') } } } }),
          FilterCriteria.filter({ dynamodb: { Keys: { SK: { S: FilterRule.isEqual('ROUND') } } } }),
          FilterCriteria.filter({ dynamodb: { Keys: { SK: { S: FilterRule.beginsWith('PLAYER#') } } } }),
        ],
      }),
    );
    this.acknowledgeFindings(props);
  }

  /** cdk-nag findings this construct accepts, each with why. */
  private acknowledgeFindings(props: VariantPushProps): void {
    const stack = Stack.of(this);
    // cdk-nag names a finding by the resource as rendered: literals where the stack knows them, else the pseudo parameter.
    const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const apiId = stack.getLogicalId(this.api.node.defaultChild as CfnApi);
    const connections = `arn:${known(stack.partition, 'Partition')}:execute-api:${known(stack.region, 'Region')}:${known(stack.account, 'AccountId')}:<${apiId}>/${PUSH_STAGE}/*/@connections/*`;
    // Findings of a policy are reported on the function's role (infra/handler-function.ts gives each its own).
    const roleOf = (fn: IFunction) => fn.role ?? fn;
    for (const fn of [props.socket, props.fanout])
      Validations.of(roleOf(fn)).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${connections}]`,
        reason:
          "Connection ids exist only at run time: posting to (and closing) this stage's connections of this API only",
      });
    Validations.of(roleOf(props.fanout)).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'dynamodb:ListStreams, which reading the table stream needs, has no resource-level permission',
    });
    Validations.of(props.fanout).acknowledge({
      id: 'Serverless-LambdaEventSourceMappingDestination',
      reason:
        "A stream batch that still fails after its retries is superseded: the table's next change pushes a newer snapshot (messages are versioned), and a client that reconnects catches up",
    });
  }
}
