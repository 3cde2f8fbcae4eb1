// `croupier test [paths...]`: runs scenario files and closes with "N passed, N failed".
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runScenarioFile } from '../../lambdas/scenario/run.ts';

export function yamlFiles(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const e of readdirSync(p).sort()) walk(join(p, e));
    else if (/\.ya?ml$/.test(p)) out.push(p);
  };
  for (const p of paths) {
    if (!existsSync(p)) throw new Error(`${p}: no such file or folder`);
    walk(p);
  }
  return out;
}

export async function run(args: string[]): Promise<number> {
  const files = yamlFiles(args.length ? args : ['rules/scenarios']);
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    const r = runScenarioFile(file);
    if (r.passed) {
      passed++;
      console.log(`ok   ${file}: ${r.title}`);
    } else {
      failed++;
      console.log(`FAIL ${file}: ${r.title}`);
      for (const p of r.problems) console.log(`     ${p}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
