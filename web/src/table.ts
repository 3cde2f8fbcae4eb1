// Playing a table: open (or create) it, follow the caller's redacted view by server push (a slow
// poll only while push is disconnected), bet, decide, and see the
// last round's result from its recall. A practice table seats AI players through the API; a
// table in several tabs shares each tab's results with the others (./tabs.ts).
import { h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, type Bot, PackApi, type Recall, type Rules, type Session, type TableView } from './api.ts';
import { Board } from './board.ts';
import { Cards } from './cards.ts';
import { Actions, type BetForm, Betting, Countdown, phaseText, repeatBets } from './controls.ts';
import { betLabel, delta, money, moneyWith, parseMoney } from './format.ts';
import { net } from './history.ts';
import { ownHands } from './last-table.ts';
import { followTable, overlay } from './push.ts';
import { type TabReport, useTabs } from './tabs.ts';
import { newerWallet, type Wallet, withWallet } from './wallet.ts';

/** Views are pushed; the page polls only while push is disconnected, and slowly. */
const FALLBACK_POLL_MS = 10_000;

export function defaultTable(rules: Rules, player: string): string {
  if (rules.rules.table.kind !== 'solo') return 'main';
  const base =
    player
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+/, '')
      .slice(0, 40) || 'player';
  return `${base}-practice`;
}

const message = (e: unknown) =>
  e instanceof ApiError ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);

function LastRound({ recall, rules, player }: { recall: Recall; rules: Rules; player: string }) {
  const c = rules.currency;
  const n = net(recall, player);
  const r = recall.round;
  const ab = r.andarBahar;
  return h(
    'section',
    { class: 'last-round', 'aria-label': 'last round', 'data-testid': 'last-round' },
    h(
      'h3',
      null,
      `Last round #${r.no}: `,
      h(
        'span',
        { class: n.returned - n.staked >= 0 ? 'win' : 'loss', 'data-testid': 'last-net' },
        delta(n.returned - n.staked, c),
      ),
    ),
    ab
      ? h(
          'p',
          null,
          'Game card ',
          h(Cards, { cards: [ab.gameCard], label: 'game card', small: true }),
          ` · ${ab.winner === null ? 'no winner' : ab.winner === 0 ? 'Andar wins' : 'Bahar wins'} after ${ab.sides[0].length + ab.sides[1].length} cards`,
        )
      : h(
          'div',
          { class: 'row' },
          'Dealer ',
          h(Cards, { cards: r.dealer.cards, label: 'dealer final cards', small: true }),
          ' You ',
          ownHands(recall, player).map((hand, i) =>
            h(Cards, { key: i, cards: hand.cards, label: 'your hand', small: true }),
          ),
        ),
    h(
      'ul',
      null,
      recall.bets
        .filter((b) => b.player === player)
        .map((b) =>
          h(
            'li',
            { key: b.id },
            `${betLabel(b.key)}${b.seat ? ` (seat ${b.seat})` : ''}: staked ${money(b.staked, c)}, returned ${money(b.returned, c)}${b.line ? ` — ${b.line}` : ''}`,
          ),
        ),
    ),
  );
}

function OtherTabs({ others, rules }: { others: TabReport[]; rules: Rules }) {
  if (!others.length) return null;
  return h(
    'section',
    { class: 'other-tabs', 'aria-label': 'players in other tabs', 'data-testid': 'other-tabs' },
    h('h3', null, 'Players in other tabs'),
    h(
      'ul',
      null,
      others.map((o) =>
        h(
          'li',
          { key: o.player, 'data-player': o.player },
          h('strong', null, o.player),
          ` · round #${o.roundNo} (${o.phase})`,
          o.hands.map((hand, i) => h(Cards, { key: i, cards: hand, label: `${o.player}'s hand`, small: true })),
          o.last
            ? h(
                'span',
                { class: 'other-result' },
                ` · last round #${o.last.roundNo}: ${delta(o.last.returned - o.last.staked, rules.currency)}`,
              )
            : null,
        ),
      ),
    ),
  );
}

function Bots({
  rules,
  bots,
  onAdd,
  onRemove,
  tableSeats,
  mine,
  busy,
}: {
  rules: Rules;
  bots: Bot[];
  onAdd: (b: Bot) => void;
  onRemove: (b: Bot) => void;
  tableSeats: number;
  mine: number[];
  busy: boolean;
}) {
  const levels = Object.keys(rules.rules.table.ai ?? {}) as Bot['level'][];
  const [level, setLevel] = useState<Bot['level']>(levels[0] ?? 'easy');
  const free = Array.from({ length: tableSeats }, (_, i) => i + 1).filter(
    (s) => !mine.includes(s) && !bots.some((b) => b.seat === s),
  );
  const [chosen, setSeat] = useState<number>(free[0] ?? 1);
  const seat = free.includes(chosen) ? chosen : (free[0] ?? 0);
  const min = rules.rules.bets.find((b) => b.type === 'hand')?.limits?.min ?? 0;
  if (!levels.length) return null;
  return h(
    'section',
    { class: 'bots', 'aria-label': 'AI players' },
    h('h3', null, 'AI players'),
    h(
      'p',
      { class: 'muted' },
      `Each bets the table minimum (${money(min, rules.currency)}) from a house-funded practice wallet when you deal, and plays from its own view by its level’s chart.`,
    ),
    bots.length
      ? h(
          'ul',
          null,
          bots.map((b) =>
            h(
              'li',
              { key: b.seat },
              `Seat ${b.seat}: ${b.level} `,
              h(
                'button',
                { type: 'button', disabled: busy, onClick: () => onRemove(b) },
                `Remove AI on seat ${b.seat}`,
              ),
            ),
          ),
        )
      : null,
    h(
      'div',
      { class: 'row' },
      h(
        'label',
        null,
        'Level ',
        h(
          'select',
          { value: level, onChange: (e: Event) => setLevel((e.target as HTMLSelectElement).value as Bot['level']) },
          levels.map((l) => h('option', { key: l, value: l }, l)),
        ),
      ),
      h(
        'label',
        null,
        ' Seat ',
        h(
          'select',
          { value: String(seat), onChange: (e: Event) => setSeat(Number((e.target as HTMLSelectElement).value)) },
          free.map((s) => h('option', { key: s, value: String(s) }, String(s))),
        ),
      ),
      h('button', { type: 'button', disabled: busy || !seat, onClick: () => onAdd({ level, seat }) }, 'Add AI player'),
    ),
  );
}

export function TablePanel({ rules, session }: { rules: Rules; session: Session }) {
  const api = useMemo(() => new PackApi(rules.id, session.token), [rules.id, session.token]);
  const kind = rules.rules.table.kind;
  const c = rules.currency;
  const main = rules.rules.bets.find((b) => b.type === 'hand') ?? rules.rules.bets[0];
  const [tableInput, setTableInput] = useState(defaultTable(rules, session.name));
  const [table, setTable] = useState<string | null>(null);
  const [view, setView] = useState<TableView | null>(null);
  const [last, setLast] = useState<Recall | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [bots, setBotsState] = useState<Bot[]>([]);
  // A demo account at a money pack has play money of its own, which the real-money tables never take.
  const spectating = session.demo && !c.practice;
  const [playMoney, setPlayMoney] = useState<number | null>(null);
  const readPlayMoney = async () => {
    if (spectating) setPlayMoney((await api.wallet()).balance);
  };
  const [form, setForm] = useState<BetForm>({
    amount: money(Math.max(main?.limits?.min ?? 100, 10 * c.minorPerUnit), c),
    mode: rules.rules.modes?.default ?? null,
    seat: 1,
  });
  const roundsWithBets = useRef(new Set<string>());
  /** What a view was last read for once it came due (a deadline, a finished round). */
  const dueRead = useRef<string | null>(null);
  /** When the view shown now first arrived. */
  const seenAt = useRef(0);
  const viewRef = useRef<TableView | null>(null);
  viewRef.current = view;
  /** The newest balance of the player's wallet any view brought (one wallet per pack: this panel's). */
  const wallet = useRef<Wallet | null>(null);
  const current = useRef<string | null>(null);

  // The API does not list a table's AI players before a deal: the page remembers the ones it seated.
  const botKey = (t: string) => `croupier:bots:${rules.id}:${t}`;
  const setBots = (b: Bot[]) => {
    setBotsState(b);
    if (table) sessionStorage.setItem(botKey(table), JSON.stringify(b));
  };

  // Views come from polls and from commands, and may arrive out of order: a view is shown only if
  // its request started after the one shown now, so a slow poll never brings back a stale move.
  const started = useRef(0);
  const shown = useRef(0);
  const begin = () => ++started.current;

  /**
   * A new view: remember rounds we bet in; when the round changes, recall the one that ended. The
   * balance shown is the newest any view brought, an older view's included.
   */
  function accept(v: TableView, seq: number) {
    wallet.current = newerWallet(wallet.current, v);
    if (seq < shown.current) {
      const known = wallet.current;
      setView((now) => now && withWallet(now, known));
      return;
    }
    shown.current = seq;
    if (v.bets.length) roundsWithBets.current.add(v.round.id);
    const before = current.current;
    current.current = v.round.id;
    if (before && before !== v.round.id && roundsWithBets.current.has(before))
      void api.recall(before).then(setLast, () => {});
    if (v.round.phase === 'settled' && v.bets.length) void api.recall(v.round.id).then(setLast, () => {});
    if (v.round.id !== viewRef.current?.round.id || v.round.phase !== viewRef.current?.round.phase)
      seenAt.current = Date.now();
    setView(withWallet(v, wallet.current));
  }

  // A poll sent while a command is in flight may be answered from the state before the command
  // commits, yet it started later: shown, it would bring back moves the command has played.
  const commands = useRef(0);

  async function run(what: () => Promise<void>) {
    setBusy(true);
    commands.current++;
    try {
      await what();
      setError(null);
    } catch (e) {
      setError(message(e));
    } finally {
      commands.current--;
      setBusy(false);
    }
  }

  async function open(id: string) {
    await run(async () => {
      if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(id)) throw new Error('a table id is lowercase letters, digits and dashes');
      // A player opens their own table only on a solo practice pack (the API's rule); otherwise the local server does,
      // as the operator.
      await (kind === 'solo' && c.practice ? api.openOwnTable(id) : api.ensureTable(id));
      const v = await api.view(id);
      shown.current = 0;
      roundsWithBets.current.clear();
      current.current = null;
      setLast(null);
      setTable(id);
      const saved = sessionStorage.getItem(botKey(id));
      setBotsState(saved ? (JSON.parse(saved) as Bot[]) : []);
      accept(v, begin());
      await readPlayMoney();
      if (v.you?.seats.length) setForm((f) => ({ ...f, seat: v.you!.seats[0]! }));
    });
  }

  const hasBots = kind === 'solo' && rules.currency.practice && Object.keys(rules.rules.table.ai ?? {}).length > 0;

  // Follow the view by push; poll slowly only while disconnected. A pushed view that arrives while a
  // command is in flight may be from before it: the view is read once the command is done instead.
  useEffect(() => {
    if (!table) return;
    let stopped = false;
    let running = false;
    let connected = false;
    let missed = false;
    const read = async () => {
      if (running || stopped) return;
      if (commands.current > 0) {
        missed = true;
        return;
      }
      running = true;
      try {
        const seq = begin();
        const v = await api.view(table);
        if (!stopped) accept(v, seq);
      } catch (e) {
        if (!stopped) setError(message(e));
      } finally {
        running = false;
      }
    };
    const follower = followTable(
      rules.id,
      api.token,
      table,
      (m) => {
        if (stopped) return;
        if (commands.current > 0) {
          missed = true;
          return;
        }
        accept(m.audience === 'you' ? m.view : overlay(viewRef.current, m.view), begin());
      },
      (up) => {
        connected = up;
      },
    );
    const fallback = setInterval(() => {
      if (!connected) void read();
    }, FALLBACK_POLL_MS);
    // What a command left unread, and what is due: nothing is pushed until someone applies it (a
    // passed deadline; the next round, which opens on the first request after a round finished).
    const due = setInterval(() => {
      const v = viewRef.current;
      if (missed && commands.current === 0) {
        missed = false;
        void read();
        return;
      }
      if (!v) return;
      const finished = v.round.phase === 'settled' || v.round.phase === 'void';
      const at = finished ? seenAt.current : v.round.deadline;
      const key = finished ? `after ${v.round.id}` : `deadline ${v.round.deadline}`;
      if (at !== null && Date.now() > at + 1000 && dueRead.current !== key) {
        dueRead.current = key;
        void read();
      }
    }, 250);
    return () => {
      stopped = true;
      follower.stop();
      clearInterval(fallback);
      clearInterval(due);
    };
  }, [table, api]);

  const tabs = useTabs(
    table ? `croupier:${rules.id}:${table}` : null,
    view && table
      ? {
          player: session.name,
          roundId: view.round.id,
          roundNo: view.round.no,
          phase: view.round.phase,
          hands: view.common
            ? view.common.yourHands.map((x) => x.cards)
            : view.seats.filter((s) => s.owner === session.name).flatMap((s) => s.hands.map((x) => x.cards)),
          last: last ? { roundId: last.round.id, roundNo: last.round.no, ...net(last, session.name) } : null,
          at: Date.now(),
        }
      : null,
  );

  const bet = (name: string) =>
    run(async () => {
      const amount = parseMoney(form.amount, c);
      if (amount === null || amount <= 0) throw new Error(`"${form.amount}" is not an amount: write it like 10.00`);
      const seated = kind === 'seated' || kind === 'solo';
      const seq = begin();
      const r = await api.bet(table!, view!.round.id, {
        bet: name,
        amount,
        ...(seated ? { seat: form.seat } : {}),
        ...(form.mode ? { mode: form.mode } : {}),
      });
      accept(r.view, seq);
    });
  const repeat = repeatBets(
    last?.bets ?? [],
    session.name,
    view?.you?.seats ?? [],
    rules.rules.table.mirrorSeatBets === true,
  );
  const rebet = () =>
    run(async () => {
      const seq = begin();
      accept((await api.betSlip(table!, view!.round.id, repeat)).view, seq);
    });
  const act = (action: string, seat: number | undefined, acceptIt?: boolean) =>
    run(async () => {
      const seq = begin();
      const r = await api.act(table!, {
        action,
        ...(seat !== undefined ? { seat } : {}),
        ...(acceptIt !== undefined ? { accept: acceptIt } : {}),
        round: view!.round.no,
      });
      accept(r.view, seq);
    });
  const deal = () =>
    run(async () => {
      if (kind === 'solo') {
        const seq = begin();
        accept((await api.deal(table!)).view, seq);
      } else {
        await api.dealNow(table!);
        const seq = begin();
        accept(await api.view(table!), seq);
      }
    });
  const addBot = (b: Bot) =>
    run(async () => {
      const seq = begin();
      const r = await api.addAi(table!, b);
      setBots([...bots, b]);
      accept(r.view, seq);
    });
  const removeBot = (b: Bot) =>
    run(async () => {
      const seq = begin();
      const r = await api.removeAi(table!, b.seat);
      setBots(bots.filter((x) => x.seat !== b.seat));
      accept(r.view, seq);
    });
  const endSession = () =>
    run(async () => {
      const seq = begin();
      accept((await api.endSession(table!)).view, seq);
    });
  const topUp = () =>
    run(async () => {
      await (c.practice || session.demo ? api.practicePoints() : api.credit(1000 * c.minorPerUnit));
      const seq = begin();
      accept(await api.view(table!), seq);
      await readPlayMoney();
    });

  return h(
    'div',
    { class: 'play' },
    h(
      'form',
      {
        class: 'row open-table',
        onSubmit: (e: Event) => {
          e.preventDefault();
          void open(tableInput.trim());
        },
      },
      h(
        'label',
        null,
        'Table ',
        h('input', {
          name: 'table',
          value: tableInput,
          size: 24,
          pattern: '[a-z0-9][a-z0-9\\-]{0,62}',
          onInput: (e: Event) => setTableInput((e.target as HTMLInputElement).value),
        }),
      ),
      h(
        'button',
        { type: 'submit', disabled: busy },
        table ? 'Switch table' : kind === 'andar-bahar' || kind === 'common-draw' ? 'Join table' : 'Open table',
      ),
      h(
        'span',
        { class: 'muted' },
        kind === 'solo' ? ' your own practice table' : ' players on the same table id play the same rounds',
      ),
    ),
    error ? h('p', { class: 'error', role: 'alert', 'data-testid': 'error' }, error) : null,
    view && table
      ? h(
          'div',
          { class: 'table-area' },
          h(
            'div',
            { class: 'status row', 'data-testid': 'status' },
            h('strong', { 'data-testid': 'round' }, `Round #${view.round.no}`),
            h('span', { class: 'phase', 'data-testid': 'phase', 'data-phase': view.round.phase }, phaseText(view)),
            h(Countdown, { deadline: view.round.deadline, phase: view.round.phase }),
            h(
              'span',
              { class: 'balance' },
              'Balance ',
              h(
                'strong',
                { 'data-testid': 'balance' },
                moneyWith(view.you?.balance ?? wallet.current?.balance ?? playMoney ?? 0, c),
              ),
            ),
            spectating
              ? h('span', { class: 'tag' }, 'demo account: play money, never staked at this real-money table')
              : null,
            view.round.lastOfShoe ? h('span', { class: 'tag' }, 'last round of the shoe') : null,
          ),
          h(Board, { view, rules, last }),
          h(Actions, {
            view,
            playActions: Object.keys(rules.rules.actions ?? {}).filter((a) => a !== 'insurance'),
            onAct: act,
            busy,
          }),
          view.ended
            ? h(
                'p',
                { class: 'muted', role: 'status', 'data-testid': 'ended' },
                'Your session at this table has ended. Open a table under another name to play again.',
              )
            : null,
          view.round.phase === 'betting' && !view.ended
            ? h(Betting, { rules, view, form, setForm, onBet: bet, repeat, onRepeat: rebet, busy })
            : null,
          view.ended
            ? null
            : h(
                'div',
                { class: 'row dealing' },
                view.round.phase === 'betting' && (kind !== 'solo' || view.bets.length > 0)
                  ? h(
                      'button',
                      { type: 'button', class: 'primary', disabled: busy, onClick: () => void deal() },
                      kind === 'solo' ? 'Deal' : 'Deal now (operator)',
                    )
                  : null,
                h(
                  'button',
                  { type: 'button', disabled: busy, onClick: () => void topUp() },
                  c.practice
                    ? 'Get practice points'
                    : session.demo
                      ? 'Get play money'
                      : `Add ${money(1000 * c.minorPerUnit, c)} to my wallet (operator)`,
                ),
                // A solo table is the player's own: leaving ends its session; a round in play finishes by auto-play
                // (R-EU-END-1).
                kind === 'solo'
                  ? h(
                      'button',
                      {
                        type: 'button',
                        disabled: busy,
                        title: 'a round in play finishes by auto-play',
                        onClick: () => void endSession(),
                      },
                      'End session',
                    )
                  : null,
              ),
          hasBots && !view.ended
            ? h(Bots, {
                rules,
                bots,
                onAdd: addBot,
                onRemove: removeBot,
                tableSeats: rules.rules.table.seats ?? 0,
                mine: view.you?.seats ?? [],
                busy,
              })
            : null,
          last ? h(LastRound, { key: last.round.id, recall: last, rules, player: session.name }) : null,
          h(OtherTabs, { others: tabs, rules }),
        )
      : null,
  );
}
