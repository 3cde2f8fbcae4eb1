// Builds the command line as plain JavaScript in dist/ (gitignored): `npm ci` runs it (prepare), and
// cli/launch.mjs runs it again whenever a source it was built from has changed, so `croupier` never
// transpiles TypeScript on the way to an answer and never answers from stale code.
//   dist/croupier.mjs    the CLI, one chunk per command loaded on demand
//   dist/sim-worker.mjs  the simulation worker (lambdas/sim/bundle.ts starts it without bundling)
//   dist/manifest.json   the SHA-256 of every source file bundled, and the build id (their hash)
// The pack files' JSON Schema validators go in precompiled (lambdas/pack/validators.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const DIST = join(ROOT, 'dist');

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * Each source keeps its own import.meta.url (a repository file's URL, not the bundle's), so paths
 * it resolves from its own place (rules/, web/, .local/) stay right: the bundle runs in place.
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

const VALIDATORS = join(ROOT, 'lambdas/pack/validators.ts');

/** The standalone code `standaloneValidators()` writes, and the sources it was made from. */
async function precompiledValidators() {
  const script = join(DIST, `validators-${process.pid}.mjs`);
  const made = await build({
    entryPoints: [VALIDATORS],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: script,
    metafile: true,
    logLevel: 'warning',
  });
  try {
    const { standaloneValidators } = await import(pathToFileURL(script).href);
    return { code: standaloneValidators(), inputs: Object.keys(made.metafile.inputs) };
  } finally {
    rmSync(script, { force: true });
  }
}

/**
 * Bundles both entries into `outdir`, then records what they were built from; returns the build id.
 * `precompile: false` leaves the validators to Ajv at run time (the CLI before they were
 * precompiled, which `npm run bench` times beside it).
 */
export async function buildCli({ outdir = DIST, precompile = true } = {}) {
  const validators = precompile ? await precompiledValidators() : { code: null, inputs: [] };
  const precompiled = {
    name: 'precompiled-validators',
    setup(b) {
      if (validators.code)
        b.onLoad({ filter: /[\\/]lambdas[\\/]pack[\\/]validators\.ts$/ }, () => ({
          contents: validators.code,
          loader: 'js',
        }));
    },
  };
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    logLevel: 'warning',
    plugins: [precompiled, ownUrl],
    define: { 'process.env.CROUPIER_BUNDLED': '"1"' },
    write: false,
  };
  // Chunks are named by content, and each file is put in place whole (written aside, then renamed):
  // a build beside a running CLI never changes, or half-writes, a file it reads.
  const [worker, cli] = await Promise.all([
    build({ ...common, entryPoints: { 'sim-worker': join(ROOT, 'lambdas/sim/worker.ts') } }),
    build({
      ...common,
      entryPoints: { croupier: join(ROOT, 'cli/croupier.ts') },
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }),
  ]);
  for (const file of [...worker.outputFiles, ...cli.outputFiles]) writeWhole(file.path, file.contents);
  const inputs = new Set([
    ...Object.keys(worker.metafile.inputs),
    ...Object.keys(cli.metafile.inputs),
    ...validators.inputs,
  ]);
  const files = Object.fromEntries([...inputs].sort().map((rel) => [rel, sha256(readFileSync(join(ROOT, rel)))]));
  // The build id keys the answers cached on disk (cli/cache.ts): new code, new keys.
  const buildId = sha256(JSON.stringify(files));
  writeWhole(join(outdir, 'manifest.json'), `${JSON.stringify({ buildId, files }, null, 1)}\n`);
  return buildId;
}

function writeWhole(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, contents);
  renameSync(aside, path);
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const started = performance.now();
  await buildCli();
  console.error(`croupier: built dist/ in ${Math.round(performance.now() - started)} ms`);
}
