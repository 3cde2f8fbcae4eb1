// What the math report says about a pack, as plain data: who and what it is (files, hashes,
// versions, the command), the rules in plain words, every bet's exact figures (distribution, lines,
// RTP, house edge, standard deviation, hit frequency), the basic-strategy chart, and the simulation
// with its intervals and checkpoints. html.ts lays it out; nothing here formats for a page.
import {
  CATALOGUES,
  describePack,
  lineText,
  type RuleFacts,
  ruleFacts,
  type Section,
} from '../../lambdas/describe/index.ts';
import { ENGINE_VERSION } from '../../lambdas/engine/index.ts';
import { rulesOf } from '../../lambdas/math/blackjack.ts';
import { type Fraction, formatFraction, toNumber } from '../../lambdas/math/fraction.ts';
import { exactFigures } from '../../lambdas/math/net-result.ts';
import { exactOdds, mainOdds, type RtpRow, rtpRows } from '../../lambdas/math/rtp.ts';
import { bestStrategy, describeRules } from '../../lambdas/math/strategy.ts';
import type { Chart } from '../../lambdas/pack/chart.ts';
import type { CompiledBet, CompiledPack } from '../../lambdas/pack/compiled.ts';
import { mergeBatches, summarizeTally } from '../../lambdas/sim/aggregate.ts';
import { type BatchResult, wagerOf } from '../../lambdas/sim/batch.ts';
import { bonferroniZ } from '../../lambdas/sim/intervals.ts';
import { exactByKey, type SimulatedBet, simulationDocument } from '../../lambdas/sim/report.ts';
import { packSources, type SourceFile } from './sources.ts';

export interface Identity {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly version: string;
  /** SHA-256 of the canonical JSON of the compiled pack: what every round records. */
  readonly contentHash: string;
  readonly engineVersion: string;
  readonly files: readonly SourceFile[];
  /** ISO 8601, UTC. */
  readonly date: string;
  readonly command: string;
}

/** A figure exactly (n/d) where the mathematics gives one, and as a number. */
export interface Figure {
  readonly value: number;
  readonly fraction: string | null;
}

export interface LineFigures {
  readonly name: string;
  /** The condition in plain words. */
  readonly when: string;
  readonly pays: string;
  readonly probability: Figure;
  /** probability × (1 + pays): the line's part of the RTP. */
  readonly rtpShare: Figure;
}

export interface OutcomeFigures {
  readonly net: number;
  readonly probability: Figure;
}

/** One bet as offered in one or more modes with the same pay table (one wager, the same figures). */
export interface BetFigures {
  readonly bet: string;
  readonly modes: readonly (string | null)[];
  readonly method: 'exact' | 'analysis';
  readonly rtp: Figure;
  readonly houseEdge: Figure;
  readonly stdDev: number;
  /** The variance as n/d for exact bets. */
  readonly variance: Figure;
  readonly hitFrequency: Figure;
  readonly declared: number | null;
  /** Pay tables: every line, highest pay first. */
  readonly lines: readonly LineFigures[] | null;
  /** Every net result per unit staked and its probability, lowest first. */
  readonly outcomes: readonly OutcomeFigures[];
}

export interface Checkpoint {
  readonly rounds: number;
  readonly rtp: number;
  readonly lo: number;
  readonly hi: number;
}

export interface SimulationFigures {
  readonly rounds: number;
  readonly seed: number;
  readonly workers: number;
  readonly seconds: number;
  readonly bets: readonly SimulatedBet[];
  /** Figures tested at once: one per wager (modes sharing a pay table are one wager, one test). */
  readonly tests: number;
  /** z of a two-sided interval that keeps every test's exact value inside with 95% together (Bonferroni). */
  readonly familyZ: number;
  /** Per wager key (its first bet's key): the simulated RTP and its 95% interval after each sub-batch. */
  readonly checkpoints: Readonly<Record<string, readonly Checkpoint[]>>;
  /** The shoe is played to a cut card (the exact values are for a fresh shoe). */
  readonly cutCard: boolean;
}

export interface ReportData {
  readonly identity: Identity;
  /** The rules in the words of the web table's rules page (English). */
  readonly rules: readonly Section[];
  readonly rtp: readonly RtpRow[];
  readonly bets: readonly BetFigures[];
  readonly strategy: { readonly chart: Chart; readonly rules: string } | null;
  readonly simulation: SimulationFigures;
}

export interface SimulationRun {
  readonly rounds: number;
  readonly seed: number;
  readonly workers: number;
  readonly seconds: number;
  /** Every sub-batch's tallies, in sub-batch order. */
  readonly batches: readonly BatchResult[];
}

const figure = (f: Fraction): Figure => ({ value: toNumber(f), fraction: formatFraction(f) });
const approx = (value: number): Figure => ({ value, fraction: null });

export function reportData(pack: CompiledPack, run: SimulationRun, meta: { date: Date; command: string }): ReportData {
  const rtp = rtpRows(pack);
  const facts = ruleFacts(pack);
  return {
    identity: {
      id: pack.id,
      name: pack.name,
      family: pack.family,
      version: pack.version,
      contentHash: pack.sha256,
      engineVersion: ENGINE_VERSION,
      files: packSources(pack),
      date: meta.date.toISOString(),
      command: meta.command,
    },
    // The figures section states the RTPs in full; the help page's rounded RTP section is left out.
    rules: describePack(facts, { lang: 'en', rtp: null }).sections.filter((s) => s.id !== 'rtp'),
    rtp,
    bets: betFigures(pack, rtp, facts),
    strategy: pack.family === 'blackjack' ? { chart: bestStrategy(pack), rules: describeRules(rulesOf(pack)) } : null,
    simulation: simulationFigures(pack, run),
  };
}

/** Bets grouped by wager: the modes of one pay-table entry share its lines, so their figures once. */
function betFigures(pack: CompiledPack, rows: readonly RtpRow[], facts: RuleFacts): BetFigures[] {
  const wagers = wagerOf(pack);
  const out: BetFigures[] = [];
  for (const bet of pack.bets) {
    if (bet.type === 'behind' || wagers[bet.index] !== bet) continue;
    const same = pack.bets.filter((b) => b.type !== 'behind' && wagers[b.index] === bet);
    const row = rows.find((r) => r.bet === bet.name && r.mode === bet.mode)!;
    const modes = same.map((b) => b.mode);
    if (bet.type === 'hand') {
      const spread = mainOdds(pack);
      out.push({
        bet: bet.name,
        modes,
        method: 'analysis',
        rtp: approx(row.rtp),
        houseEdge: approx(1 - row.rtp),
        stdDev: row.stdDev,
        variance: approx(spread.variance),
        hitFrequency: approx(row.hitFrequency),
        declared: row.declared,
        lines: null,
        outcomes: spread.outcomes.map((o) => ({ net: o.net, probability: approx(o.probability) })),
      });
      continue;
    }
    const odds = exactOdds(pack, bet);
    const figures = exactFigures(odds.outcomes);
    // The pay table as the pack writes it, for each line's condition in the rules page's words.
    const written = facts.bets.find((b) => b.name === bet.name && (b.modes === null || b.modes.includes(bet.mode!)));
    out.push({
      bet: bet.name,
      modes,
      method: 'exact',
      rtp: figure(figures.rtp),
      houseEdge: figure(figures.houseEdge),
      stdDev: figures.stdDev,
      variance: figure(figures.variance),
      hitFrequency: figure(figures.hitFrequency),
      declared: declaredOf(same),
      lines: odds.lines.map((l, i) => ({
        name: l.name,
        when: lineWhen(written?.lines.find((w) => w.name === l.name)?.when, bet),
        pays: bet.lines[i].paysAsWritten,
        probability: figure(l.probability),
        rtpShare: figure(l.rtpShare),
      })),
      outcomes: odds.outcomes.map((o) => ({ net: toNumber(o.net), probability: figure(o.probability) })),
    });
  }
  return out;
}

/** The declared RTP of a wager: the modes' own when they declare one (they may differ), else null. */
function declaredOf(bets: readonly CompiledBet[]): number | null {
  const declared = bets.map((b) => b.declaredRtp).filter((d) => d !== null);
  return declared.length === 1 || new Set(declared).size === 1 ? (declared[0] ?? null) : null;
}

/** A pay-table line's condition in the words of the rules page (English). */
const lineWhen = (when: Parameters<typeof lineText>[0] | undefined, bet: CompiledBet): string =>
  when ? lineText(when, bet.group, CATALOGUES.en) : '';

function simulationFigures(pack: CompiledPack, run: SimulationRun): SimulationFigures {
  const merged = mergeBatches(run.batches);
  const doc = simulationDocument(pack, merged, run.seconds, exactByKey(pack));
  const wagers = wagerOf(pack);
  const tested = pack.bets.filter((b) => b.type !== 'behind' && wagers[b.index] === b);
  // Cumulative tallies after each sub-batch, per wager.
  const checkpoints: Record<string, Checkpoint[]> = {};
  const sums = new Map<string, { placed: number; net: number; netSquared: number; wins: number }>();
  let rounds = 0;
  for (const batch of run.batches) {
    rounds += batch.rounds;
    for (const t of batch.tallies) {
      if (!tested.some((b) => b.key === t.key)) continue;
      const s = sums.get(t.key) ?? { placed: 0, net: 0, netSquared: 0, wins: 0 };
      s.placed += t.placed;
      s.net += t.net;
      s.netSquared += t.netSquared;
      s.wins += t.wins;
      sums.set(t.key, s);
      const summary = summarizeTally({ ...t, ...s });
      if (summary.rtp === null || summary.placed < 2) continue;
      (checkpoints[t.key] ??= []).push({
        rounds,
        rtp: summary.rtp,
        lo: summary.ci95![0],
        hi: summary.ci95![1],
      });
    }
  }
  return {
    rounds: doc.rounds,
    seed: run.seed,
    workers: run.workers,
    seconds: run.seconds,
    bets: doc.bets,
    tests: tested.length,
    familyZ: bonferroniZ(tested.length),
    checkpoints,
    cutCard: pack.shoe.reshuffle === 'cut-card',
  };
}
