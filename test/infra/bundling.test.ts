// What the CDK app bakes into a bundle: the pack artifact and family for every handler (only that
// family's code is bundled), the exact RTPs for the API, the chart only for the simulate function
// of a blackjack pack, and a different define (so a new code hash) after an edit.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { BAKED, handlerBuild, packDefines } from '../../infra/bundling.ts';
import { lineRows, rtpRows } from '../../lambdas/math/index.ts';
import { fromArtifact, type PackArtifact } from '../../lambdas/pack/artifact.ts';
import { loadPack, loadPackFile, RULES_DIR } from '../../lambdas/pack/load.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-defines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('baked-in pack defines', () => {
  test('the artifact define is a JS string literal of the artifact, which compiles back to the same pack', () => {
    const pack = loadPackFile(join(RULES_DIR, 'andar-bahar.yaml'));
    const defines = packDefines(pack);
    expect(Object.keys(defines)).toEqual([BAKED.artifact, BAKED.family]);
    expect(JSON.parse(defines[BAKED.family])).toBe('andar-bahar');
    const artifact = JSON.parse(JSON.parse(defines[BAKED.artifact]) as string) as PackArtifact;
    expect(artifact.sha256).toBe(pack.sha256);
    expect(fromArtifact(artifact).pack.sha256).toBe(pack.sha256);
  });

  test('the simulate function of a blackjack pack also gets its best basic-strategy chart', () => {
    const pack = loadPackFile(join(RULES_DIR, 'blackjack-lucky-ladies.yaml'));
    const chart = JSON.parse(JSON.parse(packDefines(pack, 'simulate')[BAKED.chart]) as string);
    expect(chart).toMatchObject({
      kind: 'Strategy',
      family: 'blackjack',
      spec: { hard: expect.any(Object), soft: expect.any(Object), pairs: expect.any(Object) },
    });
    expect(packDefines(loadPackFile(join(RULES_DIR, 'andar-bahar.yaml')), 'simulate')[BAKED.chart]).toBeUndefined();
  }, 30_000);

  test('the API function also gets the exact RTP of every bet, as the analyser computes it', () => {
    const pack = loadPackFile(join(RULES_DIR, 'andar-bahar.yaml'));
    const defines = packDefines(pack, 'api');
    expect(Object.keys(defines)).toEqual([BAKED.artifact, BAKED.family, BAKED.rtp, BAKED.lines, BAKED.behind]);
    expect(JSON.parse(JSON.parse(defines[BAKED.rtp]) as string)).toEqual(rtpRows(pack));
    expect(JSON.parse(JSON.parse(defines[BAKED.lines]) as string)).toEqual(lineRows(pack));
    expect(packDefines(pack, 'sweep')[BAKED.rtp]).toBeUndefined();
  });

  // The 400 KB limit (docs/targets.md) holds with room because a pack's bundle leaves the other family
  // out: Andar Bahar's API bundle carried ~27 KB of blackjack code before, 136 bytes under the limit.
  test.each([
    ['andar-bahar', 'lambdas/engine/andar-bahar.ts', 'lambdas/engine/blackjack/'],
    ['blackjack-mewah', 'lambdas/engine/blackjack/', 'lambdas/engine/andar-bahar.ts'],
  ])(
    "the API bundle of %s carries its own family's code and none of the other's",
    async (id, own, other) => {
      const result = await build({ ...handlerBuild(loadPack(id), 'api'), write: false, metafile: true });
      const bytesFrom = (prefix: string) =>
        Object.values(result.metafile.outputs)
          .flatMap((o) => Object.entries(o.inputs))
          .filter(([path]) => path.startsWith(prefix))
          .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
      expect(bytesFrom(own)).toBeGreaterThan(1000);
      expect(bytesFrom(other)).toBe(0);
    },
    60_000,
  );

  test('a build for one family refuses a pack of another, saying which it carries', async () => {
    process.env.CROUPIER_FAMILY = 'andar-bahar';
    try {
      vi.resetModules();
      const { familyOf } = await import('../../lambdas/engine/families.ts');
      expect(familyOf(loadPack('andar-bahar'))).toBeDefined();
      expect(() => familyOf(loadPack('blackjack-mewah'))).toThrow(
        'this build carries the andar-bahar family only, not blackjack',
      );
    } finally {
      delete process.env.CROUPIER_FAMILY;
      vi.resetModules();
    }
  });

  test('a pack edit changes what esbuild bakes in, so the bundle and its code hash change', () => {
    cpSync(RULES_DIR, dir, { recursive: true });
    const file = join(dir, 'andar-bahar.yaml');
    const before = packDefines(loadPackFile(file));
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^version: .*$/m, 'version: 9.9.9'));
    const after = packDefines(loadPackFile(file));
    expect(after[BAKED.artifact]).not.toBe(before[BAKED.artifact]);
    expect(after[BAKED.artifact]).toContain('9.9.9');
  });
});
