// Owns who is looking: the audiences a round is projected for, and the rules every projection
// shares about whose things an audience sees.
//
// - a player: their own seats, hands, bets, money and commands, plus what the table shows everyone;
// - a spectator: only what the table shows everyone (another player's view of a round they are
//   not in, a demo account at a real-money table, a push message to every client of a table);
// - an operator: every player's seats, hands, bets and commands; never an undealt card, the hole
//   card before it is shown, or a live seed (the shoe's seed is revealed once it is retired);
// - a dealer (a studio's dealer console): the table's cards as dealt, the hole card included, and
//   what card is needed next; no player's bets, money or commands.

export type Audience =
  | { kind: 'player'; player: string }
  | { kind: 'spectator' }
  | { kind: 'operator' }
  | { kind: 'dealer' };

export const OPERATOR: Audience = { kind: 'operator' };
export const DEALER: Audience = { kind: 'dealer' };
export const SPECTATOR: Audience = { kind: 'spectator' };
export const playerAudience = (player: string): Audience => ({ kind: 'player', player });

/**
 * The house's own players (AI players at a practice table) are named with a leading `~`, which no
 * token's `sub` may have: they play for the house's practice points in the open.
 */
export const isHouse = (name: string): boolean => name.startsWith('~');

/** Whether the audience sees what `player` did and holds (their bets, commands, money, draws). */
export function sees(audience: Audience, player: string): boolean {
  if (audience.kind === 'operator') return true;
  if (isHouse(player)) return true;
  return audience.kind === 'player' && audience.player === player;
}

/** The audience's own player name, if it is a player. */
export const playerOf = (audience: Audience): string | null => (audience.kind === 'player' ? audience.player : null);
