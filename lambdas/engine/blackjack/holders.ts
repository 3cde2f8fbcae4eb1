// Hand holders and hands, new or reused: a round hands out again the holders, hands and card arrays
// it keeps aside (Round.spare): a split's hand, and, where the simulator resets a finished round for
// the next one (fast/round.ts), everything the last round used.
import type { Card } from '../../core/cards.ts';
import type { Holder, Round, WorkingHand } from '../model.ts';
import { empty } from '../state.ts';

export function newHand(round: Round, stake: number): WorkingHand {
  const h = round.spare.hands.pop();
  if (!h)
    return {
      cards: [],
      stake,
      doubled: false,
      fromSplit: false,
      splitAces: false,
      acted: false,
      done: false,
      surrendered: false,
      shape: 0,
    };
  resetHand(h, stake);
  return h;
}

function resetHand(h: WorkingHand, stake: number): void {
  empty(h.cards);
  h.shape = 0;
  h.stake = stake;
  h.doubled = false;
  h.fromSplit = false;
  h.splitAces = false;
  h.acted = false;
  h.done = false;
  h.surrendered = false;
}

/** A holder with one empty hand of `stake`, the hand bet on ledger row `mainRow`. */
export function newHolder(
  round: Round,
  seat: number,
  owner: string,
  ownerIndex: number,
  stake: number,
  mainRow: number,
): Holder {
  const h = round.spare.holders.pop();
  if (!h)
    return {
      seat,
      owner,
      ownerIndex,
      initial: [],
      hands: [newHand(round, stake)],
      active: 0,
      preselect: null,
      draws: 0,
      mainRow,
    };
  h.seat = seat;
  h.owner = owner;
  h.ownerIndex = ownerIndex;
  empty(h.initial);
  // A kept holder still has the hands it finished with: the first serves again, the others go aside.
  const hands = h.hands;
  while (hands.length > 1) round.spare.hands.push(hands.pop()!);
  if (hands.length === 1) resetHand(hands[0], stake);
  else hands.push(newHand(round, stake));
  h.active = 0;
  h.preselect = null;
  h.draws = 0;
  h.mainRow = mainRow;
  return h;
}

/** The common draw's shared cards, empty. */
export function newCommon(round: Round): { cards: Card[]; stream: Card[] } {
  const s = round.spare;
  const common = s.common ?? { cards: [], stream: [] };
  s.common = null;
  empty(common.cards);
  empty(common.stream);
  return common;
}
