// The viewer's controls: a countdown to the round's deadline, the bets the pack offers (with
// Andar Bahar's mode and a seat where the table has seats), and exactly the decisions the API
// lists as legal now, with keyboard shortcuts.
import { type ComponentChild, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { BetRequest, RecallBet, Rules, TableView } from './api.ts';
import { betLabel, money, seconds } from './format.ts';

const PHASES: Record<string, string> = {
  betting: 'Betting is open',
  insurance: 'Insurance is offered',
  turns: 'Players are deciding',
  follow: 'Bets behind may follow',
  dealer: 'The dealer plays',
  settled: 'Round settled',
  void: 'Round void',
};

export function phaseText(view: TableView): string {
  if (view.ended) return 'Session ended';
  if (view.round.paused)
    return `Round paused while the supervisor looks into a fault${view.round.timeLeft === null ? '' : `; ${seconds(view.round.timeLeft)} s left when it resumes`}`;
  return view.paused ? 'The table is paused' : (PHASES[view.round.phase] ?? view.round.phase);
}

export function Countdown({ deadline, phase }: { deadline: number | null; phase: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, []);
  if (deadline === null)
    return h('span', { class: 'timer muted' }, phase === 'betting' ? 'no countdown: deal when ready' : '');
  const left = seconds(deadline - now);
  const what =
    phase === 'betting'
      ? 'Betting closes'
      : phase === 'insurance'
        ? 'Insurance closes'
        : phase === 'follow'
          ? 'Follow window closes'
          : 'Decision due';
  return h(
    'span',
    {
      class: `timer${left <= 5 ? ' urgent' : ''}`,
      role: 'timer',
      'aria-label': `${what} in ${left} seconds`,
      'data-testid': 'timer',
    },
    `${what} in ${left} s`,
  );
}

const ACTION_LABEL: Record<string, string> = {
  hit: 'Hit',
  stand: 'Stand',
  double: 'Double',
  split: 'Split',
  surrender: 'Surrender',
};
const SHORTCUT: Record<string, string> = { h: 'hit', s: 'stand', d: 'double', p: 'split', r: 'surrender' };

export function Actions({
  view,
  playActions,
  onAct,
  busy,
}: {
  view: TableView;
  playActions: string[];
  onAct: (action: string, seat: number | undefined, accept?: boolean) => void;
  busy: boolean;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (busy || e.ctrlKey || e.metaKey || e.altKey || (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)))
        return;
      const action = SHORTCUT[e.key.toLowerCase()];
      const move = action && view.legal.find((m) => m.action === action);
      if (!move) return;
      e.preventDefault();
      onAct(move.action, move.seat);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [view, busy]);
  if (!view.legal.length && !view.preselect.length) return null;
  const seats = [...new Set(view.legal.map((m) => m.seat ?? 0))];
  return h(
    'div',
    { class: 'actions', role: 'group', 'aria-label': 'your decisions' },
    seats.map((seat) =>
      h(
        'div',
        { key: seat, class: 'action-row' },
        seat ? h('span', { class: 'muted' }, `Seat ${seat}: `) : null,
        view.legal
          .filter((m) => (m.seat ?? 0) === seat)
          .flatMap((m): ComponentChild[] => {
            const s = m.seat;
            if (m.action === 'insurance' || m.action === 'follow-double' || m.action === 'follow-split') {
              const what =
                m.action === 'insurance'
                  ? 'Insurance'
                  : m.action === 'follow-double'
                    ? 'Follow the double'
                    : 'Follow the split';
              return [
                // Insurance "yes" is offered only when the balance covers it (R-BJ-OFFER-1).
                m.answers && !m.answers.includes(true)
                  ? null
                  : h(
                      'button',
                      { key: `${m.action}-y`, type: 'button', disabled: busy, onClick: () => onAct(m.action, s, true) },
                      `${what}: yes`,
                    ),
                h(
                  'button',
                  { key: `${m.action}-n`, type: 'button', disabled: busy, onClick: () => onAct(m.action, s, false) },
                  `${what}: no`,
                ),
              ];
            }
            const label = ACTION_LABEL[m.action] ?? m.action;
            return [
              h(
                'button',
                {
                  key: m.action,
                  type: 'button',
                  class: 'primary',
                  disabled: busy,
                  onClick: () => onAct(m.action, s),
                  title: `shortcut: ${label[0]!.toLowerCase()}`,
                  'aria-keyshortcuts': label[0]!.toLowerCase(),
                },
                label,
              ),
            ];
          }),
      ),
    ),
    // R-MW-TURN-1: a seat whose turn has not come may have its action chosen in advance.
    view.preselect.map((seat) =>
      h(
        'div',
        { key: `pre-${seat}`, class: 'action-row' },
        h('span', { class: 'muted' }, `Seat ${seat}, before its turn: `),
        playActions
          .filter((a) => (a !== 'double' && a !== 'split') || covers(view, seat))
          .map((a) =>
            h(
              'button',
              { key: a, type: 'button', disabled: busy, onClick: () => onAct(a, seat) },
              `Pre-select ${(ACTION_LABEL[a] ?? a).toLowerCase()}`,
            ),
          ),
      ),
    ),
    view.legal.length
      ? h('p', { class: 'muted hint' }, 'Keys: H hit · S stand · D double · P split · R surrender')
      : null,
  );
}

/** Whether the viewer's balance covers another stake of the seat's hand in play: a double or split (R-BJ-OFFER-1). */
function covers(view: TableView, seat: number): boolean {
  const s = view.seats.find((x) => x.seat === seat);
  const hand = s?.hands[s.active];
  return !!hand && !!view.you && view.you.balance >= hand.stake;
}

/** The bets the pack offers, once each (Andar Bahar: those offered in the chosen mode). */
export function offeredBets(rules: Rules, mode: string | null): string[] {
  const names: string[] = [];
  for (const b of rules.rules.bets) {
    if (mode && b.modes && !b.modes.includes(mode)) continue;
    if (!names.includes(b.name)) names.push(b.name);
  }
  return names;
}

/** What a bet pays, as a bet spot shows it: the win ratio, a pay table's one line, or its best ("up to 120:1"). */
export function paysText(rules: Rules, bet: string, mode: string | null): string {
  const rule = rules.rules.bets.find((b) => b.name === bet && (!mode || !b.modes || b.modes.includes(mode)));
  if (!rule) return '';
  if (rule.type === 'hand') return rule.payouts?.win ?? '';
  const lines = rule.lines ?? [];
  if (lines.length <= 1) return lines[0]?.pays ?? '';
  // Ratios are "a:b" with decimals allowed; a float comparison only picks which one to show.
  const value = (pays: string) =>
    pays
      .split(':')
      .map(Number)
      .reduce((a, b) => a / b);
  return `up to ${lines.reduce((top, l) => (value(l.pays) > value(top) ? l.pays : top), lines[0]!.pays)}`;
}

/**
 * The last round's bets of `player`, to place again as one slip. Where seat bets are mirrored
 * (R-MW-SEAT-2), the main bet on the first seat still held mirrors to the player's other held
 * seats, so theirs are left out (placed too, each would mirror again and double the rest). It goes
 * first: a seat taken again is taken with the held seats' bet, which must be placed by then.
 */
export function repeatBets(
  bets: readonly RecallBet[],
  player: string,
  held: readonly number[],
  mirrored: boolean,
): BetRequest[] {
  let mirroredMain: BetRequest | null = null;
  const out: BetRequest[] = [];
  for (const b of bets) {
    if (b.player !== player) continue;
    const request: BetRequest = {
      bet: b.name,
      amount: b.amount,
      ...(b.seat !== null ? { seat: b.seat } : {}),
      ...(b.mode ? { mode: b.mode } : {}),
    };
    if (mirrored && b.type === 'hand' && b.seat !== null && held.includes(b.seat)) mirroredMain ??= request;
    else out.push(request);
  }
  return mirroredMain ? [mirroredMain, ...out] : out;
}

export interface BetForm {
  amount: string;
  mode: string | null;
  seat: number;
}

export function Betting({
  rules,
  view,
  form,
  setForm,
  onBet,
  repeat,
  onRepeat,
  busy,
}: {
  rules: Rules;
  view: TableView;
  form: BetForm;
  setForm: (f: BetForm) => void;
  onBet: (bet: string) => void;
  repeat: BetRequest[];
  onRepeat: () => void;
  busy: boolean;
}) {
  const t = rules.rules.table;
  const c = rules.currency;
  const seats = t.kind === 'seated' || t.kind === 'solo' ? (t.seats ?? 0) : 0;
  const modes = rules.rules.modes?.offered ?? null;
  const chips = [100, 500, 2500, 10000].map((m) => m * (c.minorPerUnit / 100));
  const open = view.round.phase === 'betting' && !view.paused;
  return h(
    'form',
    { class: 'betting', 'aria-label': 'place a bet', onSubmit: (e: Event) => e.preventDefault() },
    h(
      'div',
      { class: 'row' },
      h(
        'label',
        null,
        `Amount (${c.code}) `,
        h('input', {
          name: 'amount',
          inputMode: 'decimal',
          value: form.amount,
          size: 10,
          onInput: (e: Event) => setForm({ ...form, amount: (e.target as HTMLInputElement).value }),
        }),
      ),
      chips.map((m) =>
        h(
          'button',
          { key: m, type: 'button', class: 'chip', onClick: () => setForm({ ...form, amount: money(m, c) }) },
          money(m, c),
        ),
      ),
    ),
    modes
      ? h(
          'fieldset',
          { class: 'row' },
          h('legend', null, 'Mode'),
          modes.map((m) =>
            h(
              'label',
              { key: m },
              h('input', {
                type: 'radio',
                name: 'mode',
                value: m,
                checked: form.mode === m,
                onChange: () => setForm({ ...form, mode: m }),
              }),
              ` ${m.replace(/-/g, ' ')} `,
            ),
          ),
        )
      : null,
    seats
      ? h(
          'fieldset',
          { class: 'row seats-pick' },
          h('legend', null, 'Seat'),
          Array.from({ length: seats }, (_, i) => i + 1).map((s) =>
            h(
              'label',
              { key: s },
              h('input', {
                type: 'radio',
                name: 'seat',
                value: String(s),
                checked: form.seat === s,
                onChange: () => setForm({ ...form, seat: s }),
              }),
              ` ${s}${view.you?.seats.includes(s) ? ' (yours)' : ''} `,
            ),
          ),
        )
      : null,
    h(
      'div',
      { class: 'row bet-buttons' },
      offeredBets(rules, form.mode).map((b) => {
        const pays = paysText(rules, b, form.mode);
        return h(
          'button',
          { key: b, type: 'button', disabled: busy || !open, onClick: () => onBet(b) },
          `Bet ${betLabel(b)}`,
          pays ? h('span', { class: 'pays' }, ` ${pays}`) : null,
        );
      }),
    ),
    // The last round's bets again, in one request: all placed or, with the reason shown, none.
    repeat.length > 0 && !view.bets.length
      ? h(
          'div',
          { class: 'row' },
          h(
            'button',
            { type: 'button', disabled: busy || !open, onClick: onRepeat },
            `Repeat last bets (${repeat.length}, ${money(
              repeat.reduce((t, b) => t + b.amount, 0),
              c,
            )} ${c.code})`,
          ),
        )
      : null,
  );
}
