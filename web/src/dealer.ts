// The dealer console of a dealer-fed table (R-LD-SOURCE-1): a studio dealer types (or the scanner
// sends) each card code; the console says in large type what card the table needs next and for
// whom, shows refusals in plain words (nothing is taken then), the round's pause, and the table's
// cards as dealt, the hole card included: this view is the dealer's, never a player's.
import { h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, PackApi, type Rules, type Session, type TableView } from './api.ts';
import { Cards } from './cards.ts';

const POLL_MS = 500;

const scanId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

export function DealerPanel({ rules, session }: { rules: Rules; session: Session }) {
  const api = useMemo(() => new PackApi(rules.id, session.token), [rules.id, session.token]);
  const [table, setTable] = useState('main');
  const [open, setOpen] = useState<string | null>(null);
  const [view, setView] = useState<TableView | null>(null);
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [taken, setTaken] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    const poll = () =>
      api.view(open).then(
        (v) => live && setView(v),
        (e: unknown) => live && setRefusal((e as Error).message),
      );
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [open, api]);

  const openTable = async (e: Event) => {
    e.preventDefault();
    try {
      await api.ensureTable(table);
      setOpen(table);
      setTimeout(() => input.current?.focus(), 0);
    } catch (err) {
      setRefusal((err as Error).message);
    }
  };
  const send = async (e: Event) => {
    e.preventDefault();
    const card = code.trim().toUpperCase();
    if (!card || !open) return;
    setCode('');
    try {
      const r = await api.scan(open, card, scanId());
      setView(r.view);
      setRefusal(null);
      setTaken((t) => [...t.slice(-11), card]);
    } catch (err) {
      setRefusal(err instanceof ApiError ? `${card} refused: ${err.message}` : (err as Error).message);
    }
    input.current?.focus();
  };
  const command = (name: 'new-shoe' | 'cut-card' | 'misdeal', reason: string) => async () => {
    if (!open) return;
    try {
      setView((await api.dealerCommand(open, name, reason)).view);
      setRefusal(null);
    } catch (err) {
      setRefusal((err as Error).message);
    }
  };

  if (!open)
    return h(
      'form',
      { class: 'row', onSubmit: openTable, 'aria-label': 'open a dealer-fed table' },
      h(
        'label',
        null,
        'Table ',
        h('input', {
          name: 'table',
          value: table,
          onInput: (e: Event) => setTable((e.target as HTMLInputElement).value),
        }),
      ),
      h('button', { type: 'submit', class: 'primary' }, 'Deal at this table'),
      refusal ? h('p', { class: 'error', role: 'alert' }, refusal) : null,
    );

  const need = view?.dealing?.need ?? null;
  const paused = view?.dealing?.paused ?? null;
  const ab = view?.andarBahar ?? null;
  return h(
    'section',
    { class: 'dealer-console', 'aria-label': 'dealer console' },
    h('h2', null, `Dealer console: ${open}`, view ? ` · round #${view.round.no} (${view.round.phase})` : ''),
    paused
      ? h(
          'p',
          { class: 'paused', role: 'status', 'data-testid': 'paused' },
          `Round paused: ${paused.reason}. Wait for the supervisor to resume or void it.`,
        )
      : null,
    h(
      'p',
      { class: 'need', 'data-testid': 'need', style: 'font-size: 2.5rem; font-weight: bold; margin: 0.5rem 0' },
      !view ? '…' : need ? `Next card: ${need.text}` : 'No card needed now',
    ),
    h(
      'form',
      { class: 'row', onSubmit: send, 'aria-label': 'scan a card' },
      h(
        'label',
        null,
        'Card code ',
        h('input', {
          ref: input,
          name: 'card',
          value: code,
          size: 6,
          autoComplete: 'off',
          'aria-describedby': 'card-help',
          onInput: (e: Event) => setCode((e.target as HTMLInputElement).value),
        }),
      ),
      h('button', { type: 'submit' }, 'Send'),
      h('span', { id: 'card-help', class: 'muted' }, ' rank then suit, e.g. AS, TD, 10D; Enter sends'),
    ),
    refusal ? h('p', { class: 'error', role: 'alert', 'data-testid': 'refusal' }, refusal) : null,
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'button', onClick: command('new-shoe', 'new shoe at the table') }, 'New shoe'),
      h('button', { type: 'button', onClick: command('cut-card', 'cut card out') }, 'Cut card out'),
      h('button', { type: 'button', onClick: command('misdeal', 'misdeal reported at the table') }, 'Misdeal'),
    ),
    view && !ab
      ? h(
          'div',
          { 'data-testid': 'dealer-table' },
          h('div', null, 'Dealer ', h(Cards, { cards: view.dealer.cards, label: 'dealer cards' })),
          view.seats.map((s) =>
            h(
              'div',
              { key: s.seat },
              `Seat ${s.seat} (${s.owner}) `,
              s.hands.map((hand, i) => h(Cards, { key: i, cards: hand.cards, label: `seat ${s.seat} hand ${i + 1}` })),
            ),
          ),
        )
      : null,
    ab
      ? h(
          'div',
          { 'data-testid': 'dealer-table' },
          h('div', null, 'Game card ', ab.gameCard ? h(Cards, { cards: [ab.gameCard], label: 'game card' }) : '—'),
          h('div', null, 'Andar ', h(Cards, { cards: ab.andar, label: 'andar' })),
          h('div', null, 'Bahar ', h(Cards, { cards: ab.bahar, label: 'bahar' })),
          ab.winner ? h('p', null, `${ab.winner === 'andar' ? 'Andar' : 'Bahar'} wins`) : null,
        )
      : null,
    taken.length ? h('p', { class: 'muted', 'data-testid': 'taken' }, `Taken: ${taken.join(' ')}`) : null,
  );
}
