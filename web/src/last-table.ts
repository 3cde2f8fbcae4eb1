// The round that just ended, as it ended on the table: the dealer's cards and every seat's hands
// (AI players' too), or Andar Bahar's game card and both piles. Shown on the table until the next
// round deals, since a settled round gives way to the next one at once (solo and Andar Bahar).
import { h } from 'preact';
import { isAiPlayer, type Recall } from './api.ts';
import { Hand } from './cards.ts';

type Seat = Recall['round']['seats'][number];

const seatTitle = (s: Seat, player: string) =>
  `Seat ${s.seat} · ${isAiPlayer(s.owner) ? 'AI player' : s.owner}${s.owner === player ? ' (you)' : ''}`;

/** The player's own hands in a recalled round: their seats' hands, or their common-draw hands. */
export function ownHands(recall: Recall, player: string): { cards: string[]; total?: number }[] {
  const seated = recall.round.seats.filter((s) => s.owner === player).flatMap((s) => s.hands);
  return seated.length ? seated : (recall.hands[player] ?? []);
}

export function LastTable({ recall, player }: { recall: Recall; player: string }) {
  const r = recall.round;
  const ab = r.andarBahar;
  return h(
    'section',
    { class: 'last-table', 'aria-label': `round ${r.no} as it ended`, 'data-testid': 'last-table' },
    h('div', { class: 'hand-title' }, `Round #${r.no} as it ended`),
    ab
      ? h(
          'div',
          { class: 'row' },
          h(Hand, { title: 'Game card', cards: [ab.gameCard] }),
          h(Hand, { title: 'Andar', cards: ab.sides[0], notes: ab.winner === 0 ? ['wins'] : [] }),
          h(Hand, { title: 'Bahar', cards: ab.sides[1], notes: ab.winner === 1 ? ['wins'] : [] }),
        )
      : h(
          'div',
          { class: 'row' },
          h(Hand, { title: 'Dealer', cards: r.dealer.cards }),
          r.common ? h(Hand, { title: 'Common hand', cards: r.common.cards }) : null,
          r.seats.map((s) =>
            h(
              'div',
              { key: s.seat, class: `seat${s.owner === player ? ' mine' : ''}`, 'data-testid': `last-seat-${s.seat}` },
              h('div', { class: 'seat-title' }, seatTitle(s, player)),
              s.hands.map((hand, i) =>
                h(Hand, { key: i, title: s.hands.length > 1 ? `Hand ${i + 1}` : 'Hand', cards: hand.cards }),
              ),
            ),
          ),
          r.common && recall.hands[player]
            ? recall.hands[player].map((hand, i) => h(Hand, { key: `own-${i}`, title: 'Your hand', cards: hand.cards }))
            : null,
        ),
  );
}
