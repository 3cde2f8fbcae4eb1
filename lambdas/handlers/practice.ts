// Owns practice points for players (R-EU-TABLE-1: virtual points that cannot be withdrawn or
// converted). On a practice pack the house hands them out on request: a player holding fewer than
// PRACTICE_FLOAT table minimum bets is topped up to it (ledger kind `practice-grant`), so nobody
// waits on an operator to play for fun. Money packs never grant anything.
import type { CompiledPack } from '../pack/compiled.ts';

/** The practice float, in table minimum bets: one maximum bet at the shipped practice table. */
export const PRACTICE_FLOAT = 1000;

/** The smallest bet a player can place at the pack's tables. */
const tableMinimum = (pack: CompiledPack): number => pack.handBet?.min ?? Math.min(...pack.bets.map((b) => b.min));

/** What the house grants a player of a practice pack who holds `balance`: 0 when they hold the float. */
export function practiceGrant(pack: CompiledPack, balance: number): number {
  return Math.max(0, PRACTICE_FLOAT * tableMinimum(pack) - balance);
}
