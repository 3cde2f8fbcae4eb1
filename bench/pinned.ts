// A bench script run in a process of its own pinned to one CPU with taskset: the same Node and
// loader as this process (and any extra V8 flags), its one line of JSON on stdout as the answer.
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';

/**
 * `script args…` pinned to `cpu`, run from `cwd`, `input` on its stdin; what it printed, parsed; null where taskset is
 * missing (Debian package util-linux).
 */
export function runPinned<T>(
  cpu: number,
  script: string,
  args: readonly string[],
  options: { cwd?: string; nodeFlags?: readonly string[]; input?: string } = {},
): T | null {
  const run = spawnSync(
    'taskset',
    ['-c', String(cpu), process.execPath, ...(options.nodeFlags ?? []), ...process.execArgv, script, ...args],
    { cwd: options.cwd, encoding: 'utf8', input: options.input },
  );
  if (run.error && (run.error as { code?: string }).code === 'ENOENT') return null;
  if (run.status !== 0)
    throw new Error(
      `${basename(script)} ${args.join(' ')} on CPU ${cpu}${options.cwd ? ` in ${options.cwd}` : ''} failed: ${(run.stderr || String(run.error)).slice(-500)}`,
    );
  return JSON.parse(run.stdout) as T;
}

/** The message where a comparison needs its runs pinned and taskset is missing. */
export const TASKSET_MISSING = 'taskset is missing (Debian package util-linux): the runs must be pinned to compare';
