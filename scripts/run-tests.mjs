// `npm test`: type-checks the project, runs the vitest suite, and closes with a plain
// "N passed, N failed" line that CI can read (the type check counts as one test).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const typecheck = spawnSync('npx', ['tsc', '--noEmit'], { stdio: 'inherit' });
console.log(typecheck.status === 0 ? 'type check: ok' : 'type check: FAILED');

const report = '.vitest-report.json';
rmSync(report, { force: true });
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
let passed = typecheck.status === 0 ? 1 : 0;
let failed = typecheck.status === 0 ? 0 : 1;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  // A file that fails outside its tests (it does not load, or a beforeAll throws and its tests are
  // skipped) has no failed test; count it as one failure so it cannot pass silently.
  const brokenFiles = result.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  failed += result.numFailedTests + brokenFiles;
} catch {
  failed += 1; // no report means the run itself broke
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
