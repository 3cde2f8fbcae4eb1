// Declared against computed RTP: the one definition of "agrees" that `croupier rtp` (its stderr
// warnings), the math report and the web table's math sheet all use. Pure and free of any other
// module, so the web bundle imports it as it is.

/** How far computed and declared may differ, in RTP: the accuracy of each method (0.01 and 0.02 percentage points). */
export const TOLERANCE = { exact: 0.0001, analysis: 0.0002 } as const;

/** What the comparison needs of an RTP row (`rtpRows`, `rtp --json`, GET /rules). */
export interface DeclaredFigure {
  readonly rtp: number;
  readonly method: 'exact' | 'analysis';
  readonly declared: number | null;
}

/** Computed less declared, in percentage points; null when the pack declares nothing. */
export function declaredDifferencePP(row: DeclaredFigure): number | null {
  return row.declared === null ? null : (row.rtp - row.declared) * 100;
}

/**
 * Whether the declared RTP agrees with the one the rules give: within the accuracy of the method
 * that computed it. A bet that declares nothing agrees (there is nothing to contradict).
 */
export function declaredAgrees(row: DeclaredFigure): boolean {
  // The float margin keeps a difference of exactly the tolerance (0.9953 against 0.9951) inside.
  return row.declared === null || Math.abs(row.rtp - row.declared) <= TOLERANCE[row.method] + 1e-12;
}

/** A warning for a row whose declared RTP does not agree with the computed one; null when it does. */
export function declaredWarning(
  packId: string,
  row: DeclaredFigure & { readonly bet: string; readonly mode: string | null },
): string | null {
  if (row.declared === null || declaredAgrees(row)) return null;
  const diff = row.rtp - row.declared;
  const pts = (x: number) => (x * 100).toFixed(4);
  const name = row.mode ? `${row.bet} (${row.mode})` : row.bet;
  return `warning: ${packId} ${name}: declared RTP ${pts(row.declared)}% but the rules give ${pts(row.rtp)}% (${diff > 0 ? '+' : ''}${pts(diff)} points; accuracy ±${pts(TOLERANCE[row.method])})`;
}
