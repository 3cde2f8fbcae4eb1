// cdk-nag (AwsSolutions and Serverless packs, as every `cdk synth` runs them: infra/nag.ts) over
// every variant's stack in prod and one of each family in dev: no finding anybody left unacknowledged, and every
// acknowledgement carries its reason next to the resource it is about. Also: with the CLI's view
// of the environment (a region and account given), the acknowledgements still name their findings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { ManagedPolicy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../infra/build.ts';
import { addNagChecks } from '../../infra/nag.ts';
import { CDK_JSON_CONTEXT, PROD_CONTEXT } from './synth.ts';

const outdirs: string[] = [];
afterAll(() => outdirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const env = { region: process.env.CDK_DEFAULT_REGION, account: process.env.CDK_DEFAULT_ACCOUNT };
afterEach(() => {
  for (const [key, value] of [
    ['CDK_DEFAULT_REGION', env.region],
    ['CDK_DEFAULT_ACCOUNT', env.account],
  ] as const)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
});

interface Report {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

/** Synthesizes with cdk-nag; returns the findings nobody acknowledged ("rule at path") and the app. */
function nag(context: Record<string, unknown>): { findings: string[]; app: App } {
  const outdir = mkdtempSync(join(tmpdir(), 'croupier-nag-'));
  outdirs.push(outdir);
  const app = new App({
    outdir,
    context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], ...context },
    builtinCloudFormationValidation: false,
  });
  addNagChecks(app);
  buildApp(app);
  try {
    app.synth();
    return { findings: [], app };
  } catch (error) {
    if (!String((error as Error).message).includes('validation-report.json')) throw error;
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as Report;
    const findings = report.pluginReports.flatMap((p) =>
      p.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} at ${c.constructPath}`)),
    );
    return { findings, app };
  }
}

/** Every acknowledgement recorded in the app: rule, reason, where. */
function acknowledgements(root: IConstruct): { rule: string; reason: unknown; path: string }[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, unknown>).map(([rule, reason]) => ({
          rule,
          reason,
          path: c.node.path,
        })),
      ),
  );
}

describe('cdk-nag: AwsSolutions and Serverless checks', () => {
  test.each([
    ['dev', {}],
    ['prod', PROD_CONTEXT],
  ])(
    'every %s stack has no unacknowledged finding, and every acknowledgement says why',
    (stage, context) => {
      const { findings, app } = nag({ stage, ...context });
      expect(findings).toEqual([]);
      const acks = acknowledgements(app);
      // Per stack: the public routes, the state machine's wildcards, X-Ray, dead-letter queues and
      // async destinations of functions nobody calls asynchronously but the schedule.
      expect(acks.length).toBeGreaterThan(0);
      for (const a of acks) {
        expect(typeof a.reason, `${a.rule} at ${a.path}`).toBe('string');
        expect((a.reason as string).length, `${a.rule} at ${a.path}`).toBeGreaterThan(40);
      }
      const rules = new Set(acks.map((a) => a.rule.replace(/^Annotation::/i, '').replace(/\[.*$/, '')));
      // What the stacks accept, and nothing else: a new kind of acknowledgement is a review question.
      expect([...rules].sort()).toEqual([
        'AwsSolutions-APIG4',
        'AwsSolutions-IAM5',
        'AwsSolutions-SF2',
        'Serverless-EventBusDLQ',
        'Serverless-LambdaAsyncFailureDestination',
        'Serverless-LambdaDLQ',
        // The push fan-out's stream batches: a newer snapshot supersedes a dropped one (infra/push-api.ts).
        'Serverless-LambdaEventSourceMappingDestination',
        'Serverless-LambdaTracing',
        'Serverless-StepFunctionStateMachineXray',
      ]);
    },
    120_000,
  );

  test('with a region and account from the CLI the acknowledgements still name their findings', () => {
    process.env.CDK_DEFAULT_REGION = 'eu-west-1';
    process.env.CDK_DEFAULT_ACCOUNT = '123456789012';
    expect(nag({ stage: 'prod', variants: 'andar-bahar', ...PROD_CONTEXT }).findings).toEqual([]);
  }, 60_000);

  test('an unacknowledged finding fails the synth and is reported by rule and resource', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'croupier-nag-'));
    outdirs.push(outdir);
    const app = new App({
      outdir,
      context: { ...CDK_JSON_CONTEXT, 'aws:cdk:bundling-stacks': [], variants: 'andar-bahar' },
      builtinCloudFormationValidation: false,
    });
    addNagChecks(app);
    const [stack] = buildApp(app);
    // A managed policy on one function's role: AwsSolutions-IAM4.
    stack.functions.aggregate.role.addManagedPolicy(ManagedPolicy.fromAwsManagedPolicyName('ReadOnlyAccess'));
    expect(() => app.synth()).toThrow('AwsSolutions-IAM4');
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as Report;
    const rules = report.pluginReports.flatMap((p) => p.violations.map((v) => v.ruleName));
    expect(rules).toEqual(['AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/ReadOnlyAccess]']);
  }, 60_000);
});
