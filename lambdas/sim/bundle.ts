// The simulation worker as one plain-JavaScript ES module, bundled by esbuild on first use (kept for
// the life of the process). Measured on this machine kind, two workers were ready ~0.5 s after
// the bundle was asked for, against 1–2.4 s for workers that load tsx and transpile each file.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('./worker.ts', import.meta.url));

let bundled: Promise<URL> | undefined;

/** A data: URL a Worker can start from; no file is written. */
export function workerUrl(): Promise<URL> {
  bundled ??= build({
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
  }).then((out) => new URL(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`));
  bundled.catch(() => (bundled = undefined));
  return bundled;
}
