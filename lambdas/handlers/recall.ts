// Owns the recall of a round as a caller may see it (GET /rounds/{roundId}, GET /history): redacted
// while in play, the shoe's seed only once the shoe is retired, another player's commands and
// events left out. An operator's recall also keeps what a replay starts from (`croupier verify`):
// the table as the round opened and each command's balance. Its type is the API's answer, which the
// web table and the verifier read.
import { handsAsText, roundCardsAsText } from '../engine/view.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { StoreError } from '../store/index.ts';
import type { RoundStore } from '../store/rounds.ts';
import type { PlayerPart } from '../store/split.ts';
import { type Actor, eventsFor, seenBy } from './game.ts';

export type Recall = Awaited<ReturnType<typeof recallRound>>;

export async function recallRound(store: RoundStore, deployed: CompiledPack, roundId: string, actor: Actor) {
  const viewer = actor.role === 'operator' ? null : actor.id;
  const { round, parts, tableId, pack } = await store.round(roundId, viewer === null ? 'all' : [viewer]);
  if (viewer !== null && !parts[viewer])
    throw new StoreError('round-not-found', `you have no bets in round ${roundId}`);
  const shown = Object.entries(parts).filter(([p]) => viewer === null || p === viewer) as [string, PlayerPart][];
  const steps = (await store.steps(roundId, viewer ?? undefined)).map((s) => ({
    at: s.at,
    actor: seenBy(s.actor, viewer) || s.actor === 'system' ? s.actor : 'another player',
    commands: s.log
      .filter((l) => seenBy(l.actor, viewer) || l.actor === 'system')
      .map((l) => ({
        at: l.at,
        actor: l.actor,
        command: l.command,
        ...(viewer === null && l.balance !== undefined ? { balance: l.balance } : {}),
      })),
    events: eventsFor(s.events, viewer),
    ...(s.note && viewer === null ? { note: s.note } : {}),
  }));
  const shoe = await store.retiredShoe(round.shoeId);
  const { opening, ...rest } = roundCardsAsText(round);
  const dealer = {
    ...rest.dealer,
    cards: rest.dealer.cards.map((c, i) => (i === 1 && !round.dealer.holeShown ? null : c)),
  };
  return {
    table: tableId,
    pack: pack ?? { id: deployed.id, version: deployed.version, sha256: deployed.sha256 },
    round: { ...rest, dealer },
    bets: shown.flatMap(([, part]) => part.bets),
    hands: Object.fromEntries(
      shown.filter(([, part]) => part.common).map(([p, part]) => [p, handsAsText(part.common!.hands)]),
    ),
    shoe: { id: round.shoeId, commitment: round.shoeCommitment, seed: shoe?.seed ?? null, retired: shoe !== null },
    steps,
    ...(viewer === null ? { opening } : {}),
  };
}
