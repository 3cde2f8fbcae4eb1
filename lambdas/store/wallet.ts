// Owns players' money in a stack: the WalletPort that handlers depend on, and its DynamoDB
// implementation. Every movement is a wallet write (version condition) plus one ledger entry,
// contributed to the caller's transaction so a bet and its debit commit together or not at all.
// An operator's own wallet service could plug in behind the same port. One DynamoWallet serves
// one namespace (real money, or practice/demo points: keys.ts), so a balance of one can never be
// read, credited or staked through the other.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';
import { commit, type TransactItem } from './commit.ts';
import { StoreError } from './errors.ts';
import { keys, partitions, prefixes, type WalletSpace } from './keys.ts';
import { assertMinorUnits, assertPositiveMinorUnits } from './money.ts';
import { type RetryOptions, retryOnConflict } from './retry.ts';

export interface WalletState {
  playerId: string;
  /** Minor units. */
  balance: number;
  /** 0 when the wallet has never been written. */
  version: number;
}

export interface LedgerEntry {
  playerId: string;
  /** The wallet version this entry produced: entries are numbered 1, 2, 3, … with no gaps. */
  seq: number;
  /** Signed minor units: positive credits the wallet. */
  amount: number;
  balanceAfter: number;
  /** What moved the money, e.g. `operator-credit`, `bet`, `payout`, `refund`. */
  kind: string;
  /** Who caused it: a player id, an operator id, or `system`. */
  actor: string;
  reason?: string;
  /** What it belongs to, e.g. a round id. */
  ref?: string;
  /** ISO 8601. */
  at: string;
}

export interface WalletChange {
  /** The wallet as the caller read it; the write is conditioned on exactly this version and balance. */
  wallet: WalletState;
  /** Signed minor units; the one net change for this wallet in the caller's transaction. */
  amount: number;
  kind: string;
  actor: string;
  reason?: string;
  ref?: string;
  /** Epoch milliseconds (injected clock). */
  at: number;
}

export interface CreditInput {
  playerId: string;
  amount: number;
  /** The operator's id. */
  actor: string;
  reason: string;
  ref?: string;
  at: number;
}

export interface WalletPort {
  /** The namespace every wallet of this port is in. */
  readonly space: WalletSpace;
  balance(playerId: string): Promise<WalletState>;
  /** An operator credit (its own transaction, retried on conflict). */
  credit(input: CreditInput, retry?: RetryOptions): Promise<{ wallet: WalletState; entry: LedgerEntry }>;
  /** The wallet write and its ledger entry, for the caller's TransactWriteItems. Throws on overdraft. */
  changeItems(change: WalletChange): TransactItem[];
  /** The wallet after `change` commits. */
  applied(change: WalletChange): WalletState;
  /** Ledger entries, oldest first unless `newestFirst`. */
  ledger(playerId: string, options?: { limit?: number; newestFirst?: boolean }): Promise<LedgerEntry[]>;
}

export class DynamoWallet implements WalletPort {
  constructor(
    private readonly doc: DocumentClient,
    private readonly tableName: string,
    readonly space: WalletSpace,
  ) {}

  async balance(playerId: string): Promise<WalletState> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keys.wallet(playerId, this.space), ConsistentRead: true }),
    );
    if (!Item) return { playerId, balance: 0, version: 0 };
    return { playerId, balance: Item.balance as number, version: Item.version as number };
  }

  applied(change: WalletChange): WalletState {
    return {
      playerId: change.wallet.playerId,
      balance: change.wallet.balance + change.amount,
      version: change.wallet.version + 1,
    };
  }

  changeItems(change: WalletChange): TransactItem[] {
    const { wallet } = change;
    assertMinorUnits(change.amount, 'amount');
    assertMinorUnits(wallet.balance, 'balance');
    const after = this.applied(change);
    assertMinorUnits(after.balance, 'balance after the change');
    if (after.balance < 0) {
      throw new StoreError(
        'insufficient-funds',
        `balance ${wallet.balance} of ${wallet.playerId} cannot cover ${-change.amount}`,
      );
    }
    const at = new Date(change.at).toISOString();
    const walletWrite: TransactItem =
      wallet.version === 0
        ? {
            Put: {
              TableName: this.tableName,
              Item: {
                ...keys.wallet(wallet.playerId, this.space),
                type: 'wallet',
                playerId: wallet.playerId,
                balance: after.balance,
                version: 1,
                updatedAt: at,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          }
        : {
            Update: {
              TableName: this.tableName,
              Key: keys.wallet(wallet.playerId, this.space),
              // Balance and version both: the caller computed from exactly this state.
              ConditionExpression: 'version = :version AND balance = :before',
              UpdateExpression: 'SET balance = :after, version = :next, updatedAt = :at',
              ExpressionAttributeValues: {
                ':version': wallet.version,
                ':before': wallet.balance,
                ':after': after.balance,
                ':next': after.version,
                ':at': at,
              },
            },
          };
    const entry: LedgerEntry = {
      playerId: wallet.playerId,
      seq: after.version,
      amount: change.amount,
      balanceAfter: after.balance,
      kind: change.kind,
      actor: change.actor,
      reason: change.reason,
      ref: change.ref,
      at,
    };
    const ledgerWrite: TransactItem = {
      Put: {
        TableName: this.tableName,
        Item: { ...keys.ledgerEntry(wallet.playerId, after.version, this.space), type: 'ledger', ...entry },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
    return [walletWrite, ledgerWrite];
  }

  async credit(input: CreditInput, retry?: RetryOptions): Promise<{ wallet: WalletState; entry: LedgerEntry }> {
    assertPositiveMinorUnits(input.amount, 'credit');
    if (!input.reason.trim()) throw new StoreError('invalid-input', 'an operator credit needs a reason');
    return retryOnConflict(async () => {
      const wallet = await this.balance(input.playerId);
      const change: WalletChange = {
        wallet,
        amount: input.amount,
        kind: 'operator-credit',
        actor: input.actor,
        reason: input.reason,
        ref: input.ref,
        at: input.at,
      };
      await commit(this.doc, this.changeItems(change));
      const after = this.applied(change);
      return {
        wallet: after,
        entry: {
          playerId: input.playerId,
          seq: after.version,
          amount: input.amount,
          balanceAfter: after.balance,
          kind: change.kind,
          actor: input.actor,
          reason: input.reason,
          ref: input.ref,
          at: new Date(input.at).toISOString(),
        },
      };
    }, retry);
  }

  async ledger(playerId: string, options: { limit?: number; newestFirst?: boolean } = {}): Promise<LedgerEntry[]> {
    const entries: LedgerEntry[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': partitions.wallet(playerId, this.space), ':prefix': prefixes.ledger },
          ScanIndexForward: !options.newestFirst,
          ConsistentRead: true,
          ExclusiveStartKey: start,
          Limit: options.limit === undefined ? undefined : options.limit - entries.length,
        }),
      );
      for (const item of page.Items ?? []) {
        const { PK: _pk, SK: _sk, type: _type, ...entry } = item;
        entries.push(entry as LedgerEntry);
      }
      start = page.LastEvaluatedKey;
    } while (start && (options.limit === undefined || entries.length < options.limit));
    return entries;
  }
}
