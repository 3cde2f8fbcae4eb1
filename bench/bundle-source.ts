// Reading the bundled simulation program (warm-run.ts) that bench/instructions.ts and
// bench/lines.ts profile: which function each of its lines is in, and how a report names a line.

/**
 * The function each line of the bundle (1-based; 0 for none) is in: the nearest declaration above it, an approximation.
 */
export function enclosingFunctions(source: string[]): string[] {
  const declaration =
    /^\s*(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*([\w$]+)\s*\(|(?:var|const|let)\s+([\w$]+)\s*=\s*(?:\([^)]*\)|[\w$]+)\s*=>|(?:static\s+|get\s+|set\s+)?([\w$]+)\s*\([^)]*\)\s*\{)/;
  const owners: string[] = ['?'];
  let current = '?';
  for (const text of source) {
    const m = declaration.exec(text);
    if (m && !/^\s*(if|for|while|switch|return|catch)\b/.test(text)) current = m[1] ?? m[2] ?? m[3];
    owners.push(current);
  }
  return owners;
}

/** How many of the heaviest lines and functions a report prints; TOP=n in the environment prints n of each. */
const TOP_LINES = Number(process.env.TOP) || 40;
const TOP_FUNCTIONS = Number(process.env.TOP) || 30;

/**
 * Prints a cost per line of the bundle (line 0: no line known), the heaviest lines and then the
 * heaviest functions, each as `format` shows its cost.
 */
export function printByLineAndFunction(
  costs: Map<number, number>,
  source: string[],
  format: (cost: number) => string,
): void {
  console.log('by line of the bundled program:');
  for (const [line, n] of [...costs].sort((a, b) => b[1] - a[1]).slice(0, TOP_LINES))
    console.log(
      `  ${format(n)} ${String(line).padStart(6)}  ${line ? source[line - 1].trim().slice(0, 110) : '(no line)'}`,
    );
  const owners = enclosingFunctions(source);
  const byFunction = new Map<string, number>();
  for (const [line, n] of costs) byFunction.set(owners[line] ?? '?', (byFunction.get(owners[line] ?? '?') ?? 0) + n);
  console.log('by function:');
  for (const [name, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP_FUNCTIONS))
    console.log(`  ${format(n)}  ${name}`);
}
