// Owns what the push functions share in AWS: the pack baked into the bundle, the variant's table,
// the connection records, and posting to a connection through API Gateway's management API
// (a 410, GoneException, is a connection that is no longer there).
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { PackShelf } from '../handlers/packs.ts';
import { openStore } from '../handlers/wallets.ts';
import { fromArtifact, type PackArtifact } from '../pack/artifact.ts';
import { createDocumentClient, PackArtifacts } from '../store/index.ts';
import { Connections } from './connections.ts';
import type { Poster } from './fanout.ts';

export function pushDeps() {
  // Read as written: the bundle has the artifact baked in where `process.env.CROUPIER_PACK_ARTIFACT` stands.
  const artifact = process.env.CROUPIER_PACK_ARTIFACT;
  const tableName = process.env.CROUPIER_TABLE_NAME;
  const endpoint = process.env.CROUPIER_PUSH_ENDPOINT;
  if (!artifact || !tableName || !endpoint)
    throw new Error('CROUPIER_PACK_ARTIFACT, CROUPIER_TABLE_NAME and CROUPIER_PUSH_ENDPOINT must be set');
  const baked = JSON.parse(artifact) as PackArtifact;
  const { pack, charts } = fromArtifact(baked);
  const doc = createDocumentClient();
  const management = new ApiGatewayManagementApiClient({ endpoint });
  const post: Poster = async (connectionId, data) => {
    try {
      await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException) return 'gone';
      throw error;
    }
  };
  return {
    pack,
    store: openStore(doc, tableName, pack),
    packs: new PackShelf({ pack, charts }, new PackArtifacts(doc, tableName), baked),
    connections: new Connections(doc, tableName),
    clock: Date.now,
    post,
    log: (entry: Record<string, unknown>) => console.log(JSON.stringify(entry)),
  };
}
