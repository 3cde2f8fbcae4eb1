// Owns the AI players of the local web table (R-EU-AI-1, R-EU-AI-2). The runtime keeps no AI
// players of its own (every player is a wallet holder), so here they are clients of the pack's
// API like any player: each reads only its own view (its hand, the up card, the legal moves the
// server lists) and decides with its level's chart through the engine's `decide`. The page asks
// for one step at a time (POST /dev/ai), so nothing runs in the background.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { parseCard, type Card } from '../lambdas/core/cards.ts';
import { decide, type AiCharts } from '../lambdas/engine/ai.ts';
import type { AiLevel, PlayAction } from '../lambdas/engine/types.ts';
import type { TableView } from '../lambdas/engine/view.ts';
import { HttpError } from '../lambdas/http/index.ts';
import { loadCharts } from '../lambdas/pack/charts.ts';
import { loadPack } from '../lambdas/pack/load.ts';
import type { Mount } from './lambda-server.ts';

export interface Bot {
  /** A player id starting `ai-`. */
  name: string;
  level: AiLevel;
  seat: number;
  /** The main bet it places each round, minor units. */
  amount: number;
}

export interface BotsRequest {
  pack: string;
  table: string;
  bots: Bot[];
}

export interface BotStep {
  name: string;
  did: string[];
  error?: string;
}

const LEVELS: readonly AiLevel[] = ['easy', 'normal', 'hard'];
const BOT_NAME = /^ai-[A-Za-z0-9_.-]{1,60}$/;
/** Practice points an AI player is topped up with when it cannot cover its bet. */
const TOP_UP = 1_000_000;

function check(body: BotsRequest): void {
  if (!body || typeof body.table !== 'string' || !Array.isArray(body.bots) || body.bots.length > 8)
    throw new HttpError('invalid-body', 'send { pack, table, bots: [{ name, level, seat, amount }] } with at most 8 bots');
  for (const b of body.bots) {
    if (!BOT_NAME.test(String(b?.name))) throw new HttpError('invalid-body', 'a bot name starts with ai- (letters, digits, dots, dashes)');
    if (!LEVELS.includes(b.level)) throw new HttpError('invalid-body', `a bot level is one of ${LEVELS.join(', ')}`);
    if (!Number.isInteger(b.seat) || b.seat < 1 || !Number.isInteger(b.amount) || b.amount < 1)
      throw new HttpError('invalid-body', 'a bot needs a whole seat number and a whole amount in minor units');
  }
}

export interface Call {
  status: number;
  body: any;
}

/** Calls the pack's handler as API Gateway would after its JWT authorizer accepted `sub`. */
export async function call(mount: Mount, sub: string, role: 'player' | 'operator', method: string, path: string, body?: unknown): Promise<Call> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  const event = {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers,
    requestContext: {
      accountId: 'local', apiId: 'local', domainName: 'localhost', domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'croupier-web-ai' },
      requestId: randomUUID(), routeKey: '$default', stage: '$default', time: '', timeEpoch: Date.now(),
      authorizer: { jwt: { claims: { sub, role }, scopes: [] } },
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const result = (await mount.handler(event as never)) as APIGatewayProxyStructuredResultV2;
  const raw = typeof result.body === 'string' ? result.body : '';
  return { status: result.statusCode ?? 200, body: raw ? JSON.parse(raw) : null };
}

const refused = (c: Call) => `${c.body?.code ?? c.status}: ${c.body?.message ?? ''}`;

/** What one bot does now: its bet while betting is open, then its decisions while it has any. */
async function stepBot(mount: Mount, table: string, bot: Bot, charts: AiCharts): Promise<BotStep> {
  const step: BotStep = { name: bot.name, did: [] };
  const path = `/tables/${encodeURIComponent(table)}`;
  const view = await call(mount, bot.name, 'player', 'GET', path);
  if (view.status !== 200) return { ...step, error: refused(view) };
  let v = view.body as TableView;
  if (v.round.phase === 'betting' && !v.paused && !v.bets.some((b) => b.bet === 'main')) {
    if ((v.you?.balance ?? 0) < bot.amount) {
      const credit = await call(mount, 'croupier-web', 'operator', 'POST', `/wallets/${encodeURIComponent(bot.name)}/credit`, { amount: TOP_UP, reason: 'practice points for an AI player' });
      if (credit.status !== 200) return { ...step, error: refused(credit) };
    }
    const bet = await call(mount, bot.name, 'player', 'POST', `${path}/bets`, { bet: 'main', amount: bot.amount, seat: bot.seat });
    if (bet.status !== 200) return { ...step, error: refused(bet) };
    step.did.push(`bet ${bot.amount} on seat ${bot.seat}`);
    return step;
  }
  const chart = charts[bot.level];
  for (let guard = 0; guard < 12 && v.legal.length; guard++) {
    const move = v.legal[0]!;
    let body: { action: string; seat?: number; accept?: boolean };
    if (move.action === 'insurance' || move.action === 'follow-double' || move.action === 'follow-split') {
      body = { action: move.action, accept: false, ...(move.seat !== undefined ? { seat: move.seat } : {}) };
    } else {
      const seat = v.seats.find((s) => s.seat === move.seat);
      const hand = seat?.hands[seat.active];
      const up = v.dealer.upCard ? parseCard(v.dealer.upCard) : undefined;
      if (!chart) throw new HttpError('not-found', `pack has no ${bot.level} strategy chart`);
      if (!hand || up === undefined) break;
      const legal = v.legal.filter((m) => m.seat === move.seat).map((m) => m.action as PlayAction);
      const action = decide(chart, hand.cards.map((c) => parseCard(c) as Card), up, legal);
      body = { action, ...(move.seat !== undefined ? { seat: move.seat } : {}) };
    }
    const acted = await call(mount, bot.name, 'player', 'POST', `${path}/actions`, body);
    if (acted.status !== 200) return { ...step, error: refused(acted) };
    step.did.push(body.action + (body.accept === false ? ' (no)' : ''));
    v = (acted.body as { view: TableView }).view;
  }
  return step;
}

const chartCache = new Map<string, AiCharts>();

function chartsOf(packId: string): AiCharts {
  let charts = chartCache.get(packId);
  if (!charts) chartCache.set(packId, (charts = loadCharts(loadPack(packId))));
  return charts;
}

/** One step for every bot of a table, in seat order (seats act in seat order). */
export async function stepBots(mount: Mount, body: BotsRequest, options: { charts?: AiCharts }): Promise<{ bots: BotStep[] }> {
  check(body);
  const charts = options.charts ?? chartsOf(body.pack);
  const out: BotStep[] = [];
  for (const bot of [...body.bots].sort((a, b) => a.seat - b.seat)) out.push(await stepBot(mount, body.table, bot, charts));
  return { bots: out };
}
