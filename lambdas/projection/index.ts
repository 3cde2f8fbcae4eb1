// The one projection of a table and its rounds per audience (./audience.ts): every player-facing
// answer (table view, command response, recall, history, and later push messages) is built here
// from state the handler loaded, never by a handler from stored items. Pure: no I/O.
//
//   projectTable(ctx, state, audience, wallets)            the table and its round now, with the audience's legal moves
//   projectOutcome(ctx, state, events, audience, wallets)  a command's answer: the table after it and its events
//                                                          (an operator's, at a table of unbounded players: bounded)
//   projectRound(recorded, audience)                       a recorded round (recall, history)
//   projectEvents(events, audience, drawn)                 events alone
import {
  type Ctx,
  type EngineEvent,
  type TableView as EngineView,
  type PublicEvent,
  playerView,
  type TableState,
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
export type { PublicEvent };

/**
 * A player's own part of a view. `walletVersion`: the version of the wallet `balance` is from (it
 * grows with every change of the wallet), so a client that hears of the wallet several ways (push,
 * a command's answer, a view it read) keeps the balance of the highest version it has seen.
 */
export type YouView = NonNullable<EngineView['you']> & { walletVersion: number };

/** A table as an audience sees it (GET /tables/{id}, a command's answer, a push message). */
export type TableView = Omit<EngineView, 'you'> & { you: YouView | null };

/** Per player, the version of the wallet their balance in a state is from (what the store read or will write). */
export type WalletVersions = Readonly<Record<string, number>>;

/** A name no player can have (a `sub` starting with ~ is refused): the engine's view for nobody in particular. */
const NOBODY = '~';

/**
 * The table as the audience may see it now: a player's own seats, hands, bets, legal moves and
 * balance with its wallet version; an operator's every bet.
 */
export function projectTable(ctx: Ctx, state: TableState, audience: Audience, wallets: WalletVersions): TableView {
  // The dealer console sees the cards as dealt, the hole card too (its scan), and no bets.
  if (audience.kind === 'dealer') return { ...playerView(ctx, state, null, { hole: true }), bets: [], you: null };
  const view = playerView(ctx, state, audience.kind === 'operator' ? null : (playerOf(audience) ?? NOBODY));
  return { ...view, you: view.you && { ...view.you, walletVersion: wallets[view.you.name] ?? 0 } };
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

/**
 * A command's answer (CommandAnswer) for the audience. `wallets`: the versions the command's writes
 * leave the wallets at.
 */
export function projectOutcome(
  ctx: Ctx,
  state: TableState,
  events: readonly EngineEvent[],
  audience: Audience,
  wallets: WalletVersions,
): CommandAnswer {
  if (audience.kind === 'operator' && ctx.pack.table.playersApart)
    return {
      view: projectTable(ctx, state, SPECTATOR, wallets),
      events: projectEvents(events, SPECTATOR),
      totals: totalsOf(state),
    };
  const me = playerOf(audience);
  const drawn = (me !== null && state.round.common?.players[me]?.draws) || 0;
  return { view: projectTable(ctx, state, audience, wallets), events: projectEvents(events, audience, drawn) };
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
