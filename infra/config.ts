// Owns the per-stage settings of every variant stack, typed and picked once from `-c stage=`
// (dev by default), with what differs per deployment given as `-c jwtIssuer=`, `-c jwtAudience=`
// and `-c alarmEmail=`. Everything an operator may tune between dev and prod lives here; the stack
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
    alarms: {
      evaluationPeriods: 1,
      lambdaErrors: 5,
      lambdaThrottles: 1,
      api5xx: 10,
      apiLatencyP99Ms: 2_000,
      dynamoThrottles: 10,
    },
    metricsNamespace: 'Croupier/dev',
    simulation: { maxConcurrency: 20, batchesPerChild: 10 },
  },
  prod: {
    stage: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.THREE_MONTHS,
    jwt: { issuer: 'https://auth.croupier.example/', audience: ['croupier'] },
    throttling: { rateLimit: 1_000, burstLimit: 2_000 },
    alarms: {
      evaluationPeriods: 2,
      lambdaErrors: 1,
      lambdaThrottles: 1,
      api5xx: 5,
      apiLatencyP99Ms: 1_000,
      dynamoThrottles: 1,
    },
    metricsNamespace: 'Croupier',
    simulation: { maxConcurrency: 200, batchesPerChild: 25 },
  },
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const isStage = (s: unknown): s is Stage => typeof s === 'string' && (STAGES as readonly string[]).includes(s);

/** What an operator sets per deployment with `-c`, over the stage's config. */
export interface Overrides {
  /** `-c jwtIssuer=https://…/`: the identity provider that signs player and operator tokens. */
  readonly jwtIssuer?: unknown;
  /** `-c jwtAudience=a,b`: the audiences the authorizer accepts. */
  readonly jwtAudience?: unknown;
  /** `-c alarmEmail=…`: an address subscribed to the alarm topic. */
  readonly alarmEmail?: unknown;
}

/** The placeholder issuers above: no real identity provider answers for a `.example` host. */
const isPlaceholder = (issuer: string): boolean => new URL(issuer).hostname.endsWith('.example');

/**
 * The config of a stage given on the command line (`-c stage=`; dev when none is given), with the
 * operator's overrides. Prod refuses the placeholder issuer: its tokens can never be signed, so
 * the deployed API would refuse every player.
 */
export function stageConfig(stage: unknown = 'dev', overrides: Overrides = {}): StageConfig {
  const name = stage === undefined || stage === null || stage === '' ? 'dev' : stage;
  if (!isStage(name))
    throw new ConfigError(`-c stage=${String(stage)} is not a stage; use one of: ${STAGES.join(', ')}`);
  const base = CONFIGS[name];
  const issuer = text(overrides.jwtIssuer, 'jwtIssuer') ?? base.jwt.issuer;
  if (!/^https:\/\/[^/\s]+(\/\S*)?$/.test(issuer))
    throw new ConfigError(`-c jwtIssuer=${issuer} is not an https URL (the issuer's JWKS is read from it)`);
  if (name === 'prod' && isPlaceholder(issuer))
    throw new ConfigError(
      `prod needs your identity provider: -c jwtIssuer=https://<issuer>/ -c jwtAudience=<audience> (the issuer ${issuer} is a placeholder, so no token could reach the API)`,
    );
  const audience =
    text(overrides.jwtAudience, 'jwtAudience')
      ?.split(',')
      .map((a) => a.trim())
      .filter(Boolean) ?? base.jwt.audience;
  if (!audience.length)
    throw new ConfigError('-c jwtAudience= names no audience; give one or more, separated by commas');
  const email = text(overrides.alarmEmail, 'alarmEmail') ?? base.alarms.email;
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new ConfigError(`-c alarmEmail=${email} is not an e-mail address`);
  return { ...base, jwt: { issuer, audience }, alarms: { ...base.alarms, ...(email !== undefined ? { email } : {}) } };
}

/** A context value as text; undefined when not given. */
function text(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ConfigError(`-c ${key} must be text`);
  return value.trim();
}
