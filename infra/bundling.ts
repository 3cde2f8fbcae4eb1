// Owns how a handler becomes a Lambda bundle: the handler entries, the esbuild options every
// bundle shares (ESM for the runtime's Node.js, module-first resolution, minified, AWS SDK inside)
// and the values baked in at synth time. bench/bundles.ts builds with the same options, so what it
// measures is what ships.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { behindRows, bestStrategy, lineRows, rtpRows } from '../lambdas/math/index.ts';
import { packArtifact } from '../lambdas/pack/artifact-build.ts';
import { chartDocument } from '../lambdas/pack/chart.ts';
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { LAMBDA_RUNTIME } from './config.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Handler groups and their entries, relative to the repo root. */
export const HANDLERS = {
  api: 'lambdas/handlers/api.ts',
  sweep: 'lambdas/handlers/sweep.ts',
  simulate: 'lambdas/handlers/simulate.ts',
  aggregate: 'lambdas/handlers/aggregate.ts',
  socket: 'lambdas/push/socket-handler.ts',
  fanout: 'lambdas/push/fanout-handler.ts',
} as const;
export type HandlerName = keyof typeof HANDLERS;
export const handlerEntry = (name: HandlerName): string => join(REPO_ROOT, HANDLERS[name]);

/** ESM bundles still meet CommonJS dependencies that call require(): give them one. */
export const ESM_BANNER =
  "import { createRequire as __croupierCreateRequire } from 'node:module'; const require = __croupierCreateRequire(import.meta.url);";

/**
 * Modules replaced in the bundles: the SDK's default credential chain by the environment's
 * credentials, which is all a Lambda function has (lambdas/store/lambda-credentials.ts), and the
 * endpoint cache's LRU by a Map (lambdas/store/lru-cache.ts).
 */
export const BUNDLE_ALIASES = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'lambdas/store/lambda-credentials.ts'),
  'mnemonist/lru-cache': join(REPO_ROOT, 'lambdas/store/lru-cache.ts'),
} as const;

/**
 * Left out of every bundle: the SDK loads its event-stream support lazily, only for an operation
 * that streams events, and DynamoDB has none (~15 KB of every API bundle).
 */
export const BUNDLE_EXTERNALS = ['@smithy/core/event-streams'];

/** esbuild settings shared by the CDK bundling and the bench (esbuild's JS API names). */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  /** The functions' runtime (`nodejs24.x` → `node24`): one value, infra/config.ts. */
  target: LAMBDA_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, 'node$1'),
  mainFields: ['module', 'main'],
  minify: true,
  banner: { js: ESM_BANNER },
  alias: BUNDLE_ALIASES,
  external: BUNDLE_EXTERNALS,
} as const;

/** The environment names a bundle reads its baked-in values from (esbuild replaces them). */
export const BAKED = {
  artifact: 'process.env.CROUPIER_PACK_ARTIFACT',
  /** The pack's family: a bundle carries only that family's code (lambdas/engine/families.ts). */
  family: 'process.env.CROUPIER_FAMILY',
  chart: 'process.env.CROUPIER_SIM_CHART',
  rtp: 'process.env.CROUPIER_PACK_RTP',
  lines: 'process.env.CROUPIER_PACK_LINES',
  behind: 'process.env.CROUPIER_PACK_BEHIND',
} as const;

/** esbuild's options for a handler's bundle of `pack`, as the CDK app builds it (the caller adds where it goes). */
export const handlerBuild = (pack: CompiledPack, handler: HandlerName) => ({
  ...ESBUILD_OPTIONS,
  mainFields: [...ESBUILD_OPTIONS.mainFields],
  entryPoints: [handlerEntry(handler)],
  define: packDefines(pack, handler),
  logLevel: 'silent' as const,
});

/** Analysis takes a second or so a pack: each result is computed once per pack content. */
const analysed = new Map<string, string>();
function once(what: string, pack: CompiledPack, compute: () => unknown): string {
  const key = `${what} ${pack.sha256}`;
  let json = analysed.get(key);
  if (!json) analysed.set(key, (json = JSON.stringify(compute())));
  return json;
}

/**
 * esbuild `define`s baking the pack into a handler's bundle: its artifact (resolved pack, AI charts,
 * SHA-256) for every handler; the exact RTP of every bet and the odds of every pay-table line for
 * the API (GET /rules answers them without
 * computing at a cold start, and the bundle carries no analyser); the chart the simulation plays for
 * the simulate function of a blackjack pack. A pack edit changes the bundle and so the function's
 * code hash in `cdk diff`.
 */
export function packDefines(pack: CompiledPack, handler?: HandlerName): Record<string, string> {
  const defines: Record<string, string> = {
    [BAKED.artifact]: JSON.stringify(JSON.stringify(packArtifact(pack))),
    [BAKED.family]: JSON.stringify(pack.family),
  };
  if (handler === 'api') {
    defines[BAKED.rtp] = JSON.stringify(once('rtp', pack, () => rtpRows(pack)));
    defines[BAKED.lines] = JSON.stringify(once('lines', pack, () => lineRows(pack)));
    defines[BAKED.behind] = JSON.stringify(once('behind', pack, () => behindRows(pack)));
  }
  if (handler === 'simulate' && pack.family === 'blackjack')
    defines[BAKED.chart] = JSON.stringify(once('chart', pack, () => chartDocument(bestStrategy(pack))));
  return defines;
}
