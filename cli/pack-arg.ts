// The <pack> argument shared by the commands that take one: the one argument that is not an
// option (or an option's value), loaded; on failure the usage or the pack's positioned problems printed.
import type { CompiledPack } from '../lambdas/pack/compiled.ts';
import { loadPack, PackError } from '../lambdas/pack/load.ts';

/**
 * The pack, or the exit code to return (2 for a usage error: no pack, two packs, an option the
 * command does not take; 1 for a pack that does not load). `flags` stand alone, `options` take a value.
 */
export function packArgument(
  args: string[],
  usage: string,
  known: { flags?: string[]; options?: string[] } = {},
): CompiledPack | number {
  const refs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (known.options?.includes(a)) i++;
    else if (a.startsWith('--')) {
      if (!known.flags?.includes(a)) return usageError(`unknown option ${a}`, usage);
    } else refs.push(a);
  }
  if (refs.length !== 1)
    return usageError(refs.length ? `one pack, not ${refs.length} (${refs.join(', ')})` : 'which pack?', usage);
  return loadPackOrExitCode(refs[0]);
}

function usageError(problem: string, usage: string): number {
  console.error(`${problem}\nusage: ${usage}`);
  return 2;
}

/** The pack `ref` names, or 1 with its positioned problems printed. */
export function loadPackOrExitCode(ref: string): CompiledPack | number {
  try {
    return loadPack(ref);
  } catch (e) {
    console.error(e instanceof PackError ? e.message : String(e));
    return 1;
  }
}
