// Your bet history (GET /history) and the step-by-step recall of a round (GET /rounds/{id}):
// each step shows who acted, the commands, the events in words and the cards on the table then.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type PackApi, type Recall, type Rules } from './api.ts';
import { Cards } from './cards.ts';
import { boardAfter, eventText } from './events.ts';
import { betLabel, clock, delta, money } from './format.ts';

export function net(recall: Recall, player: string): { staked: number; returned: number } {
  const mine = recall.bets.filter((b) => b.player === player);
  return { staked: mine.reduce((s, b) => s + b.staked, 0), returned: mine.reduce((s, b) => s + b.returned, 0) };
}

export function RecallView({ recall, rules, onClose }: { recall: Recall; rules: Rules; onClose?: () => void }) {
  const steps = recall.steps;
  const [at, setAt] = useState(steps.length - 1);
  const step = steps[at];
  const c = rules.currency;
  const board = boardAfter(steps.slice(0, at + 1).flatMap((s) => s.events));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' && at > 0) setAt(at - 1);
    else if (e.key === 'ArrowRight' && at < steps.length - 1) setAt(at + 1);
    else return;
    e.preventDefault();
  };
  return h(
    'section',
    { class: 'recall', 'aria-label': `recall of round ${recall.round.no}`, onKeyDown: onKey, 'data-testid': 'recall' },
    h('h3', null, `Round ${recall.round.no} (${recall.round.id}) · ${recall.round.phase}`),
    h(
      'p',
      { class: 'muted' },
      `Pack ${recall.pack.id} ${recall.pack.version}, sha256 ${recall.pack.sha256.slice(0, 12)}… · shoe ${recall.shoe.id}, commitment ${recall.shoe.commitment.slice(0, 12)}… · seed ${recall.shoe.seed ?? (recall.shoe.retired ? '—' : 'revealed once the shoe is retired')}`,
    ),
    h(
      'div',
      { class: 'stepper', role: 'group', 'aria-label': 'steps' },
      h('button', { type: 'button', onClick: () => setAt(0), disabled: at <= 0 }, '« First'),
      h(
        'button',
        { type: 'button', onClick: () => setAt(at - 1), disabled: at <= 0, 'aria-label': 'previous step' },
        '◀ Previous',
      ),
      h(
        'span',
        { class: 'step-no', 'aria-live': 'polite', 'data-testid': 'step-no' },
        `Step ${at + 1} of ${steps.length}`,
      ),
      h(
        'button',
        { type: 'button', onClick: () => setAt(at + 1), disabled: at >= steps.length - 1, 'aria-label': 'next step' },
        'Next ▶',
      ),
      h(
        'button',
        { type: 'button', onClick: () => setAt(steps.length - 1), disabled: at >= steps.length - 1 },
        'Last »',
      ),
      onClose ? h('button', { type: 'button', onClick: onClose }, 'Close') : null,
    ),
    step
      ? h(
          'div',
          { class: 'step' },
          h('p', null, h('strong', null, step.actor), ` · ${clock(step.at)}`),
          step.commands.length
            ? h(
                'ul',
                { class: 'commands' },
                step.commands.map((cmd, i) => h('li', { key: i }, commandText(cmd.command, c))),
              )
            : null,
          h(
            'ol',
            { class: 'events' },
            step.events.map((e, i) => h('li', { key: i }, eventText(e, c))),
          ),
        )
      : h('p', null, 'No steps recorded.'),
    h(
      'div',
      { class: 'recall-board' },
      board.map(([to, cards]) =>
        h(
          'div',
          { key: to, class: 'place' },
          h('span', { class: 'place-name' }, to),
          h(Cards, { cards, label: to, small: true }),
        ),
      ),
    ),
    h(
      'table',
      { class: 'bets' },
      h('caption', null, 'Bets'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['Bet', 'Seat', 'Staked', 'Returned', 'Net', 'Line'].map((t) => h('th', { key: t }, t)),
        ),
      ),
      h(
        'tbody',
        null,
        recall.bets.map((b) =>
          h(
            'tr',
            { key: b.id },
            h('td', null, betLabel(b.key)),
            h('td', null, b.seat ?? '—'),
            h('td', { class: 'num' }, money(b.staked, c)),
            h('td', { class: 'num' }, b.status === 'open' ? '—' : money(b.returned, c)),
            h('td', { class: 'num' }, b.status === 'open' ? '—' : delta(b.returned - b.staked, c)),
            h('td', null, b.line ?? '—'),
          ),
        ),
      ),
    ),
  );
}

function commandText(cmd: Recall['steps'][number]['commands'][number]['command'], c: Rules['currency']): string {
  switch (cmd.type) {
    case 'bet':
      return `bet ${money(cmd.amount, c)} on ${betLabel(cmd.bet)}${cmd.seat ? ` (seat ${cmd.seat})` : ''}${cmd.mode ? `, ${cmd.mode}` : ''}`;
    case 'bets':
      return `bets ${cmd.bets.map((b) => `${money(b.amount, c)} on ${betLabel(b.bet)}${b.seat ? ` (seat ${b.seat})` : ''}`).join(', ')}`;
    case 'act':
      return `${cmd.action}${cmd.accept !== undefined ? (cmd.accept ? ': yes' : ': no') : ''}${cmd.seat ? ` (seat ${cmd.seat})` : ''}`;
    case 'join':
      return `joins the table`;
    default:
      return cmd.type;
  }
}

export function HistoryPanel({ api, rules, player }: { api: PackApi; rules: Rules; player: string }) {
  const [rounds, setRounds] = useState<Recall[] | null>(null);
  const [open, setOpen] = useState<Recall | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    api.history(20).then(
      (r) => {
        setRounds(r.rounds);
        setError(null);
      },
      (e: unknown) => setError(e instanceof ApiError ? e.message : String(e)),
    );
  useEffect(() => {
    void load();
  }, [api.pack, api.token]);
  const c = rules.currency;
  return h(
    'div',
    { class: 'history' },
    h(
      'div',
      { class: 'row' },
      h('h2', null, 'Your bet history'),
      h('button', { type: 'button', onClick: () => void load() }, 'Refresh'),
    ),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    rounds === null
      ? h('p', null, 'Loading…')
      : !rounds.length
        ? h('p', { class: 'muted' }, 'No rounds yet: place a bet on the table.')
        : h(
            'table',
            { class: 'history-table', 'data-testid': 'history' },
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                ['Round', 'Table', 'Phase', 'Bets', 'Staked', 'Returned', 'Net', ''].map((t) => h('th', { key: t }, t)),
              ),
            ),
            h(
              'tbody',
              null,
              rounds.map((r) => {
                const n = net(r, player);
                const settled = r.round.phase === 'settled' || r.round.phase === 'void';
                return h(
                  'tr',
                  { key: r.round.id },
                  h('td', null, `#${r.round.no}`),
                  h('td', null, r.table),
                  h('td', null, r.round.phase),
                  h(
                    'td',
                    null,
                    r.bets
                      .filter((b) => b.player === player)
                      .map((b) => betLabel(b.key))
                      .join(', '),
                  ),
                  h('td', { class: 'num' }, money(n.staked, c)),
                  h('td', { class: 'num' }, settled ? money(n.returned, c) : '—'),
                  h('td', { class: 'num' }, settled ? delta(n.returned - n.staked, c) : '—'),
                  h(
                    'td',
                    null,
                    h(
                      'button',
                      {
                        type: 'button',
                        onClick: () =>
                          api.recall(r.round.id).then(setOpen, (e: unknown) => setError(String((e as Error).message))),
                      },
                      `Recall round ${r.round.no}`,
                    ),
                  ),
                );
              }),
            ),
          ),
    open ? h(RecallView, { key: open.round.id, recall: open, rules, onClose: () => setOpen(null) }) : null,
  );
}
