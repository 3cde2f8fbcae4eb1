// The shipped rules/ folder validates, file by file and through `croupier validate` itself.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatDiagnostic, RULES_DIR } from '../../lambdas/pack/load.ts';
import { problems } from './helpers.ts';

const ROOT = join(RULES_DIR, '..');
const packs = readdirSync(RULES_DIR).filter((f) => f.endsWith('.yaml'));

describe('shipped packs', () => {
  test.each(packs)('rules/%s validates', (file) => {
    expect(problems(join(RULES_DIR, file)).map(formatDiagnostic)).toEqual([]);
  });

  test('croupier validate exits 0 on rules/ and lists every file in --json', () => {
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'validate', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const report = JSON.parse(cli.stdout) as { files: { path: string; valid: boolean; errors: unknown[] }[] };
    expect(report.files.filter((f) => !f.valid)).toEqual([]);
    expect(report.files.map((f) => f.path)).toEqual(expect.arrayContaining(packs.map((p) => join('rules', p))));
    expect(report.files.map((f) => f.path)).toContain('rules/side-bets/lucky-ladies.yaml');
    expect(cli.status).toBe(0);
  });
});
