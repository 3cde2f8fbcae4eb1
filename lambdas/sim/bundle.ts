// The simulation worker as one plain-JavaScript ES module. The compiled CLI (scripts/build-cli.mjs)
// ships it built, beside itself; run from source, it is bundled by esbuild on first use (kept for
// the life of the process). Workers that load tsx and transpile each file take seconds to start.
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./worker.ts', import.meta.url));

let bundled: Promise<URL> | undefined;

/** A data: URL a Worker can start from; no file is written. */
export function workerUrl(): Promise<URL> {
  // The compiled CLI: scripts/build-cli.mjs wrote the worker into dist/, next to the CLI.
  if (process.env.CROUPIER_BUNDLED) return Promise.resolve(new URL('../../dist/sim-worker.mjs', import.meta.url));
  bundled ??= import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [ENTRY],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        write: false,
        logLevel: 'silent',
        // Some CommonJS dependencies call require(); give the ES module one.
        banner: {
          js: `import { createRequire as __croupierRequire } from 'node:module'; const require = __croupierRequire(${JSON.stringify(ENTRY)});`,
        },
      }),
    )
    .then((out) => new URL(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`));
  bundled.catch(() => (bundled = undefined));
  return bundled;
}
