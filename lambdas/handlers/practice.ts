// Owns practice points (R-EU-TABLE-1: virtual points that cannot be withdrawn or converted). The
// house hands them out on request, on a practice pack to any player and on a money pack to demo
// (play-for-fun) accounts only: a player holding fewer than PRACTICE_FLOAT table minimum bets is
// topped up to it (ledger kind `practice-grant`), so nobody waits on an operator to play for fun.
// A real-money account is never granted anything.
import type { CompiledPack } from '../pack/compiled.ts';

/** The practice float, in table minimum bets: one maximum bet at the shipped practice table. */
export const PRACTICE_FLOAT = 1000;

/** The smallest bet a player can place at the pack's tables. */
const tableMinimum = (pack: CompiledPack): number => pack.handBet?.min ?? Math.min(...pack.bets.map((b) => b.min));

/** Whether the house grants practice points to this caller at this pack's tables. */
export const getsPracticePoints = (pack: CompiledPack, demo: boolean): boolean => pack.currency.practice || demo;

/** What the house grants a player who gets practice points and holds `balance`: 0 when they hold the float. */
export function practiceGrant(pack: CompiledPack, balance: number): number {
  return Math.max(0, PRACTICE_FLOAT * tableMinimum(pack) - balance);
}
