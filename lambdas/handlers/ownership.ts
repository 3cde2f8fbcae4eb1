// Owns who may act on what, decided on the state as loaded and before the engine runs: a seat,
// hand or bet that is not the caller's is refused with 403 (`not-your-seat`, `not-your-table`),
// not left to surface as a rule refusal. Operators act for the house, not on players' hands; the
// engine keeps its own checks as a second line.
import type { Action, BetSpec, Command, EngineError, TableState } from '../engine/index.ts';
import { type CompiledPack, findBet, hasSeats } from '../pack/compiled.ts';

/** Actions that play a seat's hand: only the seat's own player takes them. */
const PLAY: ReadonlySet<Action> = new Set(['hit', 'stand', 'double', 'split', 'surrender']);

/** The one human of a solo table: the player who opened it, else the first human seated. */
export function soloHumanOf(state: TableState): string | undefined {
  if (state.host !== undefined) return state.host;
  for (const holder of Object.values(state.seats)) if (!state.players[holder.owner]?.ai) return holder.owner;
  return undefined;
}

/** Why `player` may not give `cmd` at this table, or null when it is theirs to give (the rules may still refuse it). */
export function ownershipRefusal(
  pack: CompiledPack,
  state: TableState,
  player: string,
  cmd: Command,
): EngineError | null {
  const human = pack.table.kind === 'solo' ? soloHumanOf(state) : undefined;
  if (human !== undefined && human !== player && (cmd.type === 'bet' || cmd.type === 'bets' || cmd.type === 'act'))
    return {
      code: 'not-your-table',
      message: `this solo table is ${human}'s: one player plays at it, with AI players in the other seats; open a table of your own`,
    };
  if (!hasSeats(pack)) return null;
  switch (cmd.type) {
    case 'bet':
      return betRefusal(pack, state, player, cmd, null);
    case 'bets':
      for (const [i, spec] of cmd.bets.entries()) {
        const refused = betRefusal(pack, state, player, spec, `bet ${i + 1} of ${cmd.bets.length}`);
        if (refused) return refused;
      }
      return null;
    case 'act': {
      if (cmd.seat === undefined || state.round.common) return null;
      const seat = state.round.seats.find((s) => s.seat === cmd.seat);
      if (!seat || seat.owner === player) return null;
      // Insurance and follow answers are for the caller's own bets on the seat (a bet behind it, R-MW-BEHIND-2/5).
      const hasBetThere = state.round.bets.some((b) => b.player === player && b.seat === cmd.seat);
      if (!PLAY.has(cmd.action) && hasBetThere) return null;
      return {
        code: 'not-your-seat',
        message: `seat ${cmd.seat} is ${seat.owner}'s: you play only your own seats${hasBetThere ? '' : ', and answer only for your own bets'}`,
      };
    }
    default:
      return null;
  }
}

/** A bet on a seat someone else holds: only a bet behind, or a side bet anyone may place on a seat, is the caller's to place. */
function betRefusal(
  pack: CompiledPack,
  state: TableState,
  player: string,
  spec: BetSpec,
  which: string | null,
): EngineError | null {
  if (spec.seat === undefined) return null;
  const holder = state.seats[String(spec.seat)];
  if (!holder || holder.owner === player) return null;
  const bet = findBet(pack, spec.bet, spec.mode);
  if (!bet || bet.type === 'behind' || (bet.type === 'paytable' && bet.placement === 'seat')) return null;
  return {
    code: 'not-your-seat',
    message: `${which ? `${which} (${spec.bet}): ` : ''}seat ${spec.seat} is ${holder.owner}'s; bet on your own seat or an empty one${pack.bets.some((b) => b.type === 'behind') ? ', or behind this one' : ''}`,
  };
}
