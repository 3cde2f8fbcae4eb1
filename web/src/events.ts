// Round events in words, for the step-by-step recall.
import type { RecallEvent } from './api.ts';
import { betLabel, delta, face, money, type Currency } from './format.ts';

const cardName = (c: unknown) => (c === null || c === undefined ? 'a face-down card' : (face(c as string)?.name ?? String(c)));

export function eventText(e: RecallEvent, currency: Currency): string {
  const m = (n: unknown) => money(Number(n), currency);
  const seat = e.seat !== null && e.seat !== undefined ? ` on seat ${String(e.seat)}` : '';
  switch (e.type) {
    case 'shoe-started': return `A new shoe starts (commitment ${String(e.commitment).slice(0, 12)}…)`;
    case 'burn': return `Burn: ${cardName(e.shown)} is shown, ${String(e.burned)} more burned`;
    case 'round-opened': return `Round ${String(e.round)} opens for bets`;
    case 'bet-placed': return `${String(e.player)} bets ${m(e.amount)} on ${betLabel(String(e.bet))}${seat} (total ${m(e.total)})`;
    case 'bet-returned': return `${betLabel(String(e.bet))}${seat}: ${m(e.amount)} returned to ${String(e.player)} (${String(e.reason)})`;
    case 'warning': return `Warning to ${String(e.player)}: ${String(e.message)}`;
    case 'seat-taken': return `${String(e.player)} takes seat ${String(e.seat)}`;
    case 'seat-released': return `${String(e.player)} leaves seat ${String(e.seat)} (${String(e.reason)})`;
    case 'card': return `${cardName(e.card)} to ${String(e.to)}`;
    case 'window': return `${String(e.window)} window opens${e.seat ? ` for seat ${String(e.seat)}` : ''}`;
    case 'action': return `${String(e.player)}${seat}: ${String(e.action)}${e.auto ? ' (automatic)' : ''}${e.note ? ` — ${String(e.note)}` : ''}`;
    case 'dealer-peek': return `The dealer peeks: ${e.blackjack ? 'blackjack' : 'no blackjack'}`;
    case 'hole-shown': return `The dealer turns the hole card: ${cardName(e.card)}`;
    case 'settled': return `${betLabel(String(e.bet))}${seat}: ${String(e.outcome)}, stake ${m(e.stake)}, returns ${m(e.returned)}`;
    case 'capped': return `${betLabel(String(e.bet))} winnings ${m(e.winnings)} capped at ${m(e.cap)}`;
    case 'wallet': return `${String(e.player)}'s wallet ${delta(Number(e.delta), currency)} (${String(e.reason)})`;
    case 'round-settled': return `Round ${String(e.round)} settled`;
    case 'round-void': return `Round ${String(e.round)} void: ${String(e.reason)}`;
    default: return JSON.stringify(e);
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
      const to = String(e.to) === 'dealer-hole' ? 'dealer' : String(e.to);
      add(to, e.card === null || e.card === undefined ? null : (e.card as string));
    } else if (e.type === 'hole-shown') {
      const dealer = places.get('dealer') ?? [];
      const i = dealer.indexOf(null);
      if (i >= 0) dealer[i] = (e.card as string);
      else add('dealer', (e.card as string));
      places.set('dealer', dealer);
    }
  }
  return [...places.entries()];
}
