// Owns once-only handling of state-changing requests per (caller, Idempotency-Key): one
// conditional put claims the key ("absent, or expired, or claimed by an attempt that died"); the
// first response is stored and every repeat gets it back. When the work moves money, the
// response is stored in the SAME transaction as the money, conditioned on still holding the
// claim, so a replay can never move money twice even if a claim expires mid-request.

import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DocumentClient } from './client.ts';
import { commit, MAX_TRANSACTION_ITEMS, type TransactItem } from './commit.ts';
import { ConflictError, StoreError } from './errors.ts';
import { keys } from './keys.ts';
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
  /** How long a claim blocks repeats before a retry may take over (longer than a Lambda timeout). */
  claimSeconds?: number;
}

export class Idempotency {
  private readonly ttlSeconds: number;
  private readonly claimSeconds: number;

  constructor(
    private readonly doc: DocumentClient,
    private readonly tableName: string,
    options: IdempotencyOptions = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? 24 * 3600;
    this.claimSeconds = options.claimSeconds ?? 60;
  }

  async begin<R>(request: IdempotencyRequest): Promise<BeginResult<R>> {
    const claim: IdempotencyClaim = { ...request, lockId: randomUUID() };
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            ...keys.idempotency(request.caller, request.key),
            type: 'idempotency',
            status: 'in-progress',
            lockId: claim.lockId,
            lockedUntil: request.now + this.claimSeconds * 1000,
            expiresAt: this.expiresAt(request.now),
            fingerprint: request.fingerprint,
          },
          ConditionExpression:
            'attribute_not_exists(PK) OR expiresAt < :nowSeconds OR (#status = :inProgress AND lockedUntil < :now)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':nowSeconds': Math.floor(request.now / 1000),
            ':now': request.now,
            ':inProgress': 'in-progress',
          },
          // On conflict the existing record comes back with the error: no second read.
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { replayed: false, claim };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const existing = error.Item ? unmarshall(error.Item) : undefined;
      // Our own put, answered late and retried by the SDK: the claim is ours.
      if (existing?.lockId === claim.lockId && existing.status === 'in-progress') return { replayed: false, claim };
      if (existing && (existing.fingerprint ?? null) !== (request.fingerprint ?? null)) {
        throw new StoreError(
          'idempotency-key-reused',
          `Idempotency-Key ${request.key} was already used for a different request`,
        );
      }
      if (existing?.status === 'completed') {
        return { replayed: true, response: JSON.parse(existing.response as string) as R };
      }
      throw new StoreError(
        'idempotency-in-progress',
        `a request with Idempotency-Key ${request.key} is still being processed`,
      );
    }
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
      await this.release(claim).catch(() => undefined);
      throw error;
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
