// The one synth with bundling in the suite (CI runs it), as `cdk synth` runs it: cdk.json's feature
// flags, cdk-nag, CloudFormation validation on. The local esbuild builds every function of one
// variant's stack as ESM for the functions' runtime with the pack baked in. Each bundle imports
// cleanly in a fresh Node process, and the simulate bundle plays rounds with nothing but what was
// baked into it. `npm run synth` does the same for every variant.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../infra/build.ts';
import { ESBUILD_OPTIONS, HANDLERS, type HandlerName, handlerEntry } from '../../infra/bundling.ts';
import { LAMBDA_RUNTIME } from '../../infra/config.ts';
import { addNagChecks } from '../../infra/nag.ts';
import { lineRows, rtpRows } from '../../lambdas/math/index.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { CDK_JSON_CONTEXT } from './synth.ts';

const PACK = 'blackjack-mewah';
const missing = (Object.keys(HANDLERS) as HandlerName[]).filter((h) => !existsSync(handlerEntry(h)));
const outdir = mkdtempSync(join(tmpdir(), 'croupier-cdk-out-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Runs an ES module snippet in a fresh Node process; returns its stdout. */
function node(script: string): string {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, CROUPIER_TABLE_NAME: 'synth-test', AWS_REGION: 'eu-west-1' },
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

const skipped = missing.length ? `skipped: ${missing.map((h) => HANDLERS[h]).join(', ')} not written yet` : '';
if (skipped) console.warn(`full synth ${skipped}`);

describe.skipIf(missing.length > 0)(`a full synth with bundling${skipped ? ` (${skipped})` : ''}`, () => {
  test('bundles every function of a variant as minified ESM with the pack baked in, and the bundles run', () => {
    const pack = loadPack(PACK);
    const app = new App({ outdir, context: { ...CDK_JSON_CONTEXT, variants: PACK } });
    addNagChecks(app);
    const [stack] = buildApp(app);
    const assembly = app.synth();
    const template = assembly.getStackByName(stack.stackName).template as { Resources: Record<string, any> };

    const fns = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(fns).toHaveLength(6);
    // Built for the runtime the functions run on (one value: infra/config.ts).
    expect(ESBUILD_OPTIONS.target).toBe('node24');
    for (const fn of fns) expect(fn.Properties.Runtime).toBe(LAMBDA_RUNTIME.name);
    const bundles = new Map<string, string>();
    for (const fn of fns) {
      const hash = String(fn.Properties.Code.S3Key).replace(/\.zip$/, '');
      const file = join(outdir, `asset.${hash}`, 'index.mjs');
      expect(existsSync(file), `${fn.Properties.Description}: ${file}`).toBe(true);
      bundles.set(fn.Properties.Description.split(': ')[1], file);
    }
    const api = readFileSync(bundles.get('HTTP API')!, 'utf8');
    const simulate = readFileSync(bundles.get('plays one simulation batch')!, 'utf8');
    // Minified ESM with a require for CommonJS dependencies, the SDK inside, the pack's hash baked in.
    expect(api.startsWith('import')).toBe(true);
    expect(api).toContain('createRequire');
    expect(api).not.toMatch(/from\s*["']@aws-sdk\//);
    expect(api.length / api.split('\n').length).toBeGreaterThan(1000); // minified: long lines
    expect(api).toContain(pack.sha256);
    expect(simulate).toContain(pack.sha256);

    for (const [what, file] of bundles)
      expect(node(`await import(${JSON.stringify(file)}); process.stdout.write('ok')`), what).toBe('ok');
    const out = JSON.parse(
      node(
        `const { handler } = await import(${JSON.stringify(bundles.get('plays one simulation batch')!)}); process.stdout.write(JSON.stringify(await handler({ rounds: 300, seed: 7 })))`,
      ),
    );
    expect(out.rounds).toBe(300);
    expect(out.tallies.find((t: { key: string }) => t.key === 'main').placed).toBe(300);
    // GET /rules answers the RTPs baked in at synth time: the bundle computes none (no analyser in it).
    const event = {
      version: '2.0',
      routeKey: '$default',
      rawPath: '/rules',
      rawQueryString: '',
      headers: {},
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: '/rules' }, requestId: 'synth-test' },
    };
    const answer = node(
      `const { handler } = await import(${JSON.stringify(bundles.get('HTTP API')!)}); process.stdout.write('\\n' + JSON.stringify(await handler(${JSON.stringify(event)})))`,
    );
    const rules = JSON.parse(JSON.parse(answer.trim().split('\n').at(-1)!).body); // after the handler's own log line
    expect(rules.rtp).toEqual(rtpRows(pack));
    expect(rules.lines).toEqual(lineRows(pack));
    expect(api).not.toContain('has no exact analysis'); // an analyser's error message
  }, 120_000);
});
