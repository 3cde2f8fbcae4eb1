// Owns how a handler becomes a Lambda bundle: the handler entries, the esbuild options every
// bundle shares (ESM, node22, module-first resolution, minified, AWS SDK inside) and the values
// baked in at synth time. bench/bundles.ts builds with the same options, so what it measures is
// what ships.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packArtifact } from '../lambdas/pack/artifact-build.ts';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { bestStrategy } from '../lambdas/math/index.ts';
import { chartDocument } from '../lambdas/math/chart.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Handler groups and their entries, relative to the repo root. */
export const HANDLERS = {
  api: 'lambdas/handlers/api.ts',
  sweep: 'lambdas/handlers/sweep.ts',
  simulate: 'lambdas/handlers/simulate.ts',
  aggregate: 'lambdas/handlers/aggregate.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;
export const handlerEntry = (name: HandlerName): string => join(REPO_ROOT, HANDLERS[name]);

/** ESM bundles still meet CommonJS dependencies that call require(): give them one. */
export const ESM_BANNER = "import { createRequire as __croupierCreateRequire } from 'node:module'; const require = __croupierCreateRequire(import.meta.url);";

/**
 * Modules replaced in the bundles: the SDK's default credential chain by the environment's
 * credentials, which is all a Lambda function has (lambdas/store/lambda-credentials.ts).
 */
export const BUNDLE_ALIASES = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'lambdas/store/lambda-credentials.ts'),
} as const;

/** esbuild settings shared by the CDK bundling and the bench (esbuild's JS API names). */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  banner: { js: ESM_BANNER },
  alias: BUNDLE_ALIASES,
} as const;

/** The environment names a bundle reads its baked-in values from (esbuild replaces them). */
export const BAKED = {
  artifact: 'process.env.CROUPIER_PACK_ARTIFACT',
  chart: 'process.env.CROUPIER_SIM_CHART',
} as const;

/** The best basic-strategy chart is a second or two of analysis: once per pack content. */
const charts = new Map<string, string>();
function chartJson(pack: CompiledPack): string {
  let json = charts.get(pack.sha256);
  if (!json) charts.set(pack.sha256, (json = JSON.stringify(chartDocument(bestStrategy(pack)))));
  return json;
}

/**
 * esbuild `define`s baking the pack into a bundle: its artifact (resolved pack, AI charts, SHA-256)
 * and, for the simulate function of a blackjack pack, the chart the simulation plays. A pack edit
 * changes the bundle and so the function's code hash in `cdk diff`.
 */
export function packDefines(pack: CompiledPack, options: { chart?: boolean } = {}): Record<string, string> {
  const defines: Record<string, string> = { [BAKED.artifact]: JSON.stringify(JSON.stringify(packArtifact(pack))) };
  if (options.chart && pack.family === 'blackjack') defines[BAKED.chart] = JSON.stringify(chartJson(pack));
  return defines;
}
