// The <pack> argument shared by the commands that take one: found among the arguments (skipping
// option values), loaded, and on failure the usage or the pack's positioned problems printed.
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { loadPack, PackError } from '../lambdas/pack/load.ts';

/** The pack, or the exit code to return (2 for a usage error, 1 for a pack that does not load). */
export function packArgument(args: string[], usage: string, optionsWithValues: string[] = []): CompiledPack | number {
  const ref = args.find((a, i) => !a.startsWith('--') && !optionsWithValues.includes(args[i - 1]));
  if (!ref) {
    console.error(`usage: ${usage}`);
    return 2;
  }
  try {
    return loadPack(ref);
  } catch (e) {
    console.error(e instanceof PackError ? e.message : String(e));
    return 1;
  }
}
