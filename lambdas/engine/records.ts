// A round's bet records: created, found, and reused. With events off (the simulator) nothing is
// recorded, so a finished round and its records are reset and used again instead of allocated
// afresh; at millions of rounds a second, allocation and garbage collection would otherwise cost
// most of a round. The helpers below live on hidden symbol keys, off the round's JSON.
import { setHidden } from '../core/hidden.ts';
import type { ShoeState } from '../core/shoe.ts';
import type { CompiledBet, CompiledPack } from '../pack/compiled.ts';
import type { BetRecord, RoundState } from './types.ts';

const SPARE = Symbol('spare bet records');
/** Records per bet index this round: never below the truth, so a bet with 0 needs no search. */
const PLACED = Symbol('records per bet');
type Recyclable = RoundState & { [SPARE]?: BetRecord[]; [PLACED]?: Uint32Array };
/** A record's compiled bet, kept on it (not enumerable: off its JSON and its equality) to spare a lookup by key. */
const BET = Symbol('compiled bet');
type Linked = BetRecord & { [BET]?: CompiledBet };

/** The compiled bet a record is for. */
export function betOf(pack: CompiledPack, record: Linked): CompiledBet {
  const bet = record[BET];
  if (bet && bet.key === record.key && pack.bets[bet.index] === bet) return bet;
  return link(record, pack.betByKey.get(record.key)!);
}

const link = (record: Linked, bet: CompiledBet): CompiledBet => setHidden(record, BET, bet);

/** Resets a finished round in place as round `no`; its bet records are kept aside for reuse. */
export function recycleRound(round: Recyclable, no: number, now: number, deadline: number | null, shoe: ShoeState): void {
  const spare = round[SPARE] ?? setHidden(round, SPARE, [] as BetRecord[]);
  // Popped, not truncated: setting an array's length costs more than popping a few entries.
  for (let r = round.bets.pop(); r; r = round.bets.pop()) spare.push(r);
  const counts = round[PLACED];
  if (counts) for (let i = 0; i < counts.length; i++) counts[i] = 0; // a loop: fill() is a slow call for a few entries
  round.no = no;
  round.phase = 'betting';
  round.openedAt = now;
  round.deadline = deadline;
  round.shoeId = shoe.id;
  round.shoeCommitment = shoe.commitment;
  round.roundInShoe = shoe.roundsStarted + 1;
  round.lastOfShoe = false;
  round.nextBetId = 1;
  empty(round.seats);
  round.common = null;
  empty(round.dealer.cards);
  round.dealer.holeShown = false;
  round.dealer.blackjack = null;
  round.turnSeat = null;
  round.follow = null;
  for (const _ in round.followAdvance) {
    round.followAdvance = {};
    break;
  }
  empty(round.voidedPlayers);
  round.opening.shoePosition = shoe.position;
}

/** Empties an array in place (popping is cheaper than setting the length). */
export function empty(array: unknown[]): void {
  while (array.length > 0) array.pop();
}

/** A new open bet record, reusing a spare one when the round has any. */
export function newBetRecord(pack: CompiledPack, round: Recyclable, player: string, bet: CompiledBet, seat: number | null): BetRecord {
  const id = round.nextBetId++;
  placed(pack, round)[bet.index]++;
  const r = round[SPARE]?.pop();
  if (!r) {
    const record: BetRecord = { id, player, key: bet.key, name: bet.name, mode: bet.mode, type: bet.type, seat, amount: 0, staked: 0, status: 'open', returned: 0, line: null };
    link(record, bet);
    return record;
  }
  r.id = id;
  r.player = player;
  r.key = bet.key;
  r.name = bet.name;
  r.mode = bet.mode;
  r.type = bet.type;
  r.seat = seat;
  r.amount = 0;
  r.staked = 0;
  r.status = 'open';
  r.returned = 0;
  r.line = null;
  if (r.follows) r.follows = undefined;
  if (r.insurance) r.insurance = undefined;
  (r as Linked)[BET] = bet; // a spare record is linked already: the hidden property exists
  return r;
}

/** The player's open bet of that kind on that spot, if any. */
export function openBet(pack: CompiledPack, round: Recyclable, player: string, bet: CompiledBet, seat: number | null): BetRecord | undefined {
  if (placed(pack, round)[bet.index] === 0) return undefined;
  const bets = round.bets;
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i];
    if (b.key === bet.key && b.player === player && b.seat === seat && b.status === 'open') return b;
  }
  return undefined;
}

/** The counts, counted from the records when the round came from JSON. */
function placed(pack: CompiledPack, round: Recyclable): Uint32Array {
  let counts = round[PLACED];
  if (!counts) {
    counts = setHidden(round, PLACED, new Uint32Array(pack.bets.length));
    for (const r of round.bets) counts[pack.betByKey.get(r.key)!.index]++;
  }
  return counts;
}

export function hasOpenBet(records: readonly BetRecord[]): boolean {
  for (let i = 0; i < records.length; i++) if (records[i].status === 'open') return true;
  return false;
}
