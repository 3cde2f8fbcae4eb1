// A finished round reset in place for the next one (FastPath.reuseRound): the simulator keeps no
// record of a round, so its round object, ledger, holders, hands and card arrays serve again and a
// simulated round allocates nothing. The reset round is what table.ts would open anew.
import type { Ctx, Round, Table } from '../model.ts';
import { empty } from '../state.ts';

/** Resets the table's finished round in place as round `no`; false when there is none, or it ran under another pack. */
export function reuseRound(ctx: Ctx, table: Table, no: number, deadline: number | null): boolean {
  const round = table.round;
  // `round !== undefined` apart: `round?.pack.sha256` compared a string with undefined as well, V8's generic equality
  // every round.
  if (round === undefined || round.pack.sha256 !== ctx.pack.sha256) return false;
  const shoe = table.shoe!;
  // Andar Bahar's rounds have none.
  if (round.holders.length > 0 || round.common !== null) keepHolders(round);
  round.no = no;
  round.phase = 'betting';
  round.openedAt = ctx.env.now;
  round.deadline = deadline;
  round.shoeId = shoe.id;
  round.shoeCommitment = shoe.commitment;
  round.roundInShoe = shoe.roundsStarted + 1;
  round.lastOfShoe = false;
  round.bets.clear();
  round.nextBetId = 1;
  empty(round.dealer.cards);
  round.dealer.holeShown = false;
  round.dealer.blackjack = null;
  round.turnSeat = null;
  round.follow = null;
  round.followAdvance = null;
  // Rarely any: not emptied by `empty`, whose every other array holds numbers (one kind of array, smaller code).
  if (round.voidedPlayers.length > 0) round.voidedPlayers = [];
  round.opening.shoePosition = shoe.position;
  return true;
}

/** Keeps the finished round's holders (with their hands) and common cards aside, for the next round to hand out. */
function keepHolders(round: Round): void {
  const s = round.spare;
  if (s.holders.length === 0) {
    // The usual case: every holder kept last time is in play again, so the two lists trade places.
    const finished = round.holders;
    round.holders = s.holders;
    s.holders = finished;
  } else for (let h = round.holders.pop(); h; h = round.holders.pop()) s.holders.push(h);
  if (round.common) s.common = round.common;
  round.common = null;
}
