// `npm test`: type-checks the project, checks format and lint (Biome) and the layering
// (dependency-cruiser), runs the vitest suite, and closes with a plain "N passed, N failed" line that CI
// can read (each check counts as one test).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

const typecheck = spawnSync('npx', ['tsc', '--noEmit'], { stdio: 'inherit' });
console.log(typecheck.status === 0 ? 'type check: ok' : 'type check: FAILED');
const lint = spawnSync('npx', ['biome', 'check', '.'], { stdio: 'inherit' });
console.log(
  lint.status === 0 ? 'format and lint: ok' : 'format and lint: FAILED (npx biome check --write . fixes most)',
);
// The layering (.dependency-cruiser.cjs): no import cycle, the interpreter pure and behind its front door.
const layers = spawnSync(
  'npx',
  ['depcruise', 'lambdas', 'infra', 'cli', 'server', 'bench', 'web', '--output-type', 'err'],
  { stdio: 'inherit' },
);
console.log(layers.status === 0 ? 'layering: ok' : 'layering: FAILED (see .dependency-cruiser.cjs for each rule)');
const checks = [typecheck, lint, layers];

const report = '.vitest-report.json';
rmSync(report, { force: true });
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
let passed = checks.filter((c) => c.status === 0).length;
let failed = checks.length - passed;
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
