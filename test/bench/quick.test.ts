// `npm run bench` is how the targets of docs/targets.md are measured, so it must keep working: its quick
// run prints one JSON document with every section and no section's error. No figure is judged:
// a benchmark reports, it never fails on time.
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { variantIds } from '../../cli/commands/serve.ts';

test('npm run bench -- --quick prints every section, for every pack, without an error', () => {
  const run = spawnSync('npm', ['run', '-s', 'bench', '--', '--quick'], { encoding: 'utf8', timeout: 540_000 });
  expect(run.status, run.stderr.slice(-2000)).toBe(0);
  const report = JSON.parse(run.stdout);
  expect(Object.keys(report)).toEqual([
    'node',
    'date',
    'interpreterCommand',
    'math',
    'runtime',
    'bundles',
    'simulate',
    'report',
    'cli',
    'load',
    'fastPath',
  ]);
  for (const [name, section] of Object.entries(report)) expect(section, name).not.toHaveProperty('error');
  const packs = variantIds().sort();
  expect(report.simulate.packs.map((p: { pack: string }) => p.pack).sort()).toEqual(packs);
  for (const p of report.simulate.packs)
    for (const k of ['roundsPerSecondOneCoreWarm', 'roundsPerSecondW1', 'roundsPerSecondW2'])
      expect(p[k], `${p.pack} ${k}`).toBeGreaterThan(0);
  // Each pack's figure next to its family's target (docs/targets.md), and the share of it reached: the
  // fastest of the figures taken on each core in turn.
  for (const p of report.simulate.packs) {
    expect(p.oneCoreByCpu.length, p.pack).toBeGreaterThan(0);
    expect(p.roundsPerSecondOneCoreWarm, p.pack).toBe(
      Math.max(...p.oneCoreByCpu.map((c: { roundsPerSecond: number }) => c.roundsPerSecond)),
    );
    expect(p.targetOneCore, p.pack).toBe(p.pack === 'andar-bahar' ? 3_000_000 : 1_500_000);
    expect(p.ofTarget, p.pack).toBeCloseTo(p.roundsPerSecondOneCoreWarm / p.targetOneCore, 2);
  }
  // The host's yardstick (bench/host.ts), before the packs and after them.
  for (const probe of [...report.simulate.host.before, ...report.simulate.host.after])
    for (const k of ['nsPerNumber', 'nsPerCard']) expect(probe[k], k).toBeGreaterThan(0);
  expect(report.math.exactAnalysis.map((p: { pack: string }) => p.pack).sort()).toEqual(packs);
  expect(report.bundles.apiByPack.map((p: { pack: string }) => p.pack).sort()).toEqual(packs);
  for (const b of report.bundles.bundles) expect(b, b.handler).not.toHaveProperty('error');
  // A size is no time: the 400 KB Lambda bundle (docs/targets.md) is a limit every pack's bundles stay under.
  for (const b of [...report.bundles.bundles, ...report.bundles.apiByPack])
    expect(b.withinTarget, `${b.handler ?? `api of ${b.pack}`}: ${b.bytes} bytes, over ${400 * 1024}`).toBe(true);
  // `croupier report` timed per pack, as a user runs it, next to its target (docs/targets.md: 30 s).
  expect(report.report.packs.map((p: { pack: string }) => p.pack).sort()).toEqual(packs);
  for (const p of report.report.packs) {
    expect(p.seconds, p.pack).toBeGreaterThan(0);
    expect(p.simulationSeconds, p.pack).toBeGreaterThan(0);
    expect(p.targetSeconds).toBe(30);
  }
  // The command line as a product manager runs it (compiled): each command timed, once.
  for (const name of ['validate', 'rtp', 'diff', 'simulateFirstRounds'])
    expect(report.cli[name].compiled.warm.wallSeconds, name).toBeGreaterThan(0);
  expect(report.runtime.samples).toBeGreaterThan(0);
  expect(report.interpreterCommand.commands).toBeGreaterThan(0);
  // The fast path's differential check (bench/fast-path.ts): a result, not a time.
  expect(report.fastPath.packs.length).toBeGreaterThan(0);
  expect(report.fastPath.identical).toBe(true);
}, 600_000);
