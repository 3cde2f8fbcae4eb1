// The app as operators drive it: which packs become stacks, -c stage and -c variants, a pack edit
// that must not touch the table's identity, and a broken pack that must stop the synth.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError } from '../../infra/config.ts';
import { variantIds } from '../../infra/packs.ts';
import { TABLE_LOGICAL_ID } from '../../infra/variant-stack.ts';
import { PackError, RULES_DIR } from '../../lambdas/pack/load.ts';
import { PROD_CONTEXT, synthStacks, templateOf } from './synth.ts';

const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of rules/, optionally with one pack's text edited. */
function rulesCopy(pack?: string, edit?: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-rules-'));
  temps.push(dir);
  cpSync(RULES_DIR, dir, { recursive: true });
  if (pack && edit) {
    const file = join(dir, `${pack}.yaml`);
    const before = readFileSync(file, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error('the edit changed nothing');
    writeFileSync(file, after);
  }
  return dir;
}

describe('the CDK app', () => {
  test('one stack per variant pack, named Croupier-<stage>-<pack-id>, and none for side-bet modules', () => {
    const stacks = synthStacks();
    const ids = variantIds(RULES_DIR);
    expect(ids).toEqual([
      'andar-bahar',
      'blackjack-eropa',
      'blackjack-lucky-ladies',
      'blackjack-mewah',
      'blackjack-tanpa-batas',
    ]);
    expect(stacks.map((s) => s.stackName)).toEqual(ids.map((id) => `Croupier-dev-${id}`));
    expect(stacks.some((s) => s.stackName.endsWith('-lucky-ladies') && !s.stackName.includes('blackjack'))).toBe(false);
  });

  test('a side-bet module at the top of the rules folder is still not a stack', () => {
    const dir = rulesCopy();
    cpSync(join(RULES_DIR, 'side-bets', 'lucky-ladies.yaml'), join(dir, 'lucky-ladies.yaml'));
    expect(variantIds(dir)).not.toContain('lucky-ladies');
    expect(synthStacks({ rulesDir: dir }).map((s) => s.stackName)).not.toContain('Croupier-dev-lucky-ladies');
  }, 30_000);

  test('dev is the default stage and an unknown stage is refused with the allowed ones', () => {
    expect(synthStacks({ variants: 'andar-bahar' })[0].stackName).toBe('Croupier-dev-andar-bahar');
    expect(() => synthStacks({ stage: 'staging' })).toThrow(ConfigError);
    expect(() => synthStacks({ stage: 'staging' })).toThrow('-c stage=staging is not a stage; use one of: dev, prod');
  });

  test("prod takes the operator's identity provider and alarm address with -c, and refuses the placeholder issuer", () => {
    expect(() => synthStacks({ stage: 'prod', variants: 'andar-bahar' })).toThrow(
      'prod needs your identity provider: -c jwtIssuer=https://<issuer>/ -c jwtAudience=<audience> (the issuer https://auth.croupier.example/ is a placeholder, so no token could reach the API)',
    );
    const t = templateOf(
      synthStacks({
        stage: 'prod',
        variants: 'andar-bahar',
        context: {
          jwtIssuer: 'https://login.operator.test/',
          jwtAudience: 'croupier, croupier-web',
          alarmEmail: 'oncall@operator.test',
        },
      }),
      'andar-bahar',
    );
    const authorizers = Object.values(t.findResources('AWS::ApiGatewayV2::Authorizer')) as {
      Properties: { JwtConfiguration: unknown };
    }[];
    expect(authorizers.map((a) => a.Properties.JwtConfiguration)).toEqual([
      { Issuer: 'https://login.operator.test/', Audience: ['croupier', 'croupier-web'] },
    ]);
    t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@operator.test' });
    expect(() =>
      synthStacks({ variants: 'andar-bahar', context: { jwtIssuer: 'http://login.operator.test/' } }),
    ).toThrow("-c jwtIssuer=http://login.operator.test/ is not an https URL (the issuer's JWKS is read from it)");
    expect(() => synthStacks({ variants: 'andar-bahar', context: { alarmEmail: 'oncall' } })).toThrow(
      '-c alarmEmail=oncall is not an e-mail address',
    );
    expect(() => synthStacks({ variants: 'andar-bahar', context: { jwtAudience: ' , ' } })).toThrow(
      '-c jwtAudience= names no audience; give one or more, separated by commas',
    );
  });

  test('the reserved concurrency of every variant must fit the account: Lambda keeps 100 unreserved, and a simulation needs room', () => {
    // A new account may start at a quota of 10: nothing can be reserved until it is raised.
    expect(() => synthStacks({ variants: 'andar-bahar', context: { accountConcurrency: '10' } })).toThrow(
      `5 variants reserve 5 × (10 api + 2 sweep) = 60 concurrent executions of the account's 10; Lambda keeps 100 unreserved, so the quota must be at least 160: raise the quota (Service Quotas, AWS Lambda, "Concurrent executions") and give it with -c accountConcurrency=<quota>`,
    );
    // Every variant of the folder counts, even when fewer are deployed now.
    expect(() =>
      synthStacks({ stage: 'prod', variants: 'andar-bahar', context: { ...PROD_CONTEXT, accountConcurrency: '600' } }),
    ).toThrow('the quota must be at least 610');
    expect(() =>
      synthStacks({ stage: 'prod', variants: 'andar-bahar', context: { ...PROD_CONTEXT, accountConcurrency: '700' } }),
    ).toThrow(
      "a simulation runs up to 200 functions at once but only 190 of the account's 700 concurrent executions are left unreserved",
    );
    const fits = synthStacks({
      stage: 'prod',
      variants: 'andar-bahar',
      context: { ...PROD_CONTEXT, accountConcurrency: '710' },
    });
    expect(fits).toHaveLength(1);
    expect(() => synthStacks({ variants: 'andar-bahar', context: { accountConcurrency: 'lots' } })).toThrow(
      '-c accountConcurrency=lots is not a whole number of concurrent executions',
    );
  });

  test('-c jwtRoleClaim names the claim the API reads the role from (a groups claim); a name with spaces is refused', () => {
    const t = templateOf(
      synthStacks({ variants: 'andar-bahar', context: { jwtRoleClaim: 'cognito:groups' } }),
      'andar-bahar',
    );
    const api = Object.values(t.findResources('AWS::Lambda::Function')).find((f: any) =>
      f.Properties.Description.endsWith('HTTP API'),
    ) as { Properties: { Environment: { Variables: Record<string, unknown> } } };
    expect(api.Properties.Environment.Variables.CROUPIER_ROLE_CLAIM).toBe('cognito:groups');
    expect(() => synthStacks({ variants: 'andar-bahar', context: { jwtRoleClaim: 'my groups' } })).toThrow(
      '-c jwtRoleClaim=my groups is not a claim name (no spaces, at most 128 characters)',
    );
  });

  test('-c variants synthesizes only the packs named, and an unknown id names the variants there are', () => {
    expect(
      synthStacks({ stage: 'prod', variants: 'blackjack-eropa, andar-bahar', context: PROD_CONTEXT }).map(
        (s) => s.stackName,
      ),
    ).toEqual(['Croupier-prod-andar-bahar', 'Croupier-prod-blackjack-eropa']);
    expect(() => synthStacks({ variants: 'blackjack-mewah,baccarat' })).toThrow(
      /no variant pack "baccarat" in .*; the variants are: andar-bahar, blackjack-eropa/,
    );
    expect(() => synthStacks({ variants: 'lucky-ladies' })).toThrow(ConfigError);
  });

  test('editing a pack changes only the functions (its SHA-256 and version), never the table: same logical id, same properties', () => {
    const edited = rulesCopy('blackjack-mewah', (t) =>
      t.replace('hitsSoft17: false', 'hitsSoft17: true').replace('version: 1.0.0', 'version: 1.1.0'),
    );
    const before = templateOf(
      synthStacks({ stage: 'prod', variants: 'blackjack-mewah', context: PROD_CONTEXT }),
      'blackjack-mewah',
    ).toJSON();
    const after = templateOf(
      synthStacks({ stage: 'prod', variants: 'blackjack-mewah', rulesDir: edited, context: PROD_CONTEXT }),
      'blackjack-mewah',
    ).toJSON();
    const tables = (tpl: any) =>
      Object.entries(tpl.Resources).filter(([, r]: [string, any]) => r.Type === 'AWS::DynamoDB::Table');
    expect(tables(before).map(([id]) => id)).toEqual([TABLE_LOGICAL_ID]);
    expect(tables(after).map(([id]) => id)).toEqual([TABLE_LOGICAL_ID]);
    expect(tables(after)).toEqual(tables(before));
    // Every logical id stays; only the functions change (what cdk diff shows for a pack edit).
    expect(Object.keys(after.Resources).sort()).toEqual(Object.keys(before.Resources).sort());
    const changed = Object.keys(after.Resources).filter(
      (k) => JSON.stringify(after.Resources[k]) !== JSON.stringify(before.Resources[k]),
    );
    // Every function carries the pack (the API, the sweep, the simulation's two, push's two).
    expect(changed.map((k) => after.Resources[k].Type)).toEqual(Array(6).fill('AWS::Lambda::Function'));
    const sha = (tpl: any) =>
      tpl.Resources[Object.keys(tpl.Resources).find((k) => tpl.Resources[k].Type === 'AWS::Lambda::Function')!]
        .Properties.Environment.Variables;
    expect(sha(after).CROUPIER_PACK_SHA256).not.toBe(sha(before).CROUPIER_PACK_SHA256);
    expect(sha(after).CROUPIER_PACK_VERSION).toBe('1.1.0');
  }, 30_000);

  test('a broken pack stops the synth with its path:line:col errors', () => {
    const broken = rulesCopy('blackjack-mewah', (t) => t.replace('decks: 8 ', 'decks: 0 '));
    let error: unknown;
    try {
      synthStacks({ rulesDir: broken });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PackError);
    const diagnostics = (error as PackError).diagnostics;
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics[0]).toMatchObject({ path: join(broken, 'blackjack-mewah.yaml'), line: 13 });
    expect((error as Error).message).toMatch(
      new RegExp(`^${join(broken, 'blackjack-mewah.yaml').replaceAll('.', '\\.')}:13:\\d+: .*deck`, 'm'),
    );
  }, 30_000);

  test('cdk synth of a broken pack exits 1 and prints the path:line:col lines', () => {
    const broken = rulesCopy('andar-bahar', (t) => t.replace(/^version: .*$/m, 'version: [oops'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        CDK_CONTEXT_JSON: JSON.stringify({ rulesDir: broken, 'aws:cdk:bundling-stacks': [] }),
        CDK_OUTDIR: join(broken, 'cdk.out'),
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('synth stopped: a rule pack does not validate');
    expect(run.stderr).toMatch(new RegExp(`${join(broken, 'andar-bahar.yaml').replaceAll('.', '\\.')}:\\d+:\\d+: `));
  }, 60_000);
});
