// What is on the table for the viewer, from the API's redacted view: the dealer (hole card face
// down while the API sends null), seats or the common hand, Andar Bahar's sides, and your bets.
import { h } from 'preact';
import { isAiPlayer, type Recall, type Rules, type TableView } from './api.ts';
import { Hand } from './cards.ts';
import { betLabel, money } from './format.ts';
import { LastTable } from './last-table.ts';

type HandView = TableView['seats'][number]['hands'][number];

function handNotes(hand: HandView): string[] {
  const notes: string[] = [];
  if (hand.doubled) notes.push('doubled');
  if (hand.fromSplit) notes.push('split');
  if (hand.surrendered) notes.push('surrendered');
  if (hand.total > 21) notes.push('bust');
  else if (hand.done) notes.push('done');
  return notes;
}

function Dealer({ view }: { view: TableView }) {
  const d = view.dealer;
  const hidden = d.cards.some((c) => c === null);
  return h(
    'div',
    { class: 'dealer', 'data-testid': 'dealer' },
    h(Hand, {
      title: 'Dealer',
      cards: d.cards,
      total: d.cards.length ? d.total : null,
      notes: [
        hidden ? 'hole card face down' : '',
        d.blackjack ? 'blackjack' : '',
        (d.total ?? 0) > 21 ? 'bust' : '',
      ].filter(Boolean),
    }),
  );
}

function Seats({ view }: { view: TableView }) {
  if (!view.seats.length) return null;
  return h(
    'div',
    { class: 'seats' },
    view.seats.map((s) =>
      h(
        'div',
        {
          key: s.seat,
          class: `seat${s.turn ? ' turn' : ''}${s.owner === view.you?.name ? ' mine' : ''}`,
          'data-testid': `seat-${s.seat}`,
        },
        h(
          'div',
          { class: 'seat-title' },
          `Seat ${s.seat} · ${isAiPlayer(s.owner) ? 'AI player' : s.owner}${s.owner === view.you?.name ? ' (you)' : ''}`,
          s.turn ? h('span', { class: 'tag' }, 'to act') : null,
        ),
        s.hands.map((hand, i) =>
          h(Hand, {
            key: i,
            title: s.hands.length > 1 ? `Hand ${i + 1}` : 'Hand',
            cards: hand.cards,
            total: hand.total,
            soft: hand.soft,
            notes: handNotes(hand),
            active: s.turn && s.active === i,
          }),
        ),
      ),
    ),
  );
}

function Common({ view }: { view: TableView }) {
  const c = view.common;
  if (!c || (!c.cards.length && !c.yourHands.length)) return null;
  return h(
    'div',
    { class: 'common', 'data-testid': 'common' },
    h(Hand, { title: 'Common hand (everyone’s first two cards)', cards: c.cards }),
    c.yourHands.map((hand, i) =>
      h(Hand, {
        key: i,
        title: c.yourHands.length > 1 ? `Your hand ${i + 1}` : 'Your hand',
        cards: hand.cards,
        total: hand.total,
        soft: hand.soft,
        notes: handNotes(hand),
        active: !hand.done,
      }),
    ),
  );
}

function AndarBahar({ view }: { view: TableView }) {
  const ab = view.andarBahar;
  if (!ab) return null;
  return h(
    'div',
    { class: 'andar-bahar', 'data-testid': 'andar-bahar' },
    h('div', { class: 'game-card' }, h(Hand, { title: 'Game card', cards: [ab.gameCard] })),
    h(
      'div',
      { class: `side${ab.winner === 'andar' ? ' winner' : ''}` },
      h(Hand, { title: `Andar${ab.winner === 'andar' ? ' wins' : ''}`, cards: ab.andar }),
    ),
    h(
      'div',
      { class: `side${ab.winner === 'bahar' ? ' winner' : ''}` },
      h(Hand, { title: `Bahar${ab.winner === 'bahar' ? ' wins' : ''}`, cards: ab.bahar }),
    ),
  );
}

export function Bets({ bets, rules, caption }: { bets: TableView['bets']; rules: Rules; caption: string }) {
  if (!bets.length) return h('p', { class: 'muted' }, `${caption}: none`);
  const c = rules.currency;
  return h(
    'table',
    { class: 'bets', 'aria-label': caption },
    h('caption', null, caption),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ['Bet', 'Seat', 'Amount', 'Staked', 'Status', 'Returned', 'Line'].map((t) => h('th', { key: t }, t)),
      ),
    ),
    h(
      'tbody',
      null,
      bets.map((b) =>
        h(
          'tr',
          { key: b.id },
          h('td', null, betLabel(b.bet)),
          h('td', null, b.seat ?? '—'),
          h('td', { class: 'num' }, money(b.amount, c)),
          h('td', { class: 'num' }, money(b.staked, c)),
          h('td', null, b.status),
          h('td', { class: 'num' }, b.status === 'open' ? '—' : money(b.returned, c)),
          h('td', null, b.line ?? '—'),
        ),
      ),
    ),
  );
}

export function Board({ view, rules, last }: { view: TableView; rules: Rules; last?: Recall | null }) {
  return h(
    'div',
    { class: 'board', 'data-testid': 'board' },
    rules.family === 'blackjack' ? h(Dealer, { view }) : null,
    h(Seats, { view }),
    h(Common, { view }),
    h(AndarBahar, { view }),
    h(Bets, { bets: view.bets, rules, caption: 'Your bets this round' }),
    // Until the next round deals, the last one stays on the table as it ended.
    last && view.round.phase === 'betting' ? h(LastTable, { recall: last, player: view.you?.name ?? '' }) : null,
  );
}
