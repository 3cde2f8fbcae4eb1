// Reading a compiled pay table the way settlement does: the highest matching line pays.
// The mathematics never hard-codes a pay table; it asks the pack's own lines.
import type { Ratio } from '../core/money.ts';
import type { Facts } from '../pack/conditions.ts';
import type { CompiledBet } from '../pack/compiled.ts';

/** The ratio of the line that pays for this group and facts, or null when no line matches. */
export function linePays(bet: CompiledBet, cards: ArrayLike<number>, n: number, facts: Facts): Ratio | null {
  for (const line of bet.lines) if (line.matches(cards, n, facts)) return line.pays;
  return null;
}

/**
 * Sums "stake back plus winnings" over weighted outcomes, exactly: the caller adds integer
 * weights per paying ratio, and `total(weightSum)` gives RTP = Σ w·(1 + pays) / Σ w.
 */
export class ReturnTally {
  private readonly byRatio = new Map<string, { ratio: Ratio; weight: bigint }>();

  add(ratio: Ratio | null, weight: bigint | number): void {
    if (ratio === null) return;
    const key = `${ratio.num}/${ratio.den}`;
    const entry = this.byRatio.get(key);
    if (entry) entry.weight += BigInt(weight);
    else this.byRatio.set(key, { ratio, weight: BigInt(weight) });
  }

  /** Σ w·(1 + num/den) as one numerator over the product of the denominators. */
  returned(): { num: bigint; den: bigint } {
    let num = 0n;
    let den = 1n;
    for (const { ratio, weight } of this.byRatio.values()) {
      const d = BigInt(ratio.den);
      const n = weight * (d + BigInt(ratio.num));
      num = num * d + n * den;
      den *= d;
    }
    return { num, den };
  }
}
