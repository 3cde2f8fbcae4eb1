// Owns turning an App's context into stacks: `-c stage=` picks the config (with `-c jwtIssuer=`,
// `-c jwtAudience=`, `-c jwtRoleClaim=`, `-c alarmEmail=` and `-c accountConcurrency=` over it),
// `-c variants=` the packs, `-c rulesDir=` another rules folder; every variant pack there becomes one
// stack named Croupier-<stage>-<pack-id>. A stage whose reserved concurrency does not fit the
// account stops here, before any stack is built.
import type { App } from 'aws-cdk-lib';
import { RULES_DIR } from '../lambdas/pack/load.ts';
import { checkConcurrency, stageConfig } from './config.ts';
import { loadVariants, parseVariants, variantIds } from './packs.ts';
import { stackName, VariantStack } from './variant-stack.ts';

export interface BuildOptions {
  /** The rules folder; `-c rulesDir=`, else rules/ (tests synthesize edited copies). */
  readonly rulesDir?: string;
}

export function buildApp(app: App, options: BuildOptions = {}): VariantStack[] {
  const context = (key: string): unknown => app.node.tryGetContext(key);
  const config = stageConfig(context('stage'), {
    jwtIssuer: context('jwtIssuer'),
    jwtAudience: context('jwtAudience'),
    jwtRoleClaim: context('jwtRoleClaim'),
    alarmEmail: context('alarmEmail'),
    accountConcurrency: context('accountConcurrency'),
  });
  const rulesDir = options.rulesDir ?? app.node.tryGetContext('rulesDir') ?? RULES_DIR;
  // Every variant of the folder counts, deployed now or not: they share the account's pool.
  checkConcurrency(config, variantIds(rulesDir).length);
  const packs = loadVariants(rulesDir, parseVariants(app.node.tryGetContext('variants')));
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  return packs.map((pack) => {
    const name = stackName(config, pack);
    return new VariantStack(app, name, { stackName: name, pack, config, env });
  });
}
