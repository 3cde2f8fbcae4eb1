// The CDK app (cdk.json runs it with tsx): one stack per variant pack in rules/. A pack that does
// not validate, an unknown stage or variant, or a plan that does not fit the account stops the
// synth with a plain message; so does a cdk-nag finding nobody acknowledged (infra/nag.ts).
import { App } from 'aws-cdk-lib';
import { PackError } from '../lambdas/pack/load.ts';
import { buildApp } from './build.ts';
import { ConfigError } from './config.ts';
import { addNagChecks } from './nag.ts';

const app = new App();
addNagChecks(app);
try {
  buildApp(app);
} catch (e) {
  if (!(e instanceof PackError || e instanceof ConfigError)) throw e;
  console.error(
    e instanceof PackError
      ? `synth stopped: a rule pack does not validate\n${e.message}`
      : `synth stopped: ${e.message}`,
  );
  process.exit(1);
}
app.synth();
