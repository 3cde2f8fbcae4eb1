// cdk.json configures every feature flag of the installed aws-cdk-lib (the CLI warns about any
// left unconfigured), and configuring them changed nothing a deployed stack holds: with the flags
// and with none (the library's old defaults) a stack of each family has the same resources under the same
// logical ids, and the stateful ones (the table, the log groups) the same properties and policies.
import { Template } from 'aws-cdk-lib/assertions';
import { FLAGS } from 'aws-cdk-lib/cx-api';
import { describe, expect, test } from 'vitest';
import { TABLE_LOGICAL_ID } from '../../infra/variant-stack.ts';
import { CDK_JSON_CONTEXT, PROD_CONTEXT, synthStacks } from './synth.ts';

const STATEFUL = ['AWS::DynamoDB::Table', 'AWS::Logs::LogGroup'];
/** Every stack has the same resources; the family decides only what is bundled. */
const BOTH_FAMILIES = 'andar-bahar,blackjack-mewah';

describe('feature flags (cdk.json)', () => {
  test('every flag whose default is not the recommended behaviour is configured (what `cdk flags` lists)', () => {
    const needsChoice = Object.entries(FLAGS)
      .filter(([, f]) => (f.unconfiguredBehavesLike?.v2 ?? false) !== f.recommendedValue)
      .map(([flag]) => flag);
    expect(needsChoice.length).toBeGreaterThan(70);
    expect(needsChoice.filter((flag) => !(flag in CDK_JSON_CONTEXT))).toEqual([]);
  });

  test.each([
    ['dev', {}],
    ['prod', PROD_CONTEXT],
  ])(
    '%s: the flags replace nothing: same logical ids, same stateful resources',
    (stage, context) => {
      const synth = (flags: Record<string, unknown>) =>
        synthStacks({ stage, variants: BOTH_FAMILIES, context, flags }).map((s) => ({
          name: s.stackName,
          template: Template.fromStack(s).toJSON(),
        }));
      const configured = synth(CDK_JSON_CONTEXT);
      const defaults = synth({});
      expect(configured.map((s) => s.name)).toEqual(defaults.map((s) => s.name));
      for (const [i, { name, template }] of configured.entries()) {
        const before = defaults[i].template.Resources;
        const after = template.Resources;
        expect(Object.keys(after).sort(), name).toEqual(Object.keys(before).sort());
        const stateful = Object.keys(after).filter((id) => STATEFUL.includes(after[id].Type));
        expect(stateful, name).toContain(TABLE_LOGICAL_ID);
        for (const id of stateful) expect(after[id], `${name} ${id}`).toEqual(before[id]);
      }
    },
    60_000,
  );
});
