// Runs a scenario file: one round on a fixed shoe, step by step through the interpreter, then
// checks the expected end (schemas/scenario.schema.json). Refused steps must leave the state as it was.
import { readFileSync } from 'node:fs';
import { formatCard, parseCard } from '../core/cards.ts';
import { type Action, apply, type Command, type Ctx, createTable, type TableState } from '../engine/index.ts';
import { loadCharts } from '../pack/charts.ts';
import { checkSource, fileKind, formatDiagnostic, loadPack, PackError } from '../pack/load.ts';
import type { Scenario, ScenarioStep } from '../pack/schema.ts';
import { isError, parseSource } from '../pack/source.ts';

export interface ScenarioResult {
  path: string;
  title: string;
  passed: boolean;
  /** Why it failed; empty when it passed. */
  problems: string[];
  /** The file is a pack, module or chart: a folder's run skips it. */
  notScenario?: boolean;
  state?: TableState;
}

/** The scenario clock starts here; only `timeout` moves it, to the open window's deadline. */
export const SCENARIO_EPOCH = Date.UTC(2026, 0, 1);

/** Runs a file once it passes every check `validate` makes (its schema, its pack, its players and shoe). */
export function runScenarioFile(path: string): ScenarioResult {
  const source = parseSource(path, readFileSync(path, 'utf8'));
  const kind = fileKind(source.data);
  if (kind && kind !== 'Scenario')
    return {
      path,
      title: `a ${kind} file, not a scenario`,
      passed: false,
      problems: [`${path}: kind ${kind} is a rule file; croupier validate checks it, croupier test runs scenarios`],
      notScenario: true,
    };
  const problems = checkSource(source).filter(isError);
  const title = (source.data as { title?: string } | undefined)?.title ?? path;
  if (problems.length) return { path, title, passed: false, problems: problems.map(formatDiagnostic) };
  return runScenario(source.data as Scenario, path);
}

export function runScenario(scenario: Scenario, path = scenario.title): ScenarioResult {
  const result: ScenarioResult = { path, title: scenario.title, passed: false, problems: [] };
  const fail = (message: string) => (result.problems.push(message), result);
  let ctx: Ctx;
  try {
    const pack = loadPack(scenario.pack);
    ctx = {
      pack,
      charts: loadCharts(pack),
      env: { now: SCENARIO_EPOCH, newSeed: () => new Uint8Array(32) },
      events: [],
    };
  } catch (e) {
    return fail(e instanceof PackError ? e.message : String(e));
  }
  const dealer = scenario.source === 'dealer';
  const cards = (scenario.shoe ?? []).map((c) => parseCard(c)!);
  const counts = new Map<number, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const [c, n] of counts)
    if (n > ctx.pack.shoe.decks)
      return fail(
        `shoe: ${formatCard(c)} appears ${n} times, but ${ctx.pack.shoe.decks} ${ctx.pack.shoe.decks === 1 ? 'deck holds' : 'decks hold'} only ${ctx.pack.shoe.decks}`,
      );

  let state: TableState;
  try {
    state = createTable(ctx, 'scenario', dealer ? { cardSource: 'dealer' } : { fixedShoe: cards });
  } catch (e) {
    return fail(`the table could not open on the scenario's shoe (${cards.length} cards): ${(e as Error).message}`);
  }
  result.state = state;
  for (const [name, spec] of Object.entries(scenario.players)) {
    const p = typeof spec === 'number' ? { balance: spec } : spec;
    apply(ctx, state, {
      type: 'join',
      player: name,
      balance: p.balance,
      demo: 'demo' in p ? p.demo : false,
      ai: 'ai' in p ? p.ai : null,
    });
  }

  for (const [i, step] of scenario.steps.entries()) {
    const { command, reject } = toCommand(step, i);
    if (command.type === 'timeout' && state.round.deadline !== null)
      ctx.env.now = Math.max(ctx.env.now, state.round.deadline);
    const before = JSON.stringify(state);
    ctx.events = [];
    const label = `step ${i + 1} (${describe(step)})`;
    let r: ReturnType<typeof apply>;
    try {
      r = apply(ctx, state, command, 'actor' in command ? String(command.actor) : playerOf(command));
    } catch (e) {
      return fail(`${label}: the interpreter failed: ${(e as Error).message}`); // a bug, reported as this scenario's failure
    }
    if (reject !== undefined) {
      if (r.ok) return fail(`${label}: expected it to be refused, but it was accepted`);
      if (typeof reject === 'string' && r.error.code !== reject)
        return fail(`${label}: refused with ${r.error.code} (${r.error.message}), expected ${reject}`);
      if (JSON.stringify(state) !== before) return fail(`${label}: refused, but the state changed`);
      continue;
    }
    if (!r.ok) return fail(`${label}: refused: ${r.error.code}: ${r.error.message}`);
    if (!dealer && state.shoe!.position >= cards.length && state.round.phase === 'void' && command.type !== 'void')
      return fail(`${label}: the round ran past the end of the scenario's shoe (${cards.length} cards)`);
  }

  const round = state.round;
  if (round.phase !== 'settled' && round.phase !== 'void')
    return fail(
      `the round is not settled at the end of the steps (phase ${round.phase}${round.turnSeat ? `, seat ${round.turnSeat} to act` : ''})`,
    );
  for (const [name, expected] of Object.entries(scenario.expect.balances)) {
    const actual = state.players[name]?.balance;
    if (actual !== expected) result.problems.push(`balance of ${name}: expected ${expected}, got ${actual}`);
  }
  if (scenario.expect.dealer) {
    const actual = round.dealer.cards.map(formatCard).join(' ');
    const expected = scenario.expect.dealer.map((c) => formatCard(parseCard(c)!)).join(' ');
    if (actual !== expected) result.problems.push(`dealer: expected ${expected}, got ${actual}`);
  }
  result.passed = result.problems.length === 0;
  return result;
}

function toCommand(step: ScenarioStep, i: number): { command: Command; reject?: true | string } {
  if (typeof step === 'string') {
    if (step === 'misdeal') return { command: { type: 'misdeal', reason: 'too many cards dealt' } };
    return { command: { type: step } as Command };
  }
  if ('card' in step) {
    const c = typeof step.card === 'string' ? { card: step.card } : step.card;
    return {
      command: { type: 'card', card: c.card, scanId: c.scanId ?? `step-${i + 1}`, ...(c.to ? { to: c.to } : {}) },
      reject: step.reject,
    };
  }
  if ('misdeal' in step)
    return {
      command: { type: 'misdeal', reason: step.misdeal?.reason ?? 'too many cards dealt' },
      reject: step.reject,
    };
  if ('bet' in step) {
    const b = step.bet;
    return {
      command: {
        type: 'bet',
        player: b.player,
        bet: b.on,
        amount: b.amount,
        ...(b.seat !== undefined ? { seat: b.seat } : {}),
        ...(b.mode ? { mode: b.mode } : {}),
      },
      reject: step.reject,
    };
  }
  if ('act' in step) {
    const a = step.act;
    return {
      command: {
        type: 'act',
        player: a.player,
        action: a.action as Action,
        ...(a.seat !== undefined ? { seat: a.seat } : {}),
        ...(a.accept !== undefined ? { accept: a.accept } : {}),
      },
      reject: step.reject,
    };
  }
  if ('void' in step)
    return { command: { type: 'void', reason: step.void?.reason ?? 'operator void' }, reject: step.reject };
  if ('deal' in step) return { command: { type: 'deal' }, reject: step.reject };
  if ('pause' in step)
    return {
      command: { type: 'pause', ...(step.pause?.reason ? { reason: step.pause.reason } : {}) },
      reject: step.reject,
    };
  if ('resume' in step)
    return {
      command: { type: 'resume', ...(step.resume?.reason ? { reason: step.resume.reason } : {}) },
      reject: step.reject,
    };
  return { command: { type: 'timeout' }, reject: step.reject };
}

const OPERATOR_COMMANDS: ReadonlySet<Command['type']> = new Set(['void', 'pause', 'resume']);
const DEALER_COMMANDS: ReadonlySet<Command['type']> = new Set(['card', 'misdeal', 'new-shoe', 'cut-card']);
const playerOf = (c: Command): string =>
  'player' in c
    ? c.player
    : OPERATOR_COMMANDS.has(c.type)
      ? 'operator'
      : DEALER_COMMANDS.has(c.type)
        ? 'dealer'
        : 'system';

function describe(step: ScenarioStep): string {
  if (typeof step === 'string') return step;
  if ('bet' in step)
    return `bet ${step.bet.player} ${step.bet.on}${step.bet.seat ? ` seat ${step.bet.seat}` : ''} ${step.bet.amount}`;
  if ('card' in step) return `card ${typeof step.card === 'string' ? step.card : step.card.card}`;
  if ('act' in step)
    return `${step.act.player} ${step.act.action}${step.act.seat ? ` seat ${step.act.seat}` : ''}${step.act.accept !== undefined ? ` ${step.act.accept}` : ''}`;
  return Object.keys(step)[0];
}
