// Round events in words, for the step-by-step recall.
import type { RecallEvent } from './api.ts';
import { betLabel, type Currency, delta, face, money } from './format.ts';

const cardName = (c: string | null) => (c === null ? 'a face-down card' : (face(c)?.name ?? c));
const onSeat = (seat: number | null | undefined) => (seat !== null && seat !== undefined ? ` on seat ${seat}` : '');

export function eventText(e: RecallEvent, currency: Currency): string {
  const m = (n: number) => money(n, currency);
  switch (e.type) {
    case 'shoe-started':
      return `A new shoe starts (commitment ${e.commitment.slice(0, 12)}…)`;
    case 'burn':
      return `Burn: ${cardName(e.shown)} is shown, ${e.burned} more burned`;
    case 'round-opened':
      return `Round ${e.round} opens for bets`;
    case 'bet-placed':
      return `${e.player} bets ${m(e.amount)} on ${betLabel(e.bet)}${onSeat(e.seat)} (total ${m(e.total)})`;
    case 'bet-returned':
      return `${betLabel(e.bet)}${onSeat(e.seat)}: ${m(e.amount)} returned to ${e.player} (${e.reason})`;
    case 'warning':
      return `Warning to ${e.player}: ${e.message}`;
    case 'seat-taken':
      return `${e.player} takes seat ${e.seat}`;
    case 'seat-released':
      return `${e.player} leaves seat ${e.seat} (${e.reason})`;
    case 'card':
      return `${cardName(e.card)} to ${e.to}`;
    case 'window':
      return `${e.window} window opens${e.seat ? ` for seat ${e.seat}` : ''}`;
    case 'action':
      return `${e.player}${onSeat(e.seat)}: ${e.action}${e.auto ? ' (automatic)' : ''}${e.note ? ` — ${e.note}` : ''}`;
    case 'dealer-peek':
      return `The dealer peeks: ${e.blackjack ? 'blackjack' : 'no blackjack'}`;
    case 'hole-shown':
      return `The dealer turns the hole card: ${cardName(e.card)}`;
    case 'settled':
      return `${betLabel(e.bet)}${onSeat(e.seat)}: ${e.outcome}, stake ${m(e.stake)}, returns ${m(e.returned)}`;
    case 'capped':
      return `${betLabel(e.bet)} winnings ${m(e.winnings)} capped at ${m(e.cap)}`;
    case 'wallet':
      return `${e.player}'s wallet ${delta(e.delta, currency)} (${e.reason})`;
    case 'round-settled':
      return `Round ${e.round} settled`;
    case 'round-void':
      return `Round ${e.round} void: ${e.reason}`;
    case 'session-ended':
      return `The player ends the session after round ${e.round}`;
    default:
      return JSON.stringify(e); // an event this page does not know yet
  }
}

/** The cards on the table after the given events: by where they went, in order. */
export function boardAfter(events: readonly RecallEvent[]): [string, (string | null)[]][] {
  const places = new Map<string, (string | null)[]>();
  const add = (to: string, c: string | null) => {
    const list = places.get(to) ?? [];
    list.push(c);
    places.set(to, list);
  };
  for (const e of events) {
    if (e.type === 'card') {
      add(e.to === 'dealer-hole' ? 'dealer' : e.to, e.card);
    } else if (e.type === 'hole-shown') {
      const dealer = places.get('dealer') ?? [];
      const i = dealer.indexOf(null);
      if (i >= 0) dealer[i] = e.card;
      else add('dealer', e.card);
      places.set('dealer', dealer);
    }
  }
  return [...places.entries()];
}
