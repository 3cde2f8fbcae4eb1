// Owns the per-stage settings of every variant stack, typed and picked once from `-c stage=`
// (dev by default). Everything an operator may tune between dev and prod lives here; the stack
// reads nothing else.
import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageConfig {
  readonly stage: Stage;
  /** Tables and log groups: RETAIN in prod so a stack deletion never drops wallets or rounds. */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /** The JWT authorizer of the HTTP API: RS256 tokens from this issuer's JWKS for this audience. */
  readonly jwt: { readonly issuer: string; readonly audience: readonly string[] };
  /** The API's default stage, requests per second across all clients. */
  readonly throttling: { readonly rateLimit: number; readonly burstLimit: number };
  /** Alarm when a 5-minute period reaches these values (latency in ms). */
  readonly alarms: {
    readonly evaluationPeriods: number;
    readonly lambdaErrors: number;
    readonly lambdaThrottles: number;
    readonly api5xx: number;
    readonly apiLatencyP99Ms: number;
    readonly dynamoThrottles: number;
    /** An address subscribed to the alarm topic; none when empty. */
    readonly email?: string;
  };
  readonly metricsNamespace: string;
  /** Cloud simulation: parallel child workflows and how many batches each one plays and merges. */
  readonly simulation: { readonly maxConcurrency: number; readonly batchesPerChild: number };
}

const CONFIGS: Record<Stage, StageConfig> = {
  dev: {
    stage: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_WEEK,
    jwt: { issuer: 'https://auth.dev.croupier.example/', audience: ['croupier-dev'] },
    throttling: { rateLimit: 50, burstLimit: 100 },
    alarms: { evaluationPeriods: 1, lambdaErrors: 5, lambdaThrottles: 1, api5xx: 10, apiLatencyP99Ms: 2_000, dynamoThrottles: 10 },
    metricsNamespace: 'Croupier/dev',
    simulation: { maxConcurrency: 20, batchesPerChild: 10 },
  },
  prod: {
    stage: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.THREE_MONTHS,
    jwt: { issuer: 'https://auth.croupier.example/', audience: ['croupier'] },
    throttling: { rateLimit: 1_000, burstLimit: 2_000 },
    alarms: { evaluationPeriods: 2, lambdaErrors: 1, lambdaThrottles: 1, api5xx: 5, apiLatencyP99Ms: 1_000, dynamoThrottles: 1 },
    metricsNamespace: 'Croupier',
    simulation: { maxConcurrency: 200, batchesPerChild: 25 },
  },
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const isStage = (s: unknown): s is Stage => typeof s === 'string' && (STAGES as readonly string[]).includes(s);

/** The config of a stage given on the command line (`-c stage=`); dev when none is given. */
export function stageConfig(stage: unknown = 'dev'): StageConfig {
  if (stage === undefined || stage === null || stage === '') return CONFIGS.dev;
  if (!isStage(stage)) throw new ConfigError(`-c stage=${String(stage)} is not a stage; use one of: ${STAGES.join(', ')}`);
  return CONFIGS[stage];
}
