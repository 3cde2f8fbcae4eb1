// The page: who you are (a name signed by the local server's development key, or a pasted
// token), which variant, and three views of it: its rules, its table, your history.
import { h } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  devToken,
  packs as listPacks,
  rules as loadRules,
  PackApi,
  type PackProblem,
  type Rules,
  type Session,
  sessionFromToken,
} from './api.ts';
import { DealerPanel } from './dealer.ts';
import { HistoryPanel } from './history.ts';
import { RulesPanel } from './rules.ts';
import { TablePanel } from './table.ts';

type Tab = 'rules' | 'play' | 'history' | 'dealer';
const PLAYER_TABS: [Tab, string][] = [
  ['rules', 'Rules'],
  ['play', 'Play'],
  ['history', 'History'],
];
/** A studio dealer's token: the rules and the dealer console of a dealer-fed table (R-LD-SOURCE-1). */
const DEALER_TABS: [Tab, string][] = [
  ['rules', 'Rules'],
  ['dealer', 'Dealer'],
];

/** Arrow keys, Home and End move between the tabs and select the one they land on. */
function moveTab(e: KeyboardEvent, TABS: [Tab, string][], select: (t: Tab) => void): void {
  // From the focused tab, not the last render: keys may come faster than renders.
  const i = TABS.findIndex(([t]) => `tab-${t}` === (e.target as HTMLElement).id);
  if (i < 0) return;
  const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  const [next] = TABS[(to + TABS.length) % TABS.length];
  select(next);
  document.getElementById(`tab-${next}`)?.focus();
}

const title = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

function readHash(): { pack: string | null; tab: Tab } {
  const [, pack, tab] = location.hash.split('/');
  return {
    pack: pack || null,
    tab: tab === 'rules' || tab === 'history' || tab === 'dealer' ? tab : tab === 'play' ? 'play' : 'rules',
  };
}

/** How often the page asks which packs are served: `npm start` reloads rules/ as they are edited. */
const PACKS_POLL_MS = 2000;

/** The pack files that do not compile, each error at path:line:col, and what is served meanwhile. */
function PackProblems({ problems }: { problems: PackProblem[] }) {
  if (!problems.length) return null;
  return h(
    'section',
    { class: 'error pack-problems', 'aria-label': 'rule files with errors', 'data-testid': 'pack-problems' },
    problems.map((p) =>
      h(
        'div',
        { key: p.pack, 'data-pack': p.pack },
        h(
          'p',
          null,
          h('strong', null, p.file),
          p.serving
            ? ` has errors: the last good version of ${title(p.pack)} keeps serving. `
            : ` has errors: ${title(p.pack)} is not served. `,
          h('a', { href: `/dev/studio/#${p.pack}` }, 'Fix it in the studio'),
        ),
        h(
          'ul',
          null,
          p.errors.map((e) => h('li', { key: e }, h('code', null, e))),
        ),
      ),
    ),
  );
}

function stored<T>(key: string): T | null {
  const raw = sessionStorage.getItem(key);
  return raw ? (JSON.parse(raw) as T) : null;
}

function SignIn({ onSession }: { onSession: (s: Session) => void }) {
  const [name, setName] = useState('');
  const [demo, setDemo] = useState(false);
  const [dealer, setDealer] = useState(false);
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = async (e: Event) => {
    e.preventDefault();
    try {
      onSession(await devToken(name.trim(), demo, dealer));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const usePasted = (e: Event) => {
    e.preventDefault();
    const s = sessionFromToken(pasted.trim());
    if (!s)
      setError(
        'that is not a token: run `npm run -s croupier -- token --sub <name> --role player` and paste what it prints',
      );
    else onSession(s);
  };
  return h(
    'div',
    { class: 'sign-in' },
    h('h2', null, 'Who is playing?'),
    h(
      'form',
      { class: 'row', onSubmit: signIn, 'aria-label': 'sign in with a name' },
      h(
        'label',
        null,
        'Your name ',
        h('input', {
          name: 'player',
          value: name,
          required: true,
          pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]{0,63}',
          autoComplete: 'off',
          onInput: (e: Event) => setName((e.target as HTMLInputElement).value),
        }),
      ),
      h(
        'label',
        null,
        h('input', { type: 'checkbox', checked: demo, onChange: () => setDemo(!demo) }),
        ' demo account',
      ),
      h(
        'label',
        null,
        h('input', { type: 'checkbox', name: 'dealer', checked: dealer, onChange: () => setDealer(!dealer) }),
        ' studio dealer',
      ),
      h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
    ),
    h(
      'p',
      { class: 'muted' },
      'The local server signs a token for this name with its development key (local only). Each tab has its own player, so two tabs can play the same round.',
    ),
    h(
      'form',
      { class: 'row', onSubmit: usePasted, 'aria-label': 'sign in with a token' },
      h(
        'label',
        null,
        'or paste a token ',
        h('input', {
          name: 'token',
          value: pasted,
          size: 40,
          onInput: (e: Event) => setPasted((e.target as HTMLInputElement).value),
        }),
      ),
      h('button', { type: 'submit' }, 'Use token'),
    ),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
  );
}

export function App() {
  const [session, setSession] = useState<Session | null>(() => stored<Session>('croupier:session'));
  const [packIds, setPackIds] = useState<string[]>([]);
  const [problems, setProblems] = useState<PackProblem[]>([]);
  const [{ pack, tab }, setRoute] = useState(readHash);
  const [rules, setRules] = useState<Rules | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Asked every PACKS_POLL_MS: a pack added, reloaded or broken in rules/ shows without reloading the page.
    let last = '';
    const refresh = () =>
      listPacks().then(
        (status) => {
          const text = JSON.stringify(status);
          if (text === last) return;
          last = text;
          setPackIds(status.packs);
          setProblems(status.problems ?? []);
        },
        (e: unknown) => setError(`the server lists no packs: ${(e as Error).message}`),
      );
    refresh();
    const timer = setInterval(refresh, PACKS_POLL_MS);
    const onHash = () => setRoute(readHash());
    addEventListener('hashchange', onHash);
    return () => {
      clearInterval(timer);
      removeEventListener('hashchange', onHash);
    };
  }, []);
  useEffect(() => {
    setRules(null);
    if (!pack) return;
    // A pack clicked away from may answer after the next one: its answer is dropped, never shown under the other pill.
    let current = true;
    loadRules(pack).then(
      (r) => current && setRules(r),
      (e: unknown) => current && setError((e as Error).message),
    );
    return () => {
      current = false;
    };
  }, [pack]);

  const go = (p: string | null, t: Tab) => {
    location.hash = p ? `#/${p}/${t}` : '';
  };
  const signedIn = (s: Session) => {
    sessionStorage.setItem('croupier:session', JSON.stringify(s));
    setSession(s);
  };
  const signOut = () => {
    sessionStorage.removeItem('croupier:session');
    setSession(null);
  };
  const api = useMemo(() => (session && pack ? new PackApi(pack, session.token) : null), [session?.token, pack]);
  const TABS = session?.dealer ? DEALER_TABS : PLAYER_TABS;

  return h(
    'div',
    { class: 'app' },
    h(
      'header',
      { class: 'top' },
      h('h1', null, h('a', { href: '#' }, 'Croupier'), h('span', { class: 'muted' }, ' local tables')),
      session
        ? h(
            'div',
            { class: 'who' },
            `Playing as `,
            h('strong', { 'data-testid': 'player' }, session.name),
            session.demo ? ' (demo)' : '',
            session.dealer ? ' (dealer)' : '',
            ' ',
            h('button', { type: 'button', onClick: signOut }, 'Sign out'),
          )
        : null,
    ),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    h(PackProblems, { problems }),
    h(
      'nav',
      { class: 'packs', 'aria-label': 'variants' },
      h(
        'ul',
        null,
        packIds.map((id) =>
          h(
            'li',
            { key: id },
            h(
              'a',
              { href: `#/${id}/${tab}`, 'aria-current': id === pack ? 'page' : undefined, 'data-pack': id },
              title(id),
            ),
          ),
        ),
      ),
    ),
    pack
      ? h(
          'main',
          null,
          h(
            'div',
            {
              class: 'tabs',
              role: 'tablist',
              'aria-label': 'views',
              onKeyDown: (e: KeyboardEvent) => moveTab(e, TABS, (t) => go(pack, t)),
            },
            TABS.map(([t, label]) =>
              // Roving focus (WAI-ARIA tabs): only the selected tab is in the Tab order; arrows move between them.
              h(
                'button',
                {
                  key: t,
                  id: `tab-${t}`,
                  type: 'button',
                  role: 'tab',
                  'aria-selected': t === tab,
                  'aria-controls': 'panel',
                  tabIndex: t === tab ? 0 : -1,
                  onClick: () => go(pack, t),
                },
                label,
              ),
            ),
          ),
          h(
            'div',
            { id: 'panel', role: 'tabpanel', 'aria-labelledby': `tab-${tab}` },
            !rules
              ? h('p', null, 'Loading the rules…')
              : tab === 'rules'
                ? h(RulesPanel, { rules })
                : !session
                  ? h(SignIn, { onSession: signedIn })
                  : session.dealer
                    ? h(DealerPanel, { key: `${pack}:${session.token}`, rules, session })
                    : tab === 'play'
                      ? h(TablePanel, { key: `${pack}:${session.token}`, rules, session })
                      : h(HistoryPanel, { api: api!, rules, player: session.name }),
          ),
        )
      : h('main', null, h('p', null, 'Pick a variant to see its rules and play it.')),
  );
}
