// `npm run load -- --pack <id> --players N [--json] [--url URL]`: one common-draw round with N
// players, end to end through HTTP and push (docs/push.md). Starts the local stack in a process of
// its own (or uses `--url`, which must be loopback), connects every player by WebSocket, credits
// them, has each bet and act once, lets the round settle, then reconciles every wallet with its
// ledger, the round's bets and the house result. Every loop is bounded; it stops by itself.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { parseDocument } from 'yaml';
import { loadDevKey, signToken } from '../lambdas/auth/index.ts';
import { RULES_DIR } from '../lambdas/pack/load.ts';

export interface LoadResult {
  pack: string;
  players: number;
  betsAccepted: number;
  betsRefused: number;
  errors5xx: number;
  betLatencyMs: { p50: number; p99: number };
  pushLatencyMs: { p50: number; p99: number };
  settleSeconds: number;
  dynamoCallsPerCommand: number;
  walletsReconciled: boolean;
  settledOnce: boolean;
}

export interface LoadDetail {
  notes: string[];
  seconds: number;
  betsPerSecond: number;
  actsAccepted: number;
  actsRefused: number;
  callsPerBet: number;
  callsPerAction: number;
  callsByKind: Record<string, number>;
  pushMessages: number;
  pushSamples: number;
  /** Push latency per kind of change: a bet's own view, the deal to everyone, a decision's own view. */
  pushLatencyByKind: Record<'bet' | 'deal' | 'act', { p50: number; p99: number }>;
  /** The size of the operator's answer to the deal (its stored copy is one DynamoDB item, at most 400 KB). */
  dealAnswerBytes: number;
  /** Transactions DynamoDB cancelled, by reason, while players bet and acted (each answered by a retry). */
  cancelledTransactions: Record<string, number>;
  connected: number;
  problems: string[];
}

export interface LoadOptions {
  pack?: string;
  players?: number;
  url?: string;
  /** Progress lines (stderr by default). */
  log?: (line: string) => void;
}

const CREDIT = 100_000;
const STAKE = 1_000;
/** Requests in flight at once (a busy casino front end keeps a pool of connections, not one per player). */
const IN_FLIGHT = 48;
/** Operators crediting the players (one operator's daily credit tally is one item: not a hot one). */
const OPERATORS = 16;
/** Connections opened at once. */
const CONNECTING = 200;
const MAX_PLAYERS = 20_000;
const MAX_WAIT_MS = 15 * 60_000;

const quantile = (sorted: number[], q: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { p50: Math.round(quantile(s, 0.5) * 10) / 10, p99: Math.round(quantile(s, 0.99) * 10) / 10 };
};

async function pool<T>(items: readonly T[], width: number, run: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await run(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** Waits until `done()` or the bound; returns whether it became true. */
async function until(done: () => boolean, boundMs: number, stepMs = 20): Promise<boolean> {
  const end = Date.now() + boundMs;
  while (!done()) {
    if (Date.now() > end) return false;
    await delay(stepMs);
  }
  return true;
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.startsWith('127.');
}

interface View {
  round: { id: string; phase: string; deadline: number | null };
  bets: { id: number; status: string; staked: number; returned: number }[];
  legal: { action: string }[];
}

/** One player's WebSocket client: what push told it, when. */
class Client {
  ws!: WebSocket;
  you: View | null = null;
  phase = '';
  deadline: number | null = null;
  version = -1;
  messages = 0;
  /** Arrival times: own views by what they show, and the first message of each phase. */
  firstYouWithBet = 0;
  youAfter: number[] = [];
  phaseAt = new Map<string, number>();
  settledYouAt = 0;
  /** The round this player's bets are in (from its own view). */
  betRound: string | null = null;
  subscribed = false;

  constructor(
    readonly player: string,
    readonly token: string,
  ) {}

  connect(base: string, table: string): Promise<void> {
    return new Promise((done, fail) => {
      const ws = new WebSocket(`${base}/socket?token=${encodeURIComponent(this.token)}`);
      this.ws = ws;
      const timer = setTimeout(() => fail(new Error(`${this.player}: no subscription within 60 s`)), 60_000);
      ws.on('open', () => ws.send(JSON.stringify({ action: 'subscribe', table })));
      ws.on('error', (e) => {
        clearTimeout(timer);
        fail(e);
      });
      ws.on('message', (data) => {
        const at = performance.now();
        const m = JSON.parse(String(data)) as {
          type: string;
          version?: number;
          audience?: string;
          view?: View;
        };
        this.messages++;
        if (m.type === 'subscribed') {
          this.subscribed = true;
          clearTimeout(timer);
          done();
          return;
        }
        if (m.type !== 'table' || !m.view) return;
        if ((m.version ?? 0) < this.version) return;
        this.version = m.version ?? 0;
        const view = m.view;
        this.phase = view.round.phase;
        this.deadline = view.round.deadline;
        if (!this.phaseAt.has(this.phase)) this.phaseAt.set(this.phase, at);
        // The table moved on to the next round: this player's round is settled, whether or not a
        // view of it settled came first (a snapshot read after the next round opened shows that one;
        // the web table recalls the round that ended, and the reconciliation below reads it too).
        if (!this.settledYouAt && this.betRound && view.round.id !== this.betRound) this.settledYouAt = at;
        if (m.audience === 'you') {
          this.you = view;
          this.youAfter.push(at);
          if (!this.firstYouWithBet && view.bets.length) this.firstYouWithBet = at;
          if (view.bets.length) this.betRound = view.round.id;
          if (!this.settledYouAt && view.bets.length && view.bets.every((b) => b.status !== 'open'))
            this.settledYouAt = at;
        }
      });
    });
  }

  /** The first own view that arrived after `at`. */
  youSince(at: number): number | null {
    return this.youAfter.find((t) => t >= at) ?? null;
  }
}

interface Stats {
  calls: Record<string, number>;
  cancelled: Record<string, number>;
  pushed: { batches: number; tables: number; sent: number; gone: number };
}

/** The local stack in a child process, serving a copy of the rules with the load run's windows. */
async function startStack(packId: string, players: number, notes: string[]) {
  const rulesDir = mkdtempSync(join(tmpdir(), 'croupier-load-rules-'));
  cpSync(RULES_DIR, rulesDir, { recursive: true });
  const file = join(rulesDir, `${packId}.yaml`);
  const doc = parseDocument(readFileSync(file, 'utf8'));
  const timing = ['spec', 'timing'];
  const betting = Number(doc.getIn([...timing, 'bettingSeconds']));
  const decision = Number(doc.getIn([...timing, 'decisionSeconds']));
  // Betting closes with the operator's deal once every bet is in; decisions get time for every player to
  // act (~50 commands/s on DynamoDB Local here) and no longer: a common-draw window waits out its deadline.
  const decisionSeconds = Math.max(8, Math.ceil(players / 35));
  doc.setIn([...timing, 'bettingSeconds'], 3600);
  doc.setIn([...timing, 'decisionSeconds'], decisionSeconds);
  if (doc.hasIn([...timing, 'insuranceSeconds'])) doc.setIn([...timing, 'insuranceSeconds'], decisionSeconds);
  writeFileSync(file, String(doc));
  notes.push(
    `served a copy of ${packId} with bettingSeconds 3600 (was ${betting}; the operator deals once every bet is in) and decisionSeconds ${decisionSeconds} (was ${decision})`,
  );
  const child = fork(
    fileURLToPath(new URL('./load-server.ts', import.meta.url)),
    [JSON.stringify({ rulesDir, packId })],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('the local stack did not start within 120 s')), 120_000);
    child.once('exit', (code) => fail(new Error(`the local stack exited with ${code}`)));
    child.on('message', (m: { type: string; url?: string }) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        done(m.url!);
      }
    });
  });
  const stats = () =>
    new Promise<Stats>((done) => {
      const on = (m: { type: string } & Stats) => {
        if (m.type !== 'stats') return;
        child.off('message', on);
        done(m);
      };
      child.on('message', on);
      child.send({ type: 'stats' });
    });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.send({ type: 'stop' });
      await Promise.race([exited, delay(30_000)]);
      if (child.exitCode === null) killChild(child);
    }
    rmSync(rulesDir, { recursive: true, force: true });
  };
  return { url, stats, stop };
}

function killChild(child: ChildProcess): void {
  if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
}

const callsOf = (before: Stats, after: Stats): number =>
  Object.keys(after.calls).reduce((n, k) => n + after.calls[k]! - (before.calls[k] ?? 0), 0);

export async function runLoad(options: LoadOptions = {}): Promise<{ result: LoadResult; detail: LoadDetail }> {
  const packId = options.pack ?? 'blackjack-tanpa-batas';
  const players = options.players ?? 10_000;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!Number.isSafeInteger(players) || players < 1 || players > MAX_PLAYERS)
    throw new Error(`--players is a whole number from 1 to ${MAX_PLAYERS}`);
  if (options.url && !isLoopback(options.url)) throw new Error(`--url must be a loopback address, not ${options.url}`);
  const notes: string[] = [];
  const problems: string[] = [];
  const started = performance.now();
  const stack = options.url
    ? { url: options.url.replace(/\/+$/, ''), stats: async (): Promise<Stats | null> => null, stop: async () => {} }
    : await startStack(packId, players, notes);
  const clients: Client[] = [];
  try {
    const base = `${stack.url}/${packId}`;
    const key = loadDevKey();
    const operator = signToken({ sub: 'load-operator', role: 'operator' }, { key });
    const crediting = Array.from({ length: OPERATORS }, (_, i) =>
      signToken({ sub: `load-operator-${i}`, role: 'operator' }, { key }),
    );
    let errors5xx = 0;
    async function call(method: string, path: string, token: string, body?: unknown) {
      for (let attempt = 0; ; attempt++) {
        const sent = performance.now();
        let status = 0;
        let json: any = null;
        try {
          const r = await fetch(`${base}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          status = r.status;
          json = await r.json().catch(() => null);
        } catch (error) {
          problems.push(`${method} ${path}: ${String(error)}`);
        }
        const at = performance.now();
        // A table busy with a staged transition says when to come back (409 Retry-After): a few times.
        if (status === 409 && attempt < 8) {
          await delay(Math.min(2000, 1000 * Number(json?.retryAfterSeconds ?? 0.2)));
          continue;
        }
        if (status >= 500 || status === 0) errors5xx++;
        return { status, body: json, ms: at - sent, sent, at };
      }
    }

    const tableId = `load-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/tables', operator, { tableId });
    if (created.status !== 201) throw new Error(`the table was not created: ${JSON.stringify(created.body)}`);
    const roundId = created.body.roundId as string;

    log(`signing ${players} tokens, crediting wallets`);
    for (let i = 0; i < players; i++) {
      const player = `p${String(i).padStart(6, '0')}`;
      clients.push(new Client(player, signToken({ sub: player, role: 'player' }, { key })));
    }
    await pool(clients, IN_FLIGHT, async (c, i) => {
      const r = await call('POST', `/wallets/${c.player}/credit`, crediting[i % OPERATORS]!, {
        amount: CREDIT,
        reason: 'load run',
      });
      if (r.status !== 200) problems.push(`credit ${c.player}: ${r.status}`);
    });

    log(`connecting ${players} players by WebSocket`);
    const wsBase = base.replace(/^http/, 'ws');
    await pool(clients, CONNECTING, async (c) => {
      await c.connect(wsBase, tableId).catch((e: unknown) => problems.push(`connect ${c.player}: ${String(e)}`));
    });
    const connected = clients.filter((c) => c.subscribed).length;

    log('betting');
    const before = await stack.stats();
    const betStarted = performance.now();
    const bets: { client: Client; status: number; ms: number; at: number }[] = [];
    await pool(clients, IN_FLIGHT, async (client) => {
      const r = await call('POST', `/tables/${tableId}/bets`, client.token, {
        round: roundId,
        bet: 'main',
        amount: STAKE,
      });
      bets.push({ client, status: r.status, ms: r.ms, at: r.at });
    });
    const betSeconds = (performance.now() - betStarted) / 1000;
    const afterBets = await stack.stats();
    const accepted = bets.filter((b) => b.status >= 200 && b.status < 300);
    const refused = bets.filter((b) => b.status >= 400 && b.status < 500);
    const pushSamples: number[] = [];
    const pushBy = { bet: [] as number[], deal: [] as number[], act: [] as number[] };
    const sample = (kind: keyof typeof pushBy, ms: number) => {
      pushSamples.push(ms);
      pushBy[kind].push(ms);
    };
    // Push: a bet's own view reaches its player (in the fan-out's time, after the bet answered).
    await until(() => accepted.every((b) => b.client.firstYouWithBet > 0), 60_000);
    for (const b of accepted) if (b.client.firstYouWithBet) sample('bet', Math.max(0, b.client.firstYouWithBet - b.at));

    log('dealing');
    const deal = await call('POST', `/tables/${tableId}/deal`, operator);
    if (deal.status !== 200) problems.push(`deal: ${deal.status} ${JSON.stringify(deal.body)}`);
    const dealt = await until(() => clients.every((c) => !c.subscribed || c.phase !== 'betting'), 120_000);
    if (!dealt) problems.push('not every client heard of the deal within 120 s');
    for (const c of clients) {
      const first = [...c.phaseAt].find(([p]) => p !== 'betting');
      if (first) sample('deal', Math.max(0, first[1] - deal.at));
    }

    const cancelled: Record<string, number> = {};
    const addCancelled = (from: Stats, to: Stats) => {
      for (const [k, n] of Object.entries(to.cancelled))
        cancelled[k] = (cancelled[k] ?? 0) + n - (from.cancelled[k] ?? 0);
    };
    if (before && afterBets) addCancelled(before, afterBets);

    log('acting');
    let actsAccepted = 0;
    let actsRefused = 0;
    let actCalls = 0;
    let actCount = 0;
    let settleFrom = deal.at;
    let settleStarted = false;
    // The round as a player reads it (what is due is applied by the read): the truth the passes go by.
    // A player's view is one read; the operator's lists every player's bets, a hundred reads at 10,000.
    const watcher = accepted[0]?.client.token ?? operator;
    const roundNow = async () => {
      const r = await call('GET', `/tables/${tableId}`, watcher);
      return (r.body?.round ?? { phase: 'unknown', deadline: null }) as { phase: string; deadline: number | null };
    };
    for (let pass = 0; pass < 4; pass++) {
      const { phase, deadline } = await roundNow();
      if (phase !== 'insurance' && phase !== 'turns') break;
      // Every player with a bet hears of its own hand before acting (bounded).
      const inRound = accepted.map((b) => b.client);
      const heard = await until(() => inRound.every((c) => c.you?.round.phase === phase), 120_000);
      if (!heard) problems.push(`not every player heard of the ${phase} phase within 120 s`);
      const statsBefore = await stack.stats();
      await pool(inRound, IN_FLIGHT, async (c) => {
        const legal = c.you?.round.phase === phase ? c.you.legal.map((m) => m.action) : [];
        const body = legal.includes('stand')
          ? { action: 'stand' }
          : legal.includes('insurance')
            ? { action: 'insurance', accept: false }
            : null;
        if (!body) return;
        const r = await call('POST', `/tables/${tableId}/actions`, c.token, body);
        actCount++;
        if (r.status >= 200 && r.status < 300) {
          actsAccepted++;
          const seen = await until(() => c.youSince(r.sent) !== null, 30_000);
          if (seen) sample('act', Math.max(0, c.youSince(r.sent)! - r.at));
        } else if (r.status >= 400 && r.status < 500) actsRefused++;
      });
      const statsAfter = await stack.stats();
      if (statsBefore && statsAfter) {
        actCalls += callsOf(statsBefore, statsAfter);
        addCancelled(statsBefore, statsAfter);
      }
      // The shared window closes at its deadline (a common-draw round waits for everyone's): then it is applied.
      if (deadline !== null) {
        const wait = deadline - Date.now();
        if (wait > MAX_WAIT_MS) {
          problems.push(`the ${phase} deadline is ${Math.round(wait / 1000)} s away`);
          break;
        }
        await delay(Math.max(0, wait) + 50);
        settleFrom = performance.now();
        settleStarted = true;
      }
      for (let i = 0; i < 60 && (await roundNow()).phase === phase; i++) await delay(1000);
    }
    if (!settleStarted) settleFrom = deal.at;
    const settled = await until(
      () => accepted.every((b) => b.client.settledYouAt > 0 || !b.client.subscribed),
      MAX_WAIT_MS,
      50,
    );
    if (!settled) problems.push('not every player heard of their settled bet');
    // Only a round every player heard settled has a settle time (its problems say why otherwise).
    const lastSettled = Math.max(0, ...accepted.map((b) => b.client.settledYouAt).filter((t) => t > 0));
    const settleSeconds = settled ? Math.max(0, lastSettled - settleFrom) : 0;

    log('reconciling wallets, ledgers and bets');
    let reconciled = true;
    let settledOnce = true;
    let houseFromWallets = 0;
    let houseFromBets = 0;
    await pool(clients, IN_FLIGHT, async (c) => {
      const [wallet, recall] = await Promise.all([
        call('GET', '/wallet', c.token),
        call('GET', `/rounds/${roundId}`, c.token),
      ]);
      if (wallet.status !== 200) {
        reconciled = false;
        problems.push(`wallet ${c.player}: ${wallet.status}`);
        return;
      }
      const ledger = wallet.body.ledger as { amount: number; kind: string; balanceAfter: number }[];
      const ledgerSum = ledger.reduce((n, e) => n + e.amount, 0);
      const own = recall.status === 200 ? (recall.body.bets as View['bets']) : [];
      const staked = own.reduce((n, b) => n + b.staked, 0);
      const returned = own.reduce((n, b) => n + b.returned, 0);
      const balance = wallet.body.balance as number;
      houseFromWallets += CREDIT - balance;
      houseFromBets += staked - returned;
      const credits = ledger.filter((e) => e.amount > 0 && e.kind !== 'operator-credit');
      if (ledgerSum !== balance || balance !== CREDIT - staked + returned) {
        reconciled = false;
        problems.push(`${c.player}: balance ${balance}, ledger ${ledgerSum}, bets say ${CREDIT - staked + returned}`);
      }
      // Settled once: every bet settled, and money back at most once per bet (ledger entries that credit).
      if (own.some((b) => b.status === 'open') || credits.length > own.length) {
        settledOnce = false;
        problems.push(`${c.player}: bets ${JSON.stringify(own)}, ${credits.length} credits back`);
      }
    });
    if (houseFromWallets !== houseFromBets) {
      reconciled = false;
      problems.push(`house result: wallets say ${houseFromWallets}, bets say ${houseFromBets}`);
    }
    const end = await stack.stats();
    const callsBets = before && afterBets ? callsOf(before, afterBets) : 0;
    const perCommand = bets.length + actCount ? (callsBets + actCalls) / (bets.length + actCount) : 0;
    const callsByKind: Record<string, number> = {};
    if (before && afterBets)
      for (const [k, n] of Object.entries(afterBets.calls))
        callsByKind[k] = Math.round(((n - (before.calls[k] ?? 0)) / Math.max(1, bets.length)) * 100) / 100;
    if (!stack.stats || !before)
      notes.push('--url: DynamoDB calls are counted only when the load run starts the stack');
    const result: LoadResult = {
      pack: packId,
      players,
      betsAccepted: accepted.length,
      betsRefused: refused.length,
      errors5xx,
      betLatencyMs: summary(bets.map((b) => b.ms)),
      pushLatencyMs: summary(pushSamples),
      settleSeconds: Math.round(settleSeconds / 100) / 10,
      dynamoCallsPerCommand: Math.round(perCommand * 100) / 100,
      walletsReconciled: reconciled && accepted.length + refused.length === players,
      settledOnce,
    };
    return {
      result,
      detail: {
        notes,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        betsPerSecond: Math.round(bets.length / betSeconds),
        actsAccepted,
        actsRefused,
        callsPerBet: bets.length ? Math.round((callsBets / bets.length) * 100) / 100 : 0,
        callsPerAction: actCount ? Math.round((actCalls / actCount) * 100) / 100 : 0,
        callsByKind,
        pushMessages: end?.pushed.sent ?? clients.reduce((n, c) => n + c.messages, 0),
        pushSamples: pushSamples.length,
        pushLatencyByKind: { bet: summary(pushBy.bet), deal: summary(pushBy.deal), act: summary(pushBy.act) },
        dealAnswerBytes: Buffer.byteLength(JSON.stringify(deal.body ?? null)),
        cancelledTransactions: cancelled,
        connected,
        problems: problems.slice(0, 20),
      },
    };
  } finally {
    for (const c of clients) c.ws?.terminate();
    await stack.stop();
  }
}

/** `npm run bench`: the load run at 1,000 players (100 with --quick); its figures, never a failure on time. */
export async function benchLoad({ quick }: { quick: boolean }): Promise<unknown> {
  const { result, detail } = await runLoad({ players: quick ? 20 : 1_000, log: () => undefined });
  return { ...result, detail };
}

function parseArgs(argv: string[]): LoadOptions & { json: boolean } {
  const out: LoadOptions & { json: boolean } = { json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--json') out.json = true;
    else if (a === '--pack') out.pack = value();
    else if (a === '--players') out.players = Number(value());
    else if (a === '--url') out.url = value();
    else if (a === '--help') {
      console.log('usage: npm run load -- [--pack <id>] [--players N] [--json] [--url http://127.0.0.1:3000]');
      process.exit(0);
    } else throw new Error(`unknown option ${a}; see --help`);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { json, ...options } = parseArgs(process.argv.slice(2));
    const { result, detail } = await runLoad(options);
    for (const note of detail.notes) process.stderr.write(`note: ${note}\n`);
    // The contract's fields on stdout; what explains them on stderr.
    if (json) {
      console.log(JSON.stringify(result));
      process.stderr.write(`detail: ${JSON.stringify(detail)}\n`);
    } else console.log(JSON.stringify({ ...result, detail }, null, 2));
    process.exit(0);
  } catch (error) {
    console.error(`load: ${(error as Error).message}`);
    process.exit(1);
  }
}
