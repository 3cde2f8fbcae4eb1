// Owns transitions too big for one transaction (100 items: a deal or settlement of thousands of
// players). The table is locked (a version bump that stops players' commits), the per-player
// results are written as a journal (./journal.ts), one transaction commits the shared part with a
// `pending` marker, and the journal is applied in pages, each player's item conditioned on
// `appliedTx < tx` together with their wallet change and ledger entry. A process dying halfway
// leaves `pending`; the next request (or the sweep) applies the rest, and the condition settles
// every player exactly once. The lock is a lease (./lease.ts) its holder renews until the commit
// point: a process that dies holding it stops the table for seconds, and its late writes fail
// (they are conditioned on its lock id).
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EngineEvent, TableState } from '../engine/index.ts';
import { batchGet, batchPut, chunked, type Item } from './batch.ts';
import type { DocumentClient } from './client.ts';
import { commit, type TransactItem } from './commit.ts';
import { type Items, stepSeq } from './items.ts';
import { type JournalEntry, readJournal, writeJournal } from './journal.ts';
import { keys } from './keys.ts';
import { LEASE_MS, type Lease, renewing } from './lease.ts';
import { ledgerKind, walletDeltas } from './plan.ts';
import { retryOnConflict } from './retry.ts';
import type { Loaded, Pending, Snapshots, TableItem } from './snapshot.ts';
import { type PlayerPart, splitState } from './split.ts';
import type { Placed, StepInput } from './step.ts';
import type { DynamoWallet } from './wallet.ts';

/** Journal entries applied per transaction: player item + wallet + ledger = 3 items each. */
const PAGE_PLAYERS = 33;

/** The player an event is about, if it is one player's own (their bets, money, cards drawn from the stream). */
function ownerOf(e: EngineEvent): string | undefined {
  if ('player' in e) return e.player;
  if (e.type === 'card') return /^(.*): stream-\d+$/.exec(e.to)?.[1];
  return undefined;
}

export class Staging {
  constructor(
    private readonly doc: DocumentClient,
    private readonly items: Items,
    private readonly snapshots: Snapshots,
    private readonly wallet: DynamoWallet,
    private readonly listsPlayers: boolean,
  ) {}

  private get tableName(): string {
    return this.items.tableName;
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
    const own = new Map<string, Placed>();
    const shared: Placed = [];
    step.events.forEach((e, i) => {
      const player = ownerOf(e);
      if (player === undefined) shared.push([i, e]);
      else own.set(player, [...(own.get(player) ?? []), [i, e]]);
    });
    const entries: JournalEntry[] = [];
    for (const [name, part] of Object.entries(sp.parts)) {
      const before = loaded.players[name];
      const text = JSON.stringify(part);
      const d = deltas.get(name);
      if (before?.json === text && !d && !own.has(name)) continue;
      const hadBets = before ? (JSON.parse(before.json) as PlayerPart).bets.length > 0 : false;
      entries.push({
        player: name,
        version: before?.version ?? 0,
        data: text,
        amount: d?.amount ?? 0,
        refunded: d?.refunded ?? false,
        reasons: d?.reasons ?? [],
        history: !hadBets && part.bets.length > 0,
        events: own.get(name) ?? [],
      });
    }
    const seq = stepSeq();
    const chunks = await writeJournal(this.doc, this.tableName, roundId, tx, {
      entries,
      step,
      seq,
      openedAt: next.round.openedAt,
      tableId: next.tableId,
    });
    const pending: Pending = { tx, roundId, chunks };
    const listed = this.listsPlayers
      ? [...new Set([...Object.keys(loaded.players), ...entries.map((e) => e.player)])].sort()
      : null;
    const items: TransactItem[] = [
      this.items.table(
        sp.core,
        loaded.table.version + 1,
        { roundId, shoeId: sp.shoe?.id ?? null, pending: JSON.stringify(pending) },
        'version = :v AND lockId = :lock',
        { ':v': loaded.table.version, ':lock': lockId },
      ),
      this.items.round(sp.core, roundId, sp.round, listed, tx, 'version = :v', { ':v': loaded.roundVersion }),
      this.items.step(roundId, { ...step, events: [] }, { journal: { tx, chunks }, seq, shared }),
    ];
    if (sp.shoe && JSON.stringify(sp.shoe) !== loaded.json.shoe)
      items.push(this.items.shoe(sp.shoe, loaded.shoeVersion + 1, 'version = :v', { ':v': loaded.shoeVersion }));
    for (const r of sp.retired) items.push(this.items.retire(r.id));
    return items;
  }

  /**
   * Applies a committed staged transition's journal in pages; safe to run again (or concurrently).
   * `table`: the table item as just read (the caller looked for `pending` in it), else read here.
   */
  async applyPending(tableId: string, table?: TableItem): Promise<boolean> {
    const pending = (table ?? (await this.snapshots.tableItem(tableId))).pending;
    if (!pending) return false;
    const { roundId, tx } = pending;
    const journal = await readJournal(this.doc, this.tableName, roundId, tx, pending.chunks);
    const { entries, step } = journal;
    for (const page of chunked(entries, PAGE_PLAYERS)) {
      await retryOnConflict(async () => {
        const applied = await this.appliedTx(
          roundId,
          page.map((e) => e.player),
        );
        const todo = page.filter((e) => (applied[e.player] ?? 0) < tx);
        if (!todo.length) return;
        const wallets = await this.snapshots.wallets(todo.filter((e) => e.amount !== 0).map((e) => e.player));
        const items: TransactItem[] = [];
        for (const e of todo) {
          items.push(
            this.items.player(
              roundId,
              e.player,
              e.data,
              e.version + 1,
              tx,
              'attribute_not_exists(PK) OR appliedTx < :tx',
              {
                ':tx': tx,
              },
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
                ref: roundId,
                at: step.at,
              }),
            );
        }
        await commit(this.doc, items);
      });
    }
    // History entries and the players' own parts of the step are idempotent puts.
    const openedAt = journal.openedAt ?? step.at;
    const extra: Item[] = [];
    for (const e of entries) {
      if (e.history) extra.push(this.items.history(e.player, tableId, roundId, openedAt));
      if (journal.seq && e.events?.length)
        extra.push(this.items.stepPart(roundId, e.player, step.at, journal.seq, e.events));
    }
    await batchPut(this.doc, this.tableName, extra);
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.table(tableId),
          UpdateExpression: 'REMOVE pending, lockId, lockedUntil SET version = version + :one',
          ConditionExpression: 'pending = :p',
          ExpressionAttributeValues: { ':p': JSON.stringify(pending), ':one': 1 },
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    }
    return true;
  }

  /** Which staged transition each player's round item has taken in (0: none, or no item). */
  private async appliedTx(roundId: string, players: readonly string[]): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const item of await batchGet(
      this.doc,
      this.tableName,
      players.map((p) => keys.roundPlayer(roundId, p)),
      ['player', 'appliedTx'],
    ))
      out[item.player as string] = (item.appliedTx as number | undefined) ?? 0;
    return out;
  }
}
