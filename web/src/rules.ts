// A pack's rules as a product manager reads them, from GET /<pack>/rules: the table, the dealer,
// the actions, the timing, every bet with its limits and pay table, and every RTP computed from
// the rules next to the declared one (a difference is shown, never hidden).
import { type ComponentChildren, h } from 'preact';
import type { BetRule, PayTableOdds, RtpRow, Rules } from './api.ts';
import { betLabel, face, money, percent, SUIT_SYMBOLS } from './format.ts';

const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/-/g, ' ')
    .toLowerCase();
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function cardText(c: string): string {
  const f = face(c);
  return f ? `${f.rank}${SUIT_SYMBOLS[f.suit]}` : c;
}

/** Any value of a pack in words: objects become "key: value" phrases. */
export function describe(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.map(describe).join(', ') : 'none';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('min' in o && 'max' in o && Object.keys(o).length === 2) return `${describe(o.min)} to ${describe(o.max)}`;
    const parts = Object.entries(o).map(([k, v]) => (v === true ? words(k) : `${words(k)} ${describe(v)}`));
    return parts.length ? parts.join('; ') : 'allowed';
  }
  return String(value);
}

/** A pay-table line's condition in words. */
export function condition(when: unknown): string {
  if (!when || typeof when !== 'object') return describe(when);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(when as Record<string, unknown>)) {
    if (k === 'cards' && Array.isArray(v)) parts.push(`cards ${v.map((c) => cardText(String(c))).join(' ')}`);
    else if (k === 'winner') parts.push(`${cap(String(v))} wins`);
    else if (k === 'cardsDealt')
      parts.push(
        typeof v === 'object' && v && !('max' in v)
          ? `${(v as { min: number }).min} or more cards dealt`
          : `${describe(v)} ${v === 1 ? 'card' : 'cards'} dealt`,
      );
    else if (v === true) parts.push(words(k));
    else if (v === false) parts.push(`not ${words(k)}`);
    else parts.push(`${words(k)} ${describe(v)}`);
  }
  return parts.join(', ');
}

const KIND: Record<string, string> = {
  seated: 'Seated table: players take seats and act in seat order',
  solo: 'Solo practice table: you and AI players in seat order',
  'common-draw': 'Common draw: any number of players share one initial hand and each decides alone',
  'andar-bahar': 'Andar Bahar: a game card, then cards to Andar and Bahar in turn until one matches its rank',
};

function Facts({ rows }: { rows: [string, ComponentChildren][] }) {
  return h(
    'dl',
    { class: 'facts' },
    rows.flatMap(([k, v]) => [h('dt', { key: `${k}-t` }, k), h('dd', { key: `${k}-d` }, v)]),
  );
}

function Section({ title, children }: { title: string; children?: ComponentChildren }) {
  return h('section', { class: 'rules-section', 'aria-label': title }, h('h3', null, title), children);
}

function rtpRows(rules: Rules): RtpRow[] {
  return Array.isArray(rules.rtp) ? rules.rtp : [];
}

function RtpCell({ row }: { row: RtpRow }) {
  const diff = row.declared === null ? null : (row.rtp - row.declared) * 100;
  const off = diff !== null && Math.abs(diff) >= 0.005;
  return h(
    'tr',
    { class: off ? 'rtp-off' : undefined },
    h('td', null, row.mode ? cap(words(row.mode)) : '—'),
    h('td', { class: 'num', title: row.fraction ?? undefined }, percent(row.rtp)),
    h(
      'td',
      null,
      row.method === 'exact'
        ? `exact${row.fraction ? ` (${row.fraction})` : ''}`
        : 'combinatorial analysis, best basic strategy',
    ),
    h('td', { class: 'num' }, row.declared === null ? 'not declared' : percent(row.declared)),
    h('td', { class: 'num' }, diff === null ? '—' : `${diff >= 0 ? '+' : ''}${diff.toFixed(4)} pp${off ? ' ⚠' : ''}`),
  );
}

/**
 * What a bet is: a pay-table bet is a side bet only where the game has a hand bet (Andar and Bahar are the game's own
 * bets).
 */
function kind(bet: BetRule, rules: Rules): string {
  if (bet.type === 'hand') return 'the hand bet';
  if (bet.type === 'behind') return 'bet behind a seated player';
  const side = rules.rules.bets.some((b) => b.type === 'hand') ? 'side bet' : 'bet';
  return `${side} on ${words(String(bet.group ?? 'the round'))}${bet.placement ? ` (placed per ${bet.placement})` : ''}`;
}

/** The exact odds of a bet and its lines; the modes of one pay-table entry share its lines, so the first will do. */
function oddsOf(bet: BetRule, rules: Rules): PayTableOdds | undefined {
  if (!Array.isArray(rules.lines)) return undefined;
  return rules.lines.find((o) => o.bet === bet.name && (!bet.modes || (o.mode !== null && bet.modes.includes(o.mode))));
}

/** A pay table as the pack writes it, with each line's exact probability and share of the RTP when known. */
function PayTable({ lines, odds }: { lines: NonNullable<BetRule['lines']>; odds: PayTableOdds | undefined }) {
  const head = ['Line', 'When', 'Pays', ...(odds ? ['Probability', 'RTP share'] : [])];
  return h(
    'table',
    { class: 'paytable' },
    h(
      'caption',
      null,
      'Pay table (the highest matching line only)',
      odds
        ? `: a line pays ${percent(odds.hitFrequency)} of bets; standard deviation ${odds.stdDev.toFixed(2)} per unit staked`
        : '',
    ),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        head.map((t) => h('th', { key: t }, t)),
      ),
    ),
    h(
      'tbody',
      null,
      lines.map((l) => {
        const o = odds?.lines.find((x) => x.line === l.name);
        return h(
          'tr',
          { key: l.name },
          h('td', null, cap(l.name)),
          h('td', null, condition(l.when)),
          h('td', { class: 'num' }, l.pays),
          odds
            ? h(
                'td',
                { class: 'num', title: o ? `${o.fraction}, 1 in ${(1 / o.probability).toFixed(2)}` : undefined },
                o ? percent(o.probability) : '—',
              )
            : null,
          odds ? h('td', { class: 'num' }, o ? percent(o.rtpShare) : '—') : null,
        );
      }),
    ),
  );
}

function BetCard({ bet, rules }: { bet: BetRule; rules: Rules }) {
  const c = rules.currency;
  const rows = rtpRows(rules).filter(
    (r) => r.bet === bet.name && (!bet.modes || r.mode === null || bet.modes.includes(r.mode)),
  );
  const extras = Object.entries(bet).filter(
    ([k]) => !['name', 'type', 'modes', 'limits', 'payouts', 'lines', 'declaredRtp', 'group', 'placement'].includes(k),
  );
  return h(
    'article',
    { class: 'bet-rule', 'aria-label': `bet ${bet.name}` },
    h('h4', null, betLabel(bet.name), bet.modes ? h('span', { class: 'tag' }, bet.modes.map(words).join(' · ')) : null),
    h(Facts, {
      rows: [
        ['Kind', kind(bet, rules)],
        ...(bet.limits
          ? [
              ['Limits', `${money(bet.limits.min, c)} to ${money(bet.limits.max, c)} ${c.code}`] as [
                string,
                ComponentChildren,
              ],
            ]
          : []),
        ...extras.map(
          ([k, v]) =>
            [
              cap(words(k)),
              k === 'cap' && v && typeof v === 'object' && 'perRound' in v
                ? `${money((v as { perRound: number }).perRound, c)} ${c.code} of winnings per round`
                : describe(v),
            ] as [string, ComponentChildren],
        ),
      ],
    }),
    bet.payouts
      ? h(
          'table',
          { class: 'paytable' },
          h('thead', null, h('tr', null, h('th', null, 'Outcome'), h('th', null, 'Pays'))),
          h(
            'tbody',
            null,
            Object.entries(bet.payouts).map(([k, v]) =>
              h('tr', { key: k }, h('td', null, cap(words(k))), h('td', { class: 'num' }, v)),
            ),
          ),
        )
      : null,
    bet.lines ? h(PayTable, { lines: bet.lines, odds: oddsOf(bet, rules) }) : null,
    rows.length
      ? h(
          'table',
          { class: 'rtp' },
          h('caption', null, 'Return to player'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              h('th', null, 'Mode'),
              h('th', null, 'Computed'),
              h('th', null, 'Method'),
              h('th', null, 'Declared'),
              h('th', null, 'Difference'),
            ),
          ),
          h(
            'tbody',
            null,
            rows.map((r) => h(RtpCell, { key: `${r.bet}/${r.mode}`, row: r })),
          ),
        )
      : null,
  );
}

export function RulesPanel({ rules }: { rules: Rules }) {
  const spec = rules.rules;
  const t = spec.table;
  const c = rules.currency;
  const tableRows: [string, ComponentChildren][] = [
    ['Kind', KIND[t.kind] ?? t.kind],
    ...Object.entries(t)
      .filter(([k]) => k !== 'kind')
      .map(
        ([k, v]) =>
          [cap(words(k)), k === 'ai' && v && typeof v === 'object' ? Object.keys(v).join(', ') : describe(v)] as [
            string,
            ComponentChildren,
          ],
      ),
    [
      'Cards',
      rules.shoe
        ? `${rules.shoe.decks} deck${rules.shoe.decks === 1 ? '' : 's'}, reshuffled ${rules.shoe.reshuffle === 'cut-card' ? 'at the cut card' : rules.shoe.reshuffle === 'every-round' ? 'before every round' : words(rules.shoe.reshuffle)}`
        : '—',
    ],
    [
      'Money',
      `${c.code}${c.practice ? ' (practice points: cannot be withdrawn)' : ''}, ${c.minorPerUnit} minor units per unit; payouts rounded ${describe(spec.rounding)}`,
    ],
  ];
  const dealer = spec.dealer;
  const rtpError = rules.rtp && !Array.isArray(rules.rtp) ? rules.rtp.error : null;
  return h(
    'div',
    { class: 'rules', 'aria-label': `rules of ${rules.name}` },
    h(
      'header',
      { class: 'rules-head' },
      h('h2', null, rules.name),
      h(
        'p',
        { class: 'muted' },
        `${rules.id} · version ${rules.version} · ${rules.family} · sha256 ${rules.sha256.slice(0, 12)}…`,
      ),
    ),
    rtpError ? h('p', { class: 'error', role: 'alert' }, rtpError) : null,
    h(Section, { title: 'Table' }, h(Facts, { rows: tableRows })),
    dealer
      ? h(
          Section,
          { title: 'Dealer' },
          h(Facts, {
            rows: [
              ['Soft 17', dealer.hitsSoft17 ? 'hits soft 17' : 'stands on every 17, soft 17 included'],
              [
                'Peek',
                Array.isArray(dealer.peekOn) && dealer.peekOn.length
                  ? `peeks for blackjack with ${dealer.peekOn.map((r) => (r === 'T' ? 'a 10-value card' : r === 'A' ? 'an ace' : r)).join(' or ')} up`
                  : 'no peek: the hole card is shown at the dealer’s turn',
              ],
              [
                'On dealer blackjack',
                dealer.onBlackjack === 'lose-all'
                  ? 'doubled and split stakes are lost too'
                  : 'only the original bets are lost',
              ],
              ...Object.entries(dealer)
                .filter(([k]) => !['hitsSoft17', 'peekOn', 'onBlackjack'].includes(k))
                .map(([k, v]) => [cap(words(k)), describe(v)] as [string, ComponentChildren]),
            ],
          }),
        )
      : null,
    spec.actions
      ? h(
          Section,
          { title: 'Actions' },
          h(Facts, {
            rows: Object.entries(spec.actions).map(
              ([k, v]) => [cap(words(k)), describe(v)] as [string, ComponentChildren],
            ),
          }),
        )
      : null,
    spec.autoPlay
      ? h(
          Section,
          { title: 'On timeout' },
          h(
            'p',
            null,
            `The system plays the hand: it hits while the score is ${(spec.autoPlay as { hitUntil?: number }).hitUntil ?? 11} or less, then stands; open questions (insurance, follow) are answered no.`,
          ),
        )
      : null,
    spec.modes
      ? h(
          Section,
          { title: 'Betting modes' },
          h(
            'p',
            null,
            `${spec.modes.offered.map(words).join(' and ')}; ${words(spec.modes.default)} when none is chosen.`,
          ),
        )
      : null,
    spec.timing
      ? h(
          Section,
          { title: 'Timing' },
          h(Facts, {
            rows: Object.entries(spec.timing).map(
              ([k, v]) => [cap(words(k.replace(/Seconds$/, ''))), `${v} s`] as [string, ComponentChildren],
            ),
          }),
        )
      : null,
    h(
      Section,
      { title: 'Bets and pay tables' },
      spec.bets.map((b, i) => h(BetCard, { key: `${b.name}-${i}`, bet: b, rules })),
    ),
  );
}
