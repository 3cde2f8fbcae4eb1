// Cards as people read them: rank and suit symbol, hearts and diamonds in red, and the dealer's
// hole card face down (the API sends null for it until it is shown: there is nothing to hide).
import { type ComponentChildren, h } from 'preact';
import { face, SUIT_SYMBOLS } from './format.ts';

export function Card({ card, small }: { card: string | null; small?: boolean }) {
  if (card === null)
    return h('span', {
      class: `card back${small ? ' small' : ''}`,
      role: 'img',
      'aria-label': 'face-down card',
      'data-card': 'down',
    });
  const f = face(card);
  if (!f) return h('span', { class: 'card' }, String(card));
  const symbol = SUIT_SYMBOLS[f.suit];
  return h(
    'span',
    {
      class: `card ${f.red ? 'red' : 'black'}${small ? ' small' : ''}`,
      role: 'img',
      'aria-label': f.name,
      'data-card': f.code,
    },
    h('span', { class: 'rank', 'aria-hidden': 'true' }, f.rank),
    h('span', { class: 'suit', 'aria-hidden': 'true' }, symbol),
  );
}

export function Cards({ cards, label, small }: { cards: readonly (string | null)[]; label: string; small?: boolean }) {
  return h(
    'div',
    { class: 'cards', role: 'group', 'aria-label': label },
    cards.length ? cards.map((c, i) => h(Card, { key: i, card: c, small })) : h('span', { class: 'muted' }, '—'),
  );
}

export function Hand({
  title,
  cards,
  total,
  soft,
  notes,
  active,
}: {
  title: ComponentChildren;
  cards: readonly (string | null)[];
  total?: number | null;
  soft?: boolean;
  notes?: string[];
  active?: boolean;
}) {
  return h(
    'div',
    { class: `hand${active ? ' active' : ''}` },
    h(
      'div',
      { class: 'hand-title' },
      title,
      total !== undefined && total !== null ? h('span', { class: 'total' }, ` ${soft ? 'soft ' : ''}${total}`) : null,
    ),
    h(Cards, { cards, label: typeof title === 'string' ? title : 'hand' }),
    notes?.length ? h('div', { class: 'notes' }, notes.join(' · ')) : null,
  );
}
