// The scheduled sweep (one per pack stack): finishes what nobody touches — every table whose
// deadline has passed, whose round settled, or whose staged transition is pending gets the same
// maintenance a request would apply. Returns what it did; never throws for one table's failure.
import { Logger } from '@aws-lambda-powertools/logger';
import { newSeed as cryptoSeed } from '../core/rng.ts';
import { fromArtifact, type PackArtifact } from '../pack/artifact.ts';
import { createDocumentClient, Idempotency } from '../store/index.ts';
import { Game, type GameDeps } from './game.ts';
import { recordPlay, recordSweep } from './metrics.ts';
import { openStore, tableSpace } from './wallets.ts';

export interface SweepResult {
  swept: string[];
  failed: { tableId: string; error: string }[];
}

export type Sweep = () => Promise<SweepResult>;

export function createSweep(
  deps: Omit<GameDeps, 'idempotency'>,
  logger = new Logger({ serviceName: 'croupier-sweep' }),
): Sweep {
  if (deps.store.wallet.space !== tableSpace(deps.pack))
    throw new Error(`${deps.pack.id} plays from ${tableSpace(deps.pack)} wallets: open its store with openStore`);
  const game = new Game({
    ...deps,
    idempotency: new Idempotency(deps.store.doc, deps.store.tableName, { clock: deps.clock }),
  });
  return async () => {
    const due = await deps.store.dueTables(deps.clock());
    const result: SweepResult = { swept: [], failed: [] };
    for (const tableId of due) {
      try {
        await game.maintain(tableId);
        result.swept.push(tableId);
      } catch (error) {
        result.failed.push({ tableId, error: String((error as Error).message ?? error) });
        logger.error('sweep failed for a table', { tableId, error: error as Error });
      }
    }
    logger.info('sweep', { swept: result.swept.length, failed: result.failed.length });
    return result;
  };
}

let cached: Sweep | undefined;

export async function handler(): Promise<SweepResult> {
  if (!cached) {
    const artifact = process.env.CROUPIER_PACK_ARTIFACT;
    const tableName = process.env.CROUPIER_TABLE_NAME ?? process.env.TABLE_NAME;
    if (!artifact || !tableName) throw new Error('CROUPIER_PACK_ARTIFACT and CROUPIER_TABLE_NAME must be set');
    const baked = JSON.parse(artifact) as PackArtifact;
    const { pack, charts } = fromArtifact(baked);
    const doc = createDocumentClient(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {});
    cached = createSweep({
      pack,
      charts,
      artifact: baked,
      store: openStore(doc, tableName, pack),
      clock: Date.now,
      newSeed: cryptoSeed,
      committed: recordPlay,
    });
  }
  const result = await cached();
  recordSweep(result.swept.length, result.failed.length);
  return result;
}
