// Owns a variant's HTTP API: every path goes to the api function behind the JWT authorizer
// (issuer and audience from the stage config; handlers still check roles), except the public
// rules and OpenAPI document. The default stage writes JSON access logs and throttles each route:
// the players' routes at the stage's rate, the public ones at a much lower rate of their own, so
// anonymous traffic cannot use up the API function's reserved concurrency.
import { Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from './config.ts';

/** Routes served without a token. */
export const PUBLIC_ROUTES = ['/rules', '/openapi.json'] as const;

const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  sub: '$context.authorizer.claims.sub',
};

export interface VariantApiProps {
  readonly name: string;
  readonly handler: IFunction;
  readonly config: StageConfig;
}

export class VariantApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: VariantApiProps) {
    super(scope, id);
    const { config } = props;
    const integration = new HttpLambdaIntegration('Api', props.handler);
    this.api = new HttpApi(this, 'HttpApi', {
      apiName: props.name,
      description: `Croupier ${props.name}`,
      createDefaultStage: false,
      defaultIntegration: integration,
      defaultAuthorizer: new HttpJwtAuthorizer('Jwt', config.jwt.issuer, {
        jwtAudience: [...config.jwt.audience],
        identitySource: ['$request.header.Authorization'],
      }),
    });
    const publicRoutes = PUBLIC_ROUTES.flatMap((path) =>
      this.api.addRoutes({ path, methods: [HttpMethod.GET], integration, authorizer: new HttpNoneAuthorizer() }),
    );
    for (const route of publicRoutes)
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: 'Public by design (the rules and API document a player reads before signing in); throttled on its own',
      });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttling.rateLimit, burstLimit: config.throttling.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
    const publicLimit = {
      ThrottlingRateLimit: config.throttling.publicRateLimit,
      ThrottlingBurstLimit: config.throttling.publicBurstLimit,
    };
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      PUBLIC_ROUTES.map((path) => [`GET ${path}`, publicLimit]),
    );
    // A route's settings name its route key: CloudFormation must create the routes first.
    this.stage.node.addDependency(...publicRoutes);
  }
}
