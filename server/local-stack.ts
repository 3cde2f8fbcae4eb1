// Owns the local data plane `npm start` needs: DynamoDB Local with its data kept in
// `.local/dynamodb` across restarts, one table per pack (as one per stack in AWS), and a clean
// stop on Ctrl-C so no java process outlives the server.
import { fileURLToPath } from 'node:url';
import { createDocumentClient, createTable, type DocumentClient } from '../lambdas/store/index.ts';
import { type DynamoLocalOptions, startDynamoLocal } from './dynamo-local.ts';

export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.local/dynamodb', import.meta.url));

/** The table name of a pack locally; the CDK stack names its own. */
export const localTableName = (packId: string, prefix = 'croupier-') => `${prefix}${packId}`;

export interface LocalStack {
  endpoint: string;
  doc: DocumentClient;
  tableFor(packId: string): string;
  /** Creates the table of a pack added while the server runs (a new file in rules/). */
  addTable(packId: string): Promise<string>;
  stop(): Promise<void>;
}

export interface LocalStackOptions extends DynamoLocalOptions {
  packIds: readonly string[];
  /** A DynamoDB (Local) already running: used as it is, never started or stopped here. */
  endpoint?: string;
  /** Table names are this plus the pack id (default `croupier-`), so servers can share one DynamoDB. */
  tablePrefix?: string;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dynamo = options.endpoint
    ? { endpoint: options.endpoint, stop: async () => undefined }
    : await startDynamoLocal({ dataDir: DEFAULT_DATA_DIR, ...options });
  try {
    const doc = createDocumentClient({ endpoint: dynamo.endpoint });
    const tableOf = (packId: string) => localTableName(packId, options.tablePrefix);
    for (const packId of options.packIds) await createTable(doc, tableOf(packId));
    const known = new Set(options.packIds);
    return {
      endpoint: dynamo.endpoint,
      doc,
      tableFor(packId) {
        if (!known.has(packId)) throw new Error(`no local table for pack ${packId}`);
        return tableOf(packId);
      },
      async addTable(packId) {
        await createTable(doc, tableOf(packId));
        known.add(packId);
        return tableOf(packId);
      },
      async stop() {
        doc.destroy();
        await dynamo.stop();
      },
    };
  } catch (error) {
    await dynamo.stop();
    throw error;
  }
}

/** Runs `cleanup` once on SIGINT/SIGTERM, then exits. */
export function stopOnSignals(cleanup: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    cleanup()
      .catch((error: unknown) => process.stderr.write(`error while stopping: ${String(error)}\n`))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
