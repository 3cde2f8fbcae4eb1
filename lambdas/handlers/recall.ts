// Owns reading a recorded round for recall (GET /rounds/{roundId}, GET /history): it reads what
// the audience may be shown (a player's own part and steps only; every part for an operator) and
// the shoe's seed only from a retired shoe, and leaves what to show to the projection.
import type { CompiledPack } from '../pack/compiled.ts';
import { type Audience, playerOf, projectRound, type RoundRecall } from '../projection/index.ts';
import { type RoundStore, StoreError } from '../store/index.ts';

export async function recallRound(
  store: RoundStore,
  deployed: CompiledPack,
  roundId: string,
  audience: Audience,
): Promise<RoundRecall> {
  const me = playerOf(audience);
  if (audience.kind === 'spectator' || audience.kind === 'dealer')
    throw new StoreError('round-not-found', `you have no bets in round ${roundId}`);
  const { round, parts, tableId, pack } = await store.round(roundId, me === null ? 'all' : [me]);
  if (me !== null && !parts[me]) throw new StoreError('round-not-found', `you have no bets in round ${roundId}`);
  const [steps, retired] = await Promise.all([store.steps(roundId, me ?? undefined), store.retiredShoe(round.shoeId)]);
  return projectRound(
    {
      tableId,
      pack: pack ?? { id: deployed.id, version: deployed.version, sha256: deployed.sha256 },
      round,
      parts,
      steps,
      shoe: { id: round.shoeId, commitment: round.shoeCommitment, seed: retired?.seed ?? null },
    },
    audience,
  );
}
