// Owns a round's events as an audience may read them: cards written as text, the hole card only
// through hole-shown, another player's bets, actions and money left out, and a common-draw
// stream card only once the reader has drawn it themselves (R-TB-DRAW-1: every player draws the
// same stream, so the card after yours is the next card you would draw).
import { type EngineEvent, type PublicEvent, visibleEvents } from '../engine/index.ts';
import { type Audience, sees } from './audience.ts';

/** `stream-3` (the first draw of stream card 3) or `alice: stream-3` (alice drawing it after someone else). */
const STREAM = /^(?:(.*): )?stream-(\d+)$/;

/**
 * What the audience may read of `events`. `drawn`: how many stream cards the audience's player
 * has drawn in this round, as of the state the events are shown with (0 when none or not a player).
 */
export function projectEvents(events: readonly EngineEvent[], audience: Audience, drawn = 0): PublicEvent[] {
  const out: PublicEvent[] = [];
  for (const e of visibleEvents(events)) {
    if ('player' in e && !sees(audience, e.player)) continue;
    if (e.type === 'card' && audience.kind !== 'operator') {
      const stream = STREAM.exec(e.to);
      if (stream && ((stream[1] !== undefined && !sees(audience, stream[1])) || Number(stream[2]) > drawn)) continue;
    }
    out.push(e);
  }
  return out;
}
