// The page's only way to the server: the pack APIs under /<pack-id> (exactly what a game client
// calls) and the local server's development endpoints under /dev. Every state-changing request
// carries a fresh Idempotency-Key; a refusal comes back as an ApiError with the API's code.
import type { RuleFacts } from '../../lambdas/describe/facts.ts';
import type { PayTableOdds } from '../../lambdas/math/rtp.ts';
import type { RoundRecall as Recall, TableView } from '../../lambdas/projection/index.ts';
import type { PackProblem } from '../../server/live-packs.ts';

export type { PackProblem, TableView };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Session {
  name: string;
  token: string;
  demo: boolean;
  /** A studio dealer's token (R-LD-SOURCE-1): the page is the dealer console. */
  dealer?: boolean;
}

function key(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

export async function request<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['idempotency-key'] = key();
  const res = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) {
    const e = (data ?? {}) as { code?: string; message?: string };
    throw new ApiError(res.status, e.code ?? String(res.status), e.message ?? res.statusText);
  }
  return data as T;
}

// ------------------------------------------------------------------ shapes the API returns

export interface RtpRow {
  bet: string;
  mode: string | null;
  rtp: number;
  fraction: string | null;
  method: 'exact' | 'analysis';
  declared: number | null;
}

export interface PayLine {
  name: string;
  pays: string;
  when?: unknown;
}

export interface BetRule {
  name: string;
  type: 'hand' | 'behind' | 'paytable' | string;
  modes?: string[];
  placement?: string;
  group?: string;
  limits?: { min: number; max: number };
  payouts?: Record<string, string>;
  lines?: PayLine[];
  declaredRtp?: number;
  roundLimit?: number;
  cap?: unknown;
  [k: string]: unknown;
}

export interface Rules {
  id: string;
  name: string;
  family: 'blackjack' | 'andar-bahar';
  version: string;
  sha256: string;
  currency: { code: string; minorPerUnit: number; practice: boolean };
  shoe: { decks: number; reshuffle: string } | null;
  rules: {
    table: {
      kind: 'seated' | 'solo' | 'common-draw' | 'andar-bahar';
      seats?: number;
      seatsPerPlayer?: number;
      ai?: Record<string, string>;
      [k: string]: unknown;
    };
    dealer?: Record<string, unknown>;
    actions?: Record<string, Record<string, unknown>>;
    timing?: Record<string, number>;
    modes?: { offered: string[]; default: string };
    bets: BetRule[];
    [k: string]: unknown;
  };
  /** The rules as the player's help page states them (lambdas/describe); absent from an older server. */
  facts?: RuleFacts;
  rtp: RtpRow[] | { error: string } | null;
  /** Every pay-table line's exact probability and share of the RTP. */
  lines: PayTableOdds[] | { error: string } | null;
  /** Bet behind's RTP: it follows the seat's hand, so it is not one of the `rtp` rows. */
  behind?: RtpRow[] | { error: string } | null;
}

export interface CommandResponse {
  view: TableView;
  events: unknown[];
}

/** A recalled round, as GET /rounds/{roundId} and GET /history answer. */
export type { PayTableOdds, Recall };
export type RecallBet = Recall['bets'][number];
export type RecallEvent = Recall['steps'][number]['events'][number];

export interface Wallet {
  player: string;
  balance: number;
  currency: { code: string; minorPerUnit: number; practice: boolean };
  ledger: { amount?: number; kind?: string; reason?: string; at?: number; [k: string]: unknown }[];
}

// ------------------------------------------------------------------ calls

/** The packs served, and (under `npm start`) the pack files in rules/ that do not compile, with their errors. */
export const packs = () => request<{ packs: string[]; problems?: PackProblem[] }>('GET', '/dev/packs', null);
export const rules = (pack: string) => request<Rules>('GET', `/${pack}/rules`, null);

export async function devToken(name: string, demo = false, dealer = false): Promise<Session> {
  const r = await request<{ token: string; sub: string }>('POST', '/dev/token', null, { name, demo, dealer });
  return { name: r.sub, token: r.token, demo, ...(dealer ? { dealer: true } : {}) };
}

/** Claims of a pasted token, read (not verified: the server verifies it on every call). */
export function sessionFromToken(token: string): Session | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: string;
      role?: string;
      demo?: boolean;
    };
    if (typeof payload.sub !== 'string') return null;
    return {
      name: payload.sub,
      token,
      demo: payload.demo === true,
      ...(payload.role === 'dealer' ? { dealer: true } : {}),
    };
  } catch {
    return null;
  }
}

/** One bet as the API takes it (POST …/bets, and each entry of POST …/bet-slips). */
export interface BetRequest {
  bet: string;
  amount: number;
  seat?: number;
  mode?: string;
}

export class PackApi {
  constructor(
    readonly pack: string,
    readonly token: string,
  ) {}
  private path = (p: string) => `/${this.pack}${p}`;
  view = (table: string) => request<TableView>('GET', this.path(`/tables/${encodeURIComponent(table)}`), this.token);
  /**
   * `round`: the round the bet is for (the view's round.id), so a bet that arrives after its betting closed is
   * refused (betting-closed), never placed in the next round.
   */
  bet = (table: string, round: string, body: BetRequest) =>
    request<CommandResponse>('POST', this.path(`/tables/${encodeURIComponent(table)}/bets`), this.token, {
      round,
      ...body,
    });
  /** Several bets in one request, all or none, for one round. */
  betSlip = (table: string, round: string, bets: BetRequest[]) =>
    request<CommandResponse>('POST', this.path(`/tables/${encodeURIComponent(table)}/bet-slips`), this.token, {
      round,
      bets,
    });
  /** `round`: the round acted on, so a click that arrives after it finished is refused, not applied to the next one. */
  act = (table: string, body: { action: string; seat?: number; accept?: boolean; round: number }) =>
    request<CommandResponse>('POST', this.path(`/tables/${encodeURIComponent(table)}/actions`), this.token, body);
  deal = (table: string) =>
    request<CommandResponse>('POST', this.path(`/tables/${encodeURIComponent(table)}/deal`), this.token);
  /** Seats an AI player on a practice table (it bets the table minimum at each deal; the engine plays it). */
  addAi = (table: string, bot: Bot) =>
    request<CommandResponse>('POST', this.path(`/tables/${encodeURIComponent(table)}/ai`), this.token, bot);
  /** Ends your session at a table you opened (R-EU-END-1). */
  endSession = (table: string) =>
    request<CommandResponse>('DELETE', this.path(`/tables/${encodeURIComponent(table)}`), this.token);
  removeAi = (table: string, seat: number) =>
    request<CommandResponse>('DELETE', this.path(`/tables/${encodeURIComponent(table)}/ai/${seat}`), this.token);
  history = (limit = 20) =>
    request<{ player: string; rounds: Recall[] }>('GET', this.path(`/history?limit=${limit}`), this.token);
  recall = (roundId: string) => request<Recall>('GET', this.path(`/rounds/${encodeURIComponent(roundId)}`), this.token);
  wallet = () => request<Wallet>('GET', this.path('/wallet'), this.token);
  /** Opens (or opens again) the caller's own table of a solo pack. */
  openOwnTable = (table: string) =>
    request<{ tableId: string; created: boolean }>('POST', this.path('/tables'), this.token, { tableId: table });
  /** Practice packs, and demo accounts anywhere: the house tops the caller's practice points up. */
  practicePoints = () =>
    request<{ balance: number; granted: number }>('POST', this.path('/wallet/practice-points'), this.token);
  // What an operator does, done by the local server for the page (server/web.ts)
  ensureTable = (table: string) =>
    request<{ tableId: string; created: boolean }>('POST', '/dev/tables', this.token, { pack: this.pack, table });
  dealNow = (table: string) =>
    request<{ dealt: boolean; reason?: string }>('POST', '/dev/deal', this.token, { pack: this.pack, table });
  /** Dealer-fed tables: a card the dealer scanned (a fresh scan id per read; the same id again is a re-read). */
  scan = (table: string, card: string, scanId: string) =>
    request<CommandResponse>('POST', this.path(`/tables/${encodeURIComponent(table)}/cards`), this.token, {
      card,
      scanId,
    });
  dealerCommand = (table: string, command: 'new-shoe' | 'cut-card' | 'misdeal', reason: string) =>
    request<CommandResponse>('POST', this.path(`/tables/${encodeURIComponent(table)}/dealer/${command}`), this.token, {
      reason,
    });
  credit = (amount: number) =>
    request<{ balance: number }>('POST', '/dev/credit', this.token, { pack: this.pack, amount });
}

export interface Bot {
  level: 'easy' | 'normal' | 'hard';
  seat: number;
}

/** AI players are named by the API `~ai~<table>~<seat>` (no token can have such a name). */
export const isAiPlayer = (name: string) => name.startsWith('~ai~');
