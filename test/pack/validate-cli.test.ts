// `croupier validate` as the README specifies it: folders walked, one `path:line:col: message`
// line per problem with paths as given, exit 1 on any problem, and the --json report.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { run } from '../../cli/commands/validate.ts';
import { copyRules, type RulesCopy } from './helpers.ts';

let rules: RulesCopy;
beforeAll(() => {
  rules = copyRules();
  rmSync(rules.path('scenarios'), { recursive: true, force: true }); // other engineers' rounds: not this suite's subject
  rules.edit('blackjack-mewah.yaml', 'declaredRtp: 0.9953', 'declaredRtp: 99.53');
  rules.write('notes.txt', 'not a rule file');
});
afterAll(() => rules.remove());

async function validate(...args: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(...String(line).split('\n')));
  const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return { code: await run(args), out };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

describe('croupier validate', () => {
  test('prints path:line:col: message for each problem, the path as given, and exits 1', async () => {
    const { code, out } = await validate(`${rules.dir}/`);
    expect(code).toBe(1);
    expect(out).toEqual([
      `${rules.dir}/blackjack-mewah.yaml:65:20: spec.bets[0].declaredRtp: 99.53 is not a return to player; write a fraction between 0 and 1 (99.53% is 0.9953)`,
    ]);
  });

  test('exits 0 and prints nothing for a valid file', async () => {
    expect(await validate(rules.path('andar-bahar.yaml'))).toEqual({ code: 0, out: [] });
  });

  test('--json lists every YAML file walked, valid or not, with pointer, line and col', async () => {
    const { code, out } = await validate('--json', rules.dir);
    expect(code).toBe(1);
    const report = JSON.parse(out.join('\n')) as {
      files: {
        path: string;
        valid: boolean;
        errors: { line: number; col: number; pointer: string; message: string }[];
      }[];
    };
    const paths = report.files.map((f) => f.path);
    expect(paths).toContain(rules.path('side-bets/lucky-ladies.yaml'));
    expect(paths).not.toContain(rules.path('notes.txt'));
    expect(paths).toHaveLength(new Set(paths).size);
    const mewah = report.files.find((f) => f.path === rules.path('blackjack-mewah.yaml'))!;
    expect(mewah).toMatchObject({ valid: false, errors: [{ line: 65, col: 20, pointer: '/spec/bets/0/declaredRtp' }] });
    expect(report.files.filter((f) => f.path !== mewah.path).every((f) => f.valid && f.errors.length === 0)).toBe(true);
  });

  test('paths under a folder keep the folder as typed ("./", a doubled slash)', async () => {
    const typed = `${rules.dir}/.//side-bets`;
    const { out } = await validate('--json', typed);
    expect(JSON.parse(out.join('\n')).files.map((f: { path: string }) => f.path)).toContain(
      `${typed}/lucky-ladies.yaml`,
    );
  });

  test('a YAML syntax error has the pointer ""', async () => {
    rules.write('broken.yaml', 'apiVersion: croupier/v1\nkind: [Variant\n');
    const { out } = await validate('--json', rules.path('broken.yaml'));
    expect(JSON.parse(out.join('\n')).files).toEqual([
      {
        path: rules.path('broken.yaml'),
        valid: false,
        errors: [expect.objectContaining({ line: 2, col: 7, pointer: '' })],
      },
    ]);
  });

  test('a key written once as a number and once as text (9 and "9") is a duplicate: loaded, one would vanish', async () => {
    rules.write('dup-row.yaml', 'kind: Strategy\nrows:\n  9: [H]\n  "9": [S]\n');
    const { code, out } = await validate(rules.path('dup-row.yaml'));
    expect(code).toBe(1);
    expect(out).toEqual([
      `${rules.path('dup-row.yaml')}:4:3: YAML syntax: this key appears twice in the same mapping (9 and "9" count as one key); each key may appear once`,
    ]);
  });

  test('a path that does not exist is a problem, not a crash', async () => {
    const { code, out } = await validate(rules.path('nowhere'));
    expect(code).toBe(1);
    expect(out).toEqual([`${rules.path('nowhere')}:1:1: there is no such file or folder`]);
  });
});
