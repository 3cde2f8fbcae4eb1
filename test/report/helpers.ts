// Shared by the report tests: a report made by the command itself, in this process, into a fresh folder.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../cli/commands/report.ts';
import { captureCli } from '../math/helpers.ts';

/** Small enough to keep the suite quick; ten sub-batches, so ten checkpoints. */
export const ROUNDS = 20_000;
/** Fixed when these tests were written, before any report was looked at. */
export const SEED = 52_052;

export async function makeReport(ref: string): Promise<{ path: string; html: string; args: string[]; stdout: string }> {
  const path = join(mkdtempSync(join(tmpdir(), 'croupier-report-')), 'report.html');
  const args = [ref, '--rounds', String(ROUNDS), '--seed', String(SEED), '--out', path];
  const { code, out, err } = await captureCli(run, args);
  if (code !== 0) throw new Error(`croupier report ${args.join(' ')} exited ${code}: ${err}`);
  return { path, html: readFileSync(path, 'utf8'), args, stdout: out };
}
