// Owns the per-stage settings of every variant stack, typed and picked once from `-c stage=`
// (dev by default), with what differs per deployment given as `-c jwtIssuer=`, `-c jwtAudience=`,
// `-c jwtRoleClaim=`, `-c alarmEmail=` and `-c accountConcurrency=`. Everything an operator may
// tune between dev and prod lives here; the stack reads nothing else.
import { RemovalPolicy } from 'aws-cdk-lib';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Every function's runtime, in every stage: the newest Node.js aws-cdk-lib offers. The bundles target it too. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

/** Lambda keeps at least this many of an account's concurrent executions unreserved (all of them below it). */
export const UNRESERVED_MINIMUM = 100;

/** How an alarm looks at its metric: `datapointsToAlarm` of the last `evaluationPeriods` periods must breach. */
export interface AlarmWindow {
  readonly periodMinutes: number;
  readonly evaluationPeriods: number;
  readonly datapointsToAlarm: number;
}

export interface StageConfig {
  readonly stage: Stage;
  /** Tables and log groups: RETAIN in prod so a stack deletion never drops wallets or rounds. */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /**
   * The JWT authorizer of the HTTP API: RS256 tokens from this issuer's JWKS for this audience.
   * `roleClaim` names the claim carrying the caller's role (`player` or `operator`): a string, or a
   * list such as a groups claim; the identity provider must not let users edit it.
   */
  readonly jwt: { readonly issuer: string; readonly audience: readonly string[]; readonly roleClaim: string };
  /**
   * Requests per second the API's stage lets through: `rateLimit`/`burstLimit` per route for the
   * players' routes, `publicRateLimit`/`publicBurstLimit` for the routes served without a token, so
   * anonymous traffic cannot spend what paying players need.
   */
  readonly throttling: {
    readonly rateLimit: number;
    readonly burstLimit: number;
    readonly publicRateLimit: number;
    readonly publicBurstLimit: number;
  };
  /**
   * Concurrent executions reserved per variant for live play (the API and the sweep), taken out of
   * the account's regional pool so a simulation or anything else in the account can never starve
   * them. Also the most each may run at once. `accountQuota` is the account's "Concurrent
   * executions" quota in the region (Service Quotas; `-c accountConcurrency=`): the synth refuses a
   * plan that does not fit in it.
   */
  readonly concurrency: { readonly api: number; readonly sweep: number; readonly accountQuota: number };
  /**
   * Alarm thresholds. Counts (errors, 5xx, throttles, failures) are judged over the `burst` window,
   * rates and percentiles (4xx share, p99 latency) over the `sustained` one; latency in ms.
   */
  readonly alarms: {
    readonly burst: AlarmWindow;
    readonly sustained: AlarmWindow;
    readonly lambdaErrors: number;
    readonly lambdaThrottles: number;
    readonly api5xx: number;
    readonly apiLatencyP99Ms: number;
    readonly dynamoThrottles: number;
    /** Share of requests answered 4xx (0..1), judged only in periods with at least `minRequests`. */
    readonly clientErrorRate: { readonly rate: number; readonly minRequests: number };
    /** Simulation executions that failed or timed out. */
    readonly simulationFailures: number;
    /** Tables a sweep could not finish. */
    readonly sweepFailures: number;
    /** Operator credits in one period: how many, and their sum in minor units. */
    readonly operatorCredits: { readonly periodMinutes: number; readonly count: number; readonly amount: number };
    /** An address subscribed to the alarm topic; none when empty. */
    readonly email?: string;
  };
  readonly metricsNamespace: string;
  /**
   * Operators' wallet credits, in minor units of the pack's currency: at most `perCall` in one
   * credit and `perDay` per operator per UTC day (given to the API function as
   * CROUPIER_CREDIT_LIMIT_PER_CALL and CROUPIER_CREDIT_LIMIT_PER_DAY; above them a credit is refused).
   */
  readonly operatorCredit: { readonly perCall: number; readonly perDay: number };
  /**
   * Cloud simulation: the Distributed Map runs `childWorkflows` child workflows at once, each plays
   * `batchesPerChild` batches, `batchesAtOnce` at a time, then merges them. At most
   * `childWorkflows × batchesAtOnce` simulate functions run at once per execution.
   */
  readonly simulation: {
    readonly childWorkflows: number;
    readonly batchesPerChild: number;
    readonly batchesAtOnce: number;
  };
}

/** The most simulate functions one simulation execution runs at once. */
export const simulationPeak = (config: StageConfig): number =>
  config.simulation.childWorkflows * config.simulation.batchesAtOnce;

const CONFIGS: Record<Stage, StageConfig> = {
  dev: {
    stage: 'dev',
    removalPolicy: RemovalPolicy.DESTROY,
    logRetention: RetentionDays.ONE_WEEK,
    jwt: { issuer: 'https://auth.dev.croupier.example/', audience: ['croupier-dev'], roleClaim: 'role' },
    throttling: { rateLimit: 50, burstLimit: 100, publicRateLimit: 10, publicBurstLimit: 20 },
    concurrency: { api: 10, sweep: 2, accountQuota: 1_000 },
    alarms: {
      burst: { periodMinutes: 5, evaluationPeriods: 1, datapointsToAlarm: 1 },
      sustained: { periodMinutes: 5, evaluationPeriods: 2, datapointsToAlarm: 2 },
      lambdaErrors: 5,
      lambdaThrottles: 1,
      api5xx: 10,
      apiLatencyP99Ms: 2_000,
      dynamoThrottles: 10,
      clientErrorRate: { rate: 0.8, minRequests: 20 },
      simulationFailures: 1,
      sweepFailures: 5,
      operatorCredits: { periodMinutes: 60, count: 1_000, amount: 1_000_000_000 },
    },
    metricsNamespace: 'Croupier/dev',
    operatorCredit: { perCall: 10_000_000, perDay: 100_000_000 },
    simulation: { childWorkflows: 4, batchesPerChild: 10, batchesAtOnce: 5 },
  },
  prod: {
    stage: 'prod',
    removalPolicy: RemovalPolicy.RETAIN,
    logRetention: RetentionDays.THREE_MONTHS,
    jwt: { issuer: 'https://auth.croupier.example/', audience: ['croupier'], roleClaim: 'role' },
    throttling: { rateLimit: 1_000, burstLimit: 2_000, publicRateLimit: 50, publicBurstLimit: 100 },
    // ~1,000 requests/s at ~100 ms each; 5 variants reserve 510 of the default 1,000.
    concurrency: { api: 100, sweep: 2, accountQuota: 1_000 },
    alarms: {
      // One-minute periods: a burst alarms within a minute or two, and the alarm stays raised
      // until five quiet minutes have passed.
      burst: { periodMinutes: 1, evaluationPeriods: 5, datapointsToAlarm: 1 },
      sustained: { periodMinutes: 1, evaluationPeriods: 5, datapointsToAlarm: 3 },
      lambdaErrors: 1,
      lambdaThrottles: 1,
      api5xx: 3,
      apiLatencyP99Ms: 1_000,
      dynamoThrottles: 1,
      clientErrorRate: { rate: 0.5, minRequests: 20 },
      simulationFailures: 1,
      sweepFailures: 1,
      operatorCredits: { periodMinutes: 15, count: 50, amount: 5_000_000 },
    },
    metricsNamespace: 'Croupier',
    operatorCredit: { perCall: 1_000_000, perDay: 10_000_000 },
    simulation: { childWorkflows: 40, batchesPerChild: 25, batchesAtOnce: 5 },
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
  /** `-c jwtRoleClaim=cognito:groups`: the claim carrying the caller's role (default `role`). */
  readonly jwtRoleClaim?: unknown;
  /** `-c alarmEmail=…`: an address subscribed to the alarm topic. */
  readonly alarmEmail?: unknown;
  /** `-c accountConcurrency=N`: the account's Lambda "Concurrent executions" quota in the region. */
  readonly accountConcurrency?: unknown;
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
  const roleClaim = text(overrides.jwtRoleClaim, 'jwtRoleClaim') ?? base.jwt.roleClaim;
  if (!/^[^\s]{1,128}$/.test(roleClaim))
    throw new ConfigError(`-c jwtRoleClaim=${roleClaim} is not a claim name (no spaces, at most 128 characters)`);
  const email = text(overrides.alarmEmail, 'alarmEmail') ?? base.alarms.email;
  if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new ConfigError(`-c alarmEmail=${email} is not an e-mail address`);
  const given = overrides.accountConcurrency;
  const quota = typeof given === 'number' ? String(given) : text(given, 'accountConcurrency');
  if (quota !== undefined && !/^[1-9]\d{0,6}$/.test(quota))
    throw new ConfigError(`-c accountConcurrency=${quota} is not a whole number of concurrent executions`);
  return {
    ...base,
    jwt: { issuer, audience, roleClaim },
    concurrency: { ...base.concurrency, ...(quota !== undefined ? { accountQuota: Number(quota) } : {}) },
    alarms: { ...base.alarms, ...(email !== undefined ? { email } : {}) },
  };
}

/**
 * Refuses a stage whose variants cannot all be deployed into the account: Lambda refuses a
 * reservation that leaves fewer than 100 concurrent executions unreserved, and a simulation whose
 * peak does not fit in what is left would be throttled from its first minute. `variants` counts
 * every variant pack of the rules folder, deployed together or not: they share the account's pool.
 */
export function checkConcurrency(config: StageConfig, variants: number): void {
  const { api, sweep, accountQuota } = config.concurrency;
  const reserved = variants * (api + sweep);
  const unreserved = accountQuota - reserved;
  const plan = `${variants} variants reserve ${variants} × (${api} api + ${sweep} sweep) = ${reserved} concurrent executions`;
  const raise =
    'raise the quota (Service Quotas, AWS Lambda, "Concurrent executions") and give it with -c accountConcurrency=';
  if (unreserved < UNRESERVED_MINIMUM)
    throw new ConfigError(
      `${plan} of the account's ${accountQuota}; Lambda keeps ${UNRESERVED_MINIMUM} unreserved, so the quota must be at least ${reserved + UNRESERVED_MINIMUM}: ${raise}<quota>`,
    );
  const peak = simulationPeak(config);
  if (peak > unreserved)
    throw new ConfigError(
      `a simulation runs up to ${peak} functions at once but only ${unreserved} of the account's ${accountQuota} concurrent executions are left unreserved (${plan}): lower simulation.childWorkflows or batchesAtOnce in infra/config.ts, or ${raise}<quota>`,
    );
}

/** A context value as text; undefined when not given. */
function text(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ConfigError(`-c ${key} must be text`);
  return value.trim();
}
