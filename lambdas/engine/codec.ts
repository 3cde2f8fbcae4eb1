// Turns a saved table (TableState: plain JSON, what the store keeps and views read) into the
// working form the interpreter changes (state.ts), and back. Loading copies everything the
// interpreter may change, so a refused command leaves the saved form untouched by construction.
import { type Card, shapeOf } from '../core/cards.ts';
import { Shoe } from '../core/shoe.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { DEALER_BLACKJACK, Insurance, Ledger, Line, Seat, Status } from './ledger.ts';
import type { Ctx, Family, Holder, Round, Table, WorkingHand } from './model.ts';
import { Players } from './players.ts';
import { emptySeats, firstCards, occupiedOf, savedAndarBahar, workingAndarBahar } from './state.ts';
import type {
  BetRecord,
  CommonPlayer,
  Hand,
  PlayerState,
  RoundState,
  SeatHolder,
  SeatRound,
  TableState,
} from './types.ts';

const STATUS: readonly BetRecord['status'][] = ['open', 'settled', 'returned'];
const STATUS_CODE: Record<BetRecord['status'], number> = {
  open: Status.OPEN,
  settled: Status.SETTLED,
  returned: Status.RETURNED,
};

/** The working form of a saved table, with its family's code (families.ts). */
export function decodeTable(ctx: Ctx, state: TableState, family: Family): Table {
  const players = new Players();
  for (const name in state.players) {
    const p = state.players[name];
    players.join(name, p.balance, p.demo, p.ai);
  }
  const seats = emptySeats(ctx.pack.table.seats);
  for (const key in state.seats) seats[Number(key)] = { ...state.seats[key] };
  return {
    tableId: state.tableId,
    packId: state.packId,
    packVersion: state.packVersion,
    packSha256: state.packSha256,
    engineVersion: state.engineVersion,
    paused: state.paused,
    players,
    seats,
    occupied: occupiedOf(seats),
    warnings: copyWarnings(state.warnings),
    shoe: state.shoe ? new Shoe(state.shoe) : null,
    retiredShoes: state.retiredShoes.slice(),
    roundsPlayed: state.roundsPlayed,
    round: loadRound(ctx, state.round, players),
    host: state.host,
    ended: state.ended === true,
    slip: null,
    family,
    left: [],
  };
}

const copyWarnings = (w: TableState['warnings']): TableState['warnings'] =>
  Object.fromEntries(Object.entries(w).map(([player, bets]) => [player, { ...bets }]));
const workingHand = (h: Hand): WorkingHand => ({
  cards: h.cards.slice(),
  stake: h.stake,
  doubled: h.doubled,
  fromSplit: h.fromSplit,
  splitAces: h.splitAces,
  acted: h.acted,
  done: h.done,
  surrendered: h.surrendered,
  shape: shapeOf(h.cards),
});
/** The saved fields of a working hand, in the saved form's order (its shape is derived, never saved). */
const savedHand = (h: WorkingHand): Hand => ({
  cards: h.cards.slice(),
  stake: h.stake,
  doubled: h.doubled,
  fromSplit: h.fromSplit,
  splitAces: h.splitAces,
  acted: h.acted,
  done: h.done,
  surrendered: h.surrendered,
});

function loadRound(ctx: Ctx, r: RoundState, players: Players): Round {
  const pack = ctx.pack;
  // A context with the fast path keeps its rounds' bets in the fast path's ledger, whichever door they came in by.
  const bets = ctx.fast ? ctx.fast.newLedger(pack) : new Ledger(pack.bets.length, Math.max(32, r.bets.length));
  for (const b of r.bets) {
    const bet = pack.betByKey.get(b.key);
    if (!bet)
      throw new Error(`round ${r.id} holds a ${b.key} bet, which pack ${pack.id} ${pack.version} does not offer`);
    const row = bets.add(b.id, bet.index, players.indexOf(b.player), b.seat ?? Seat.NONE);
    bets.setMoney(row, b.amount, b.staked, b.returned);
    bets.setStatus(row, STATUS_CODE[b.status]);
    bets.setLine(
      row,
      b.line === null
        ? Line.NONE
        : bet.type === 'paytable'
          ? bet.lines.findIndex((l) => l.name === b.line)
          : Line.DEALER_BLACKJACK,
    );
    if (b.insurance)
      bets.setInsurance(row, b.insurance.settled ? Insurance.SETTLED : Insurance.PENDING, b.insurance.cost);
    if (b.follows) bets.follows[row] = b.follows.map((f) => ({ ...f }));
  }
  const holders: Holder[] = [];
  for (const s of r.seats)
    holders.push({
      seat: s.seat,
      owner: s.owner,
      ownerIndex: players.indexOf(s.owner),
      initial: s.initial.slice(),
      hands: s.hands.map(workingHand),
      active: s.active,
      preselect: s.preselect,
      draws: 0,
      mainRow: -1,
    });
  if (r.common)
    for (const name in r.common.players) {
      const p = r.common.players[name];
      holders.push({
        seat: Seat.NONE,
        owner: name,
        ownerIndex: players.indexOf(name),
        initial: [],
        hands: p.hands.map(workingHand),
        active: p.active,
        preselect: p.preselect,
        draws: p.draws,
        mainRow: -1,
      });
    }
  // The scalar fields as they are; everything the interpreter changes in place, copied.
  const { bets: _bets, seats: _seats, common, followAdvance, log, events, andarBahar, ...scalars } = r;
  return {
    ...scalars,
    ...copyInPlaceParts(r),
    andarBahar: andarBahar && workingAndarBahar(andarBahar, pack.table.firstSide),
    bets,
    holders,
    common: common ? { cards: common.cards.slice(), stream: common.stream.slice() } : null,
    followAdvance: Object.keys(followAdvance).length ? copyAdvance(followAdvance) : null,
    log: log.slice(),
    events: events.slice(),
    spare: { holders: [], hands: [], common: null },
  };
}

/** Copies of the round's parts that both forms share and the interpreter changes in place. */
type InPlacePart = 'dealer' | 'follow' | 'voidedPlayers';
const copyInPlaceParts = ({
  dealer,
  follow,
  voidedPlayers,
}: Pick<RoundState, InPlacePart>): Pick<RoundState, InPlacePart> => ({
  dealer: { ...dealer, cards: dealer.cards.slice() },
  follow: follow && { ...follow, answers: { ...follow.answers } },
  voidedPlayers: voidedPlayers.slice(),
});

const copyAdvance = (a: RoundState['followAdvance']): RoundState['followAdvance'] =>
  Object.fromEntries(Object.entries(a).map(([id, answers]) => [id, { ...answers }]));

/** The saved form of a working table whose round runs under `pack`. */
export function saveTable(pack: CompiledPack, table: Table): TableState {
  return {
    tableId: table.tableId,
    packId: table.packId,
    packVersion: table.packVersion,
    packSha256: table.packSha256,
    engineVersion: table.engineVersion,
    paused: table.paused,
    players: savePlayers(table.players),
    seats: saveSeats(table),
    warnings: table.warnings,
    shoe: table.shoe ? table.shoe.state() : null,
    retiredShoes: table.retiredShoes,
    roundsPlayed: table.roundsPlayed,
    round: saveRound(pack, table, table.round),
    ...(table.host !== undefined ? { host: table.host } : {}),
    ...(table.ended ? { ended: true } : {}),
  };
}

/**
 * Writes the saved form of `table` over `state`, in place. The round object, its log and its events
 * stay the same objects while the round is the same, as a caller holding them expects.
 */
export function saveTableInto(pack: CompiledPack, table: Table, state: TableState): void {
  const saved = saveTable(pack, table);
  const held = state.round;
  const same = (r: { id: string; no: number }) => held && r.id === held.id && r.no === held.no;
  const left = table.left.find(same);
  if (left) updateInPlace(held, saveRound(pack, table, left));
  else if (same(saved.round) && updateInPlace(held, saved.round)) saved.round = held;
  // The dealer feed is the feed's own (feed.ts), kept as it is.
  for (const key of Object.keys(state))
    if (!(key in saved) && key !== 'feed') delete (state as unknown as Record<string, unknown>)[key];
  Object.assign(state, saved);
}

/** Brings a saved round object up to date with its newer saved form; false when that is not an update of it. */
function updateInPlace(round: RoundState, newer: RoundState): boolean {
  const { log, events, ...rest } = newer;
  if (log.length < round.log.length || events.length < round.events.length) return false;
  for (let i = round.log.length; i < log.length; i++) round.log.push(log[i]);
  for (let i = round.events.length; i < events.length; i++) round.events.push(events[i]);
  Object.assign(round, rest);
  return true;
}

export function savePlayers(players: Players): Record<string, PlayerState> {
  const out: Record<string, PlayerState> = {};
  for (let i = 0; i < players.names.length; i++)
    if (players.joined[i])
      out[players.names[i]] = { balance: players.balance[i], demo: players.demo[i], ai: players.ai[i] };
  return out;
}

export function saveSeats(table: Table): Record<string, SeatHolder> {
  const out: Record<string, SeatHolder> = {};
  for (let seat = 1; seat < table.seats.length; seat++) {
    const holder = table.seats[seat];
    if (holder) out[seat] = { ...holder };
  }
  return out;
}

/** One ledger row as a bet record. */
export function betRecord(pack: CompiledPack, table: Table, round: Round, row: number): BetRecord {
  const bets = round.bets;
  const bet = pack.bets[bets.bet(row)];
  const line = bets.line(row);
  const insurance = bets.insurance(row);
  const follows = bets.follows[row];
  return {
    id: bets.id(row),
    player: table.players.names[bets.player(row)],
    key: bet.key,
    name: bet.name,
    mode: bet.mode,
    type: bet.type,
    seat: bets.seat(row) === Seat.NONE ? null : bets.seat(row),
    amount: bets.amount(row),
    staked: bets.staked(row),
    status: STATUS[bets.status(row)],
    returned: bets.returned(row),
    line: line === Line.NONE ? null : line === Line.DEALER_BLACKJACK ? DEALER_BLACKJACK : bet.lines[line].name,
    ...(follows ? { follows: follows.map((f) => ({ ...f })) } : {}),
    ...(insurance !== Insurance.NONE
      ? { insurance: { cost: bets.insuranceCost(row), settled: insurance === Insurance.SETTLED } }
      : {}),
  };
}

/**
 * A seat's first two cards as saved: once the deal is complete (the dealer's hole card is its last card), whether or
 * not a split has copied them yet.
 */
const savedInitial = (r: Round, h: Holder): Card[] => (r.dealer.cards.length < 2 ? [] : firstCards(h).slice(0, 2));

function saveRound(pack: CompiledPack, table: Table, r: Round): RoundState {
  const bets: BetRecord[] = [];
  for (let row = 0; row < r.bets.length; row++) bets.push(betRecord(pack, table, r, row));
  const seats: SeatRound[] = [];
  const commonPlayers: Record<string, CommonPlayer> = {};
  for (const h of r.holders) {
    if (r.common)
      commonPlayers[h.owner] = {
        hands: h.hands.map(savedHand),
        active: h.active,
        draws: h.draws,
        preselect: h.preselect,
      };
    else
      seats.push({
        seat: h.seat,
        owner: h.owner,
        initial: savedInitial(r, h),
        hands: h.hands.map(savedHand),
        active: h.active,
        preselect: h.preselect,
      });
  }
  const { bets: _ledger, holders: _holders, spare: _spare, common, followAdvance, andarBahar, ...scalars } = r;
  return {
    ...scalars,
    ...copyInPlaceParts(r),
    andarBahar: andarBahar && savedAndarBahar(andarBahar),
    bets,
    seats,
    common: common ? { cards: common.cards.slice(), stream: common.stream.slice(), players: commonPlayers } : null,
    followAdvance: copyAdvance(followAdvance ?? {}),
  };
}
