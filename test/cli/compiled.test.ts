// The compiled command line (scripts/build-cli.mjs, run by cli/launch.mjs as `npm run croupier`
// does): it answers as the source does, rebuilds itself when a source it was built from changes,
// starts simulation workers from the prebuilt worker, and never answers from a cache an edit made stale.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { run as rtp } from '../../cli/commands/rtp.ts';
import { run as validate } from '../../cli/commands/validate.ts';
import { captureCli } from '../math/helpers.ts';

afterEach(() => vi.restoreAllMocks());

const croupier = (...args: string[]) => {
  const r = spawnSync('node', ['cli/launch.mjs', ...args], { encoding: 'utf8', timeout: 240_000 });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr };
};
const manifest = () =>
  JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { buildId: string; files: Record<string, string> };

describe('the compiled command line', { timeout: 300_000 }, () => {
  test('answers rtp --json as the source does, from a build that lists what it was built from', async () => {
    const compiled = croupier('rtp', 'blackjack-mewah', '--json');
    expect(compiled.code).toBe(0);
    const source = await captureCli(rtp, ['blackjack-mewah', '--json']);
    expect(JSON.parse(compiled.out)).toEqual(JSON.parse(source.out));
    // Run again: the same answer (now from the answers kept on disk).
    expect(JSON.parse(croupier('rtp', 'blackjack-mewah', '--json').out)).toEqual(JSON.parse(source.out));
    expect(Object.keys(manifest().files)).toEqual(
      expect.arrayContaining(['cli/croupier.ts', 'cli/commands/rtp.ts', 'lambdas/sim/worker.ts']),
    );
  });

  test('rebuilds itself when a source differs from the one it was built from', () => {
    croupier('validate', 'rules/andar-bahar.yaml');
    const built = manifest();
    writeFileSync(
      'dist/manifest.json',
      JSON.stringify({ ...built, files: { ...built.files, 'cli/commands/validate.ts': 'an older version' } }),
    );
    const r = croupier('validate', 'rules/andar-bahar.yaml');
    expect(r.code).toBe(0);
    expect(manifest()).toEqual(built); // rebuilt from the sources as they are
  });

  test('a pack edited after it was validated is checked again, not answered from the cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-compiled-'));
    const pack = join(dir, 'blackjack-mewah.yaml');
    copyFileSync('rules/blackjack-mewah.yaml', pack);
    expect(croupier('validate', pack).code).toBe(0);
    writeFileSync(pack, readFileSync(pack, 'utf8').replace('peekOn: [A, T]', 'peekOn: [A, T, 10]'));
    const r = croupier('validate', pack);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/blackjack-mewah\.yaml:\d+:\d+: spec\.dealer\.peekOn\[2\]: 10 is already in the list as T/);
  });

  test('its precompiled schema validators find and word every problem as Ajv compiling at run time does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-compiled-'));
    const pack = readFileSync('rules/blackjack-mewah.yaml', 'utf8')
      .replace('win: "1:1" }', 'win: 1 }') // a number for a ratio
      .replace('peekOn: [A, T]', 'peekOn: [A, X]') // not a rank
      .replace('version: 1.', 'versoin: 1.'); // a misspelt key: unknown, and a required one missing
    writeFileSync(join(dir, 'blackjack-mewah.yaml'), pack);
    writeFileSync(join(dir, 'module.yaml'), 'kind: SideBet\nid: Not_An_Id\n');
    writeFileSync(join(dir, 'chart.yaml'), 'kind: Strategy\nhard: { 30: {} }\n');
    writeFileSync(join(dir, 'scenario.yaml'), 'pack: blackjack-mewah\nsteps: [{ act: 3 }]\n');
    const compiled = croupier('validate', dir, '--json');
    expect(compiled.code).toBe(1);
    const source = await captureCli(validate, [dir, '--json']);
    expect(JSON.parse(compiled.out)).toEqual(JSON.parse(source.out));
    const messages = JSON.stringify(JSON.parse(compiled.out));
    for (const expected of [
      'e.g. \\"1:1\\"',
      'peekOn[1]',
      'unknown key \\"versoin\\"',
      '\\"version\\" is missing',
      'Not_An_Id',
    ])
      expect(messages).toContain(expected);
  });

  test('diff: --max-rtp-change sets the exit code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-compiled-'));
    const copy = join(dir, 'blackjack-mewah.yaml');
    writeFileSync(copy, readFileSync('rules/blackjack-mewah.yaml', 'utf8').replace('"30:1"', '"25:1"'));
    const r = croupier('diff', 'rules/blackjack-mewah.yaml', copy, '--max-rtp-change', '1');
    expect(r.code).toBe(1);
    expect(r.out).toContain('pair: perfect pair pays 25:1, was 30:1');
    expect(croupier('diff', 'rules/blackjack-mewah.yaml', copy, '--max-rtp-change', '9').code).toBe(0);
  });

  test('simulate starts its workers from the prebuilt worker and plays what the source plays', () => {
    const args = ['simulate', 'andar-bahar', '--rounds', '20000', '--seed', '7', '--workers', '1', '--json'];
    const compiled = croupier(...args);
    expect(compiled.code).toBe(0);
    const source = spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', ...args], {
      encoding: 'utf8',
      timeout: 240_000,
    });
    const strip = (text: string) => {
      const { seconds: _s, roundsPerSecond: _r, ...rest } = JSON.parse(text);
      return rest;
    };
    expect(strip(compiled.out)).toEqual(strip(source.stdout));
    expect(strip(compiled.out).rounds).toBe(20000);
  });
});
