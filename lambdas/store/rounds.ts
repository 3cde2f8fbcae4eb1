// Owns the store of a variant's tables and rounds, as one object the handlers hold: each job is
// its own module (item shapes: ./keys.ts; a state cut into items: ./split.ts):
//
//   ./snapshot.ts  reading a table's state for a command or view (one batch read, warm)
//   ./plan.ts      the writes of a transition committed in one go
//   ./staged.ts    a transition too big for one transaction: lock, journal, pages
//   ./records.ts   recall and history reads (./steps.ts: a round's steps; ./step.ts: their shape)
//   ./tables.ts    creating tables, a player's own tables, audit entries
//   ./due.ts       what the sweep reads
//
// A player's own command on a table of unbounded players (common draw, Andar Bahar) loads the
// table, the round and that player's item only, and writes only its own item: players never
// contend on one item. The shoe item (seed) is read only to play; views and recall never get it
// from here except `retiredShoe`, which answers only for a retired shoe.
import type { TableState } from '../engine/index.ts';
import type { DocumentClient } from './client.ts';
import type { TransactItem } from './commit.ts';
import { dueTables, tableIds } from './due.ts';
import { Items } from './items.ts';
import type { Lease } from './lease.ts';
import { planWrites, type Steps, type WritePlan } from './plan.ts';
import { Records } from './records.ts';
import { bare, type Loaded, type LoadOptions, Snapshots, type TableItem, type Who } from './snapshot.ts';
import { Staging } from './staged.ts';
import type { StepInput } from './step.ts';
import { Tables } from './tables.ts';
import type { DynamoWallet } from './wallet.ts';

export interface RoundStoreOptions {
  /**
   * The table has few players (seated): its round item lists who has an item in the round, so a
   * load of the whole round is one batch read. False on tables of unbounded players.
   */
  listsPlayers: boolean;
}

export class RoundStore {
  private readonly items: Items;
  private readonly snapshots: Snapshots;
  private readonly staging: Staging;
  private readonly records: Records;
  private readonly tables: Tables;
  private readonly listsPlayers: boolean;

  constructor(
    readonly doc: DocumentClient,
    readonly tableName: string,
    readonly wallet: DynamoWallet,
    options: RoundStoreOptions,
  ) {
    this.listsPlayers = options.listsPlayers;
    this.items = new Items(tableName);
    this.snapshots = new Snapshots(doc, tableName, wallet.space);
    this.staging = new Staging(doc, this.items, this.snapshots, wallet, this.listsPlayers);
    this.records = new Records(doc, tableName);
    this.tables = new Tables(doc, this.items, this.listsPlayers);
  }

  // Tables.
  createTable = (state: TableState, at: number, maxPerHost?: number) => this.tables.create(state, at, maxPerHost);
  releaseOwnTable = (player: string, tableId: string) => this.tables.releaseOwnTable(player, tableId);
  ownTables = (player: string) => this.tables.ownTables(player);
  auditItem = (
    tableId: string,
    at: number,
    entry: { actor: string; action: string; reason: string; roundId?: string },
  ) => this.tables.auditItem(tableId, at, entry);

  // Reading a table's state.
  tableItem = (tableId: string) => this.snapshots.tableItem(tableId);
  read = (tableId: string, who: Who, now: number, options?: LoadOptions) =>
    this.snapshots.read(tableId, who, now, options);
  load = (tableId: string, who: Who, now: number, options?: LoadOptions) =>
    this.snapshots.load(tableId, who, now, options);
  loadFrom = (table: TableItem, who: Who, now: number, options?: LoadOptions) =>
    this.snapshots.loadFrom(table, who, now, options);
  bare = (loaded: Loaded) => bare(loaded);
  wallets = (players: readonly string[]) => this.snapshots.wallets(players);

  /** The writes of `next` against what was loaded, in one transaction, or `staged` (then lock, stage, applyPending). */
  plan(loaded: Loaded, next: TableState, steps: Steps): WritePlan {
    const plan = planWrites(this.items, this.wallet, loaded, next, steps, this.listsPlayers);
    // Where the table will point once this commits (a hint: if it does not commit, the next load reads again).
    if (plan.kind === 'single')
      this.snapshots.remember(
        { ...loaded.table, core: plan.core, currentRoundId: next.round.id, currentShoeId: next.shoe?.id ?? null },
        plan.listed ?? [],
      );
    return plan;
  }

  // Staged transitions.
  lock = (loaded: Loaded, now: number) => this.staging.lock(loaded, now);
  holdLock = (tableId: string, lockId: string, clock: () => number): Lease =>
    this.staging.holdLock(tableId, lockId, clock);
  stage = (loaded: Loaded, next: TableState, step: StepInput, lockId: string): Promise<TransactItem[]> =>
    this.staging.stage(loaded, next, step, lockId);
  applyPending = (tableId: string, table?: TableItem) => this.staging.applyPending(tableId, table);

  // Recall and history.
  round = (roundId: string, who?: 'all' | readonly string[]) => this.records.round(roundId, who);
  steps = (roundId: string, player?: string) => this.records.steps(roundId, player);
  retiredShoe = (shoeId: string) => this.records.retiredShoe(shoeId);
  history = (player: string, limit: number) => this.records.history(player, limit);

  // The sweep.
  tableIds = () => tableIds(this.doc, this.tableName);
  dueTables = (now: number) => dueTables(this.doc, this.tableName, now);
}
