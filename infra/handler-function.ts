// Owns one handler group as a Lambda function: Node.js 24 (LAMBDA_RUNTIME) on arm64, bundled by the
// local esbuild as minified ESM with the AWS SDK inside, the pack baked in, its own log group with
// the stage's retention, the environment every handler shares, and a role of its own that may write
// to that log group and nothing else until the stack grants more (no AWS managed policy).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Annotations, type Duration, Stack } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import {
  BUNDLE_ALIASES,
  BUNDLE_EXTERNALS,
  ESBUILD_OPTIONS,
  ESM_BANNER,
  HANDLERS,
  type HandlerName,
  handlerEntry,
  packDefines,
  REPO_ROOT,
} from './bundling.ts';
import { LAMBDA_RUNTIME, type StageConfig } from './config.ts';

export interface HandlerFunctionProps {
  readonly handler: HandlerName;
  readonly pack: CompiledPack;
  readonly config: StageConfig;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment?: Record<string, string>;
  /** Concurrent executions kept for this function alone (and the most it may run); none: the shared pool. */
  readonly reservedConcurrency?: number;
}

export class HandlerFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    const { pack, config } = props;
    const bundling = Stack.of(this).bundlingRequired;
    this.logGroup = new LogGroup(this, 'Logs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.description}: writes its own log group`,
    });
    this.logGroup.grantWrite(this.role);
    this.fn = new NodejsFunction(this, 'Function', {
      entry: this.entry(props.handler, bundling),
      handler: 'handler',
      runtime: LAMBDA_RUNTIME,
      role: this.role,
      reservedConcurrentExecutions: props.reservedConcurrency,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      description: props.description,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: `${REPO_ROOT}/package-lock.json`,
      environment: {
        CROUPIER_STAGE: config.stage,
        CROUPIER_PACK_ID: pack.id,
        CROUPIER_PACK_VERSION: pack.version,
        CROUPIER_PACK_SHA256: pack.sha256,
        POWERTOOLS_SERVICE_NAME: `croupier-${pack.id}`,
        POWERTOOLS_METRICS_NAMESPACE: config.metricsNamespace,
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: ESBUILD_OPTIONS.target,
        mainFields: [...ESBUILD_OPTIONS.mainFields],
        banner: ESM_BANNER,
        minify: true,
        sourceMap: false,
        bundleAwsSDK: true,
        externalModules: BUNDLE_EXTERNALS,
        esbuildArgs: Object.fromEntries(Object.entries(BUNDLE_ALIASES).map(([from, to]) => [`--alias:${from}`, to])),
        // The pack (with what is computed from it) only matters to a bundle that is really built.
        define: bundling ? packDefines(pack, props.handler) : {},
      },
    });
  }

  /**
   * The handler's entry. Until another module's handler file exists, a synth without bundling (unit
   * tests) stands this file in for it so the rest of the stack can still be checked; a real synth
   * refuses.
   */
  private entry(handler: HandlerName, bundling: boolean): string {
    const entry = handlerEntry(handler);
    if (existsSync(entry)) return entry;
    if (bundling) throw new Error(`${HANDLERS[handler]} does not exist yet: the ${handler} function cannot be bundled`);
    Annotations.of(this).addWarningV2(
      'croupier:missing-handler',
      `${HANDLERS[handler]} does not exist yet; synthesized without its code`,
    );
    return fileURLToPath(import.meta.url);
  }
}
