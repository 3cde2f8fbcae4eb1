// Test helper: synthesizes the CDK app the way unit tests should (bundling skipped, CloudFormation
// validation off) for a stage, an optional subset and an optional rules folder, with the feature
// flags of cdk.json as the CLI gives them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/build.ts';
import { REPO_ROOT } from '../../infra/bundling.ts';
import type { VariantStack } from '../../infra/variant-stack.ts';

export interface SynthOptions {
  stage?: string;
  variants?: string;
  rulesDir?: string;
  /** More `-c key=value` pairs (an operator's jwtIssuer, jwtAudience, alarmEmail). */
  context?: Record<string, string>;
  /** The feature flags; cdk.json's unless given. */
  flags?: Record<string, unknown>;
}

/** cdk.json's context: the feature flags every `cdk` command synthesizes with. */
export const CDK_JSON_CONTEXT: Record<string, unknown> = JSON.parse(
  readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8'),
).context;

/** What an operator gives a prod synth: prod refuses the placeholder issuer. */
export const PROD_CONTEXT = { jwtIssuer: 'https://login.operator.test/', jwtAudience: 'croupier' };

export function synthStacks(options: SynthOptions = {}): VariantStack[] {
  const context: Record<string, unknown> = { ...(options.flags ?? CDK_JSON_CONTEXT), 'aws:cdk:bundling-stacks': [] };
  if (options.stage !== undefined) context.stage = options.stage;
  if (options.variants !== undefined) context.variants = options.variants;
  Object.assign(context, options.context);
  const app = new App({ context, builtinCloudFormationValidation: false });
  return buildApp(app, { rulesDir: options.rulesDir });
}

/** One stack's template by pack id. */
export function templateOf(stacks: VariantStack[], packId: string): Template {
  const stack = stacks.find((s) => s.stackName.endsWith(`-${packId}`));
  if (!stack) throw new Error(`no stack for ${packId} among ${stacks.map((s) => s.stackName).join(', ')}`);
  return Template.fromStack(stack);
}
