// Owns the shell around the interpreter: load a table's state, apply what the clock says is due,
// apply one command, save the change (one transaction with the wallet and ledger, or a staged
// transition in pages), all inside the reload-and-re-apply loop. Handlers call this; it never
// reaches shoe injection (new shoes come from `newSeed`, a CSPRNG in live play).
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Role } from '../auth/index.ts';
import {
  apply,
  type BetRecord,
  type Command,
  type Ctx,
  createTable,
  type EngineError,
  type EngineEvent,
  type TableState,
} from '../engine/index.ts';
import type { PackArtifact } from '../pack/artifact.ts';
import type { AiCharts } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { type Audience, projectOutcome, projectTable } from '../projection/index.ts';
import {
  ConflictError,
  commit,
  type Idempotency,
  type Lease,
  type Loaded,
  MAX_TRANSACTION_ITEMS,
  PackArtifacts,
  type Plan,
  type RoundStore,
  retryOnConflict,
  type StepInput,
  StoreError,
  splitState,
  type TransactItem,
  walletVersionsAfter,
} from '../store/index.ts';
import { aiPlayers, isAi, placeAiBets, topUp } from './ai-seats.ts';
import { PackShelf, type RunningPack } from './packs.ts';

/** A command the rules refuse now: data from the engine, mapped to a status by lambdas/http. */
export class RuleError extends Error {
  readonly code: string;
  constructor(error: EngineError) {
    super(error.message);
    this.code = error.code;
    this.name = 'RuleError';
  }
}

export interface GameDeps {
  pack: CompiledPack;
  charts: AiCharts;
  store: RoundStore;
  idempotency: Idempotency;
  clock: () => number;
  newSeed: () => Uint8Array;
  /** The deployed pack's artifact as baked (built from `pack` and `charts` when not given). */
  artifact?: PackArtifact;
  /** Told the events of every transition once it is committed (the Lambda entries' metrics). */
  committed?: (events: readonly EngineEvent[]) => void;
}

/** What a caller wants loaded: every player of the round or the listed ones, and wallets besides. */
export interface LoadShape {
  who: readonly string[] | 'all';
  also?: readonly string[];
}

export interface Actor {
  id: string;
  role: Role;
  demo: boolean;
  /** What the caller may see of a table and its rounds (lambdas/projection). */
  audience: Audience;
  /** Whose Idempotency-Keys these are: a demo account's are apart from the real account's of the same `sub`. */
  caller: string;
}

/**
 * A change the shell makes to the table without an engine command (seating and unseating AI
 * players): `run` changes the state or says why not. `wallet` is the wallet it needs loaded;
 * `seating` tops that wallet up to the AI float first (ai-seats.ts).
 */
export interface ShellChange {
  type: 'shell';
  wallet?: string;
  seating?: boolean;
  run: (ctx: Ctx, state: TableState, balance: number) => EngineError | null;
}

export interface CommandRequest {
  tableId: string;
  actor: Actor;
  command: Command | ShellChange;
  /** Idempotency: (caller, key) and what was asked. */
  key: string;
  fingerprint: string;
  /** Recorded with the step (operator actions: the reason). */
  note?: string;
  /** Extra writes committed with the command (an operator action's audit entry). */
  extra?: (at: number) => TransactItem[];
  /** Whether the command is refused on the state as loaded (a player's deal on a solo table needs a seat). */
  check?: (state: TableState, ctx: Ctx) => EngineError | null;
}

export interface Outcome {
  state: TableState;
  events: EngineEvent[];
  /** The versions the command's writes leave the loaded wallets at. */
  wallets: Record<string, number>;
}

export interface CommandResult {
  response: Outcome | unknown;
  replayed: boolean;
  outcome?: Outcome;
}

/** A name no JWT `sub` can have (at most 128 characters): stands for everyone not loaded. */
const OTHERS = '~others~'.repeat(20);

/** Practice tables one player may open: each keeps its rounds and shoes, so a player cannot add them without end. */
export const OWN_TABLES_PER_PLAYER = 3;

export class Game {
  /** Tables whose players are unbounded: a player's command loads and writes only their own item. */
  readonly perPlayer: boolean;
  /** The deployed pack and the earlier ones rounds in play started under. */
  readonly packs: PackShelf;

  constructor(readonly deps: GameDeps) {
    this.perPlayer = deps.pack.table.playersApart;
    this.packs = new PackShelf(
      { pack: deps.pack, charts: deps.charts },
      new PackArtifacts(deps.store.doc, deps.store.tableName),
      deps.artifact,
    );
  }

  /** A context under the deployed pack (tables and rounds that open now). */
  ctx(now: number): Ctx {
    return this.ctxOf(this.packs.current, now);
  }

  ctxOf(running: RunningPack, now: number): Ctx {
    return { pack: running.pack, charts: running.charts, env: { now, newSeed: this.deps.newSeed }, events: [] };
  }

  /** The pack a loaded state's round runs under: the one it started with (R: a round finishes under its version). */
  running(state: TableState): Promise<RunningPack> {
    return this.packs.forSha(state.packSha256);
  }

  /**
   * `host`: a solo table opened by a player, who is then the only human who may play at it.
   * `source`: where its cards come from, as the pack allows (R-LD-SOURCE-1).
   */
  async createTable(
    tableId: string,
    key: string,
    caller: string,
    host?: string,
    source: 'rng' | 'dealer' = 'rng',
  ): Promise<{ response: unknown; replayed: boolean }> {
    const now = this.deps.clock();
    const pack = this.deps.pack;
    if (!pack.cardSources.includes(source))
      throw new RuleError({
        code: 'source-not-allowed',
        message: `${pack.name} tables take their cards from ${pack.cardSources.join(' or ')} (spec.shoe.sources), not ${source}`,
      });
    return this.deps.idempotency.run({ caller, key, now, fingerprint: `create ${tableId} ${source}` }, async () => {
      await this.packs.storeCurrent(now);
      const state = createTable(this.ctx(now), tableId, { host, cardSource: source });
      try {
        await this.deps.store.createTable(state, now, OWN_TABLES_PER_PLAYER);
      } catch (error) {
        // Opening your own solo table again is not an error: it is there (created: false).
        if (!(error instanceof StoreError && error.code === 'table-exists' && host !== undefined)) throw error;
        const existing = await this.deps.store.tableItem(tableId);
        if (existing.core.host !== host)
          throw new StoreError(
            'table-exists',
            `table ${tableId} already exists and is not yours; open a table under another id`,
          );
        if (existing.core.ended)
          throw new StoreError(
            'table-exists',
            `your session at table ${tableId} has ended; open a table under another id`,
          );
        return { response: { tableId, roundId: existing.currentRoundId, created: false } };
      }
      return { response: { tableId, roundId: state.round.id, created: true } };
    });
  }

  /**
   * Applies whatever is due at the clock's now: a pending staged transition, the next round after
   * settlement, expired windows (auto-play). Each is its own commit, guarded by versions. Returns
   * the table loaded as `want` says once nothing more is due (the table item read to look for a
   * pending transition is the one the load goes on from), for the caller's first attempt.
   */
  async maintain(tableId: string, want: LoadShape = { who: [] }): Promise<Loaded> {
    const store = this.deps.store;
    for (let guard = 0; ; guard++) {
      const now = this.deps.clock();
      const head = await retryOnConflict(async (): Promise<Loaded | null> => {
        const { table, loaded: head } = await store.read(tableId, want.who, now, { also: want.also ?? [] });
        if (!head) {
          await store.applyPending(tableId, table);
          return null;
        }
        if (guard >= 20) return head;
        const round = head.state.round;
        if (round.phase === 'settled' || round.phase === 'void') {
          if (head.state.paused || head.state.ended) return head;
          await this.packs.storeCurrent(now);
          // The next round opens from the table alone (no player items), under the deployed pack (the
          // engine moves the table to it, on a new shoe).
          await this.transition(
            store.bare(head),
            now,
            'system',
            (ctx, state) => apply(ctx, state, { type: 'next-round' }, 'system'),
            this.packs.current,
          );
          return null;
        }
        if (round.deadline === null || now < round.deadline) return head;
        const loaded = head.full ? head : await store.loadFrom(table, 'all', now);
        if (
          await this.transition(
            loaded,
            now,
            'system',
            (ctx, state) => tickOnce(ctx, state),
            await this.running(loaded.state),
          )
        )
          return null;
        // Nothing changed, but the transition may have worked on the loaded state: load afresh.
        return store.load(tableId, want.who, now, { also: want.also ?? [] });
      });
      if (head) return head;
    }
  }

  /**
   * One transition not tied to a request's idempotency key (maintenance): apply, plan, commit,
   * staged when too big. Returns whether anything changed.
   */
  private async transition(
    loaded: Loaded,
    now: number,
    actor: string,
    run: (ctx: Ctx, state: TableState) => { ok: boolean },
    running: RunningPack,
  ): Promise<boolean> {
    const before = JSON.stringify(loaded.state);
    const roundBefore = loaded.state.round;
    const ctx = this.ctxOf(running, now);
    const r = run(ctx, loaded.state);
    if (!r.ok || JSON.stringify(loaded.state) === before) return false;
    const step = stepOf(now, actor, roundBefore, ctx);
    const plan = this.deps.store.plan(loaded, loaded.state, { step });
    if (plan.kind === 'single') {
      await commit(this.deps.store.doc, plan.items);
      this.deps.committed?.(step.events);
      return true;
    }
    const staged = await this.staged(loaded, now, run, actor, undefined, running);
    try {
      await commit(this.deps.store.doc, staged.items);
    } finally {
      staged.lease.stop();
    }
    this.deps.committed?.(staged.events);
    await this.deps.store.applyPending(loaded.state.tableId);
    return true;
  }

  /** Lock, reload everyone, re-apply, journal: the items of the commit point. */
  private async staged(
    loaded: Loaded,
    now: number,
    run: (ctx: Ctx, state: TableState) => { ok: boolean; error?: EngineError },
    actor: string,
    note: string | undefined,
    running: RunningPack,
  ): Promise<{
    items: TransactItem[];
    state: TableState;
    events: EngineEvent[];
    wallets: Loaded['wallets'];
    lease: Lease;
  }> {
    const store = this.deps.store;
    const tableId = loaded.state.tableId;
    const lockId = await store.lock(loaded, now);
    // Held until the caller commits (then stopped): a holder that dies frees the table within a lease.
    const lease = store.holdLock(tableId, lockId, this.deps.clock);
    try {
      const fresh = await store.load(tableId, 'all', now, { ownLock: lockId, also: Object.keys(loaded.wallets) });
      if (fresh.table.lockId !== lockId) throw new ConflictError('the table lock was taken over');
      // The lock was taken at the loaded version, so the fresh round is the one `running` belongs to.
      const ctx = this.ctxOf(running, now);
      const roundBefore = fresh.state.round;
      const r = run(ctx, fresh.state);
      if (!r.ok) throw new RuleError(r.error ?? { code: 'refused', message: 'refused' });
      const step = stepOf(now, actor, roundBefore, ctx, note);
      const items = await store.stage(fresh, fresh.state, step, lockId);
      return { items, state: fresh.state, events: step.events, wallets: fresh.wallets, lease };
    } catch (error) {
      lease.stop();
      throw error;
    }
  }

  /**
   * A request's command, once per idempotency key. The common case reads once and writes once
   * (`optimistic`); whatever that leaves is done by `claimed`.
   */
  async command(req: CommandRequest): Promise<CommandResult> {
    return (await this.optimistic(req)) ?? this.claimed(req);
  }

  /**
   * A command in one read and one write: the table, its round, the player's items, the wallets and
   * the request's idempotency record in one batch read; the next round opened in memory when the
   * last one is over, then the command; its writes and its answer in one transaction, which
   * commits only while the key is still free (of two attempts racing with one key, one commits and
   * the other finds its answer on its next read). Null when it needs more: a deadline passed, a
   * transition too big for one transaction, AI wallets to top up, a table or key another request
   * holds. Nothing is written before the transaction, so `claimed` can take over from anywhere.
   */
  private async optimistic(req: CommandRequest): Promise<CommandResult | null> {
    const cmd = req.command;
    if (cmd.type === 'shell') return null;
    const { store, idempotency } = this.deps;
    const player = 'player' in cmd ? cmd.player : null;
    const full = !this.perPlayer || player === null;
    // A command on every player of an unbounded round (a deal, a void) is a staged transition.
    if (full && this.perPlayer) return null;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const now = this.deps.clock();
      const request = { caller: req.actor.caller, key: req.key, now, fingerprint: req.fingerprint };
      const record = idempotency.keyOf(request);
      let read: Awaited<ReturnType<RoundStore['read']>>;
      try {
        read = await store.read(req.tableId, full ? 'all' : [player!], now, {
          also: player ? [player] : [],
          extra: [record],
        });
      } catch (error) {
        if (error instanceof ConflictError) return null;
        throw error;
      }
      const found = idempotency.judge<unknown>(request, read.extra(record));
      if (found.kind === 'replay') {
        // The first attempt's staged transition may have died before all its pages were applied.
        if (read.table.pending) await retryOnConflict(() => store.applyPending(req.tableId));
        return { response: found.response, replayed: true };
      }
      if (found.kind === 'busy' || !read.loaded) return null;
      let loaded = read.loaded;
      const over = loaded.state.round.phase === 'settled' || loaded.state.round.phase === 'void';
      if (!over && loaded.state.round.deadline !== null && now >= loaded.state.round.deadline) return null;
      // The next round opens lazily, with the first command after the last one ended, in its transaction.
      let opening: StepInput | undefined;
      if (over && !loaded.state.paused && !loaded.state.ended) {
        await this.packs.storeCurrent(now);
        loaded = store.bare(loaded);
        const ctx = this.ctxOf(this.packs.current, now);
        const before = loaded.state.round;
        if (!apply(ctx, loaded.state, { type: 'next-round' }, 'system').ok) return null;
        opening = stepOf(now, 'system', before, ctx);
      }
      const applied = await this.applyCommand(loaded, req, now, full, player);
      if (applied.kind !== 'applied') return null;
      const { step, running } = applied;
      const plan = store.plan(loaded, loaded.state, { step, opening, own: full ? undefined : req.actor.id });
      const extra = req.extra?.(now) ?? [];
      if (plan.kind !== 'single' || plan.items.length + extra.length >= MAX_TRANSACTION_ITEMS - 1) return null;
      const events = [...(opening?.events ?? []), ...step.events];
      const outcome: Outcome = { state: loaded.state, events, wallets: walletVersionsAfter(loaded.wallets, events) };
      const response = this.respond(outcome, req.actor.audience, running);
      try {
        await commit(store.doc, [...plan.items, ...extra, idempotency.firstCompletionItem(request, response)]);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        // Someone wrote first (maybe this very request, retried): read again.
        await delay(Math.random() * 10 * 2 ** attempt);
        continue;
      }
      this.deps.committed?.(outcome.events);
      return { response, replayed: false, outcome };
    }
    return null;
  }

  /**
   * A command under a claim of its idempotency key: maintenance first, then the command on a fresh
   * load; on a version conflict everything is reloaded and re-applied, and the command is refused
   * only if the rules refuse it on the state as it now is.
   */
  private async claimed(req: CommandRequest): Promise<CommandResult> {
    const { store, idempotency } = this.deps;
    let outcome: Outcome | undefined;
    let stagedCommitted = false;
    // The table lock of a staged command, held until its commit (with the idempotency record) is done.
    let lease: Lease | undefined;
    const cmd = req.command;
    const player = cmd.type !== 'shell' && 'player' in cmd ? cmd.player : null;
    const walletOf = cmd.type === 'shell' ? (cmd.wallet ?? null) : player;
    let full = !this.perPlayer || player === null;
    const shape = (): LoadShape => ({ who: full ? 'all' : [player!], also: walletOf ? [walletOf] : [] });
    // Maintenance, which ends with the load the command starts from, runs alongside the claim of
    // the key (it changes nothing the request asked for). Every later attempt maintains and loads again.
    const maintained = this.maintain(req.tableId, shape());
    maintained.catch(() => undefined);
    let first: Promise<Loaded> | undefined = maintained;
    const plan = async (): Promise<Plan<unknown>> => {
      const started = first;
      first = undefined;
      let head: Loaded | undefined = await (started ?? this.maintain(req.tableId, shape()));
      const now = this.deps.clock();
      for (;;) {
        const want = shape();
        const loaded = head ?? (await store.load(req.tableId, want.who, now, { also: want.also }));
        head = undefined;
        const balance = walletOf ? (loaded.wallets[walletOf]?.balance ?? 0) : 0;
        const partial = !full;
        const run = (ctx: Ctx, state: TableState) => this.run(ctx, state, req, partial, balance);
        const applied = await this.applyCommand(loaded, req, now, full, walletOf);
        if (applied.kind === 'float') {
          // AI wallets are topped up from the house (their own commit, conditioned on the wallet's
          // version), then everything is reloaded.
          await commit(store.doc, applied.items);
          continue;
        }
        if (applied.kind === 'shared') {
          full = true;
          continue;
        }
        const { step, running } = applied;
        const plan = store.plan(loaded, loaded.state, { step, own: full ? undefined : req.actor.id });
        const extra = req.extra?.(now) ?? [];
        if (plan.kind === 'single' && plan.items.length + extra.length < 99) {
          outcome = {
            state: loaded.state,
            events: step.events,
            wallets: walletVersionsAfter(loaded.wallets, step.events),
          };
          return { response: this.respond(outcome, req.actor.audience, running), items: [...plan.items, ...extra] };
        }
        lease?.stop();
        const staged = await this.staged(loaded, now, run, req.actor.id, req.note, running);
        lease = staged.lease;
        // Its journal's wallet writes come after the answer: on wallets nothing else wrote meanwhile.
        outcome = {
          state: staged.state,
          events: staged.events,
          wallets: walletVersionsAfter(staged.wallets, staged.events),
        };
        stagedCommitted = true;
        return { response: this.respond(outcome, req.actor.audience, running), items: [...staged.items, ...extra] };
      }
    };
    let result: { response: unknown; replayed: boolean };
    try {
      result = await idempotency.run(
        { caller: req.actor.caller, key: req.key, now: this.deps.clock(), fingerprint: req.fingerprint },
        plan,
      );
    } finally {
      lease?.stop();
      // Never left running past the response (a replayed or refused key does not wait for it otherwise).
      await maintained.catch(() => undefined);
    }
    if (outcome && !result.replayed) this.deps.committed?.(outcome.events);
    if (stagedCommitted || result.replayed) await retryOnConflict(() => store.applyPending(req.tableId));
    return { ...result, outcome };
  }

  /**
   * The request's command on a loaded state, as both paths run it: its check, the AI wallets it needs
   * topped up first (`float`), the command, and whether it changed what everyone shares (`shared`: a
   * player's own command must not, beyond the stream, so the whole round is loaded and it runs again).
   */
  private async applyCommand(
    loaded: Loaded,
    req: CommandRequest,
    now: number,
    full: boolean,
    walletOf: string | null,
  ): Promise<
    | { kind: 'float'; items: TransactItem[] }
    | { kind: 'shared' }
    | { kind: 'applied'; step: StepInput; running: RunningPack }
  > {
    const running = await this.running(loaded.state);
    const ctx = this.ctxOf(running, now);
    const refused = req.check?.(loaded.state, ctx);
    if (refused) throw new RuleError(refused);
    const float = this.aiFloat(loaded, req, ctx, now);
    if (float.length) return { kind: 'float', items: float };
    const roundBefore = loaded.state.round;
    const sharedBefore = full ? '' : sharedJson(loaded.state);
    const balance = walletOf ? (loaded.wallets[walletOf]?.balance ?? 0) : 0;
    const r = this.run(ctx, loaded.state, req, !full, balance);
    if (!r.ok) throw new RuleError(r.error);
    if (!full && sharedJson(loaded.state) !== sharedBefore) return { kind: 'shared' };
    return { kind: 'applied', running, step: stepOf(now, req.actor.id, roundBefore, ctx, req.note) };
  }

  /** The house's top-ups of the AI wallets this command needs (a deal, or seating an AI player). */
  private aiFloat(loaded: Loaded, req: CommandRequest, ctx: Ctx, now: number): TransactItem[] {
    const cmd = req.command;
    const names =
      cmd.type === 'deal'
        ? aiPlayers(loaded.state)
        : cmd.type === 'shell' && cmd.seating && cmd.wallet
          ? [cmd.wallet]
          : [];
    const items: TransactItem[] = [];
    for (const name of names) {
      const wallet = loaded.wallets[name] ?? { playerId: name, balance: 0, version: 0 };
      const amount = topUp(ctx.pack, wallet.balance, cmd.type === 'shell');
      if (amount > 0)
        items.push(
          ...this.deps.store.wallet.changeItems({
            wallet,
            amount,
            kind: 'house-float',
            actor: 'house',
            reason: 'AI player float (practice points)',
            ref: req.tableId,
            at: now,
          }),
        );
    }
    return items;
  }

  /** The actor joins on first contact (with their wallet balance), then the command runs. */
  private run(
    ctx: Ctx,
    state: TableState,
    req: CommandRequest,
    partial: boolean,
    balance: number,
  ): { ok: true } | { ok: false; error: EngineError } {
    const cmd = req.command;
    const refusal = req.check?.(state, ctx);
    if (refusal) return { ok: false, error: refusal };
    if (cmd.type === 'shell') {
      const error = cmd.run(ctx, state, balance);
      return error ? { ok: false, error } : { ok: true };
    }
    // AI players bet the table minimum when the human deals (engine commands, logged with the round).
    if (cmd.type === 'deal' && state.round.bets.some((b) => b.status === 'open' && !isAi(b.player)))
      placeAiBets(ctx, state);
    if ('player' in cmd && !state.players[cmd.player] && cmd.type !== 'join') {
      const r = apply(ctx, state, { type: 'join', player: cmd.player, balance, demo: req.actor.demo }, cmd.player);
      if (!r.ok) return r;
    }
    if ('player' in cmd && !state.players[cmd.player].demo && req.actor.demo && req.actor.id === cmd.player)
      state.players[cmd.player].demo = true;
    const shared = state.round.nextBetId;
    if (this.perPlayer && (cmd.type === 'bet' || cmd.type === 'bets'))
      state.round.nextBetId = betIdFor(cmd.player, state.round.bets);
    if (partial) addOthers(ctx, state);
    const r = apply(ctx, state, cmd, req.actor.id);
    if (partial) removeOthers(state);
    if (this.perPlayer && (cmd.type === 'bet' || cmd.type === 'bets')) state.round.nextBetId = shared;
    return r.ok ? { ok: true } : r;
  }

  /** What a caller gets back: the table after the command and its events, as the caller's audience may see them. */
  respond(outcome: Outcome, audience: Audience, running: RunningPack): unknown {
    const ctx = this.ctxOf(running, this.deps.clock());
    return projectOutcome(ctx, outcome.state, outcome.events, audience, outcome.wallets);
  }

  /** A table's view for the caller's audience, after applying what is due; a player's own wallet is read with it. */
  async view(tableId: string, actor: Actor): Promise<unknown> {
    const audience = actor.audience;
    const player = audience.kind === 'player' ? audience.player : null;
    const loaded = await this.maintain(tableId, {
      who: player === null || !this.perPlayer ? 'all' : [player],
      also: player === null ? [] : [player],
    });
    const state = loaded.state;
    if (player !== null && !state.players[player])
      state.players[player] = { balance: loaded.wallets[player]?.balance ?? 0, demo: actor.demo, ai: null };
    const wallets = walletVersionsAfter(loaded.wallets, []);
    return projectTable(this.ctxOf(await this.running(state), this.deps.clock()), state, audience, wallets);
  }
}

/**
 * One application of due deadlines, never past the end of a round (the next round is its own
 * transition, so a finished round is saved as it finished): an expired window times out; a
 * betting countdown with no bets starts again (the engine's tick).
 */
export function tickOnce(ctx: Ctx, state: TableState): { ok: boolean } {
  for (let guard = 0; guard < 50; guard++) {
    const round = state.round;
    if (round.phase === 'settled' || round.phase === 'void') break;
    if (round.deadline === null || ctx.env.now < round.deadline) break;
    if (round.phase === 'betting' && (state.paused || !round.bets.length)) {
      apply(ctx, state, { type: 'tick' }, 'system');
      break;
    }
    const r = apply(ctx, state, { type: 'timeout' }, 'system');
    if (!r.ok) return r;
  }
  return { ok: true };
}

/** The shared part of a state, minus what a player's own command may change (the stream, the shoe). */
/** One step of a round's journal: what ran, by whom, on which log, with which events. */
function stepOf(at: number, actor: string, roundBefore: { log: StepInput['log'] }, ctx: Ctx, note?: string): StepInput {
  return { at, actor, log: roundBefore.log, events: ctx.events ?? [], note };
}

function sharedJson(state: TableState): string {
  const sp = splitState(state, state.retiredShoes.length);
  const { nextBetId: _n, common, ...round } = sp.round;
  return JSON.stringify({ core: sp.core, round, common: common?.cards ?? null });
}

/**
 * Bet ids without a shared counter on tables with unbounded players: each player's ids start at a
 * base derived from their name (40 bits of SHA-256; a collision among thousands of players has a
 * probability of about 1e-6 and would only make two bets share a display id).
 */
function betIdFor(player: string, bets: readonly BetRecord[]): number {
  const own = bets.filter((b) => b.player === player).map((b) => b.id);
  if (own.length) return Math.max(...own) + 1;
  return parseInt(createHash('sha256').update(player).digest('hex').slice(0, 10), 16) * 1000 + 1;
}

/**
 * Stands for every player not loaded, so the interpreter does not close a window everyone shares
 * when the loaded player finishes: an unanswered insurable main bet and an unfinished hand.
 */
function addOthers(ctx: Ctx, state: TableState): void {
  const round = state.round;
  if (!round.common || (round.phase !== 'insurance' && round.phase !== 'turns')) return;
  const main = ctx.pack.bets.find((b) => b.type === 'hand');
  if (!main) return;
  state.players[OTHERS] = { balance: 0, demo: false, ai: null };
  round.bets.push({
    id: 0,
    player: OTHERS,
    key: main.key,
    name: main.name,
    mode: main.mode as BetRecord['mode'],
    type: 'hand',
    seat: null,
    amount: 2,
    staked: 2,
    status: 'open',
    returned: 0,
    line: null,
  });
  round.common.players[OTHERS] = {
    hands: [
      {
        cards: [...round.common.cards],
        stake: 2,
        doubled: false,
        fromSplit: false,
        splitAces: false,
        acted: true,
        done: false,
        surrendered: false,
      },
    ],
    active: 0,
    draws: Number.MAX_SAFE_INTEGER,
    preselect: null,
  };
}

function removeOthers(state: TableState): void {
  delete state.players[OTHERS];
  state.round.bets = state.round.bets.filter((b) => b.player !== OTHERS);
  if (state.round.common) delete state.round.common.players[OTHERS];
}
