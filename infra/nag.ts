// Owns the cdk-nag checks every synth runs: the AWS Solutions and Serverless packs, registered as
// validation plugins (cdk-nag 3), so a finding nobody acknowledged stops `npm run synth` and
// `cdk deploy`. Each acknowledgement sits next to the resource it is about, with its reason.
import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';

export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
}
