// Owns the independent check of one round from an operator's recall (`croupier verify`), for an
// auditor or a regulator: the shoe's revealed seed matches the commitment published when the shoe
// started (R-BJ-SHOE-3), the pack is the one the round ran under (its SHA-256), and replaying the
// round's commands from its opening, at their times, deals the same cards and settles every bet the
// same. A dealer-fed round has no seed (R-LD-AUDIT-1): it is replayed from its scans, each card
// where the dealer put it. Pure: the caller reads the recall and the pack.
import { parseCard } from '../core/cards.ts';
import { commitment } from '../core/rng.ts';
import { fixedShoe, newShoe, type ShoeState } from '../core/shoe.ts';
import {
  type BetRecord,
  handsAsText,
  type RoundLogEntry,
  type RoundState,
  replayRound,
  roundCardsAsText,
} from '../engine/index.ts';
import type { AiCharts } from '../pack/chart.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import type { RoundRecall as Recall } from '../projection/index.ts';

export interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

/** Every check of the round, in order; the replay runs only when the seed and the opening are there. */
export function verifyRecall(pack: CompiledPack, charts: AiCharts, recall: Recall): Check[] {
  const checks: Check[] = [];
  const check = (what: string, ok: boolean, detail: string) => checks.push({ what, ok, detail });
  check(
    'pack',
    pack.sha256 === recall.pack.sha256,
    `${recall.pack.id} ${recall.pack.version}, sha256 ${recall.pack.sha256}${pack.sha256 === recall.pack.sha256 ? '' : `; the pack given has ${pack.sha256}`}`,
  );
  const dealerFed = recall.round.dealerFed;
  const seed = recall.shoe.seed;
  let shoe: ShoeState | null = null;
  if (dealerFed) {
    if (!dealerFed.scans) {
      check('scans', false, "this recall has no scans: verify an operator's recall of the round");
      return checks;
    }
    // The burn card of a new shoe is scanned before the round's opening; every other scan is a card dealt in order.
    const dealt = dealerFed.scans.filter((s) => s.to !== 'burn').map((s) => parseCard(s.card) ?? -1);
    check(
      'shoe',
      !dealt.includes(-1),
      `shoe ${recall.shoe.id}: ${dealerFed.note}; ${dealt.length} ${dealt.length === 1 ? 'card' : 'cards'} dealt from ${dealerFed.scans.length} ${dealerFed.scans.length === 1 ? 'scan' : 'scans'}`,
    );
    if (dealt.includes(-1) || !recall.opening) {
      if (!recall.opening) check('replay', false, "this recall has no opening: verify an operator's recall");
      return checks;
    }
    shoe = fixedShoe(pack.shoe.decks, [...new Array(recall.opening.shoePosition).fill(0), ...dealt]);
  } else if (!seed) {
    check(
      'shoe',
      false,
      `shoe ${recall.shoe.id} is still in play: its seed is revealed, and its rounds can be verified, once it is retired`,
    );
    return checks;
  }
  const seedBytes = seed ? Buffer.from(seed, 'hex') : null;
  const committed = shoe !== null || commitment(seedBytes!) === recall.shoe.commitment;
  if (!shoe)
    check(
      'shoe',
      committed,
      `shoe ${recall.shoe.id}: SHA-256 of the revealed seed ${committed ? 'is' : 'is not'} the commitment ${recall.shoe.commitment} published when it started`,
    );
  if (!recall.opening) {
    check(
      'replay',
      false,
      "this recall has no opening: verify an operator's recall (GET /rounds/{roundId} with an operator token)",
    );
    return checks;
  }
  if (!committed || pack.sha256 !== recall.pack.sha256) return checks;
  if (recall.round.phase !== 'settled' && recall.round.phase !== 'void') {
    check(
      'replay',
      false,
      `round ${recall.round.id} is still in play (${recall.round.phase}); verify it once it is settled`,
    );
    return checks;
  }

  const log: RoundLogEntry[] = recall.steps.flatMap((s) =>
    s.commands.map((c) => ({
      at: c.at,
      actor: c.actor,
      command: c.command,
      ...(c.balance !== undefined ? { balance: c.balance } : {}),
    })),
  );
  const record = {
    no: recall.round.no,
    openedAt: recall.round.openedAt,
    roundInShoe: recall.round.roundInShoe,
    opening: recall.opening,
    log,
  } as RoundState;
  const ctx = {
    pack,
    charts,
    env: {
      now: recall.round.openedAt,
      newSeed: (): Uint8Array => {
        throw new Error('a replayed round never starts a shoe');
      },
    },
    events: [],
  };
  const replayed = replayRound(ctx, recall.table, record, shoe ?? newShoe(pack.shoe, recall.shoe.id, seedBytes!)).round;
  const again = roundCardsAsText(replayed);

  // A part the round does not have (no seats at Andar Bahar, no common draw at a seated table) is left out.
  const same = (what: string, recalled: unknown, got: unknown, summary?: string) => {
    const a = JSON.stringify(recalled);
    const b = JSON.stringify(got);
    if (a === b && (a === '[]' || a === 'null')) return;
    check(what, a === b, a === b ? (summary ?? a) : `recalled ${a}, replayed ${b}`);
  };
  same('phase', recall.round.phase, replayed.phase);
  same('dealer cards', recall.round.dealer.cards, again.dealer.cards);
  same(
    'seats',
    recall.round.seats.map((s) => [s.seat, s.hands.map((h) => h.cards)]),
    again.seats.map((s) => [s.seat, s.hands.map((h) => h.cards)]),
  );
  same('common draw', recall.round.common, again.common);
  same(
    'common-draw hands',
    sortedKeys(recall.hands, (hands) => hands.map((h) => h.cards)),
    sortedKeys(
      Object.fromEntries(Object.entries(replayed.common?.players ?? {}).map(([p, c]) => [p, handsAsText(c.hands)])),
      (hands) => hands.map((h) => h.cards),
    ),
  );
  same('andar bahar', recall.round.andarBahar, again.andarBahar);
  const recalled = settlements(recall.bets);
  const got = settlements(replayed.bets);
  const missing = recalled.filter((b) => !got.includes(b));
  const extra = got.filter((b) => !recalled.includes(b));
  check(
    'bets',
    !missing.length && !extra.length,
    missing.length || extra.length
      ? `recalled but not replayed: ${missing.join('; ') || 'none'}; replayed but not recalled: ${extra.join('; ') || 'none'}`
      : `${recalled.length} ${recalled.length === 1 ? 'bet' : 'bets'} staked, returned and settled on the same lines`,
  );
  return checks;
}

/** Each bet's outcome without its id (tables with unbounded players number bets per player, a replay in order). */
const settlements = (bets: readonly BetRecord[]) =>
  bets
    .map(
      (b) =>
        `${b.player} ${b.key}${b.seat === null ? '' : ` seat ${b.seat}`}: staked ${b.staked}, ${b.status}, returned ${b.returned}${b.line ? ` (${b.line})` : ''}`,
    )
    .sort();

const sortedKeys = <T, U>(o: Record<string, T>, f: (v: T) => U) =>
  Object.keys(o)
    .sort()
    .map((k) => [k, f(o[k])]);
