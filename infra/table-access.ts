// Owns what each function may do to its variant's table: exactly the DynamoDB actions its code
// calls (lambdas/store), nothing for Scan, streams or table management. A transaction needs the
// action of each of its items (Put, Update, Delete, ConditionCheck), not an action of its own.
// test/infra/table-access.test.ts records the calls the real handlers make against DynamoDB Local
// and fails when one is missing here.

/** The DynamoDB API calls a function's code makes, by the name of the SDK command. */
export type TableAction =
  | 'GetItem'
  | 'Query'
  | 'BatchGetItem'
  | 'BatchWriteItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'ConditionCheckItem';

/** The IAM actions a function holds on its table, by handler. The simulation touches no table. */
export const TABLE_ACCESS: {
  readonly api: readonly TableAction[];
  readonly sweep: readonly TableAction[];
  readonly socket: readonly TableAction[];
  readonly fanout: readonly TableAction[];
} = {
  // Reads of tables, rounds, wallets and history; transactions of rounds, wallets, ledger and
  // idempotency records; journal pages in batches; a released idempotency claim is deleted.
  api: [
    'GetItem',
    'Query',
    'BatchGetItem',
    'BatchWriteItem',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'ConditionCheckItem',
  ],
  // The same maintenance a request applies (lambdas/handlers/game.ts `maintain`), never an
  // idempotency claim, so never a delete.
  sweep: ['GetItem', 'Query', 'BatchGetItem', 'BatchWriteItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
  // Connection records (lambdas/push/connections.ts) and the read-only snapshot a subscription answers with.
  socket: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
  // A table's subscribers, the snapshot, and gone connections removed.
  fanout: ['GetItem', 'Query', 'BatchGetItem', 'DeleteItem'],
};

export const iamActions = (actions: readonly TableAction[]): string[] => actions.map((a) => `dynamodb:${a}`);

/**
 * The IAM actions one DynamoDB call needs: its own, or for TransactWriteItems those of its items
 * (`kinds`: the item kinds it carries, Put, Update, Delete, ConditionCheck).
 */
export function actionsOfCall(command: string, kinds: readonly string[] = []): string[] {
  if (command !== 'TransactWriteItems') return [command];
  return kinds.map((k) => (k === 'ConditionCheck' ? 'ConditionCheckItem' : `${k}Item`));
}
