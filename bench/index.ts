// `npm run bench`: prints every performance figure of the product targets (docs/targets.md) as one JSON document.
// A benchmark reports; it never fails on time.
import { commandLatency } from './interpreter.ts';

const quick = process.argv.includes('--quick');
const report: Record<string, unknown> = { node: process.version, date: new Date().toISOString() };

report.interpreterCommand = commandLatency('blackjack-mewah', quick ? 400 : 20_000);

for (const [name, file] of [
  ['math', './math.ts'],
  ['runtime', './runtime.ts'],
  ['bundles', './bundles.ts'],
  ['simulate', './simulate.ts'],
  ['report', './report.ts'],
  ['cli', './cli.ts'],
  ['load', './load.ts'],
  // Last: it checks results, not speed, and would only slow the figures above.
  ['fastPath', './fast-path.ts'],
] as const) {
  try {
    const mod = await import(file);
    const fn = mod[`bench${name[0].toUpperCase()}${name.slice(1)}`];
    if (typeof fn === 'function') report[name] = await fn({ quick });
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') report[name] = { error: String(e) };
  }
}
console.log(JSON.stringify(report, null, 2));
