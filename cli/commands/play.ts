// `croupier play <pack> [--seed S] [--shoe CARDS]`: one or more rounds in the terminal, through
// the same interpreter the Lambda handlers run. Type `help` at the prompt.
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { type Card, parseCard } from '../../lambdas/core/cards.ts';
import { newSeed } from '../../lambdas/core/rng.ts';
import {
  apply,
  type Command,
  type Ctx,
  createTable,
  type EngineEvent,
  formatMoney,
  playerView,
  type TableState,
} from '../../lambdas/engine/index.ts';
import { loadCharts } from '../../lambdas/pack/charts.ts';
import { hasSeats } from '../../lambdas/pack/compiled.ts';
import { packArgument } from '../pack-arg.ts';

const ME = 'you';
const HELP = `commands:
  bet <name> <amount> [seat N] [mode M]   e.g. "bet main 1000 seat 1", "bet andar 500 mode no-commission"
  deal                                     close betting and deal
  hit | stand | double | split | surrender [seat N]
  insurance yes|no [seat N]   follow-double yes|no seat N   follow-split yes|no seat N
  timeout                                  let the open window expire (auto-play)
  view                                     show the table
  next                                     open the next round
  quit                                     end the session (a solo table finishes the round in play by auto-play)`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export async function run(args: string[]): Promise<number> {
  const pack = packArgument(args, 'croupier play <pack> [--seed S] [--shoe CARDS]', { options: ['--seed', '--shoe'] });
  if (typeof pack === 'number') return pack;
  const seedText = option(args, '--seed');
  const seed = seedText ? new Uint8Array(createHash('sha256').update(seedText).digest()) : undefined;
  const ctx: Ctx = {
    pack,
    charts: loadCharts(pack),
    env: { now: Date.now(), newSeed: () => seed ?? newSeed() },
    events: [],
  };
  const shoeText = option(args, '--shoe');
  let fixed: Card[] | undefined;
  if (shoeText) {
    fixed = shoeText
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((t) => parseCard(t)!);
    if (fixed.some((c) => c === undefined)) return (console.error('--shoe: write cards like "AS TC 7H"'), 1);
  }
  let state: TableState;
  try {
    state = createTable(ctx, 'terminal', { fixedShoe: fixed });
  } catch (e) {
    return (
      console.error(`--shoe: the table cannot open on these ${fixed?.length ?? 0} cards: ${(e as Error).message}`), 1
    );
  }
  apply(ctx, state, { type: 'join', player: ME, balance: 100_000 });
  for (const level of Object.keys(ctx.pack.table.ai))
    apply(ctx, state, { type: 'join', player: `ai-${level}`, balance: 100_000, ai: level as 'easy' });
  console.log(
    `${ctx.pack.name} (${ctx.pack.id} ${ctx.pack.version}). Your balance: ${formatMoney(ctx.pack.currency, 100_000)}; amounts you type are in minor units. Type "help".`,
  );

  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  rl.setPrompt('> ');
  rl.prompt();
  for await (const line of rl) {
    const words = line.trim().split(/\s+/).filter(Boolean);
    if (!words.length) {
      rl.prompt();
      continue;
    }
    if (words[0] === 'quit' || words[0] === 'exit') {
      endSession(ctx, state);
      break;
    }
    if (words[0] === 'help') console.log(HELP);
    else if (words[0] === 'view') show(ctx, state);
    else {
      const cmd = parse(ctx, state, words);
      if (typeof cmd === 'string') console.log(cmd);
      else {
        ctx.env.now = Math.max(Date.now(), cmd.type === 'timeout' ? (state.round.deadline ?? 0) : 0);
        ctx.events = [];
        const r = apply(ctx, state, cmd, ME);
        if (!r.ok) console.log(`refused (${r.error.code}): ${r.error.message}`);
        else {
          for (const e of r.events) narrate(ctx, e);
          show(ctx, state);
        }
      }
    }
    rl.prompt();
  }
  rl.close();
  return 0;
}

/**
 * Quitting a solo table ends its session (R-EU-END-1): the round in play finishes by auto-play. Other tables refuse it
 * (not-solo) and just close.
 */
function endSession(ctx: Ctx, state: TableState): void {
  ctx.events = [];
  const r = apply(ctx, state, { type: 'end-session' }, ME);
  if (!r.ok) return;
  for (const e of r.events) narrate(ctx, e);
  console.log(`session ended · balance ${formatMoney(ctx.pack.currency, state.players[ME].balance)}`);
}

/** What may follow a command's own words: option/value pairs (seat N, mode M). */
const TAKES: Record<string, { words: number; options: string[]; usage: string }> = {
  bet: { words: 3, options: ['seat', 'mode'], usage: 'bet <name> <amount> [seat N] [mode M]' },
  deal: { words: 1, options: [], usage: 'deal' },
  timeout: { words: 1, options: [], usage: 'timeout' },
  next: { words: 1, options: [], usage: 'next' },
  ...Object.fromEntries(
    ['hit', 'stand', 'double', 'split', 'surrender'].map((a) => [
      a,
      { words: 1, options: ['seat'], usage: `${a} [seat N]` },
    ]),
  ),
  ...Object.fromEntries(
    ['insurance', 'follow-double', 'follow-split'].map((a) => [
      a,
      { words: 2, options: ['seat'], usage: `${a} yes|no [seat N]` },
    ]),
  ),
};

/** Why the words after a command's own are not its options, or null: nothing typed is ignored. */
function strayWords(words: string[]): string | null {
  const takes = TAKES[words[0]];
  if (!takes) return null;
  for (let i = takes.words; i < words.length; i += 2)
    if (!takes.options.includes(words[i]) || words[i + 1] === undefined)
      return `did not understand "${words.slice(i).join(' ')}"; usage: ${takes.usage}`;
  return null;
}

function parse(ctx: Ctx, state: TableState, words: string[]): Command | string {
  const stray = strayWords(words);
  if (stray) return stray;
  const seatArg = option(words, 'seat');
  const seat = seatArg
    ? Number(seatArg)
    : (state.round.seats.find((s) => s.owner === ME)?.seat ?? (hasSeats(ctx.pack) ? 1 : undefined));
  const withSeat = hasSeats(ctx.pack) ? { seat } : {};
  const [verb, a, b] = words;
  switch (verb) {
    case 'bet': {
      if (!a || !b || !/^\d+$/.test(b)) return 'usage: bet <name> <amount> [seat N] [mode M]';
      const mode = option(words, 'mode') as 'commission' | undefined;
      if (ctx.pack.table.kind === 'solo' && a === 'main') aiBets(ctx, state);
      return { type: 'bet', player: ME, bet: a, amount: Number(b), ...withSeat, ...(mode ? { mode } : {}) };
    }
    case 'deal':
    case 'timeout':
      return { type: verb };
    case 'next':
      return { type: 'next-round' };
    case 'hit':
    case 'stand':
    case 'double':
    case 'split':
    case 'surrender':
      return { type: 'act', player: ME, action: verb, ...withSeat };
    case 'insurance':
    case 'follow-double':
    case 'follow-split':
      if (a !== 'yes' && a !== 'no') return `usage: ${TAKES[verb].usage}`;
      return { type: 'act', player: ME, action: verb, accept: a === 'yes', ...withSeat };
    default:
      return `unknown command "${verb}"; type help`;
  }
}

/** On a solo table the AI players sit in the seats after yours with the minimum bet. */
function aiBets(ctx: Ctx, state: TableState): void {
  const min = ctx.pack.bets.find((b) => b.type === 'hand')!.min;
  let seat = 2;
  for (const name of Object.keys(state.players).filter((p) => p.startsWith('ai-'))) {
    if (seat > ctx.pack.table.seats) break;
    if (!state.round.bets.some((b) => b.player === name))
      apply(ctx, state, { type: 'bet', player: name, bet: 'main', amount: min, seat }, name);
    seat++;
  }
}

function narrate(ctx: Ctx, e: EngineEvent): void {
  switch (e.type) {
    case 'warning':
      console.log(`  ! ${e.message}`);
      break;
    case 'settled':
      console.log(
        `  ${e.player} ${e.bet}${e.seat ? ` seat ${e.seat}` : ''}: ${e.outcome}, returns ${formatMoney(ctx.pack.currency, e.returned)}`,
      );
      break;
    case 'bet-returned':
      console.log(`  ${e.player} ${e.bet}: ${formatMoney(ctx.pack.currency, e.amount)} returned (${e.reason})`);
      break;
    case 'round-void':
      console.log(`  round ${e.round} void: ${e.reason}`);
      break;
    case 'session-ended':
      console.log(`  session ended after round ${e.round}`);
      break;
  }
}

function show(ctx: Ctx, state: TableState): void {
  const v = playerView(ctx, state, ME);
  console.log(
    `round ${v.round.no} · ${v.round.phase} · balance ${formatMoney(ctx.pack.currency, v.you?.balance ?? 0)}`,
  );
  if (v.andarBahar)
    console.log(
      `  game card ${v.andarBahar.gameCard} | andar ${v.andarBahar.andar.join(' ')} | bahar ${v.andarBahar.bahar.join(' ')}${v.andarBahar.winner ? ` → ${v.andarBahar.winner} wins` : ''}`,
    );
  if (v.dealer.cards.length)
    console.log(
      `  dealer: ${v.dealer.cards.map((c) => c ?? '??').join(' ')}${v.dealer.total !== null ? ` (${v.dealer.total})` : ''}`,
    );
  for (const s of v.seats)
    console.log(
      `  seat ${s.seat} ${s.owner}${s.turn ? ' ◀' : ''}: ${s.hands.map((h) => `${h.cards.join(' ')} (${h.total}${h.soft ? ' soft' : ''}) stake ${formatMoney(ctx.pack.currency, h.stake)}`).join(' | ')}`,
    );
  if (v.common)
    console.log(
      `  common hand: ${v.common.cards.join(' ')} · yours: ${v.common.yourHands.map((h) => `${h.cards.join(' ')} (${h.total})`).join(' | ')}`,
    );
  if (v.legal.length)
    console.log(`  you may: ${v.legal.map((m) => m.action + (m.seat ? ` (seat ${m.seat})` : '')).join(', ')}`);
}
