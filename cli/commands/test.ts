// `croupier test [paths...]`: runs scenario files and closes with "N passed, N failed". A folder
// gives the scenario files under it; a file given by name that is not a scenario fails.
import { readdirSync, type Stats, statSync } from 'node:fs';
import { runScenarioFile, type ScenarioResult } from '../../lambdas/scenario/run.ts';

/** The YAML files under the paths (folders walked in name order); a path that does not exist gives none. */
export function yamlFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) for (const f of filesUnder(p) ?? []) out.push(f);
  return out;
}

function filesUnder(path: string, inFolder = false): string[] | undefined {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return undefined;
  }
  if (!stat.isDirectory()) return inFolder && !/\.ya?ml$/.test(path) ? [] : [path];
  const out: string[] = [];
  for (const name of readdirSync(path).sort())
    out.push(...(filesUnder(path.endsWith('/') ? path + name : `${path}/${name}`, true) ?? []));
  return out;
}

export async function run(args: string[]): Promise<number> {
  let passed = 0;
  let failed = 0;
  const report = (file: string, r: Pick<ScenarioResult, 'passed' | 'title' | 'problems'>) => {
    if (r.passed) {
      passed++;
      console.log(`ok   ${file}: ${r.title}`);
      return;
    }
    failed++;
    console.log(`FAIL ${file}: ${r.title}`);
    for (const p of r.problems) console.log(`     ${p}`);
  };
  for (const path of args.length ? args : ['rules/scenarios']) {
    const files = filesUnder(path);
    if (!files) {
      report(path, { passed: false, title: 'no such file or folder', problems: [] });
      continue;
    }
    const named = files.length === 1 && files[0] === path;
    for (const file of files) {
      const r = runScenarioFile(file);
      if (named || !r.notScenario) report(file, r);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
