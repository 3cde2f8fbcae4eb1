// What the CDK app bakes into a bundle: the pack artifact for every handler, the exact RTPs for the
// API, the chart only for the simulate function of a blackjack pack, and a different define (so a
// new code hash) after an edit.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BAKED, packDefines } from '../../infra/bundling.ts';
import { lineRows, rtpRows } from '../../lambdas/math/index.ts';
import { fromArtifact, type PackArtifact } from '../../lambdas/pack/artifact.ts';
import { loadPackFile, RULES_DIR } from '../../lambdas/pack/load.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-defines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('baked-in pack defines', () => {
  test('the artifact define is a JS string literal of the artifact, which compiles back to the same pack', () => {
    const pack = loadPackFile(join(RULES_DIR, 'andar-bahar.yaml'));
    const defines = packDefines(pack);
    expect(Object.keys(defines)).toEqual([BAKED.artifact]);
    const artifact = JSON.parse(JSON.parse(defines[BAKED.artifact]) as string) as PackArtifact;
    expect(artifact.sha256).toBe(pack.sha256);
    expect(fromArtifact(artifact).pack.sha256).toBe(pack.sha256);
  });

  test('the simulate function of a blackjack pack also gets its best basic-strategy chart', () => {
    const pack = loadPackFile(join(RULES_DIR, 'blackjack-lucky-ladies.yaml'));
    const chart = JSON.parse(JSON.parse(packDefines(pack, 'simulate')[BAKED.chart]) as string);
    expect(chart).toMatchObject({ kind: 'Strategy', family: 'blackjack', spec: { hard: expect.any(Object), soft: expect.any(Object), pairs: expect.any(Object) } });
    expect(packDefines(loadPackFile(join(RULES_DIR, 'andar-bahar.yaml')), 'simulate')[BAKED.chart]).toBeUndefined();
  }, 30_000);

  test('the API function also gets the exact RTP of every bet, as the analyser computes it', () => {
    const pack = loadPackFile(join(RULES_DIR, 'andar-bahar.yaml'));
    const defines = packDefines(pack, 'api');
    expect(Object.keys(defines)).toEqual([BAKED.artifact, BAKED.rtp, BAKED.lines]);
    expect(JSON.parse(JSON.parse(defines[BAKED.rtp]) as string)).toEqual(rtpRows(pack));
    expect(JSON.parse(JSON.parse(defines[BAKED.lines]) as string)).toEqual(lineRows(pack));
    expect(packDefines(pack, 'sweep')[BAKED.rtp]).toBeUndefined();
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
