// Owns reading a table's state for a command or a view: the table item, its round, shoe, the
// players' round items and wallets, assembled into the TableState the interpreter works on
// (./split.ts), with the versions a commit is conditioned on.
//
// Warm, that is ONE BatchGetItem: this process keeps, per table, where the table item pointed when
// it last read or wrote it (its round, shoe, seat holders and, on a table of few players, the
// players the round item lists), and asks for the table item and everything it pointed at in one
// batch, together with any item the caller needs besides (the request's idempotency record). The
// hint is only a guess: what the fresh table item and round item name but the batch missed is
// read in one more batch, and every commit is conditioned on the versions read, so a stale read
// can only fail and be retried. A load of every player of a round of unbounded players (a deal,
// a settlement: not a player's command) pages through the round's partition instead.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ShoeState } from '../core/shoe.ts';
import type { TableState } from '../engine/index.ts';
import { batchGet, type Item, keyId } from './batch.ts';
import type { DocumentClient } from './client.ts';
import { ConflictError, StoreError } from './errors.ts';
import { type ItemKey, keys, partitions, prefixes, type WalletSpace } from './keys.ts';
import { queryItems } from './query.ts';
import { assembleState, type PlayerPart, type RoundShared, type TableCore } from './split.ts';
import type { WalletState } from './wallet.ts';

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

export interface PlayerItem {
  version: number;
  appliedTx: number;
  json: string;
}

export interface Loaded {
  state: TableState;
  /** Every player item of the round was loaded (or only the listed players'). */
  full: boolean;
  table: TableItem;
  roundVersion: number;
  shoeVersion: number;
  /** The players the round item lists (a table of few players); null on a table of unbounded players. */
  listed: string[] | null;
  players: Record<string, PlayerItem>;
  wallets: Record<string, WalletState>;
  json: { core: string; round: string; shoe: string };
}

export interface LoadOptions {
  /** Wallets to load besides the players'. */
  also?: readonly string[];
  /** The lock this caller holds (a staged transition's reload). */
  ownLock?: string;
  /** Items to read in the same batch (the request's idempotency record). */
  extra?: readonly ItemKey[];
}

export type Who = readonly string[] | 'all';

/** Tables whose pointers a process keeps as hints (a Lambda instance serves a few). */
const MAX_HINTS = 1000;

const walletOf = (playerId: string, item: Item | undefined): WalletState =>
  item
    ? { playerId: item.playerId as string, balance: item.balance as number, version: item.version as number }
    : { playerId, balance: 0, version: 0 };

const playerItem = (item: Item): PlayerItem => ({
  version: item.version as number,
  appliedTx: (item.appliedTx as number) ?? 0,
  json: item.data as string,
});

function parseTable(Item: Item): TableItem {
  return {
    core: JSON.parse(Item.core as string) as TableCore,
    version: Item.version as number,
    currentRoundId: Item.currentRoundId as string,
    currentShoeId: (Item.currentShoeId as string | null) ?? null,
    lockId: Item.lockId as string | undefined,
    lockedUntil: Item.lockedUntil as number | undefined,
    pending: Item.pending ? (JSON.parse(Item.pending as string) as Pending) : undefined,
  };
}

/** What one read gathered: items by key, and which keys were asked for. */
class Gathered {
  readonly items = new Map<string, Item>();
  private readonly asked = new Set<string>();
  constructor(
    private readonly doc: DocumentClient,
    private readonly tableName: string,
  ) {}

  /** Reads the keys not asked for yet, in one batch; answers whether there were any. */
  async ask(list: readonly ItemKey[]): Promise<boolean> {
    const fresh = list.filter((k) => !this.asked.has(keyId(k)));
    if (!fresh.length) return false;
    for (const k of fresh) this.asked.add(keyId(k));
    for (const item of await batchGet(this.doc, this.tableName, fresh)) this.items.set(keyId(item), item);
    return true;
  }

  get(key: ItemKey): Item | undefined {
    return this.items.get(keyId(key));
  }
}

export class Snapshots {
  /** Per table, the table item as last read or written here, and the players its round listed. */
  private readonly hints = new Map<string, { table: TableItem; listed: readonly string[] }>();

  constructor(
    readonly doc: DocumentClient,
    readonly tableName: string,
    readonly space: WalletSpace,
  ) {}

  async tableItem(tableId: string): Promise<TableItem> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.table(tableId), ConsistentRead: true }),
    );
    if (!Item) throw new StoreError('table-not-found', `there is no table ${tableId}`);
    return this.remember(parseTable(Item));
  }

  /** Keeps where a table item points as a hint for the next read of that table. */
  remember(table: TableItem, listed?: readonly string[]): TableItem {
    const id = table.core.tableId;
    if (this.hints.size >= MAX_HINTS && !this.hints.has(id)) this.hints.clear();
    this.hints.set(id, { table, listed: listed ?? this.hints.get(id)?.listed ?? [] });
    return table;
  }

  /**
   * The table item and, unless it holds a pending transition (then `loaded` is null: resume it),
   * the table loaded as asked, and the `extra` items; a table another request holds is a ConflictError.
   */
  async read(
    tableId: string,
    who: Who,
    now: number,
    options: LoadOptions = {},
  ): Promise<{ table: TableItem; loaded: Loaded | null; extra: (key: ItemKey) => Item | undefined }> {
    const hint = this.hints.get(tableId);
    const got = new Gathered(this.doc, this.tableName);
    const guess = hint
      ? this.wanted(hint.table, who, options, hint.listed)
      : [...named(undefined, who, options)].map((p) => keys.wallet(p, this.space));
    await got.ask([keys.table(tableId), ...(options.extra ?? []), ...guess]);
    const item = got.get(keys.table(tableId));
    if (!item) throw new StoreError('table-not-found', `there is no table ${tableId}`);
    const table = this.remember(parseTable(item));
    const extra = (key: ItemKey) => got.get(key);
    if (table.pending) return { table, loaded: null, extra };
    return { table, loaded: await this.complete(table, who, now, options, got), extra };
  }

  /** Loads a table's state: every player of the round (`'all'`) or only the listed ones. */
  async load(tableId: string, who: Who, now: number, options: LoadOptions = {}): Promise<Loaded> {
    const { table, loaded } = await this.read(tableId, who, now, options);
    if (!loaded) throw busy(table, now, options) ?? new ConflictError(`table ${tableId} is busy`);
    return loaded;
  }

  /** The rest of a load once the table item is read. */
  async loadFrom(table: TableItem, who: Who, now: number, options: LoadOptions = {}): Promise<Loaded> {
    return this.complete(table, who, now, options, new Gathered(this.doc, this.tableName));
  }

  /** The wallets of `players` (a wallet never written reads as balance 0, version 0). */
  async wallets(players: readonly string[]): Promise<Record<string, WalletState>> {
    const out: Record<string, WalletState> = {};
    for (const p of players) out[p] = walletOf(p, undefined);
    const items = await batchGet(
      this.doc,
      this.tableName,
      players.map((p) => keys.wallet(p, this.space)),
    );
    for (const item of items) out[item.playerId as string] = walletOf(item.playerId as string, item);
    return out;
  }

  /** The keys a load of `table` needs, given the players its round lists. */
  private wanted(table: TableItem, who: Who, options: LoadOptions, listed: readonly string[] | undefined): ItemKey[] {
    const roundId = table.currentRoundId;
    const players = who === 'all' ? (listed ?? []) : who;
    return [
      keys.round(roundId),
      ...(table.currentShoeId ? [keys.shoe(table.currentShoeId)] : []),
      ...players.map((p) => keys.roundPlayer(roundId, p)),
      ...[...named(table, who, options), ...players].map((p) => keys.wallet(p, this.space)),
    ];
  }

  /** Reads what `table` points at and the batch missed (at most twice: the round item may list more players). */
  private async complete(
    table: TableItem,
    who: Who,
    now: number,
    options: LoadOptions,
    got: Gathered,
  ): Promise<Loaded> {
    const blocked = busy(table, now, options);
    if (blocked) throw blocked;
    const roundId = table.currentRoundId;
    const listedOn = () => got.get(keys.round(roundId))?.players as string[] | undefined;
    for (let i = 0; i < 3; i++) if (!(await got.ask(this.wanted(table, who, options, listedOn())))) break;
    const roundItem = got.get(keys.round(roundId));
    if (!roundItem) throw new StoreError('round-not-found', `round ${roundId} is missing`);
    const listed = (roundItem.players as string[] | undefined) ?? null;
    const parts: Record<string, PlayerItem> = {};
    if (who === 'all' && listed === null) Object.assign(parts, await this.roundPlayers(roundId));
    else
      for (const p of who === 'all' ? listed! : who) {
        const item = got.get(keys.roundPlayer(roundId, p));
        if (item) parts[p] = playerItem(item);
        // A batch read is no snapshot: it can see a commit's round item (which lists the player)
        // without the player item written with it. Going on would write the round back without
        // them, and lose their bets: read again instead.
        else if (listed?.includes(p))
          throw new ConflictError(`round ${roundId} lists ${p}, whose item the read did not see yet`);
      }
    // Players of a paged round: their wallets in one more batch.
    await got.ask(Object.keys(parts).map((p) => keys.wallet(p, this.space)));
    const shoe = table.currentShoeId ? got.get(keys.shoe(table.currentShoeId)) : undefined;
    const names = new Set([...named(table, who, options), ...Object.keys(parts)]);
    const wallets: Record<string, WalletState> = {};
    for (const p of names) wallets[p] = walletOf(p, got.get(keys.wallet(p, this.space)));
    if (listed) this.remember(table, listed);
    return assembled(table, roundItem, shoe, parts, wallets, who === 'all', listed);
  }

  /** Every player item of a round, paged. */
  private async roundPlayers(roundId: string): Promise<Record<string, PlayerItem>> {
    const out: Record<string, PlayerItem> = {};
    for await (const item of queryItems(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': partitions.round(roundId), ':p': prefixes.roundPlayers },
      ConsistentRead: true,
    }))
      out[item.player as string] = playerItem(item);
    return out;
  }
}

/**
 * The same table with none of the round's players loaded: what the next round opens from (the
 * table's own state, its seat holders and AI players with their wallets).
 */
export function bare(loaded: Loaded): Loaded {
  const { table } = loaded;
  const wallets = Object.fromEntries(
    [...named(table, [], {})].map((p) => [p, loaded.wallets[p] ?? { playerId: p, balance: 0, version: 0 }]),
  );
  const shoe = JSON.parse(loaded.json.shoe) as ShoeState | null;
  return {
    ...loaded,
    state: assembleState(table.core, JSON.parse(loaded.json.round) as RoundShared, shoe, {}, balances(wallets)),
    full: false,
    players: {},
    wallets: { ...loaded.wallets, ...wallets },
  };
}

function assembled(
  table: TableItem,
  roundItem: Item,
  shoe: Item | undefined,
  parts: Record<string, PlayerItem>,
  wallets: Record<string, WalletState>,
  full: boolean,
  listed: string[] | null,
): Loaded {
  const shoeText = (shoe?.data as string | undefined) ?? 'null';
  const partMap: Record<string, PlayerPart> = {};
  for (const [name, item] of Object.entries(parts)) partMap[name] = JSON.parse(item.json) as PlayerPart;
  const state = assembleState(
    table.core,
    JSON.parse(roundItem.data as string) as RoundShared,
    JSON.parse(shoeText) as ShoeState | null,
    partMap,
    balances(wallets),
  );
  return {
    state,
    full,
    table,
    roundVersion: roundItem.version as number,
    shoeVersion: (shoe?.version as number | undefined) ?? 0,
    listed,
    players: parts,
    wallets,
    json: { core: JSON.stringify(table.core), round: roundItem.data as string, shoe: shoeText },
  };
}

const balances = (wallets: Record<string, WalletState>) =>
  Object.fromEntries(Object.entries(wallets).map(([p, w]) => [p, w.balance]));

/** Busy is a conflict: the caller's retry loop waits and reloads (after resuming a pending transition). */
function busy(table: TableItem, now: number, options: LoadOptions): ConflictError | undefined {
  const tableId = table.core.tableId;
  if (table.pending)
    return Object.assign(new ConflictError(`table ${tableId} is finishing a transition`), { retryAfterSeconds: 1 });
  if (table.lockId && table.lockId !== options.ownLock && (table.lockedUntil ?? 0) > now)
    return Object.assign(new ConflictError(`table ${tableId} is busy with a transition`), {
      retryAfterSeconds: ((table.lockedUntil ?? now) - now) / 1000,
    });
  return undefined;
}

/**
 * The players whose wallets a load reads: those asked for, the table's AI players and its seat
 * holders. Seat holders are players whether or not the round has their part: opening a round
 * releases a seat whose holder cannot cover the minimum, so it must know their balance.
 */
function named(table: TableItem | undefined, who: Who, options: LoadOptions): Set<string> {
  return new Set([
    ...(who === 'all' ? [] : who),
    ...(options.also ?? []),
    ...Object.keys(table?.core.ai ?? {}),
    ...Object.values(table?.core.seats ?? {}).map((h) => h.owner),
  ]);
}
