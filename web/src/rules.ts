// The Rules tab: the player's help page of the pack (lambdas/describe, from GET /rules: the rules'
// facts and the RTPs computed from them) in the language the reader picks, then the math sheet a
// product manager reads: every RTP computed next to the declared one (a difference is shown, never
// hidden) and every pay-table line's exact odds.
import { type ComponentChildren, h } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import {
  CATALOGUES,
  describePack,
  HELP_CSS,
  isLang,
  LANGS,
  type Lang,
  lineText,
} from '../../lambdas/describe/index.ts';
import { declaredAgrees, declaredDifferencePP } from '../../lambdas/math/declared.ts';
import type { CardGroupName, ConditionSpec } from '../../lambdas/pack/schema.ts';
import type { BetRule, PayTableOdds, RtpRow, Rules } from './api.ts';
import { betLabel, percent } from './format.ts';
import { HelpView } from './help.ts';

const LANG_KEY = 'croupier:lang';

/** The reader's last choice, else the browser's language when the page has it, else English. */
function initialLang(): Lang {
  const saved = localStorage.getItem(LANG_KEY);
  if (isLang(saved)) return saved;
  const browser = (navigator.languages ?? [navigator.language]).map((l) => l.slice(0, 2).toLowerCase()).find(isLang);
  return browser ?? 'en';
}

function LanguageSwitch({ lang, onChange }: { lang: Lang; onChange: (lang: Lang) => void }) {
  return h(
    'div',
    { class: 'lang-switch', role: 'group', 'aria-label': 'Language of the rules' },
    LANGS.map((l) =>
      h(
        'button',
        { key: l, type: 'button', lang: l, 'aria-pressed': l === lang, onClick: () => onChange(l) },
        CATALOGUES[l].lang.name,
      ),
    ),
  );
}

export function RulesPanel({ rules }: { rules: Rules }) {
  const [lang, setLang] = useState<Lang>(initialLang);
  const choose = (l: Lang) => {
    localStorage.setItem(LANG_KEY, l);
    setLang(l);
  };
  const rtp = Array.isArray(rules.rtp) ? rules.rtp : null;
  const rtpError = rules.rtp && !Array.isArray(rules.rtp) ? rules.rtp.error : null;
  const doc = useMemo(
    () => (rules.facts ? describePack(rules.facts, { lang, rtp }) : null),
    [rules.facts, rules.rtp, lang],
  );
  return h(
    'div',
    { class: 'rules', 'aria-label': `rules of ${rules.name}` },
    h('style', null, HELP_CSS),
    h(LanguageSwitch, { lang, onChange: choose }),
    rtpError ? h('p', { class: 'error', role: 'alert' }, rtpError) : null,
    doc
      ? h(HelpView, { doc })
      : h(
          'p',
          { class: 'error', role: 'alert' },
          'The server sent no rule facts for this pack: the help page cannot be shown.',
        ),
    h(MathSheet, { rules }),
  );
}

// ---------------------------------------------------------------- the math sheet (English, for product managers)

const words = (key: string) => key.replace(/-/g, ' ');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function RtpRowView({ row, follows = false }: { row: RtpRow; follows?: boolean }) {
  const diff = declaredDifferencePP(row);
  const off = !declaredAgrees(row);
  return h(
    'tr',
    { class: off ? 'rtp-off' : undefined },
    h('td', null, betLabel(row.bet)),
    h('td', null, row.mode ? cap(words(row.mode)) : '—'),
    h('td', { class: 'num', title: row.fraction ?? undefined }, percent(row.rtp)),
    h(
      'td',
      null,
      row.method === 'exact'
        ? `exact${row.fraction ? ` (${row.fraction})` : ''}`
        : follows
          ? "combinatorial analysis, follows the seat's best basic strategy"
          : 'combinatorial analysis, best basic strategy',
    ),
    h('td', { class: 'num' }, row.declared === null ? 'not declared' : percent(row.declared)),
    h('td', { class: 'num' }, diff === null ? '—' : `${diff >= 0 ? '+' : ''}${diff.toFixed(4)} pp${off ? ' ⚠' : ''}`),
  );
}

function headRow(cells: string[]) {
  return h(
    'thead',
    null,
    h(
      'tr',
      null,
      cells.map((c) => h('th', { key: c, scope: 'col' }, c)),
    ),
  );
}

/** The exact odds of a bet's pay table; the modes of one pay-table entry share its lines, so the first will do. */
function oddsOf(bet: BetRule, rules: Rules): PayTableOdds | undefined {
  if (!Array.isArray(rules.lines)) return undefined;
  return rules.lines.find((o) => o.bet === bet.name && (!bet.modes || (o.mode !== null && bet.modes.includes(o.mode))));
}

/** A pay table with each line's exact probability and share of the RTP. */
function LineOdds({ bet, odds }: { bet: BetRule; odds: PayTableOdds }) {
  return h(
    'article',
    { class: 'bet-rule', 'aria-label': `bet ${bet.name}` },
    h('h4', null, betLabel(bet.name), bet.modes ? h('span', { class: 'tag' }, bet.modes.map(words).join(' · ')) : null),
    h(
      'p',
      { class: 'muted' },
      `A line pays ${percent(odds.hitFrequency)} of bets; standard deviation ${odds.stdDev.toFixed(2)} per unit staked.`,
    ),
    h(
      'div',
      { class: 'scroll' },
      h(
        'table',
        { class: 'paytable' },
        headRow(['Line', 'When', 'Pays', 'Probability', 'RTP share']),
        h(
          'tbody',
          null,
          (bet.lines ?? []).map((l) => {
            const o = odds.lines.find((x) => x.line === l.name);
            return h(
              'tr',
              { key: l.name },
              h('td', null, cap(l.name)),
              h(
                'td',
                null,
                lineText(l.when as ConditionSpec, (bet.group ?? null) as CardGroupName | null, CATALOGUES.en),
              ),
              h('td', { class: 'num' }, l.pays),
              h(
                'td',
                { class: 'num', title: o ? `${o.fraction}, 1 in ${(1 / o.probability).toFixed(2)}` : undefined },
                o ? percent(o.probability) : '—',
              ),
              h('td', { class: 'num' }, o ? percent(o.rtpShare) : '—'),
            );
          }),
        ),
      ),
    ),
  );
}

function MathSheet({ rules }: { rules: Rules }) {
  const rows = Array.isArray(rules.rtp) ? rules.rtp : [];
  const behind = Array.isArray(rules.behind) ? rules.behind : [];
  const odds: ComponentChildren[] = [];
  for (const [i, bet] of rules.rules.bets.entries()) {
    const o = bet.lines ? oddsOf(bet, rules) : undefined;
    if (o) odds.push(h(LineOdds, { key: `${bet.name}-${i}`, bet, odds: o }));
  }
  return h(
    'details',
    { class: 'math-sheet', lang: 'en' },
    h('summary', null, 'Math sheet for product managers: computed and declared RTP, pay-table odds'),
    h('p', { class: 'muted' }, `${rules.id} · version ${rules.version} · sha256 ${rules.sha256.slice(0, 12)}…`),
    rows.length
      ? h(
          'div',
          { class: 'scroll' },
          h(
            'table',
            { class: 'rtp' },
            h('caption', null, 'Return to player'),
            headRow(['Bet', 'Mode', 'Computed', 'Method', 'Declared', 'Difference']),
            h(
              'tbody',
              null,
              rows.map((r) => h(RtpRowView, { key: `${r.bet}/${r.mode}`, row: r })),
              behind.map((r) => h(RtpRowView, { key: `${r.bet}/${r.mode}`, row: r, follows: true })),
            ),
          ),
        )
      : null,
    odds,
  );
}
