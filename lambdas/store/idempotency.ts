// Owns once-only handling of state-changing requests per (caller, Idempotency-Key): one
// conditional put claims the key ("absent, or expired, or a lease nobody renewed"); the first
// response is stored and every repeat gets it back, byte for byte. A repeat that arrives while the
// first is still running waits for its answer (bounded, backing off between reads) instead of
// being refused; only past the bound is it a 409 with Retry-After.
//
// A claim is a lease: the live attempt renews it while it works, so a claim whose holder died
// lapses within seconds and the next repeat takes it over. Fencing makes that safe: the response
// is stored in the SAME transaction as the money, conditioned on still holding the claim, so a
// late holder can never move money or answer twice.
//
// A command that needs nothing but one read and one transaction claims nothing: it reads the
// record with its own items (`keyOf`, `judge`) and commits its answer with its writes only while
// the key is still free (`firstCompletionItem`); of two attempts racing with one key, one commits
// and the other finds that answer on its next read.

import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DocumentClient } from './client.ts';
import { commit, MAX_TRANSACTION_ITEMS, type TransactItem } from './commit.ts';
import { ConflictError, StoreError } from './errors.ts';
import { type ItemKey, keys } from './keys.ts';
import { LEASE_MS, type Lease, renewing } from './lease.ts';
import { type RetryOptions, retryOnConflict } from './retry.ts';

export interface IdempotencyRequest {
  /** Who is calling (JWT `sub`): keys are scoped per caller so callers cannot collide. */
  caller: string;
  key: string;
  /** Epoch milliseconds (injected clock). */
  now: number;
  /** A digest of what was asked (route + body): the same key with a different request is refused. */
  fingerprint?: string;
}

export interface IdempotencyClaim {
  caller: string;
  key: string;
  lockId: string;
  now: number;
  fingerprint?: string;
}

export type BeginResult<R> = { replayed: true; response: R } | { replayed: false; claim: IdempotencyClaim };

export interface Plan<R> {
  response: R;
  /** Writes to commit together with the stored response (the money guard). */
  items?: TransactItem[];
}

export interface IdempotencyOptions {
  /** How long a finished record answers repeats. */
  ttlSeconds?: number;
  /** How long a claim holds without renewal: a dead attempt's claim is taken over this long after it died. */
  leaseMs?: number;
  /** How long a repeat waits for the first attempt's answer before a 409 with Retry-After. */
  waitMs?: number;
  /** The time leases are read and written in (epoch ms; tests inject a virtual clock). */
  clock?: () => number;
}

/** A repeat waits this long at most for the first attempt (PRODUCT: bounded; a client's timeout is longer). */
export const WAIT_MS = 2000;
/** The first pause between reads of a record in flight; each pause doubles, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 25;
const MAX_PAUSE_MS = 400;

export type Found<R> = { kind: 'replay'; response: R } | { kind: 'busy'; lockedUntil: number } | { kind: 'free' };

export class Idempotency {
  private readonly ttlSeconds: number;
  readonly leaseMs: number;
  private readonly waitMs: number;
  private readonly clock: () => number;

  constructor(
    private readonly doc: DocumentClient,
    private readonly tableName: string,
    options: IdempotencyOptions = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? 24 * 3600;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.waitMs = options.waitMs ?? WAIT_MS;
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Claims the key, or answers with the first attempt's response. While another attempt holds a
   * live claim, waits for it: real time bounds the wait, so a stopped clock in a test cannot make it endless.
   */
  async begin<R>(request: IdempotencyRequest): Promise<BeginResult<R>> {
    const claim: IdempotencyClaim = { ...request, lockId: randomUUID() };
    const until = Date.now() + this.waitMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      const tried = await this.claim<R>(claim);
      if (tried.kind === 'claimed') return { replayed: false, claim };
      if (tried.kind === 'replay') return { replayed: true, response: tried.response };
      let found: Found<R> = tried;
      while (found.kind === 'busy') {
        const left = until - Date.now();
        if (left <= 0)
          throw Object.assign(
            new StoreError(
              'idempotency-in-progress',
              `a request with Idempotency-Key ${request.key} is still being processed; retry after ${Math.max(1, Math.ceil((found.lockedUntil - this.clock()) / 1000))} s for its answer`,
            ),
            { retryAfterSeconds: Math.max(1, (found.lockedUntil - this.clock()) / 1000) },
          );
        await delay(Math.min(left, pause * (0.5 + Math.random() / 2)));
        pause = Math.min(MAX_PAUSE_MS, pause * 2);
        found = await this.look<R>(request);
      }
      if (found.kind === 'replay') return { replayed: true, response: found.response };
      // Free: the first attempt failed and gave the key back, or its lease lapsed. Claim it.
    }
  }

  /** One conditional put of the claim: ours, or the record that stood in the way. */
  private async claim<R>(claim: IdempotencyClaim): Promise<{ kind: 'claimed' } | Found<R>> {
    const now = this.clock();
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...keys.idempotency(claim.caller, claim.key),
            type: 'idempotency',
            status: 'in-progress',
            lockId: claim.lockId,
            lockedUntil: now + this.leaseMs,
            expiresAt: this.expiresAt(claim.now),
            fingerprint: claim.fingerprint,
          },
          ConditionExpression:
            'attribute_not_exists(PK) OR expiresAt < :nowSeconds OR (#status = :inProgress AND lockedUntil < :now)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':nowSeconds': Math.floor(now / 1000),
            ':now': now,
            ':inProgress': 'in-progress',
          },
          // On conflict the existing record comes back with the error: no second read.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { kind: 'claimed' };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = error.Item ? unmarshall(error.Item) : undefined;
      // Our own put, answered late and retried by the SDK: the claim is ours.
      if (existing?.lockId === claim.lockId && existing.status === 'in-progress') return { kind: 'claimed' };
      return this.judge<R>(claim, existing);
    }
  }

  /** Reads the record a repeat waits on. */
  private async look<R>(request: IdempotencyRequest): Promise<Found<R>> {
    const { Item } = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keys.idempotency(request.caller, request.key),
        ConsistentRead: true,
      }),
    );
    return this.judge<R>(request, Item);
  }

  /** The key of a request's record, for a caller that reads it alongside its own items. */
  keyOf(request: IdempotencyRequest): ItemKey {
    return keys.idempotency(request.caller, request.key);
  }

  /**
   * What a record found in the way (or read alongside) means for this request: its first answer,
   * an attempt still holding it, or free. The same key with another request is refused.
   */
  judge<R>(request: IdempotencyRequest, existing: Record<string, unknown> | undefined): Found<R> {
    const now = this.clock();
    if (!existing || (existing.expiresAt as number) < Math.floor(now / 1000)) return { kind: 'free' };
    if ((existing.fingerprint ?? null) !== (request.fingerprint ?? null))
      throw new StoreError(
        'idempotency-key-reused',
        `Idempotency-Key ${request.key} was already used for a different request`,
      );
    if (existing.status === 'completed')
      return { kind: 'replay', response: JSON.parse(existing.response as string) as R };
    const lockedUntil = existing.lockedUntil as number;
    return lockedUntil < now ? { kind: 'free' } : { kind: 'busy', lockedUntil };
  }

  /** Keeps a claim alive while its attempt works: renewed until `stop`, or until it is found lost. */
  hold(claim: IdempotencyClaim): Lease {
    return renewing(this.leaseMs, async () => {
      try {
        await this.doc.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.idempotency(claim.caller, claim.key),
            UpdateExpression: 'SET lockedUntil = :until',
            ConditionExpression: 'lockId = :lockId AND #status = :inProgress',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':until': this.clock() + this.leaseMs,
              ':lockId': claim.lockId,
              ':inProgress': 'in-progress',
            },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    });
  }

  /** Stores the response; commit it with the work's writes. Fails (conflict) if the claim was lost. */
  completionItem<R>(claim: IdempotencyClaim, response: R): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.idempotency(claim.caller, claim.key),
          type: 'idempotency',
          status: 'completed',
          lockId: claim.lockId,
          expiresAt: this.expiresAt(claim.now),
          fingerprint: claim.fingerprint,
          response: JSON.stringify(response),
        },
        // Still our claim and not yet completed: a second completion of one claim cannot commit.
        ConditionExpression: 'lockId = :lockId AND #status = :inProgress',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':lockId': claim.lockId, ':inProgress': 'in-progress' },
      },
    };
  }

  /**
   * The response stored by a request that claimed nothing (it read the record alongside its own
   * items and found it free): committed with the work's writes only while the key is still free,
   * so of two attempts racing with one key one commits and the other finds its answer.
   */
  firstCompletionItem<R>(request: IdempotencyRequest, response: R): TransactItem {
    const now = this.clock();
    return {
      Put: {
        TableName: this.tableName,
        Item: {
          ...keys.idempotency(request.caller, request.key),
          type: 'idempotency',
          status: 'completed',
          lockId: randomUUID(),
          expiresAt: this.expiresAt(request.now),
          fingerprint: request.fingerprint,
          response: JSON.stringify(response),
        },
        ConditionExpression:
          'attribute_not_exists(PK) OR expiresAt < :nowSeconds OR (#status = :inProgress AND lockedUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':nowSeconds': Math.floor(now / 1000), ':now': now, ':inProgress': 'in-progress' },
      },
    };
  }

  async complete<R>(claim: IdempotencyClaim, response: R): Promise<void> {
    await commit(this.doc, [this.completionItem(claim, response)]);
  }

  /** Gives the key back after a failure, so the client's retry runs the work afresh. */
  async release(claim: IdempotencyClaim): Promise<void> {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: keys.idempotency(claim.caller, claim.key),
          ConditionExpression: 'lockId = :lockId AND #status = :inProgress',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':lockId': claim.lockId, ':inProgress': 'in-progress' },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Runs `plan` once per (caller, key). `plan` reads the current state and returns the response
   * and the writes; they are committed with the stored response in one transaction. A version
   * conflict on the writes re-runs `plan` (reload and re-apply); a thrown error releases the key.
   */
  async run<R>(
    request: IdempotencyRequest,
    plan: () => Promise<Plan<R>>,
    retry?: RetryOptions,
  ): Promise<{ response: R; replayed: boolean }> {
    const started = await this.begin<R>(request);
    if (started.replayed) return { response: started.response, replayed: true };
    const { claim } = started;
    const lease = this.hold(claim);
    try {
      const response = await retryOnConflict(async () => {
        const { response, items = [] } = await plan();
        if (items.length + 1 > MAX_TRANSACTION_ITEMS) {
          throw new StoreError(
            'transaction-too-large',
            `an idempotent command may write at most ${MAX_TRANSACTION_ITEMS - 1} items`,
          );
        }
        const all = [...items, this.completionItem(claim, response)];
        try {
          await commit(this.doc, all);
        } catch (error) {
          if (error instanceof ConflictError && error.failedItems.includes(all.length - 1)) {
            const settled = await this.resolveLostCompletion<R>(claim, error);
            if (settled) return settled.response;
          }
          throw error;
        }
        return response;
      }, retry);
      return { response, replayed: false };
    } catch (error) {
      lease.stop();
      await this.release(claim).catch(() => undefined);
      throw error;
    } finally {
      lease.stop();
    }
  }

  /**
   * The completion item failed. Three causes, told apart by reading the record:
   * our transaction did commit (a retried request whose first try succeeded): answer with what
   * was stored; a transient conflict on the record while still ours: retry; the claim passed to
   * another attempt: that attempt owns the outcome, so never apply twice.
   */
  private async resolveLostCompletion<R>(
    claim: IdempotencyClaim,
    error: ConflictError,
  ): Promise<{ response: R } | undefined> {
    const { Item } = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: keys.idempotency(claim.caller, claim.key),
        ConsistentRead: true,
      }),
    );
    if (Item?.lockId === claim.lockId && Item.status === 'completed') {
      return { response: JSON.parse(Item.response as string) as R };
    }
    if (Item?.lockId === claim.lockId && Item.status === 'in-progress') return undefined; // retry: `error` is rethrown
    throw new StoreError(
      'idempotency-in-progress',
      `Idempotency-Key ${claim.key} was claimed by another attempt (${error.message})`,
    );
  }

  private expiresAt(now: number): number {
    return Math.floor(now / 1000) + this.ttlSeconds;
  }
}
