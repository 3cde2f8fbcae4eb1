import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { signToken } from '../../lambdas/auth/index.ts';
import { formatCard } from '../../lambdas/core/cards.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { type Call, fanOutChange, type Harness, harness, packOf, pushRig, subscribeSocket } from './harness.ts';

const PACKS = ['blackjack-mewah', 'blackjack-lucky-ladies', 'blackjack-eropa', 'blackjack-tanpa-batas', 'andar-bahar'];
/** Packs whose tables may be dealer-fed (spec.shoe.sources). */
const DEALER_PACKS = ['blackjack-mewah', 'andar-bahar'];
const RUNS = 2;
const ROUNDS = 3;

const opened: Harness[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.table.drop())));

type Audience = { kind: 'player'; name: string } | { kind: 'operator' };

/** One abstract step; indexes pick among the players and what the table offers when the step runs. */
type Step =
  | {
      kind: 'bet';
      who: number;
      bet: number;
      seat: number;
      size: number;
      round: 'seen' | 'next' | 'stale';
      slip: boolean;
    }
  | { kind: 'act'; who: number; pick: number; accept: boolean; wild: boolean }
  | { kind: 'deal'; who: number }
  | { kind: 'time' }
  | { kind: 'ai'; seat: number };

const betArb = fc.record({
  kind: fc.constant('bet' as const),
  who: fc.nat(2),
  bet: fc.nat(20),
  seat: fc.integer({ min: 1, max: 7 }),
  size: fc.nat(3),
  round: fc.constantFrom('seen' as const, 'seen' as const, 'next' as const, 'stale' as const),
  slip: fc.boolean(),
});
const actArb = fc.record({
  kind: fc.constant('act' as const),
  who: fc.nat(2),
  pick: fc.nat(10),
  accept: fc.boolean(),
  wild: fc.nat(9).map((n) => n === 0),
});
/** A round as players play one: bets, the deal (an operator's, or the countdown's), decisions, maybe a timeout. */
const roundArb: fc.Arbitrary<Step[]> = fc
  .tuple(
    fc.array(betArb, { minLength: 2, maxLength: 5 }),
    fc.oneof(fc.record({ kind: fc.constant('deal' as const), who: fc.nat(2) }), fc.constant({ kind: 'time' as const })),
    fc.array(actArb, { minLength: 2, maxLength: 9 }),
    fc.option(fc.constant({ kind: 'time' as const })),
    fc.option(fc.record({ kind: fc.constant('ai' as const), seat: fc.integer({ min: 2, max: 7 }) })),
  )
  .map(([bets, deal, acts, timeout, ai]) => [
    ...(ai ? [ai] : []),
    ...bets,
    deal,
    ...acts,
    ...(timeout ? [timeout] : []),
  ]);

const CARD_TEXT = /(?<![A-Za-z0-9])(?:10|[A2-9TJQK])[SHDC](?![A-Za-z0-9])/g;
const CARD_KEYS = new Set([
  'card',
  'cards',
  'shown',
  'gameCard',
  'sides',
  'stream',
  'initial',
  'andar',
  'bahar',
  'upCard',
]);

/** Every card an answer holds: card text in any string, and any number where a card could stand (a leak by itself). */
function cardsIn(value: unknown, key: string, out: { texts: string[]; numeric: string[] }): void {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, key, out);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) cardsIn(v, k, out);
  else if (typeof value === 'string') out.texts.push(...(value.match(CARD_TEXT) ?? []));
  else if (typeof value === 'number' && CARD_KEYS.has(key)) out.numeric.push(`${key}: ${value}`);
}

/** The seed's encodings an answer must never hold while its shoe is live. */
const seedForms = (hex: string): string[] => {
  const bytes = Buffer.from(hex, 'hex');
  return [hex, hex.toUpperCase(), bytes.toString('base64'), bytes.toString('base64url')];
};

/** Push for a harness's table: its socket routes and fan-out, every message kept by connection. */
function pushFor(h: Harness, packId: string) {
  const { key, posted: inbox, socket, fanout } = pushRig(h, packId);
  let n = 0;
  return {
    /** Connects as `sub` and follows the table; the connection's id. */
    async follow(tableId: string, sub: string, role: 'player' | 'operator'): Promise<string> {
      const connectionId = `c${++n}`;
      inbox.set(connectionId, []);
      const token = signToken({ sub, role }, { key });
      await subscribeSocket(socket, connectionId, token, tableId);
      return connectionId;
    },
    /** Tells the fan-out the table and every player's part of its round changed. */
    async changed(tableId: string, players: readonly string[]): Promise<void> {
      await fanOutChange(h, fanout, tableId, players);
    },
    /** The messages a connection got since last asked, as answers. */
    take(connectionId: string): Call[] {
      const got = inbox.get(connectionId)!.splice(0);
      return got.map((raw) => ({ status: 200, body: JSON.parse(raw), raw }));
    },
  };
}

interface Table {
  /** Dealer-fed: the physical shoe the dealer scans from, and what was scanned. */
  /** `reads`: physical reads so far, each with its own scan id (a card code can come out twice in 8 decks). */
  dealer?: { deck: string[]; scanned: Set<string>; answers: Call[]; late: boolean; reads: number };
  h: Harness;
  pack: CompiledPack;
  tableId: string;
  players: string[];
  outsider: string;
  /** The host of a solo practice table (its one human). */
  host: string | null;
}

/** What is stored of the table's rounds now, read once per step (operator access to the store, not the API). */
async function roundsOf(t: Table): Promise<number> {
  const { currentRoundId } = await t.h.store.tableItem(t.tableId);
  return Number(currentRoundId.slice(currentRoundId.lastIndexOf('-r') + 2));
}

async function snapshot(t: Table) {
  const last = await roundsOf(t);
  const rounds = await Promise.all(
    Array.from({ length: last }, async (_, i) => {
      const id = `${t.tableId}-r${i + 1}`;
      const [{ round, parts }, steps] = await Promise.all([t.h.store.round(id, 'all'), t.h.store.steps(id)]);
      return { round, parts, steps };
    }),
  );
  const live = (await t.h.store.load(t.tableId, 'all', t.h.clock.now)).state.shoe;
  return { rounds, last, seeds: live?.seed ? seedForms(live.seed) : [] };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The cards `audience` has been shown face up at this table, from the stored rounds (not the projection). */
function shownTo(now: Snapshot, audience: Audience): Set<string> {
  const shown = new Set<string>();
  const add = (cards: readonly number[]) => {
    for (const c of cards) shown.add(formatCard(c));
  };
  for (const { round, parts, steps } of now.rounds) {
    round.dealer.cards.forEach((c, i) => {
      if (i !== 1 || round.dealer.holeShown) add([c]);
    });
    for (const s of round.seats) {
      add(s.initial);
      for (const hand of s.hands) add(hand.cards);
    }
    if (round.common) add(round.common.cards);
    if (round.andarBahar) add([round.andarBahar.gameCard, ...round.andarBahar.sides[0], ...round.andarBahar.sides[1]]);
    for (const e of steps.flatMap((s) => s.events)) if (e.type === 'burn') add([e.shown]);
    for (const [player, part] of Object.entries(parts))
      if (audience.kind === 'operator' || audience.name === player)
        for (const hand of part.common?.hands ?? []) add(hand.cards);
    if (audience.kind === 'operator' && round.common) add(round.common.stream);
    if (audience.kind === 'operator' && (round.phase === 'settled' || round.phase === 'void'))
      for (const s of round.scans ?? []) shown.add(s.card);
  }
  return shown;
}

/** Checks answers given to `audience`: every card in them shown to it, no live seed in any form. */
function checkAnswers(now: Snapshot, audience: Audience, answers: Call[], context: string): void {
  const shown = shownTo(now, audience);
  const who = audience.kind === 'operator' ? 'the operator' : audience.name;
  for (const answer of answers) {
    for (const secret of now.seeds) expect(answer.raw, `${context}: ${who} got the live seed`).not.toContain(secret);
    const found = { texts: [] as string[], numeric: [] as string[] };
    cardsIn(answer.body, '', found);
    expect(found.numeric, `${context}: ${who} got a card as a number`).toEqual([]);
    const unseen = found.texts.filter((c) => !shown.has(c.replace(/^10/, 'T')));
    expect(unseen, `${context}: ${who} got cards never shown to them in ${answer.raw.slice(0, 2000)}`).toEqual([]);
  }
}

/** Every player-facing read as `audience`: the table, the history, the latest rounds of the table, the wallet. */
async function reads(t: Table, audience: Audience, last: number): Promise<Call[]> {
  const as = audience.kind === 'operator' ? { as: 'op', role: 'operator' as const } : { as: audience.name };
  const calls = [
    t.h.call('GET', `/tables/${t.tableId}`, as),
    t.h.call('GET', '/history?limit=50', as),
    t.h.call('GET', '/wallet', as),
    // The round in play and the one before (history recalls every round of the player's).
    ...[last - 1, last].filter((no) => no >= 1).map((no) => t.h.call('GET', `/rounds/${t.tableId}-r${no}`, as)),
  ];
  return Promise.all(calls);
}

/** Plays one step; answers the calls it made, by the name of who made them. */
async function play(t: Table, step: Step): Promise<[string, Call][]> {
  const { h, pack, tableId } = t;
  const made: [string, Call][] = [];
  const call = async (who: string, method: string, path: string, body?: unknown, role?: 'operator') => {
    const r = await h.call(method, path, {
      as: who,
      ...(role ? { role } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    expect(r.status, `${method} ${path} as ${who}: ${r.raw}`).toBeLessThan(500);
    made.push([role ? 'op' : who, r]);
    return r;
  };
  const viewOf = async (who: string) => (await call(who, 'GET', `/tables/${tableId}`)).body;
  switch (step.kind) {
    case 'bet': {
      const who = t.players[step.who]!;
      const view = await viewOf(who);
      const offered = pack.bets.filter((b) => !b.mode || b.mode === pack.modes?.default);
      const bet = offered[step.bet % offered.length]!;
      const seats = pack.table.kind === 'seated' || pack.table.kind === 'solo';
      const spec = {
        bet: bet.name,
        amount: Math.min(bet.max, bet.min * (1 + step.size)),
        ...(seats ? { seat: ((step.seat - 1) % (pack.table.seats ?? 7)) + 1 } : {}),
      };
      const round =
        step.round === 'next'
          ? 'next'
          : step.round === 'seen'
            ? view.round.id
            : `${tableId}-r${Math.max(1, view.round.no - 1)}`;
      if (step.slip) await call(who, 'POST', `/tables/${tableId}/bet-slips`, { round, bets: [spec] });
      else await call(who, 'POST', `/tables/${tableId}/bets`, { round, ...spec });
      break;
    }
    case 'act': {
      // The player named, or the next one who has a decision to make.
      let who = t.players[step.who]!;
      let view = await viewOf(who);
      for (let k = 1; k < t.players.length && !view.legal.length && !step.wild; k++) {
        who = t.players[(step.who + k) % t.players.length]!;
        view = await viewOf(who);
      }
      const moves = view.legal as { action: string; seat?: number }[];
      const move =
        step.wild || !moves.length ? { action: 'hit', seat: step.pick % 8 } : moves[step.pick % moves.length]!;
      const answer = move.action === 'insurance' || move.action.startsWith('follow');
      await call(who, 'POST', `/tables/${tableId}/actions`, {
        action: move.action,
        round: view.round.no,
        ...(move.seat ? { seat: move.seat } : {}),
        ...(answer ? { accept: step.accept } : {}),
      });
      break;
    }
    case 'deal':
      if (t.host) await call(t.players[step.who]!, 'POST', `/tables/${tableId}/deal`);
      else await call('op', 'POST', `/tables/${tableId}/deal`, undefined, 'operator');
      break;
    case 'time': {
      const view = (await h.call('GET', `/tables/${tableId}`, { as: 'op', role: 'operator' })).body;
      h.clock.now = Math.max(h.clock.now, (view.round.deadline ?? h.clock.now) + 1);
      break;
    }
    case 'ai':
      if (t.host) await call(t.host, 'POST', `/tables/${tableId}/ai`, { level: 'easy', seat: step.seat });
      break;
  }
  return made;
}

/** A shuffled shoe of `decks` decks, from a seed (the studio's shuffle: nothing of it is ever sent but a scan). */
function physicalShoe(decks: number, seed: number): string[] {
  const cards = Array.from({ length: decks * 52 }, (_, i) => formatCard(i % 52));
  let x = seed >>> 0 || 1;
  for (let i = cards.length - 1; i > 0; i--) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const j = x % (i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

/**
 * The dealer deals what the table needs: scans a card while one is needed (a late dealer lets the
 * card deadline pass once: the round pauses and an operator resumes it). Andar Bahar's shuffling
 * machine gives a fresh deck for every game card.
 */
async function dealerDeals(t: Table, seed: number): Promise<void> {
  const d = t.dealer!;
  for (let i = 0; i < 60; i++) {
    const view = (await t.h.call('GET', `/tables/${t.tableId}`, { as: 'dee', role: 'dealer' })).body;
    d.answers.push({ status: 200, body: view, raw: JSON.stringify(view) });
    if (view.dealing.paused) {
      const r = await t.h.call('POST', `/tables/${t.tableId}/resume`, {
        as: 'op',
        role: 'operator',
        body: { reason: 'dealer back at the table' },
      });
      expect(r.status, r.raw).toBe(200);
      continue;
    }
    const need = view.dealing.need;
    if (!need) return;
    if (d.late && need.to !== 'game' && need.to !== 'burn') {
      d.late = false;
      t.h.clock.now = Math.max(t.h.clock.now, (view.round.deadline ?? t.h.clock.now) + 1);
      continue;
    }
    if (need.to === 'game') d.deck = physicalShoe(t.pack.shoe.decks, seed + i);
    const card = d.deck.pop()!;
    const r = await t.h.call('POST', `/tables/${t.tableId}/cards`, {
      as: 'dee',
      role: 'dealer',
      key: null,
      body: { card, scanId: `${t.tableId}-${++d.reads}` },
    });
    expect(r.status, `scan ${card} for ${need.text}: ${r.raw}`).toBe(200);
    d.scanned.add(card);
    d.answers.push(r);
  }
}

let runs = 0;

async function openTable(h: Harness, pack: CompiledPack, dealerFed = false, seed = 1): Promise<Table> {
  const run = ++runs;
  const players = ['a', 'b', 'c'].map((x) => `p${run}${x}`);
  const tableId = `s${run}`;
  const practice = pack.currency.practice;
  const host = pack.table.kind === 'solo' && practice ? players[0]! : null;
  if (host) expect((await h.call('POST', '/tables', { as: host, body: { tableId } })).status).toBe(201);
  else
    expect(
      (
        await h.call('POST', '/tables', {
          as: 'op',
          role: 'operator',
          body: { tableId, ...(dealerFed ? { source: 'dealer' } : {}) },
        })
      ).status,
    ).toBe(201);
  for (const p of players)
    if (practice) expect((await h.call('POST', '/wallet/practice-points', { as: p })).status).toBe(200);
    else
      expect(
        (
          await h.call('POST', `/wallets/${p}/credit`, {
            as: 'op',
            role: 'operator',
            body: { amount: 1_000_000, reason: 'secrecy test' },
          })
        ).status,
      ).toBe(200);
  return {
    h,
    pack,
    tableId,
    players,
    outsider: `p${run}o`,
    host,
    ...(dealerFed
      ? {
          dealer: {
            deck: physicalShoe(pack.shoe.decks, seed),
            scanned: new Set<string>(),
            reads: 0,
            answers: [],
            late: seed % 2 === 0,
          },
        }
      : {}),
  };
}

async function property(packId: string, dealerFed: boolean): Promise<void> {
  const h = await harness(packId, { seedLabel: `secrecy-${packId}${dealerFed ? '-dealer' : ''}` });
  opened.push(h);
  const { pack } = packOf(packId);
  const push = pushFor(h, packId);
  await fc.assert(
    fc.asyncProperty(fc.array(roundArb, { minLength: ROUNDS, maxLength: ROUNDS }), fc.nat(), async (rounds, seed) => {
      const steps = rounds.flat();
      const t = await openTable(h, pack, dealerFed, seed);
      const audiences: Audience[] = [
        ...t.players.map((name) => ({ kind: 'player' as const, name })),
        { kind: 'player', name: t.outsider },
        { kind: 'operator' },
      ];
      const followers = await Promise.all(
        audiences.map((a) =>
          a.kind === 'operator' ? push.follow(t.tableId, 'op', 'operator') : push.follow(t.tableId, a.name, 'player'),
        ),
      );
      if (t.dealer) await dealerDeals(t, seed);
      for (const [i, step] of steps.entries()) {
        const made = await play(t, step);
        if (t.dealer) await dealerDeals(t, seed + i);
        const context = `${packId} ${t.tableId} step ${i + 1} (${JSON.stringify(step)})`;
        // What is due (a deal, a timeout) is applied first; the store is read after the answers, since
        // what an audience has been shown only grows.
        await h.call('GET', `/tables/${t.tableId}`, { as: 'op', role: 'operator' });
        const rounds = await roundsOf(t);
        const answers = await Promise.all(audiences.map((audience) => reads(t, audience, rounds)));
        await push.changed(t.tableId, [...t.players, t.outsider]);
        const now = await snapshot(t);
        audiences.forEach((audience, k) => {
          const name = audience.kind === 'operator' ? 'op' : audience.name;
          const own = made.filter(([who]) => who === name).map(([, r]) => r);
          const pushed = push.take(followers[k]!);
          expect(pushed.length, `${context}: ${name} got no push message`).toBeGreaterThan(0);
          checkAnswers(now, audience, [...own, ...answers[k]!, ...pushed], context);
        });
        if (t.dealer)
          for (const answer of t.dealer.answers.splice(0)) {
            const found = { texts: [] as string[], numeric: [] as string[] };
            cardsIn(answer.body, '', found);
            expect(
              found.texts.filter((c) => !t.dealer!.scanned.has(c)),
              `${context}: the dealer got unscanned cards`,
            ).toEqual([]);
          }
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
}

describe('no answer holds a card its audience was not shown, or a live seed', () => {
  test.each(PACKS)('%s: random rounds, every route, every audience, after every step', (packId) =>
    property(packId, false),
  );
  test.each(DEALER_PACKS)(
    "R-LD-SOURCE-1 %s dealer-fed: the scanned hole card is as secret as the seeded shoe's; the dealer sees only scans",
    (packId) => property(packId, true),
    300_000,
  );
});
