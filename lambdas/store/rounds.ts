// Owns persisting tables, rounds, shoes, round steps and player history (item shapes: ./keys.ts,
// how a state is cut into items: ./split.ts). The handler's shell loads a TableState, lets the
// interpreter change it, and asks this module for the writes of the change:
//
// - Every item written carries a version condition; items a command read but did not change are
//   ConditionChecked, so a command commits only against exactly the state it computed from.
// - A player's own command on a table with unbounded players (common draw, Andar Bahar) loads
//   the table, the round and that player's item only, and writes only its own item: players do
//   not contend on one version (a common-draw hit that deals a new stream card also writes the
//   round: at most a few times a round). Commands that concern everyone (deal, timeouts,
//   settlement, void) load every player item.
// - A change too big for one transaction (100 items: a deal or settlement of thousands of
//   players) is staged: the table is locked (a version bump that stops players' commits), the
//   per-player results are written as a journal, one transaction commits the shared part with a
//   `pending` marker, and the journal is applied in pages of ≤ 99 items, each player's item
//   conditioned on `appliedTx < tx` together with their wallet change and ledger entry. A
//   process dying halfway leaves `pending`; the next request (or the sweep) applies the rest,
//   and the condition settles every player exactly once. The lock is a lease (./lease.ts) its
//   holder renews until the commit point: a process that dies holding it stops the table for
//   seconds, and its late writes fail (they are conditioned on its lock id).
// - The shoe item (seed) is read only to play; views and recall never get it from here except
//   `retiredShoe`, which answers only for a retired shoe.

import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand,
  type BatchGetCommandInput,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ShoeState } from '../core/shoe.ts';
import type { EngineEvent, RoundLogEntry, TableState } from '../engine/index.ts';
import type { DocumentClient } from './client.ts';
import { commit, MAX_TRANSACTION_ITEMS, type TransactItem } from './commit.ts';
import { ConflictError, StoreError } from './errors.ts';
import { keys, partitions, prefixes } from './keys.ts';
import { LEASE_MS, type Lease, renewing } from './lease.ts';
import { queryItems } from './query.ts';
import { retryOnConflict } from './retry.ts';
import { assembleState, type PlayerPart, partOf, type RoundShared, splitState, type TableCore } from './split.ts';
import type { DynamoWallet, WalletState } from './wallet.ts';

/** A transition committed in one go must leave room for the idempotency record. */
const SINGLE_LIMIT = MAX_TRANSACTION_ITEMS - 1;
/** Journal entries applied per transaction: player item + wallet + ledger = 3 items each. */
const PAGE_PLAYERS = 33;
const CHUNK_CHARS = 300_000;

export interface Pending {
  tx: number;
  roundId: string;
  chunks: number;
}

export interface TableItem {
  core: TableCore;
  version: number;
  currentRoundId: string;
  currentShoeId: string | null;
  lockId?: string;
  lockedUntil?: number;
  pending?: Pending;
}

export interface Loaded {
  state: TableState;
  /** Every player item of the round was loaded (or only the listed players'). */
  full: boolean;
  table: TableItem;
  roundVersion: number;
  shoeVersion: number;
  players: Record<string, { version: number; appliedTx: number; json: string }>;
  wallets: Record<string, WalletState>;
  json: { core: string; round: string; shoe: string };
}

export interface LoadOptions {
  /** Wallets to load besides the players'. */
  also?: readonly string[];
  /** The lock this caller holds (a staged transition's reload). */
  ownLock?: string;
}

interface PlayerItem {
  version: number;
  appliedTx: number;
  data: string;
}

const playerItem = (item: Record<string, unknown>): PlayerItem => ({
  version: item.version as number,
  appliedTx: (item.appliedTx as number) ?? 0,
  data: item.data as string,
});

/** What a load read besides the table item, and where the table item pointed when it was read. */
interface Fetched {
  roundId: string;
  shoeId: string | null;
  round: Record<string, unknown> | undefined;
  shoe: Record<string, unknown> | undefined;
  parts: Record<string, PlayerItem>;
  wallets: Record<string, WalletState>;
}

/** Tables whose pointers a process keeps as hints (a Lambda instance serves a few). */
const MAX_HINTS = 1000;

const walletOf = (playerId: string, item: Record<string, unknown> | undefined): WalletState =>
  item
    ? { playerId: item.playerId as string, balance: item.balance as number, version: item.version as number }
    : { playerId, balance: 0, version: 0 };

export interface StepInput {
  at: number;
  actor: string;
  /** The log entries and events this transition added (the engine's `ctx.events`). */
  log: RoundLogEntry[];
  events: EngineEvent[];
  /** Recorded with the step: an operator's reason, a request id. */
  note?: string;
}

export interface Step {
  at: number;
  actor: string;
  log: RoundLogEntry[];
  events: EngineEvent[];
  note?: string;
}

export interface HistoryEntry {
  roundId: string;
  tableId: string;
  openedAt: number;
}

/** The pack a round ran under, as its round item names it. */
export interface RoundPack {
  id: string;
  version: string;
  sha256: string;
}

export type WritePlan = { kind: 'single'; items: TransactItem[] } | { kind: 'staged' };

const json = (value: unknown) => JSON.stringify(value);
const parse = <T>(text: string): T => JSON.parse(text) as T;

function chunked<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** A player's net wallet change in one transition; refunded when a bet of theirs was handed back. */
interface WalletDelta {
  amount: number;
  refunded: boolean;
  reasons: string[];
}

/** Net wallet change per player from the transition's wallet events (the engine's typed movements). */
export function walletDeltas(events: readonly EngineEvent[]): Map<string, WalletDelta> {
  const out = new Map<string, WalletDelta>();
  for (const e of events) {
    if (e.type !== 'wallet') continue;
    const d = out.get(e.player) ?? { amount: 0, refunded: false, reasons: [] };
    d.amount += e.delta;
    if (e.kind === 'refund' || e.kind === 'void-refund') d.refunded = true;
    if (!d.reasons.includes(e.reason)) d.reasons.push(e.reason);
    out.set(e.player, d);
  }
  return out;
}

/** The ledger entry's label, from the movements' kinds: never from their reason text. */
const ledgerKind = (d: { amount: number; refunded?: boolean }) =>
  d.amount < 0 ? 'bet' : d.refunded ? 'refund' : 'payout';

export class RoundStore {
  constructor(
    readonly doc: DocumentClient,
    readonly tableName: string,
    readonly wallet: DynamoWallet,
  ) {}

  /** Per table, the table item as last read or written here: where a warm load looks first. */
  private readonly hints = new Map<string, TableItem>();

  // ---------------------------------------------------------------- creating

  /**
   * Writes a new table. A table a player opens (`state.host`) is added to their own tables in the
   * same transaction, refused when they already have `maxPerHost`, and left out of the table index:
   * the sweep never reads it, and the player's next request applies whatever came due.
   */
  async createTable(state: TableState, at: number, maxPerHost = Number.MAX_SAFE_INTEGER): Promise<void> {
    const sp = splitState(state, 0);
    const host = state.host;
    const items: TransactItem[] = [
      this.put(
        {
          ...keys.table(state.tableId),
          type: 'table',
          tableId: state.tableId,
          version: 1,
          core: json(sp.core),
          currentRoundId: state.round.id,
          currentShoeId: state.shoe?.id ?? null,
        },
        'attribute_not_exists(PK)',
      ),
      this.roundPut(sp.core, state.round.id, sp.round, 1, 'attribute_not_exists(PK)'),
      this.stepPut(state.round.id, { at, actor: 'system', log: sp.log, events: sp.events }),
    ];
    if (host === undefined)
      items.push(
        this.put(
          { ...keys.tableIndexEntry(state.tableId), type: 'table-index', tableId: state.tableId, createdAt: at },
          'attribute_not_exists(PK)',
        ),
      );
    if (sp.shoe) items.push(this.shoePut(sp.shoe, 1, 'attribute_not_exists(PK)'));
    if (host !== undefined)
      items.push({
        Update: {
          TableName: this.tableName,
          Key: keys.playerTables(host),
          UpdateExpression: 'ADD tables :table',
          ConditionExpression: 'attribute_not_exists(tables) OR size(tables) < :max',
          ExpressionAttributeValues: { ':table': new Set([state.tableId]), ':max': maxPerHost },
        },
      });
    try {
      await commit(this.doc, items);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      if (host !== undefined && error.failedItems.length === 1 && error.failedItems[0] === items.length - 1) {
        const own = [...(await this.ownTables(host))].sort();
        throw new StoreError(
          'table-limit',
          `you have opened ${own.length} tables of your own (${own.join(', ')}), the most a player may; play at one of them`,
        );
      }
      throw new StoreError('table-exists', `table ${state.tableId} already exists`);
    }
  }

  /** Takes a table off the tables a player opened (their session there ended): it counts no more. */
  releaseOwnTable(player: string, tableId: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.playerTables(player),
        UpdateExpression: 'DELETE tables :table',
        ExpressionAttributeValues: { ':table': new Set([tableId]) },
      },
    };
  }

  /** The solo tables a player opened. */
  async ownTables(player: string): Promise<Set<string>> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.playerTables(player), ConsistentRead: true }),
    );
    return (Item?.tables as Set<string> | undefined) ?? new Set();
  }

  // ---------------------------------------------------------------- loading

  async tableItem(tableId: string): Promise<TableItem> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.table(tableId), ConsistentRead: true }),
    );
    if (!Item) throw new StoreError('table-not-found', `there is no table ${tableId}`);
    return this.remember({
      core: parse<TableCore>(Item.core as string),
      version: Item.version as number,
      currentRoundId: Item.currentRoundId as string,
      currentShoeId: (Item.currentShoeId as string | null) ?? null,
      lockId: Item.lockId as string | undefined,
      lockedUntil: Item.lockedUntil as number | undefined,
      pending: Item.pending ? parse<Pending>(Item.pending as string) : undefined,
    });
  }

  /** Keeps where a table item points (its round, shoe, seats) as a hint for the next load of that table. */
  private remember(table: TableItem): TableItem {
    if (this.hints.size >= MAX_HINTS && !this.hints.has(table.core.tableId)) this.hints.clear();
    this.hints.set(table.core.tableId, table);
    return table;
  }

  /**
   * The table item and, unless it holds a pending transition (then `loaded` is null: resume it),
   * the table loaded as asked; a table another request holds is a ConflictError. Warm, the round,
   * shoe and wallets are read alongside the table item from where it pointed last (a hint only:
   * used if the fresh table item points at the same round and shoe, read again otherwise; every
   * commit is conditioned on the versions read, so a stale read can only fail and be retried).
   */
  async head(
    tableId: string,
    who: readonly string[] | 'all',
    now: number,
    options: LoadOptions = {},
  ): Promise<{ table: TableItem; loaded: Loaded | null }> {
    const hint = this.hints.get(tableId);
    const early = hint ? this.fetch(hint, who, options).catch(() => null) : null;
    const table = await this.tableItem(tableId);
    const raw = early ? await early : null;
    if (table.pending) return { table, loaded: null };
    if (raw && raw.roundId === table.currentRoundId && raw.shoeId === table.currentShoeId)
      return { table, loaded: await this.assemble(table, raw, who, now, options) };
    return { table, loaded: await this.loadFrom(table, who, now, options) };
  }

  /**
   * Loads a table's state for a command: every player of the round (`'all'`) or only the listed
   * ones. Throws `table-busy` while another request holds the table (lock or pending transition).
   */
  async load(tableId: string, who: readonly string[] | 'all', now: number, options: LoadOptions = {}): Promise<Loaded> {
    return this.loadFrom(await this.tableItem(tableId), who, now, options);
  }

  /**
   * The rest of `load` once the table item is read (a caller that read it to look for a pending
   * transition goes on from it). Two round trips at most after the table item, in parallel: one
   * BatchGetItem (shoe, wallets, and for a partial load the round and its players' items) and,
   * for a full load, one Query of the round's partition (its players' items and the round item);
   * a wallet of a player the table item does not name costs one more BatchGetItem.
   */
  async loadFrom(
    table: TableItem,
    who: readonly string[] | 'all',
    now: number,
    options: LoadOptions = {},
  ): Promise<Loaded> {
    this.refuseBusy(table, now, options);
    return this.assemble(table, await this.fetch(table, who, options), who, now, options);
  }

  /** Busy is a conflict: the caller's retry loop waits and reloads (after resuming a pending transition). */
  private refuseBusy(table: TableItem, now: number, options: LoadOptions): void {
    const tableId = table.core.tableId;
    if (table.pending)
      throw Object.assign(new ConflictError(`table ${tableId} is finishing a transition`), { retryAfterSeconds: 1 });
    if (table.lockId && table.lockId !== options.ownLock && (table.lockedUntil ?? 0) > now)
      throw Object.assign(new ConflictError(`table ${tableId} is busy with a transition`), {
        retryAfterSeconds: ((table.lockedUntil ?? now) - now) / 1000,
      });
  }

  /** The items a load needs besides the table item, from where `table` points. */
  private async fetch(table: TableItem, who: readonly string[] | 'all', options: LoadOptions): Promise<Fetched> {
    const roundId = table.currentRoundId;
    const shoeId = table.currentShoeId;
    const all = who === 'all';
    // The wallets of the players the table names and of its seat holders come with the rest.
    const guessed = playersNamed(table, who, options);
    const keyList = [...guessed].map((p) => keys.wallet(p, this.wallet.space));
    if (shoeId) keyList.push(keys.shoe(shoeId));
    if (!all) keyList.push(keys.round(roundId), ...[...new Set(who)].map((p) => keys.roundPlayer(roundId, p)));
    const [items, queried] = await Promise.all([
      this.batchGet(keyList),
      all ? this.roundPartition(roundId) : undefined,
    ]);
    const byKey = new Map(items.map((i) => [`${i.PK as string}|${i.SK as string}`, i]));
    const get = (key: { PK: string; SK: string }) => byKey.get(`${key.PK}|${key.SK}`);
    const round = queried ? queried.round : get(keys.round(roundId));
    const parts: Record<string, PlayerItem> = {};
    if (queried) Object.assign(parts, queried.players);
    else
      for (const p of who as readonly string[]) {
        const item = get(keys.roundPlayer(roundId, p));
        if (item) parts[p] = playerItem(item);
      }
    const wallets: Record<string, WalletState> = {};
    for (const p of guessed) wallets[p] = walletOf(p, get(keys.wallet(p, this.wallet.space)));
    return { roundId, shoeId, round, shoe: shoeId ? get(keys.shoe(shoeId)) : undefined, parts, wallets };
  }

  /** A state from the table item and what was fetched where it points (a missing wallet costs one more read). */
  private async assemble(
    table: TableItem,
    fetched: Fetched,
    who: readonly string[] | 'all',
    now: number,
    options: LoadOptions,
  ): Promise<Loaded> {
    this.refuseBusy(table, now, options);
    const roundId = table.currentRoundId;
    const all = who === 'all';
    const { round: roundItem, shoe, parts } = fetched;
    if (!roundItem) throw new StoreError('round-not-found', `round ${roundId} is missing`);
    const known = playersNamed(table, who, options);
    const names = new Set([...known, ...Object.keys(parts)]);
    const missing = [...names].filter((p) => !fetched.wallets[p]);
    const extra = missing.length ? await this.wallets(missing) : {};
    const wallets: Record<string, WalletState> = {};
    for (const p of names) wallets[p] = fetched.wallets[p] ?? extra[p]!;
    const players: Loaded['players'] = {};
    const partMap: Record<string, PlayerPart> = {};
    for (const [name, item] of Object.entries(parts)) {
      players[name] = { version: item.version, appliedTx: item.appliedTx, json: item.data };
      partMap[name] = parse<PlayerPart>(item.data);
    }
    const shoeText = (shoe?.data as string | undefined) ?? 'null';
    const state = assembleState(
      table.core,
      parse<RoundShared>(roundItem.data as string),
      parse<ShoeState | null>(shoeText),
      partMap,
      Object.fromEntries(Object.entries(wallets).map(([p, w]) => [p, w.balance])),
    );
    return {
      state,
      full: all,
      table,
      roundVersion: roundItem.version as number,
      shoeVersion: (shoe?.version as number | undefined) ?? 0,
      players,
      wallets,
      json: { core: json(table.core), round: roundItem.data as string, shoe: shoeText },
    };
  }

  /** A round's item and all its players' items in one Query: `PLAYER#…` sorts just before `ROUND` in the partition. */
  private async roundPartition(
    roundId: string,
  ): Promise<{ round: Record<string, unknown> | undefined; players: Record<string, PlayerItem> }> {
    const players: Record<string, PlayerItem> = {};
    let round: Record<string, unknown> | undefined;
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :round',
      ExpressionAttributeValues: {
        ':pk': partitions.round(roundId),
        ':first': prefixes.roundPlayers,
        ':round': keys.round(roundId).SK,
      },
      ConsistentRead: true,
    })) {
      if (item.SK === keys.round(roundId).SK) round = item;
      else if ((item.SK as string).startsWith(prefixes.roundPlayers)) players[item.player as string] = playerItem(item);
    }
    return { round, players };
  }

  private async allPlayerItems(
    roundId: string,
  ): Promise<Record<string, { version: number; appliedTx: number; data: string }>> {
    const out: Record<string, { version: number; appliedTx: number; data: string }> = {};
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partitions.round(roundId), ':p': prefixes.roundPlayers },
      ConsistentRead: true,
    }))
      out[item.player as string] = {
        version: item.version as number,
        appliedTx: (item.appliedTx as number) ?? 0,
        data: item.data as string,
      };
    return out;
  }

  /** The items at `keyList`, whole or only the named `attributes`. */
  private async batchGet(
    keyList: { PK: string; SK: string }[],
    attributes?: readonly string[],
  ): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    // Names go through placeholders: some (data) are DynamoDB reserved words.
    const projection = attributes && {
      ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
    };
    for (const batch of chunked(keyList, 100)) {
      let request: BatchGetCommandInput['RequestItems'] = {
        [this.tableName]: { Keys: batch, ConsistentRead: true, ...projection },
      };
      for (let attempt = 0; request && Object.keys(request).length && attempt < 20; attempt++) {
        const res = await this.doc.send(new BatchGetCommand({ RequestItems: request }));
        out.push(...(res.Responses?.[this.tableName] ?? []));
        request = res.UnprocessedKeys as typeof request;
      }
    }
    return out;
  }

  private async playerItems(
    roundId: string,
    who: readonly string[],
  ): Promise<Record<string, { version: number; appliedTx: number; data: string }>> {
    const out: Record<string, { version: number; appliedTx: number; data: string }> = {};
    if (!who.length) return out;
    for (const item of await this.batchGet(who.map((p) => keys.roundPlayer(roundId, p))))
      out[item.player as string] = {
        version: item.version as number,
        appliedTx: (item.appliedTx as number) ?? 0,
        data: item.data as string,
      };
    return out;
  }

  async wallets(players: string[]): Promise<Record<string, WalletState>> {
    const out: Record<string, WalletState> = {};
    for (const p of players) out[p] = walletOf(p, undefined);
    for (const item of await this.batchGet(players.map((p) => keys.wallet(p, this.wallet.space))))
      out[item.playerId as string] = walletOf(item.playerId as string, item);
    return out;
  }

  // ---------------------------------------------------------------- writing

  /**
   * The writes of `next` against what was loaded, in one transaction, or `staged` when they do
   * not fit (then call `commitStaged`). `checkUnchanged`: ConditionCheck loaded player items
   * that did not change (full loads whose outcome depends on everyone).
   */
  plan(loaded: Loaded, next: TableState, step: StepInput): WritePlan {
    const items: TransactItem[] = [];
    const sp = splitState(next, loaded.table.core.retiredCount);
    const roundId = loaded.table.currentRoundId;
    const newRound = next.round.id !== roundId;
    const coreJson = json(sp.core);
    const shoeJson = json(sp.shoe);
    const shoeChanged = (sp.shoe?.id ?? null) !== loaded.table.currentShoeId;
    const tableChanged = coreJson !== loaded.json.core || newRound || shoeChanged;
    const { version } = loaded.table;
    if (tableChanged) {
      items.push(
        this.put(
          {
            ...keys.table(next.tableId),
            type: 'table',
            tableId: next.tableId,
            version: version + 1,
            core: coreJson,
            currentRoundId: next.round.id,
            currentShoeId: sp.shoe?.id ?? null,
          },
          'version = :v',
          { ':v': version },
        ),
      );
    } else items.push(this.check(keys.table(next.tableId), 'version = :v', { ':v': version }));

    const roundJson = json(sp.round);
    if (newRound) items.push(this.roundPut(sp.core, next.round.id, sp.round, 1, 'attribute_not_exists(PK)'));
    else if (roundJson !== loaded.json.round)
      items.push(
        this.roundPut(sp.core, roundId, sp.round, loaded.roundVersion + 1, 'version = :v', {
          ':v': loaded.roundVersion,
        }),
      );
    else items.push(this.check(keys.round(roundId), 'version = :v', { ':v': loaded.roundVersion }));

    if (sp.shoe && shoeChanged) items.push(this.shoePut(sp.shoe, 1, 'attribute_not_exists(PK)'));
    else if (sp.shoe && shoeJson !== loaded.json.shoe)
      items.push(this.shoePut(sp.shoe, loaded.shoeVersion + 1, 'version = :v', { ':v': loaded.shoeVersion }));
    for (const r of sp.retired) items.push(this.retire(r.id));

    const deltas = walletDeltas(step.events);
    for (const [name, part] of Object.entries(sp.parts)) {
      const before = loaded.players[name];
      const text = json(part);
      if (newRound) {
        if (part.bets.length || part.common)
          items.push(this.playerPut(next.round.id, name, text, 1, 0, 'attribute_not_exists(PK)'));
      } else if (!before) {
        if (part.bets.length || part.common)
          items.push(this.playerPut(roundId, name, text, 1, 0, 'attribute_not_exists(PK)'));
      } else if (text !== before.json) {
        items.push(
          this.playerPut(roundId, name, text, before.version + 1, before.appliedTx, 'version = :v', {
            ':v': before.version,
          }),
        );
      } else if (loaded.full || deltas.has(name)) {
        items.push(this.check(keys.roundPlayer(roundId, name), 'version = :v', { ':v': before.version }));
      }
      const hadBets = before ? parse<PlayerPart>(before.json).bets.length > 0 : false;
      if (!hadBets && part.bets.length) items.push(this.historyPut(name, next, step.at));
    }
    for (const [player, d] of deltas) {
      if (d.amount === 0) continue;
      items.push(
        ...this.wallet.changeItems({
          wallet: loaded.wallets[player] ?? { playerId: player, balance: 0, version: 0 },
          amount: d.amount,
          kind: ledgerKind(d),
          actor: step.actor,
          reason: d.reasons.join('; '),
          ref: roundId,
          at: step.at,
        }),
      );
    }
    // A player's own command loaded only their part and changed nothing shared: their step.
    items.push(
      this.stepPut(
        newRound ? next.round.id : roundId,
        step,
        undefined,
        loaded.full || newRound ? undefined : step.actor,
      ),
    );
    if (items.length > SINGLE_LIMIT) return { kind: 'staged' };
    // Where the table will point once this commits (a hint: if it does not commit, the next load reads again).
    if (tableChanged)
      this.remember({
        ...loaded.table,
        core: sp.core,
        currentRoundId: next.round.id,
        currentShoeId: sp.shoe?.id ?? null,
      });
    return { kind: 'single', items };
  }

  /**
   * Locks the table for a staged transition (a version bump players' commits are checked against),
   * for LEASE_MS; the holder keeps it with `holdLock` until its commit point.
   */
  async lock(loaded: Loaded, now: number): Promise<string> {
    const lockId = randomUUID();
    // A lock whose holder died (past lockedUntil) may be taken over: the version is what counts.
    await commit(this.doc, [
      {
        Update: {
          TableName: this.tableName,
          Key: keys.table(loaded.state.tableId),
          UpdateExpression: 'SET lockId = :id, lockedUntil = :until, version = :next',
          ConditionExpression: 'version = :v AND attribute_not_exists(pending)',
          ExpressionAttributeValues: {
            ':id': lockId,
            ':until': now + LEASE_MS,
            ':next': loaded.table.version + 1,
            ':v': loaded.table.version,
          },
        },
      },
    ]);
    return lockId;
  }

  /** Renews a table lock while its holder stages the transition; lost once another request took the table over. */
  holdLock(tableId: string, lockId: string, clock: () => number): Lease {
    return renewing(LEASE_MS, async () => {
      try {
        await this.doc.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.table(tableId),
            UpdateExpression: 'SET lockedUntil = :until',
            ConditionExpression: 'lockId = :id AND attribute_not_exists(pending)',
            ExpressionAttributeValues: { ':until': clock() + LEASE_MS, ':id': lockId },
          }),
        );
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    });
  }

  /**
   * A staged transition, loaded after `lock`: writes the journal, and returns the items of the
   * commit point (shared part + `pending`), to commit (with the idempotency record) before `applyPending`.
   */
  async stage(loaded: Loaded, next: TableState, step: StepInput, lockId: string): Promise<TransactItem[]> {
    const sp = splitState(next, loaded.table.core.retiredCount);
    const roundId = loaded.table.currentRoundId;
    if (next.round.id !== roundId) throw new Error('a staged transition stays within one round');
    const tx = loaded.roundVersion + 1;
    const deltas = walletDeltas(step.events);
    const entries: {
      player: string;
      version: number;
      data: string;
      amount: number;
      refunded: boolean;
      reasons: string[];
      history: boolean;
    }[] = [];
    for (const [name, part] of Object.entries(sp.parts)) {
      const before = loaded.players[name];
      const text = json(part);
      const d = deltas.get(name);
      if (before?.json === text && !d) continue;
      const hadBets = before ? parse<PlayerPart>(before.json).bets.length > 0 : false;
      entries.push({
        player: name,
        version: before?.version ?? 0,
        data: text,
        amount: d?.amount ?? 0,
        refunded: d?.refunded ?? false,
        reasons: d?.reasons ?? [],
        history: !hadBets && part.bets.length > 0,
      });
    }
    const payload = json({ entries, step, openedAt: next.round.openedAt, tableId: next.tableId });
    const pieces: string[] = [];
    for (let i = 0; i < payload.length; i += CHUNK_CHARS) pieces.push(payload.slice(i, i + CHUNK_CHARS));
    const writes = pieces.map((data, i) => ({
      PutRequest: { Item: { ...keys.roundJournal(roundId, tx, i), type: 'journal', roundId, tx, chunk: i, data } },
    }));
    for (const batch of chunked(writes, 25)) {
      let request: Record<string, typeof batch> | undefined = { [this.tableName]: batch };
      for (let attempt = 0; request && Object.keys(request).length && attempt < 20; attempt++) {
        const res = await this.doc.send(new BatchWriteCommand({ RequestItems: request }));
        request = res.UnprocessedItems as typeof request;
      }
    }
    const pending: Pending = { tx, roundId, chunks: pieces.length };
    const items: TransactItem[] = [
      this.put(
        {
          ...keys.table(next.tableId),
          type: 'table',
          tableId: next.tableId,
          version: loaded.table.version + 1,
          core: json(sp.core),
          currentRoundId: roundId,
          currentShoeId: sp.shoe?.id ?? null,
          pending: json(pending),
        },
        'version = :v AND lockId = :lock',
        { ':v': loaded.table.version, ':lock': lockId },
      ),
      this.roundPut(sp.core, roundId, sp.round, tx, 'version = :v', { ':v': loaded.roundVersion }),
      this.stepPut(roundId, { ...step, events: [] }, { tx, chunks: pieces.length }),
    ];
    if (sp.shoe && json(sp.shoe) !== loaded.json.shoe)
      items.push(this.shoePut(sp.shoe, loaded.shoeVersion + 1, 'version = :v', { ':v': loaded.shoeVersion }));
    for (const r of sp.retired) items.push(this.retire(r.id));
    return items;
  }

  /**
   * Applies a committed staged transition's journal in pages; safe to run again (or concurrently).
   * `table`: the table item as just read (the caller looked for `pending` in it), else read here.
   */
  async applyPending(tableId: string, table?: TableItem): Promise<boolean> {
    const pending = (table ?? (await this.tableItem(tableId))).pending;
    if (!pending) return false;
    const { entries, step } = await this.journal(pending.roundId, pending.tx, pending.chunks);
    for (const page of chunked(entries, PAGE_PLAYERS)) {
      await retryOnConflict(async () => {
        const applied = await this.playerItems(
          pending.roundId,
          page.map((e) => e.player),
        );
        const todo = page.filter((e) => (applied[e.player]?.appliedTx ?? 0) < pending.tx);
        if (!todo.length) return;
        const wallets = await this.wallets(todo.filter((e) => e.amount !== 0).map((e) => e.player));
        const items: TransactItem[] = [];
        for (const e of todo) {
          items.push(
            this.playerPut(
              pending.roundId,
              e.player,
              e.data,
              e.version + 1,
              pending.tx,
              'attribute_not_exists(PK) OR appliedTx < :tx',
              { ':tx': pending.tx },
            ),
          );
          if (e.amount !== 0)
            items.push(
              ...this.wallet.changeItems({
                wallet: wallets[e.player]!,
                amount: e.amount,
                kind: ledgerKind(e),
                actor: step.actor,
                reason: e.reasons.join('; '),
                ref: pending.roundId,
                at: step.at,
              }),
            );
        }
        await commit(this.doc, items);
      });
    }
    // History entries are idempotent puts.
    const history = entries.filter((e) => e.history);
    for (const batch of chunked(history, 25)) {
      await this.doc.send(
        new BatchWriteCommand({
          RequestItems: {
            [this.tableName]: batch.map((e) => ({
              PutRequest: {
                Item: {
                  ...keys.playerHistory(e.player, new Date(step.openedAt ?? step.at).toISOString(), pending.roundId),
                  type: 'history',
                  roundId: pending.roundId,
                  tableId,
                  openedAt: step.openedAt ?? step.at,
                },
              },
            })),
          },
        }),
      );
    }
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.table(tableId),
          UpdateExpression: 'REMOVE pending, lockId, lockedUntil SET version = version + :one',
          ConditionExpression: 'pending = :p',
          ExpressionAttributeValues: { ':p': json(pending), ':one': 1 },
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
    return true;
  }

  private async journal(
    roundId: string,
    tx: number,
    chunks: number,
  ): Promise<{
    entries: {
      player: string;
      version: number;
      data: string;
      amount: number;
      refunded?: boolean;
      reasons: string[];
      history: boolean;
    }[];
    step: StepInput & { openedAt?: number };
  }> {
    const items: Record<string, unknown>[] = [];
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partitions.round(roundId), ':p': prefixes.roundJournal(tx) },
      ConsistentRead: true,
    }))
      items.push(item);
    if (items.length !== chunks) throw new Error(`journal ${roundId}/${tx} has ${items.length} of ${chunks} chunks`);
    const payload = parse<{ entries: []; step: StepInput; openedAt: number }>(
      items.map((i) => i.data as string).join(''),
    );
    return { entries: payload.entries, step: { ...payload.step, openedAt: payload.openedAt } };
  }

  // ---------------------------------------------------------------- reading (views, recall, history)

  /** A round by id with the parts of `who` (every player's by default: a common-draw round may have thousands). */
  async round(
    roundId: string,
    who: 'all' | readonly string[] = 'all',
  ): Promise<{
    round: RoundShared;
    version: number;
    tableId: string;
    pack: RoundPack | null;
    parts: Record<string, PlayerPart>;
  }> {
    const [{ Item }, parts] = await Promise.all([
      this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.round(roundId), ConsistentRead: true })),
      who === 'all' ? this.allPlayerItems(roundId) : this.playerItems(roundId, who),
    ]);
    if (!Item) throw new StoreError('round-not-found', `there is no round ${roundId}`);
    return {
      round: parse<RoundShared>(Item.data as string),
      version: Item.version as number,
      tableId: Item.tableId as string,
      pack: (Item.pack as RoundPack | undefined) ?? null,
      parts: Object.fromEntries(Object.entries(parts).map(([p, i]) => [p, parse<PlayerPart>(i.data)])),
    };
  }

  async playerPart(roundId: string, player: string): Promise<PlayerPart | null> {
    const items = await this.playerItems(roundId, [player]);
    return items[player] ? parse<PlayerPart>(items[player].data) : null;
  }

  /**
   * A round's steps in time order, events included (a staged step's from its journal): the steps
   * everyone's commands share and, of the steps that were one player's own, `player`'s only (every
   * player's when omitted).
   */
  async steps(roundId: string, player?: string): Promise<Step[]> {
    const [shared, own] = await Promise.all([
      this.stepsUnder(roundId, prefixes.roundSteps),
      this.stepsUnder(roundId, prefixes.roundPlayerSteps(player)),
    ]);
    // By time, then by the order one process wrote them in within a millisecond (a virtual clock
    // in tests, or a command and the maintenance before it).
    return [...shared, ...own]
      .sort((a, b) => a.at - b.at || (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0))
      .map((s) => s.step);
  }

  private async stepsUnder(roundId: string, prefix: string): Promise<{ at: number; seq: string; step: Step }[]> {
    const out: { at: number; seq: string; step: Step }[] = [];
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partitions.round(roundId), ':p': prefix },
      ConsistentRead: true,
    })) {
      const step = parse<Step>(item.data as string);
      const j = item.journal ? parse<{ tx: number; chunks: number }>(item.journal as string) : null;
      if (j) step.events = (await this.journal(roundId, j.tx, j.chunks)).step.events;
      out.push({ at: step.at, seq: (item.seq as string | undefined) ?? '', step });
    }
    return out;
  }

  /** A retired shoe's seed for recall; null while the shoe is live. */
  async retiredShoe(shoeId: string): Promise<{ id: string; seed: string; commitment: string } | null> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.shoe(shoeId), ConsistentRead: true }),
    );
    if (Item?.retired !== true) return null;
    const shoe = parse<ShoeState>(Item.data as string);
    return { id: shoe.id, seed: shoe.seed, commitment: shoe.commitment };
  }

  async history(player: string, limit: number): Promise<HistoryEntry[]> {
    const res = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': partitions.player(player), ':p': prefixes.playerHistory },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => ({
      roundId: i.roundId as string,
      tableId: i.tableId as string,
      openedAt: i.openedAt as number,
    }));
  }

  async tableIds(): Promise<string[]> {
    const ids: string[] = [];
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partitions.tableIndex() },
    }))
      ids.push(item.tableId as string);
    return ids;
  }

  /** Tables whose round has something due at `now` (a deadline passed, a finished round, a pending transition). */
  async dueTables(now: number): Promise<string[]> {
    const ids = await this.tableIds();
    // Only what decides it: a round's data (its bets, cards, log) can run to hundreds of KB.
    const tables = await this.batchGet(
      ids.map((id) => keys.table(id)),
      ['tableId', 'currentRoundId', 'core', 'pending', 'lockId', 'lockedUntil'],
    );
    const rounds = await this.batchGet(
      tables.map((t) => keys.round(t.currentRoundId as string)),
      ['roundId', 'phase', 'deadline'],
    );
    const roundBy = new Map(rounds.map((r) => [r.roundId as string, r]));
    const due: string[] = [];
    for (const t of tables) {
      const r = roundBy.get(t.currentRoundId as string);
      const paused = parse<TableCore>(t.core as string).paused;
      const deadline = (r?.deadline as number | null | undefined) ?? null;
      const phase = r?.phase as string | undefined;
      if (
        t.pending ||
        (t.lockId && (t.lockedUntil as number) <= now) ||
        (deadline !== null && deadline <= now) ||
        (!paused && (phase === 'settled' || phase === 'void'))
      )
        due.push(t.tableId as string);
    }
    return due;
  }

  /** An operator action's audit entry (pause, resume, void), written with the action. */
  auditItem(
    tableId: string,
    at: number,
    entry: { actor: string; action: string; reason: string; roundId?: string },
  ): TransactItem {
    return this.put(
      { ...keys.tableAudit(tableId, new Date(at).toISOString(), randomUUID()), type: 'audit', tableId, at, ...entry },
      'attribute_not_exists(PK)',
    );
  }

  // ---------------------------------------------------------------- items

  private put(item: Record<string, unknown>, condition: string, values?: Record<string, unknown>): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: item,
        ConditionExpression: condition,
        ...(values ? { ExpressionAttributeValues: values } : {}),
      },
    };
  }

  private check(key: { PK: string; SK: string }, condition: string, values: Record<string, unknown>): TransactItem {
    return {
      ConditionCheck: {
        TableName: this.tableName,
        Key: key,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      },
    };
  }

  /** The round item; it names the pack the round runs under (the table's when it was written). */
  private roundPut(
    core: TableCore,
    roundId: string,
    round: RoundShared,
    version: number,
    condition: string,
    values?: Record<string, unknown>,
  ): TransactItem {
    const pack = { id: core.packId, version: core.packVersion, sha256: core.packSha256 };
    return this.put(
      {
        ...keys.round(roundId),
        type: 'round',
        roundId,
        tableId: core.tableId,
        pack,
        version,
        phase: round.phase,
        deadline: round.deadline,
        openedAt: round.openedAt,
        data: json(round),
      },
      condition,
      values,
    );
  }

  private shoePut(shoe: ShoeState, version: number, condition: string, values?: Record<string, unknown>): TransactItem {
    return this.put(
      {
        ...keys.shoe(shoe.id),
        type: 'shoe',
        shoeId: shoe.id,
        commitment: shoe.commitment,
        retired: false,
        version,
        data: json(shoe),
      },
      condition,
      values,
    );
  }

  private retire(shoeId: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.shoe(shoeId),
        UpdateExpression: 'SET retired = :t',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':t': true },
      },
    };
  }

  private playerPut(
    roundId: string,
    player: string,
    data: string,
    version: number,
    appliedTx: number,
    condition: string,
    values?: Record<string, unknown>,
  ): TransactItem {
    return this.put(
      { ...keys.roundPlayer(roundId, player), type: 'round-player', roundId, player, version, appliedTx, data },
      condition,
      values,
    );
  }

  private historyPut(player: string, next: TableState, at: number): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.playerHistory(player, new Date(next.round.openedAt || at).toISOString(), next.round.id),
          type: 'history',
          roundId: next.round.id,
          tableId: next.tableId,
          openedAt: next.round.openedAt,
        },
      },
    };
  }

  private stepPut(
    roundId: string,
    step: StepInput,
    journal?: { tx: number; chunks: number },
    player?: string,
  ): TransactItem {
    const { at, actor, log, events, note } = step;
    // Ordered within this process (steps of one millisecond sort by it), unique across processes.
    const seq = `${String(process.hrtime.bigint()).padStart(20, '0')}-${randomUUID()}`;
    const key =
      player === undefined ? keys.roundStep(roundId, at, seq) : keys.roundPlayerStep(roundId, player, at, seq);
    return this.put(
      {
        ...key,
        type: 'step',
        roundId,
        at,
        seq,
        actor,
        data: json({ at, actor, log, events, ...(note ? { note } : {}) }),
        ...(journal ? { journal: json(journal) } : {}),
      },
      'attribute_not_exists(PK)',
    );
  }
}

export { partOf };

/**
 * The players whose wallets a load reads: those asked for, the table's AI players and its seat
 * holders. Seat holders are players whether or not the round has their part: opening a round
 * releases a seat whose holder cannot cover the minimum, so it must know their balance.
 */
function playersNamed(table: TableItem, who: readonly string[] | 'all', options: LoadOptions): Set<string> {
  return new Set([
    ...(who === 'all' ? [] : who),
    ...(options.also ?? []),
    ...Object.keys(table.core.ai ?? {}),
    ...Object.values(table.core.seats).map((h) => h.owner),
  ]);
}
