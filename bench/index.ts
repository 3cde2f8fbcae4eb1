// `npm run bench`: prints every performance figure of PRODUCT.md's targets as one JSON document.
// A benchmark reports; it never fails on time.
import { readdirSync } from 'node:fs';
import { loadPack, RULES_DIR } from '../lambdas/pack/load.ts';
import { commandLatency, roundsPerSecond } from './interpreter.ts';

const quick = process.argv.includes('--quick');
const packIds = readdirSync(RULES_DIR).filter((f) => f.endsWith('.yaml')).map((f) => f.replace(/\.yaml$/, ''));
const report: Record<string, unknown> = { node: process.version, date: new Date().toISOString() };

report.interpreterCommand = commandLatency('blackjack-mewah', quick ? 2_000 : 20_000);
report.simulation = packIds.map((id) => roundsPerSecond(loadPack(id), quick ? 20_000 : 200_000));

for (const [name, file] of [['math', './math.ts'], ['runtime', './runtime.ts'], ['bundles', './bundles.ts'], ['simulate', './simulate.ts']] as const) {
  try {
    const mod = await import(file);
    const fn = mod[`bench${name[0].toUpperCase()}${name.slice(1)}`];
    if (typeof fn === 'function') report[name] = await fn({ quick });
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') report[name] = { error: String(e) };
  }
}
console.log(JSON.stringify(report, null, 2));
