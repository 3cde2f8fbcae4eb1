// The Lambda handler of one pack's HTTP API (API Gateway HTTP API, payload v2): routing, claims,
// body checks and responses; the game itself is ./game.ts (load, apply, save). In AWS the pack
// comes from CROUPIER_PACK_ARTIFACT (a pack artifact's JSON) and the table from
// CROUPIER_TABLE_NAME; tests and the local server build one with `createApi`.

import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { forbidden } from '../auth/errors.ts';
import { type Claims, readClaims, requireRole } from '../auth/index.ts';
import { newSeed as cryptoSeed } from '../core/rng.ts';
import { ruleFacts } from '../describe/facts.ts';
import { apply, type BetSpec, type Ctx, type EngineError, formatMoney, type TableState } from '../engine/index.ts';
import type { Bet } from '../http/bodies.ts';
import { createRouter, errorResult, HttpError, idempotencyKey, jsonBody, jsonResult } from '../http/index.ts';
import { openApiDocument, type RouteDoc } from '../http/openapi.ts';
import { checkBody, checkPath } from '../http/validate.ts';
import type { PayTableOdds, RtpRow } from '../math/rtp.ts';
import { fromArtifact, type PackArtifact } from '../pack/artifact.ts';
import type { AiCharts } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import {
  createDocumentClient,
  type DocumentClient,
  DynamoWallet,
  Idempotency,
  type RoundStore,
} from '../store/index.ts';
import { aiName, aiRefusal, seatCheck, unseat } from './ai-seats.ts';
import { type Actor, Game, type GameDeps, OWN_TABLES_PER_PLAYER, RuleError } from './game.ts';
import { recordOperatorMoney, recordPlay, recordRequest } from './metrics.ts';
import {
  CreditGuard,
  type CreditLimits,
  creditLimitsFrom,
  LOCAL_CREDIT_LIMITS,
  type OperatorMoney,
} from './operator-money.ts';
import { ownershipRefusal } from './ownership.ts';
import { getsPracticePoints, PRACTICE_FLOAT, practiceGrant } from './practice.ts';
import { recallRound } from './recall.ts';
import { audienceOf, callerSpace, openStore, requirePlaysHere, tableSpace } from './wallets.ts';

// What the local server (cli/commands/serve.ts) builds this handler's dependencies with.
export { creditLimitsFrom } from './operator-money.ts';
export { openStore } from './wallets.ts';

export const ROUTE_DOCS: readonly RouteDoc[] = [
  {
    key: 'GET /rules',
    summary:
      "the pack's public rules: pay tables, limits, caps, declared and computed RTP (the exact RTP of every bet, computed when the stack was synthesized), and the rules as facts for the player's help page",
    public: true,
  },
  { key: 'GET /openapi.json', summary: 'this document', public: true },
  {
    key: 'POST /tables',
    summary: `create a table (operators; on a solo practice pack, a player opens up to ${OWN_TABLES_PER_PLAYER} tables of their own, where no other human may bet, and which the scheduled sweep leaves to the player's next request)`,
    body: 'CreateTableBody',
    idempotent: true,
    creates: true,
  },
  {
    key: 'GET /tables/{tableId}',
    path: 'TablePath',
    summary: "the table and its round as the caller may see them, with the caller's legal moves",
  },
  {
    key: 'DELETE /tables/{tableId}',
    path: 'TablePath',
    summary: `end your session at a table you opened (R-EU-END-1): a round in play is finished as if every window timed out (auto-play, unanswered = no), bets not yet dealt are returned, and the table then refuses every command. Its rounds stay for recall; it no longer counts among your ${OWN_TABLES_PER_PLAYER} own tables`,
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/bets',
    path: 'TablePath',
    summary: 'place (or raise) a bet; joins the table on the first bet',
    body: 'BetBody',
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/bet-slips',
    path: 'TablePath',
    summary:
      'place several bets in one request, in order, all or none: the first refused bet refuses the slip and none is placed; joins the table on the first bet',
    body: 'BetSlipBody',
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/actions',
    path: 'TablePath',
    summary: 'a decision on your hand',
    body: 'ActionBody',
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/deal',
    path: 'TablePath',
    summary: 'close betting and deal (operator; the seated player on a solo table)',
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/ai',
    path: 'TablePath',
    summary:
      "seat an AI player on a free seat of a solo practice table (the player at the table, or an operator). It plays for house-funded practice points in a wallet of its own (topped up to 100 minimum bets when seated and before a deal when it holds under 8), bets the table minimum on its seat whenever the player deals, and the engine plays its hands at its level from its own view (R-EU-AI-1/2); its bets and decisions are in the round's events",
    body: 'AiPlayerBody',
    idempotent: true,
  },
  {
    key: 'DELETE /tables/{tableId}/ai/{seat}',
    path: 'AiSeatPath',
    summary: 'take the AI player off a seat, between rounds (the player at the table, or an operator)',
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/pause',
    path: 'TablePath',
    summary: 'pause a table',
    body: 'ReasonBody',
    operator: true,
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/resume',
    path: 'TablePath',
    summary: 'resume a table',
    body: 'ReasonBody',
    operator: true,
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/cards',
    path: 'TablePath',
    summary:
      'a scanned card (dealer role, R-LD-SCAN-1), idempotent by scanId; taken only when dealing.need asks for one, else 422 and nothing changes',
    body: 'CardBody',
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/burn',
    path: 'TablePath',
    summary: "a new shoe's shown burn card (dealer role, R-BJ-SHOE-2): a scan taken only as the burn card",
    body: 'CardBody',
    idempotent: true,
  },
  {
    key: 'POST /tables/{tableId}/dealer/{command}',
    path: 'DealerPath',
    summary:
      'a dealer command (dealer role) with its reason: new-shoe, cut-card (R-BJ-SHOE-1), misdeal (pauses the round)',
    body: 'ReasonBody',
    idempotent: true,
  },
  { key: 'GET /history', summary: 'your latest rounds with every step' },
  {
    key: 'GET /rounds/{roundId}',
    path: 'RoundPath',
    summary:
      "recall a round (your own; any for operators); the shoe seed once the shoe is retired. An operator's recall also has the table as the round opened and each command's balance: `croupier verify` replays it",
  },
  {
    key: 'POST /rounds/{roundId}/void',
    path: 'RoundPath',
    summary: 'void the round, every bet returned',
    body: 'ReasonBody',
    operator: true,
    idempotent: true,
  },
  { key: 'GET /wallet', summary: 'your balance and latest ledger entries' },
  {
    key: 'POST /wallet/practice-points',
    summary: `practice packs, and demo accounts on any pack: the house tops your practice points up to ${PRACTICE_FLOAT} table minimum bets while you hold fewer; ledger kind practice-grant. Practice points cannot be withdrawn or converted (R-EU-TABLE-1)`,
    idempotent: true,
  },
  {
    key: 'POST /wallets/{playerId}/credit',
    path: 'WalletPath',
    summary: "credit a player's wallet",
    body: 'CreditBody',
    operator: true,
    idempotent: true,
  },
];
export const ROUTES = ROUTE_DOCS.map((r) => r.key);
/** Routes that change a table: a caller must play at the pack's tables. */
const TABLE_COMMANDS = new Set(ROUTES.filter((r) => /^(POST|DELETE) \/tables\b/.test(r)));
/** Operator actions that move players' money. */
const MONEY_ACTIONS = new Set(['POST /wallets/{playerId}/credit', 'POST /rounds/{roundId}/void']);
const DOC_OF = new Map(ROUTE_DOCS.map((r) => [r.key, r]));
export const PUBLIC_ROUTES = ROUTE_DOCS.filter((r) => r.public).map((r) => r.key);

export interface ApiDeps {
  pack: CompiledPack;
  charts: AiCharts;
  /** The deployed pack's artifact as baked (stored so rounds started under it finish under it after a deploy). */
  artifact?: PackArtifact;
  store: RoundStore;
  /** Epoch milliseconds; tests inject a virtual clock. */
  clock?: () => number;
  /** New shoe seeds: the CSPRNG unless a test injects one. */
  newSeed?: () => Uint8Array;
  logger?: Logger;
  /**
   * The exact RTP of every bet for GET /rules: baked in at build time in AWS, computed on first ask locally; none
   * without.
   */
  rtp?: () => RtpRow[];
  /** The same for every pay-table line: how often it pays and its share of the RTP. */
  lines?: () => PayTableOdds[];
  /** Bet behind's RTP (lambdas/math behindRows): not a row of `rtp`, which lists what `croupier rtp --json` does. */
  behind?: () => RtpRow[];
  /** Told the events of every committed transition (the Lambda entry publishes them as metrics). */
  committed?: GameDeps['committed'];
  /** Operators' credit limits (the stage's in AWS; LOCAL_CREDIT_LIMITS by default). */
  creditLimits?: CreditLimits;
  /** Told of every operator money action that committed (the Lambda entry counts them in metrics). */
  onOperatorMoney?: (action: OperatorMoney) => void;
}

type Result = APIGatewayProxyStructuredResultV2;
type Handler = (event: APIGatewayProxyEventV2) => Promise<Result>;

const ok = (body: unknown, status = 200): Result => jsonResult(status, body);
const betSpec = (b: Omit<Bet, 'round'>): BetSpec => ({
  bet: b.bet,
  amount: b.amount,
  ...(b.seat !== undefined ? { seat: b.seat } : {}),
  ...(b.mode ? { mode: b.mode } : {}),
});
/**
 * A bet names its round: one that arrives once that round's betting closed (the deal came first, or
 * the round already settled and the next one opened) is refused, never carried into another round.
 */
const roundTakesBet =
  (round: string) =>
  (state: TableState): EngineError | null =>
    round === 'next' || round === state.round.id
      ? null
      : {
          code: 'betting-closed',
          message: `round ${round} takes no more bets: the table is on round ${state.round.id} (${state.round.phase}); name that round to bet on it, or "next"`,
        };
const NOT_DEALER_FED: EngineError = {
  code: 'not-dealer-fed',
  message: 'this table deals from the seeded shoe; cards and dealer commands are for a table opened with source dealer',
};
const errorOf = (r: { ok: true } | { ok: false; error: EngineError }): EngineError | null => (r.ok ? null : r.error);

/** Builds a pack's API over a store (DynamoDB table). */
export function createApi(deps: ApiDeps): Handler {
  const clock = deps.clock ?? Date.now;
  const store = deps.store;
  const idempotency = new Idempotency(store.doc, store.tableName, { clock });
  const game = new Game({
    pack: deps.pack,
    charts: deps.charts,
    store,
    idempotency,
    clock,
    newSeed: deps.newSeed ?? cryptoSeed,
    ...(deps.artifact ? { artifact: deps.artifact } : {}),
    ...(deps.committed ? { committed: deps.committed } : {}),
  });
  // The wallets the pack's tables play from, and a demo account's practice wallet at a money pack.
  if (store.wallet.space !== tableSpace(deps.pack))
    throw new Error(
      `${deps.pack.id} plays from ${tableSpace(deps.pack)} wallets, but the store's are ${store.wallet.space}: open it with openStore`,
    );
  const practice =
    store.wallet.space === 'practice' ? store.wallet : new DynamoWallet(store.doc, store.tableName, 'practice');
  const walletOf = (c: Claims) => (callerSpace(deps.pack, c.demo === true) === 'practice' ? practice : store.wallet);
  const creditGuard = new CreditGuard(deps.pack, deps.creditLimits ?? LOCAL_CREDIT_LIMITS, store.doc, store.tableName);
  const router = createRouter(ROUTES);
  const logger = deps.logger ?? new Logger({ serviceName: 'croupier-api', persistentKeys: { pack: deps.pack.id } });
  let rules: unknown;
  let openapi: unknown;

  function claimsOf(event: APIGatewayProxyEventV2): Claims {
    const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Record<string, unknown> } } }).authorizer
      ?.jwt?.claims;
    return readClaims(claims ?? {});
  }
  const actorOf = (c: Claims): Actor => ({
    id: c.sub,
    role: c.role,
    demo: c.demo === true,
    audience: audienceOf(deps.pack, c),
    // `~` starts no `sub`, so a demo account's keys never meet the real account's.
    caller: c.demo ? `~demo~${c.sub}` : c.sub,
  });

  /** A state-changing command's response: the first one for a repeated key. */
  async function command(
    event: APIGatewayProxyEventV2,
    actor: Actor,
    tableId: string,
    cmd: Parameters<Game['command']>[0]['command'],
    extra: Partial<Parameters<Game['command']>[0]> = {},
    done?: (replayed: boolean) => void,
  ): Promise<Result> {
    const key = idempotencyKey(event);
    // Whose seat, hand or bet it is is settled before the engine sees the command (403).
    const own =
      cmd.type !== 'shell' && 'player' in cmd
        ? (state: TableState, ctx: Ctx) => ownershipRefusal(ctx.pack, state, actor.id, cmd)
        : null;
    const check = extra.check;
    const { response, replayed } = await game.command({
      tableId,
      actor,
      command: cmd,
      key,
      fingerprint: `${event.requestContext.http.method} ${event.rawPath} ${event.body ?? ''}`,
      ...extra,
      ...(own || check ? { check: (state, ctx) => own?.(state, ctx) ?? check?.(state, ctx) ?? null } : {}),
    });
    done?.(replayed);
    return ok(response);
  }

  /** A scanned card: idempotent by its scan id (the scanner's own key), at a dealer-fed table only. */
  async function scanCommand(
    actor: Actor,
    tableId: string,
    scanId: string,
    cmd: Extract<Parameters<Game['command']>[0]['command'], { type: 'card' }>,
  ): Promise<Result> {
    const { response } = await game.command({
      tableId,
      actor,
      command: cmd,
      key: `scan:${scanId}`,
      fingerprint: `scan ${tableId} ${cmd.card}`,
      check: (state) => (state.feed ? null : NOT_DEALER_FED),
    });
    return ok(response);
  }

  async function route(event: APIGatewayProxyEventV2): Promise<Result> {
    const method = event.requestContext.http.method;
    const match = router.match(method, event.rawPath);
    if (match.kind === 'not-found') throw new HttpError('not-found', `no route for ${method} ${event.rawPath}`);
    if (match.kind === 'method-not-allowed')
      throw new HttpError('method-not-allowed', `${method} is not allowed on ${event.rawPath}`, {
        allow: match.allowed.join(', '),
      });
    const p = match.pathParameters;
    const pathSchema = DOC_OF.get(match.routeKey)?.path;
    if (pathSchema) checkPath(pathSchema, p);
    switch (match.routeKey) {
      case 'GET /rules':
        return ok((rules ??= publicRules(deps)));
      case 'GET /openapi.json':
        return ok((openapi ??= openApiDocument(deps.pack.id, deps.pack.version, ROUTE_DOCS)));
    }
    const claims = claimsOf(event);
    const actor = actorOf(claims);
    // A demo account's points are never staked at a real-money table, and a demo token moves no money.
    if (claims.role === 'player' && TABLE_COMMANDS.has(match.routeKey)) requirePlaysHere(deps.pack, claims);
    if (claims.demo && MONEY_ACTIONS.has(match.routeKey))
      throw new RuleError({ code: 'demo-account', message: 'a demo token moves no money; sign in without demo' });
    switch (match.routeKey) {
      case 'POST /tables': {
        // A player opens a solo practice table of their own and is its one human; other tables are the operator's.
        const host =
          deps.pack.table.kind === 'solo' && deps.pack.currency.practice && claims.role === 'player'
            ? actor.id
            : undefined;
        if (host === undefined) requireRole(claims, 'operator');
        const body = checkBody('CreateTableBody', jsonBody(event));
        const { response } = await game.createTable(
          body.tableId,
          idempotencyKey(event),
          actor.caller,
          host,
          body.source ?? 'rng',
        );
        return ok(response, (response as { created: boolean }).created ? 201 : 200);
      }
      case 'GET /tables/{tableId}':
        return ok(await game.view(p.tableId!, actor));
      case 'DELETE /tables/{tableId}': {
        requireRole(claims, 'player');
        return command(
          event,
          actor,
          p.tableId!,
          { type: 'end-session' },
          {
            check: (state) =>
              state.host === actor.id
                ? null
                : {
                    code: 'not-your-table',
                    message:
                      state.host === undefined
                        ? 'only a table a player opened ends with their session; an operator pauses this one'
                        : 'only the player who opened this table ends its session',
                  },
            extra: () => [store.releaseOwnTable(actor.id, p.tableId!)],
          },
        );
      }
      case 'POST /tables/{tableId}/bets': {
        requireRole(claims, 'player');
        const body = checkBody('BetBody', jsonBody(event));
        return command(
          event,
          actor,
          p.tableId!,
          { type: 'bet', player: actor.id, ...betSpec(body) },
          { check: roundTakesBet(body.round) },
        );
      }
      case 'POST /tables/{tableId}/bet-slips': {
        requireRole(claims, 'player');
        const { round, bets } = checkBody('BetSlipBody', jsonBody(event));
        return command(
          event,
          actor,
          p.tableId!,
          { type: 'bets', player: actor.id, bets: bets.map(betSpec) },
          { check: roundTakesBet(round) },
        );
      }
      case 'POST /tables/{tableId}/actions': {
        requireRole(claims, 'player');
        const a = checkBody('ActionBody', jsonBody(event));
        return command(event, actor, p.tableId!, {
          type: 'act',
          player: actor.id,
          action: a.action as never,
          ...(a.seat !== undefined ? { seat: a.seat } : {}),
          ...(a.accept !== undefined ? { accept: a.accept } : {}),
          ...(a.round !== undefined ? { round: a.round } : {}),
        });
      }
      case 'POST /tables/{tableId}/deal': {
        const solo = deps.pack.table.kind === 'solo';
        if (claims.role !== 'operator' && !solo)
          throw forbidden(
            'wrong-role',
            'only an operator deals at this table; the deal also starts when betting closes',
          );
        return command(
          event,
          actor,
          p.tableId!,
          { type: 'deal' },
          {
            check: (state) =>
              claims.role === 'operator' || Object.values(state.seats).some((h) => h.owner === actor.id)
                ? null
                : { code: 'not-seated', message: 'only the seated player deals at a solo table' },
          },
        );
      }
      case 'POST /tables/{tableId}/ai': {
        const { level, seat } = checkBody('AiPlayerBody', jsonBody(event));
        const refusal = aiRefusal(deps.pack);
        if (refusal) throw new RuleError(refusal);
        const player = aiName(p.tableId!, seat);
        const caller = { id: actor.id, operator: claims.role === 'operator' };
        return command(
          event,
          actor,
          p.tableId!,
          {
            type: 'shell',
            wallet: player,
            seating: true,
            run: (ctx, state, balance) =>
              seatCheck(ctx, state, caller, level, seat) ??
              errorOf(apply(ctx, state, { type: 'join', player, balance, ai: level }, actor.id)),
          },
          { check: (state, ctx) => seatCheck(ctx, state, caller, level, seat) },
        );
      }
      case 'DELETE /tables/{tableId}/ai/{seat}': {
        const seat = Number(p.seat);
        return command(
          event,
          actor,
          p.tableId!,
          { type: 'shell', run: (_ctx, state) => unseat(state, seat) },
          {
            check: (state) =>
              claims.role === 'operator' || Object.values(state.seats).some((h) => h.owner === actor.id)
                ? null
                : { code: 'not-seated', message: 'only the player at this table takes AI players off' },
          },
        );
      }
      case 'POST /tables/{tableId}/pause':
      case 'POST /tables/{tableId}/resume': {
        requireRole(claims, 'operator');
        const { reason } = checkBody('ReasonBody', jsonBody(event));
        const action = match.routeKey.endsWith('pause') ? 'pause' : 'resume';
        return command(
          event,
          actor,
          p.tableId!,
          { type: action, reason },
          { note: reason, extra: (at) => [store.auditItem(p.tableId!, at, { actor: actor.id, action, reason })] },
        );
      }
      case 'POST /tables/{tableId}/cards':
      case 'POST /tables/{tableId}/burn': {
        requireRole(claims, 'dealer');
        const body = checkBody('CardBody', jsonBody(event));
        const to = match.routeKey.endsWith('burn') ? 'burn' : body.to;
        return scanCommand(actor, p.tableId!, body.scanId, {
          type: 'card',
          card: body.card,
          scanId: body.scanId,
          ...(to ? { to } : {}),
        });
      }
      case 'POST /tables/{tableId}/dealer/{command}': {
        requireRole(claims, 'dealer');
        const { reason } = checkBody('ReasonBody', jsonBody(event));
        const name = p.command as 'new-shoe' | 'cut-card' | 'misdeal';
        const cmd = name === 'misdeal' ? ({ type: name, reason } as const) : ({ type: name } as const);
        return command(event, actor, p.tableId!, cmd, {
          note: reason,
          check: (state) => (state.feed ? null : NOT_DEALER_FED),
        });
      }
      case 'POST /rounds/{roundId}/void': {
        requireRole(claims, 'operator');
        const { reason } = checkBody('ReasonBody', jsonBody(event));
        const { tableId } = await store.round(p.roundId!, []);
        return command(
          event,
          actor,
          tableId,
          { type: 'void', reason },
          {
            note: reason,
            check: (state) =>
              state.round.id === p.roundId
                ? null
                : {
                    code: 'round-finished',
                    message: `round ${p.roundId} is finished; only the current round can be voided`,
                  },
            extra: (at) => [
              store.auditItem(tableId, at, { actor: actor.id, action: 'void', reason, roundId: p.roundId }),
            ],
          },
          (replayed) => {
            if (!replayed) deps.onOperatorMoney?.({ action: 'void' });
          },
        );
      }
      case 'GET /history': {
        if (actor.audience.kind === 'spectator') return ok({ player: actor.id, rounds: [] });
        const limit = Math.min(50, Math.max(1, Number(event.queryStringParameters?.limit ?? 10) || 10));
        const entries = await store.history(actor.id, limit);
        return ok({
          player: actor.id,
          rounds: await Promise.all(entries.map((e) => recallRound(store, deps.pack, e.roundId, actor.audience))),
        });
      }
      case 'GET /rounds/{roundId}':
        return ok(await recallRound(store, deps.pack, p.roundId!, actor.audience));
      case 'GET /wallet': {
        const own = walletOf(claims);
        const wallet = await own.balance(actor.id);
        const ledger = await own.ledger(actor.id, { limit: 20, newestFirst: true });
        return ok({
          player: actor.id,
          wallet: own.space,
          balance: wallet.balance,
          currency: deps.pack.currency,
          ledger,
        });
      }
      case 'POST /wallet/practice-points': {
        requireRole(claims, 'player');
        const pack = deps.pack;
        if (!getsPracticePoints(pack, actor.demo))
          throw new RuleError({
            code: 'not-practice',
            message: `${pack.name} plays for money (${pack.currency.code}); practice points are for practice packs and demo accounts, and only an operator credits a money wallet`,
          });
        const now = clock();
        const points = walletOf(claims);
        const { response } = await idempotency.run(
          { caller: actor.caller, key: idempotencyKey(event), now, fingerprint: 'practice-points' },
          async () => {
            const wallet = await points.balance(actor.id);
            const amount = practiceGrant(pack, wallet.balance);
            if (amount === 0)
              throw new RuleError({
                code: 'practice-points-held',
                message: `you hold ${formatMoney(pack.currency, wallet.balance)}, at least the practice float of ${PRACTICE_FLOAT} minimum bets; points are topped up when you hold fewer`,
              });
            const reason = pack.currency.practice
              ? 'practice points on request'
              : 'play money for a demo account, on request';
            const change = { wallet, amount, kind: 'practice-grant', actor: 'house', reason, at: now };
            return {
              response: { player: actor.id, balance: points.applied(change).balance, granted: amount },
              items: points.changeItems(change),
            };
          },
        );
        return ok(response);
      }
      case 'POST /wallets/{playerId}/credit': {
        requireRole(claims, 'operator');
        const body = checkBody('CreditBody', jsonBody(event));
        creditGuard.checkCall(body.amount);
        const now = clock();
        const { response, replayed } = await idempotency.run(
          { caller: actor.caller, key: idempotencyKey(event), now, fingerprint: `credit ${p.playerId} ${event.body}` },
          async () => {
            const [wallet, day] = await Promise.all([
              store.wallet.balance(p.playerId!),
              creditGuard.dayItem(actor.id, now, body.amount),
            ]);
            const change = {
              wallet,
              amount: body.amount,
              kind: 'operator-credit',
              actor: actor.id,
              reason: body.reason,
              at: now,
            };
            const items = [...store.wallet.changeItems(change), day];
            return { response: { player: p.playerId, balance: store.wallet.applied(change).balance }, items };
          },
        );
        if (!replayed) deps.onOperatorMoney?.({ action: 'credit', amount: body.amount });
        return ok(response);
      }
    }
    throw new HttpError('not-found', `no route for ${method} ${event.rawPath}`);
  }

  return async (event) => {
    const started = Date.now();
    let result: Result;
    try {
      result = await route(event);
    } catch (error) {
      result = errorResult(error, (internal) => logger.error('unhandled error', { error: internal as Error }));
    }
    logger.info('request', {
      method: event.requestContext.http.method,
      path: event.rawPath,
      status: result.statusCode,
      ms: Date.now() - started,
      requestId: event.requestContext.requestId,
    });
    return result;
  };
}

/** The public rules: what the pack says about bets, pay tables, limits and caps, with RTPs and line odds. */
function publicRules({ pack, rtp: rtpOf, lines: linesOf, behind: behindOf }: ApiDeps): unknown {
  const resolved = pack.resolved as { name?: string; spec?: Record<string, unknown> };
  const { shoe, ...spec } = resolved.spec ?? {};
  return {
    id: pack.id,
    name: resolved.name,
    family: pack.family,
    version: pack.version,
    sha256: pack.sha256,
    currency: pack.currency,
    shoe: shoe ? { decks: pack.shoe.decks, reshuffle: pack.shoe.reshuffle } : null,
    rules: spec,
    // The rules as the player's help page states them (lambdas/describe): the web table words them.
    facts: ruleFacts(pack),
    rtp: computed('RTP', rtpOf),
    lines: computed('line odds', linesOf),
    behind: computed('bet-behind RTP', behindOf),
  };
}

/** A provider's answer; null without one, and an error object (not a failed request) when it throws. */
function computed(what: string, provider: (() => unknown) | undefined): unknown {
  try {
    return provider ? provider() : null;
  } catch (error) {
    return { error: `the ${what} could not be computed: ${(error as Error).message}` };
  }
}

// ------------------------------------------------------------------ Lambda entry

let cached: Handler | undefined;

function fromEnvironment(): Handler {
  const artifact = process.env.CROUPIER_PACK_ARTIFACT;
  const tableName = process.env.CROUPIER_TABLE_NAME ?? process.env.TABLE_NAME;
  if (!artifact || !tableName) throw new Error('CROUPIER_PACK_ARTIFACT and CROUPIER_TABLE_NAME must be set');
  const baked = JSON.parse(artifact) as PackArtifact;
  const { pack, charts } = fromArtifact(baked);
  const rtp = process.env.CROUPIER_PACK_RTP;
  const lines = process.env.CROUPIER_PACK_LINES;
  const behind = process.env.CROUPIER_PACK_BEHIND;
  const doc: DocumentClient = createDocumentClient(
    process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {},
  );
  return createApi({
    pack,
    charts,
    artifact: baked,
    store: openStore(doc, tableName, pack),
    creditLimits: creditLimitsFrom(process.env),
    onOperatorMoney: recordOperatorMoney,
    ...(rtp ? { rtp: () => JSON.parse(rtp) as RtpRow[] } : {}),
    ...(lines ? { lines: () => JSON.parse(lines) as PayTableOdds[] } : {}),
    ...(behind ? { behind: () => JSON.parse(behind) as RtpRow[] } : {}),
    committed: recordPlay,
  });
}

export async function handler(event: APIGatewayProxyEventV2): Promise<Result> {
  try {
    cached ??= fromEnvironment();
  } catch (error) {
    return errorResult(error, (e) =>
      console.error(
        JSON.stringify({ level: 'ERROR', message: 'cold start failed', error: String(e), id: randomUUID() }),
      ),
    );
  }
  const started = Date.now();
  const result = await cached(event);
  recordRequest(result.statusCode ?? 200, Date.now() - started);
  return result;
}
