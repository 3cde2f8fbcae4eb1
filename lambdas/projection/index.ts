// The one projection of a table and its rounds per audience (./audience.ts): every player-facing
// answer (table view, command response, recall, history, and later push messages) is built here
// from state the handler loaded, never by a handler from stored items. Pure: no I/O.
//
//   projectTable(ctx, state, audience)          the table and its round now, with the audience's legal moves
//   projectOutcome(ctx, state, events, audience) a command's answer: the table after it and its events
//                                                (an operator's, at a table of unbounded players: bounded)
//   projectRound(recorded, audience)            a recorded round (recall, history)
//   projectEvents(events, audience, drawn)      events alone
import {
  type Ctx,
  type EngineEvent,
  type PublicEvent,
  playerView,
  type TableState,
  type TableView,
} from '../engine/index.ts';
import { type Audience, playerOf, SPECTATOR } from './audience.ts';
import { projectEvents } from './events.ts';

export {
  type Audience,
  DEALER,
  isHouse,
  OPERATOR,
  playerAudience,
  playerOf,
  SPECTATOR,
  sees,
} from './audience.ts';
export { projectEvents } from './events.ts';
export {
  type HandText,
  projectRound,
  type RecalledRound,
  type RecalledStep,
  type RecordedRound,
  type RoundRecall,
} from './round.ts';
export type { PublicEvent, TableView };

/** A name no player can have (a `sub` starting with ~ is refused): the engine's view for nobody in particular. */
const NOBODY = '~';

/** The table as the audience may see it now: a player's own seats, hands, bets and legal moves; an operator's every bet. */
export function projectTable(ctx: Ctx, state: TableState, audience: Audience): TableView {
  // The dealer console sees the cards as dealt, the hole card too (its scan), and no bets.
  if (audience.kind === 'dealer') return { ...playerView(ctx, state, null, { hole: true }), bets: [] };
  return playerView(ctx, state, audience.kind === 'operator' ? null : (playerOf(audience) ?? NOBODY));
}

/** The bets of a round of unbounded players, counted: what an operator's command answer says of them. */
export interface RoundTotals {
  players: number;
  bets: number;
  /** Minor units staked, and returned to players so far (stakes back and winnings). */
  staked: number;
  returned: number;
}

/** A command's answer: the table after it, the events it produced that the audience may read. */
export interface CommandAnswer {
  view: TableView;
  events: PublicEvent[];
  /**
   * An operator's answer at a table of unbounded players: the round's bets counted, not listed. The
   * answer is stored for replay and must not grow with the players; each one's part is in recall.
   */
  totals?: RoundTotals;
}

export function projectOutcome(
  ctx: Ctx,
  state: TableState,
  events: readonly EngineEvent[],
  audience: Audience,
): CommandAnswer {
  if (audience.kind === 'operator' && ctx.pack.table.playersApart)
    return {
      view: projectTable(ctx, state, SPECTATOR),
      events: projectEvents(events, SPECTATOR),
      totals: totalsOf(state),
    };
  const me = playerOf(audience);
  const drawn = (me !== null && state.round.common?.players[me]?.draws) || 0;
  return { view: projectTable(ctx, state, audience), events: projectEvents(events, audience, drawn) };
}

function totalsOf(state: TableState): RoundTotals {
  const players = new Set<string>();
  let staked = 0;
  let returned = 0;
  for (const bet of state.round.bets) {
    players.add(bet.player);
    staked += bet.staked;
    returned += bet.returned;
  }
  return { players: players.size, bets: state.round.bets.length, staked, returned };
}
