// A blackjack viewer's legal moves (TableView.legal): what the AI players choose from and a client offers.
import { Insurance, Seat } from '../ledger.ts';
import type { Ctx, Table } from '../model.ts';
import type { LegalMove } from '../types.ts';
import { isInsurable } from './insurance.ts';
import { legalActions } from './turns.ts';

/**
 * What `viewer` may do now, as their view lists it: insurance, follow answers and the actions of their hands in turn.
 */
export function legalMoves(ctx: Ctx, table: Table, viewer: string): LegalMove[] {
  const round = table.round;
  const bets = round.bets;
  const moves: LegalMove[] = [];
  const mine = (row: number) => table.players.names[bets.player(row)] === viewer;
  if (round.phase === 'insurance')
    for (let row = 0; row < bets.length; row++)
      if (isInsurable(ctx, table, row) && mine(row) && bets.insurance(row) === Insurance.NONE)
        moves.push({
          action: 'insurance',
          ...(bets.seat(row) !== Seat.NONE ? { seat: bets.seat(row) } : {}),
          // Half the bet, as insurance() charges it.
          answers:
            Math.floor(bets.amount(row) / 2) <= table.players.balance[bets.player(row)] ? [true, false] : [false],
        });
  if (round.phase === 'follow' && round.follow) {
    const f = round.follow;
    for (let row = 0; row < bets.length; row++)
      if (mine(row) && f.answers[bets.id(row)] === null)
        moves.push({
          action: f.kind === 'double' ? 'follow-double' : 'follow-split',
          seat: f.seat,
          answers: [true, false],
        });
  }
  if (round.phase === 'turns')
    for (const h of round.holders)
      if (h.owner === viewer && (h.seat === Seat.NONE || h.seat === round.turnSeat))
        for (const action of legalActions(ctx, table, h))
          moves.push({ action, ...(h.seat !== Seat.NONE ? { seat: h.seat } : {}) });
  return moves;
}
