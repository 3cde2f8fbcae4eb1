// The studio page: pick a pack, edit its YAML, and as you type see the validator's problems inline
// and in a list, each bet's exact RTP and each pay line's share, and what changed from the saved
// file in plain words; Save writes the editor's text as it is (comments and layout included).
// Answers to older text are dropped: only the newest edit's problems and figures are shown.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Answer, check, figures, packFiles, packText, type StudioProblem, save } from './api.ts';
import { createEditor, type Editor } from './editor.ts';

/** The validator runs this long after the last keystroke. */
const CHECK_PAUSE_MS = 150;

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(4)}%`);
const pp = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : ''}${x.toFixed(4)} pp`);
const words = (s: string | null) => (s ? s.replace(/-/g, ' ') : '—');

function Problems({ problems, pending }: { problems: StudioProblem[] | null; pending: boolean }) {
  return h(
    'section',
    {
      class: 'studio-problems',
      'aria-label': 'problems',
      'data-testid': 'problems',
      'data-state': pending || !problems ? 'checking' : problems.length ? 'errors' : 'valid',
    },
    h('h3', null, 'Problems'),
    !problems
      ? h('p', { class: 'muted' }, 'Checking…')
      : problems.length
        ? h(
            'ul',
            { role: 'alert' },
            problems.map((p, i) =>
              h(
                'li',
                { key: i, class: 'error' },
                `${p.here ? '' : `${p.file} `}line ${p.line}, column ${p.col}: ${p.message}`,
              ),
            ),
          )
        : h('p', { class: 'win' }, 'No problems: the validator accepts this pack.'),
  );
}

function Figures({ answer, current }: { answer: Answer | null; current: boolean }) {
  if (!answer?.ok)
    return h(
      'section',
      { 'aria-label': 'return to player', 'data-testid': 'rtp', 'data-state': 'computing' },
      h('h3', null, 'Return to player'),
      h('p', { class: 'muted' }, 'Computed once the pack has no problems…'),
    );
  const change = (bet: string, mode: string | null) => answer.diff.bets.find((b) => b.bet === bet && b.mode === mode);
  const lineChange = (bet: string, mode: string | null, line: string) =>
    answer.diff.lines?.find((l) => l.bet === bet && l.mode === mode && l.line === line);
  return h(
    'div',
    { class: 'studio-figures' },
    h(
      'section',
      { 'aria-label': 'return to player', 'data-testid': 'rtp', 'data-state': current ? 'ready' : 'computing' },
      h('h3', null, 'Return to player', current ? null : h('span', { class: 'muted' }, ' (recomputing…)')),
      h(
        'table',
        { class: 'rtp' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ['Bet', 'Mode', 'RTP', 'Method', 'Saved', 'Change'].map((c) => h('th', { key: c }, c)),
          ),
        ),
        h(
          'tbody',
          null,
          answer.rtp.map((r) => {
            const c = change(r.bet, r.mode);
            return h(
              'tr',
              { key: `${r.bet}/${r.mode}`, 'data-bet': r.bet },
              h('td', null, words(r.bet)),
              h('td', null, words(r.mode)),
              h('td', { class: 'num', 'data-testid': `rtp-${r.bet}${r.mode ? `-${r.mode}` : ''}` }, pct(r.rtp)),
              h('td', null, r.fraction ? `exact (${r.fraction})` : 'analysis, best basic strategy'),
              h('td', { class: 'num' }, pct(c?.rtpBefore ?? null)),
              h('td', { class: 'num' }, pp(c?.deltaPP ?? null)),
            );
          }),
        ),
      ),
    ),
    answer.lines.map((o) =>
      h(
        'section',
        { key: `${o.bet}/${o.mode}`, 'aria-label': `pay lines of ${o.bet}`, 'data-testid': `lines-${o.bet}` },
        h('h4', null, `${words(o.bet)}${o.mode ? ` (${words(o.mode)})` : ''}: each line’s share of the RTP`),
        h(
          'table',
          { class: 'paytable' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              ['Line', 'Pays', 'Probability', 'RTP share', 'Change'].map((c) => h('th', { key: c }, c)),
            ),
          ),
          h(
            'tbody',
            null,
            o.lines.map((l) =>
              h(
                'tr',
                { key: l.line },
                h('td', null, l.line),
                h('td', { class: 'num' }, l.pays),
                h('td', { class: 'num', title: l.fraction }, pct(l.probability)),
                h('td', { class: 'num' }, pct(l.rtpShare)),
                h('td', { class: 'num' }, pp(lineChange(o.bet, o.mode, l.line)?.deltaPP ?? null)),
              ),
            ),
          ),
        ),
      ),
    ),
    h(
      'section',
      { 'aria-label': 'changes from the saved file', 'data-testid': 'changes' },
      h('h3', null, 'Changes from the saved file'),
      answer.diff.changes.length
        ? h(
            'ul',
            null,
            answer.diff.changes.map((c) => h('li', { key: c.pointer }, c.text)),
            answer.diff.bets
              .filter((b) => b.deltaPP !== null && b.deltaPP !== 0)
              .map((b) =>
                h(
                  'li',
                  { key: `rtp-${b.bet}/${b.mode}` },
                  `${words(b.bet)}${b.mode ? ` (${words(b.mode)})` : ''}: RTP ${pct(b.rtpAfter)}, was ${pct(b.rtpBefore)} (${pp(b.deltaPP)})`,
                ),
              ),
          )
        : h('p', { class: 'muted' }, 'None: this is the saved file.'),
    ),
  );
}

export function StudioPage() {
  const [packs, setPacks] = useState<{ id: string; file: string }[]>([]);
  const [id, setId] = useState<string | null>(() => location.hash.slice(1) || null);
  const [saved, setSaved] = useState<{ file: string; text: string } | null>(null);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<StudioProblem[] | null>(null);
  const [checkedText, setCheckedText] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [answerText, setAnswerText] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Editor | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    packFiles().then(
      (p) => {
        setPacks(p);
        setId((current) => current ?? p[0]?.id ?? null);
      },
      (e: unknown) => setError(`the studio is served by npm start only: ${(e as Error).message}`),
    );
  }, []);

  // Open the pack picked: its saved text in a fresh editor.
  useEffect(() => {
    if (!id || !host.current) return;
    let current = true;
    location.hash = id;
    packText(id).then(
      (p) => {
        if (!current) return;
        editor.current?.destroy();
        setSaved({ file: p.file, text: p.text });
        setStatus(null);
        editor.current = createEditor(host.current!, p.text, setText);
        setText(p.text);
      },
      (e: unknown) => current && setError((e as Error).message),
    );
    return () => {
      current = false;
    };
  }, [id]);

  // After a pause in typing: the validator's problems, then (when there are none) the figures.
  useEffect(() => {
    if (!id || !saved) return;
    const seq = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const found = await check(id, text);
        if (seq !== latest.current) return; // an older text's answer
        setProblems(found);
        setCheckedText(text);
        editor.current?.mark(found);
        if (found.length) return;
        const figured = await figures(id, text);
        if (seq !== latest.current || ('stale' in figured && figured.stale)) return;
        setAnswer(figured);
        setAnswerText(text);
      } catch (e) {
        if (seq === latest.current) setError((e as Error).message);
      }
    }, CHECK_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [id, saved, text]);

  const doSave = async () => {
    if (!id) return;
    const r = await save(id, text);
    if (r.problems) {
      setProblems(r.problems);
      setStatus('Not saved: the pack has problems.');
      return;
    }
    setSaved({ file: saved!.file, text });
    setStatus(`Saved ${saved!.file}. npm start serves it for new rounds within seconds.`);
  };

  const checked = checkedText === text;
  return h(
    'div',
    { class: 'app studio' },
    h(
      'header',
      { class: 'top' },
      h('h1', null, h('a', { href: '/' }, 'Croupier'), h('span', { class: 'muted' }, ' studio')),
      h(
        'label',
        null,
        'Pack ',
        h(
          'select',
          {
            name: 'pack',
            value: id ?? '',
            onChange: (e: Event) => setId((e.target as HTMLSelectElement).value),
          },
          packs.map((p) => h('option', { key: p.id, value: p.id }, p.file)),
        ),
      ),
    ),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    h(
      'div',
      { class: 'studio-layout' },
      h(
        'div',
        { class: 'studio-edit' },
        h('div', { ref: host, class: 'studio-editor', 'data-testid': 'editor' }),
        h(
          'div',
          { class: 'row' },
          h(
            'button',
            {
              type: 'button',
              class: 'primary',
              disabled: !saved || text === saved.text || !checked || (problems?.length ?? 1) > 0,
              onClick: () => void doSave(),
            },
            'Save',
          ),
          saved && text !== saved.text ? h('span', { class: 'muted' }, ' unsaved changes') : null,
          status ? h('span', { role: 'status', 'data-testid': 'save-status' }, ` ${status}`) : null,
        ),
      ),
      h(
        'div',
        { class: 'studio-side' },
        h(Problems, { problems, pending: !checked }),
        h(Figures, { answer, current: answerText === text }),
      ),
    ),
  );
}
