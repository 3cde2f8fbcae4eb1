// `croupier rtp <pack> [--lines] [--json]`: the RTP of every bet and mode of a pack (README, the
// command line), with the declared figure beside it, the standard deviation of the net result and
// the hit frequency; a difference beyond the method's accuracy is a warning on stderr. `--lines`
// adds every pay-table line's exact probability and share of the RTP, so a
// product manager sees which line a pay-table change moves (what a PAR sheet lists).

import { declaredWarning } from '../../lambdas/math/declared.ts';
import { behindRows, type LineRow, lineRows, rtpRows } from '../../lambdas/math/rtp.ts';
import { cached } from '../cache.ts';
import { packArgument } from '../pack-arg.ts';

const USAGE = 'croupier rtp <pack> [--lines] [--json]';

export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const withLines = args.includes('--lines');
  const pack = packArgument(args, USAGE, { flags: ['--json', '--lines'] });
  if (typeof pack === 'number') return pack;
  const rows = cached('rtp', [pack.sha256], () => rtpRows(pack));
  for (const row of rows) {
    const warning = declaredWarning(pack.id, row);
    if (warning) console.error(warning);
  }
  const lines = withLines ? cached('lines', [pack.sha256], () => lineRows(pack)) : [];
  if (json) {
    // A pay-table row gains its lines.
    const bets = rows.map((r) => {
      const odds = lines.find((l) => l.bet === r.bet && l.mode === r.mode);
      return odds ? { ...r, lines: odds.lines } : r;
    });
    console.log(JSON.stringify({ pack: pack.id, bets }));
    return 0;
  }
  const pct = (x: number) => `${(x * 100).toFixed(4)}%`;
  // Bet behind is not a row of --json (it follows the seat's hand), but a reader wants its figure.
  const behind = cached('behind', [pack.sha256], () => behindRows(pack));
  for (const row of behind) {
    const warning = declaredWarning(pack.id, row);
    if (warning) console.error(warning);
  }
  console.log(`${pack.name} (${pack.id} ${pack.version})`);
  console.log(
    columns(
      ['bet', 'mode', 'rtp', 'house edge', 'std dev', 'hit freq', 'method', 'declared', 'exact fraction'],
      [...rows, ...behind].map((r) => [
        r.bet,
        r.mode ?? '',
        pct(r.rtp),
        pct(1 - r.rtp),
        r.stdDev.toFixed(4),
        pct(r.hitFrequency),
        behind.includes(r) ? 'analysis, follows the seat' : r.method,
        r.declared === null ? '' : pct(r.declared),
        r.fraction ?? '',
      ]),
    ),
  );
  for (const { bet, mode, hitFrequency, stdDev, lines: odds } of lines) {
    console.log(
      `\n${bet}${mode ? ` (${mode})` : ''}: a line pays ${pct(hitFrequency)} of bets; standard deviation ${stdDev.toFixed(4)} per unit staked`,
    );
    console.log(
      columns(
        ['line', 'pays', 'probability', '1 in', 'rtp share', 'exact probability'],
        [...odds.map((l) => lineCells(l, pct)), noLine(odds, pct)],
      ),
    );
  }
  return 0;
}

function lineCells(l: LineRow, pct: (x: number) => string): string[] {
  return [
    l.line,
    l.pays,
    pct(l.probability),
    l.probability > 0 ? (1 / l.probability).toFixed(2) : '—',
    pct(l.rtpShare),
    l.fraction,
  ];
}

/** The rounds no line pays: the stake is lost. */
function noLine(odds: readonly LineRow[], pct: (x: number) => string): string[] {
  const p = 1 - odds.reduce((s, l) => s + l.probability, 0);
  return ['(no line: stake lost)', '', pct(p), '', pct(0), ''];
}

/** Left-aligned columns, two spaces apart; the last column is not padded. */
function columns(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}
