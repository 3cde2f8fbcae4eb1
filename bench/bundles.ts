// Bundle figures for `npm run bench`: each handler bundled exactly as the CDK app ships it (esbuild,
// minified ESM, AWS SDK inside, a pack baked in), its size against the 400 KB target, the modules
// that weigh most (from esbuild's metafile), and the cold import time of the bundle in a fresh
// Node process (best of a few runs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { HANDLERS, type HandlerName, handlerBuild, handlerEntry, REPO_ROOT } from '../infra/bundling.ts';
import { loadPack, RULES_DIR } from '../lambdas/pack/load.ts';

export const BUNDLE_TARGET_BYTES = 400 * 1024;

export interface BundleFigure {
  handler: HandlerName;
  entry: string;
  bytes?: number;
  kilobytes?: number;
  withinTarget?: boolean;
  /** The heaviest inputs by bytes in the output, grouped by package (or by source folder). */
  largest?: { module: string; bytes: number }[];
  coldImportMs?: number;
  error?: string;
}

/** `node_modules/@aws-sdk/client-dynamodb/dist-es/x.js` → `@aws-sdk/client-dynamodb`; own code by folder. */
function owner(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return input.split('/').slice(0, 2).join('/');
  const parts = input.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function largest(meta: Metafile, n = 8): { module: string; bytes: number }[] {
  const sizes = new Map<string, number>();
  for (const output of Object.values(meta.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs))
      sizes.set(owner(input), (sizes.get(owner(input)) ?? 0) + bytesInOutput);
  return [...sizes]
    .map(([module, bytes]) => ({ module, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, n);
}

/** Imports the bundle in a fresh Node process and reports how long the import took. */
function coldImport(file: string, runs: number): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
  const env = { ...process.env, CROUPIER_TABLE_NAME: 'bench', AWS_REGION: 'us-east-1' };
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env });
    if (run.status !== 0)
      throw new Error(`importing the bundle failed: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
    best = Math.min(best, Number(run.stdout));
  }
  return Math.round(best * 10) / 10;
}

/**
 * The API bundle of every pack: what each bakes in (artifact, RTPs, line odds) differs, so the largest is the one to
 * watch.
 */
async function apiByPack(): Promise<{ pack: string; bytes: number; kilobytes: number; withinTarget: boolean }[]> {
  const ids = readdirSync(RULES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''));
  const out = [];
  for (const id of ids) {
    const result = await build({ ...handlerBuild(loadPack(id), 'api'), write: false });
    const bytes = result.outputFiles[0].contents.length;
    out.push({
      pack: id,
      bytes,
      kilobytes: Math.round((bytes / 1024) * 10) / 10,
      withinTarget: bytes <= BUNDLE_TARGET_BYTES,
    });
  }
  return out;
}

export async function benchBundles(options: { quick?: boolean; pack?: string } = {}): Promise<{
  pack: string;
  targetKB: number;
  bundles: BundleFigure[];
  apiByPack: Awaited<ReturnType<typeof apiByPack>>;
}> {
  const pack = loadPack(options.pack ?? 'blackjack-mewah');
  const dir = mkdtempSync(join(tmpdir(), 'croupier-bundles-'));
  const bundles: BundleFigure[] = [];
  try {
    for (const handler of Object.keys(HANDLERS) as HandlerName[]) {
      const entry = handlerEntry(handler);
      const figure: BundleFigure = { handler, entry: relative(REPO_ROOT, entry) };
      bundles.push(figure);
      if (!existsSync(entry)) {
        figure.error = 'handler file does not exist yet';
        continue;
      }
      try {
        const outfile = join(dir, handler, 'index.mjs');
        const result = await build({ ...handlerBuild(pack, handler), outfile, metafile: true });
        writeFileSync(join(dir, handler, 'package.json'), '{"type":"module"}');
        figure.bytes = statSync(outfile).size;
        figure.kilobytes = Math.round((figure.bytes / 1024) * 10) / 10;
        figure.withinTarget = figure.bytes <= BUNDLE_TARGET_BYTES;
        figure.largest = largest(result.metafile);
        figure.coldImportMs = coldImport(outfile, options.quick ? 1 : 5);
      } catch (e) {
        figure.error = (e as Error).message;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { pack: pack.id, targetKB: BUNDLE_TARGET_BYTES / 1024, bundles, apiByPack: await apiByPack() };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/')))
  console.log(JSON.stringify(await benchBundles({ quick: process.argv.includes('--quick') }), null, 2));
