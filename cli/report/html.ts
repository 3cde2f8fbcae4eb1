// The math report as one self-contained HTML file: styles inline, plots as inline SVG, no script,
// no link, nothing fetched; a print stylesheet so it reads on paper. Every figure of the summary
// table carries its full-precision value in `data-value`, so a program (the browser test, a lab's
// own check) reads the same number `croupier rtp --json` prints.
import { HELP_CSS, htmlSection } from '../../lambdas/describe/index.ts';
import { type Chart, type Code, PAIR_KEYS, UP_COLUMNS } from '../../lambdas/pack/chart.ts';
import type { SimulatedBet } from '../../lambdas/sim/report.ts';
import type { BetFigures, Figure, ReportData, SimulationFigures } from './data.ts';
import { sha256sumLines } from './sources.ts';
import { barChart, escapeXml as esc, lineChart } from './svg.ts';

const pct = (x: number, digits = 4): string => `${(x * 100).toFixed(digits)}%`;
const count = (x: number): string => Math.round(x).toLocaleString('en-US');
const fixed = (x: number, digits = 4): string => x.toFixed(digits);
const modesText = (modes: readonly (string | null)[]): string =>
  modes.some((m) => m !== null) ? modes.filter((m) => m !== null).join(', ') : '';
const betTitle = (b: { bet: string; modes: readonly (string | null)[] }): string => {
  const modes = modesText(b.modes);
  return modes ? `${b.bet} (${modes})` : b.bet;
};
/** "1 in N" for a probability. */
const oneIn = (p: number): string =>
  p > 0 ? (1 / p).toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 }) : '—';
/** A fraction a reader can take in at a glance (the RTP's is always given, however long). */
const short = (f: Figure): boolean => f.fraction !== null && f.fraction.length <= 40;
/** A fraction, wrapped where it is long. */
const frac = (f: Figure): string => (f.fraction ? `<span class="frac">${esc(f.fraction)}</span>` : '—');
/** A table cell holding a number: shown as `text`, the full value kept for programs. */
const cell = (field: string, value: number, text: string): string =>
  `<td class="num" data-field="${field}" data-value="${value}">${esc(text)}</td>`;
/** A right-aligned cell of markup already escaped. */
const num = (html: string): string => `<td class="num">${html}</td>`;
const rowHead = (text: string): string => `<th scope="row">${esc(text)}</th>`;
/** A table head; the columns listed in `numeric` right-aligned. */
const head = (columns: readonly string[], numeric: readonly number[] = []): string =>
  `<thead><tr>${columns
    .map((c, i) => `<th scope="col"${numeric.includes(i) ? ' class="num"' : ''}>${esc(c)}</th>`)
    .join('')}</tr></thead>`;
const facts = (terms: readonly [string, string][]): string =>
  `<dl class="facts">${terms.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
const yesNo = (ok: boolean): string => `<td class="${ok ? 'yes' : 'no'}">${ok ? 'yes' : 'NO'}</td>`;
const betRow = (bet: string, mode: string | null): string =>
  `<tr data-bet="${esc(bet)}" data-mode="${esc(mode ?? '')}">${rowHead(bet)}<td class="mode">${esc(mode ?? '')}</td>`;

export function renderReport(data: ReportData): string {
  const { identity: id } = data;
  const title = `${id.name}: mathematics report`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${REPORT_CSS}${HELP_CSS}</style>
</head>
<body>
<main class="report">
<header>
<h1>${esc(title)}</h1>
<p class="subtitle">${esc(`${id.id} ${id.version}`)} · ${esc(id.family)} · made ${esc(id.date)}</p>
</header>
${contents(data)}
${identitySection(data)}
${summarySection(data)}
${rulesSection(data)}
${betsSection(data)}
${data.strategy ? strategySection(data.strategy) : ''}
${simulationSection(data)}
${readingSection()}
</main>
</body>
</html>
`;
}

function contents(data: ReportData): string {
  const items: [string, string][] = [
    ['identity', 'Identity'],
    ['summary', 'Summary of every bet'],
    ['rules', 'The rules in plain words'],
    ['bets', 'Each bet in detail'],
    ...(data.strategy ? [['strategy', 'The basic strategy the main bet assumes'] as [string, string]] : []),
    ['simulation', 'Simulation'],
    ['reading', 'How to read this report'],
  ];
  return `<nav class="toc"><ol>${items.map(([a, t]) => `<li><a href="#${a}">${esc(t)}</a></li>`).join('')}</ol></nav>`;
}

function identitySection(data: ReportData): string {
  const id = data.identity;
  const terms: [string, string][] = [
    ['Pack', `${id.name} (${id.id}), version ${id.version}, family ${id.family}`],
    [
      'Content hash',
      `${id.contentHash}: the SHA-256 of the pack as compiled (modules resolved), ` +
        'recorded with every round played under it',
    ],
    ['Engine version', id.engineVersion],
    ['Made', id.date],
    ['Command', id.command],
  ];
  return `<section id="identity">
<h2>Identity</h2>
${facts(terms)}
<p>The files the pack is built from, as <code>sha256sum</code> prints them (run it on the files you were given
and compare):</p>
<pre class="hashes" data-testid="sha256sum">${esc(sha256sumLines(id.files))}</pre>
<ul class="roles">${id.files.map((f) => `<li><code>${esc(f.path)}</code>: the ${esc(f.role)}</li>`).join('')}</ul>
</section>`;
}

function summarySection(data: ReportData): string {
  const rows = data.rtp.map((r) =>
    [
      betRow(r.bet, r.mode),
      `<td>${r.method}</td>`,
      cell('rtp', r.rtp, pct(r.rtp)),
      num(r.fraction ? `<span class="frac">${esc(r.fraction)}</span>` : '—'),
      cell('houseEdge', 1 - r.rtp, pct(1 - r.rtp)),
      cell('stdDev', r.stdDev, fixed(r.stdDev)),
      cell('hitFrequency', r.hitFrequency, pct(r.hitFrequency)),
      r.declared === null ? num('—') : cell('declared', r.declared, pct(r.declared)),
      '</tr>',
    ].join(''),
  );
  const columns = [
    'Bet',
    'Mode',
    'Method',
    'RTP',
    'Exact RTP',
    'House edge',
    'Std dev',
    'Hit frequency',
    'Declared RTP',
  ];
  return `<section id="summary">
<h2>Summary of every bet</h2>
<p>One row per bet and mode offered, as <code>croupier rtp ${esc(data.identity.id)} --json</code> prints them.
RTP is the return to player per unit staked; the standard deviation is of the net result of one bet per unit
staked; the hit frequency is the probability of a net win. "Exact" figures are exact fractions of the deck's
combinatorics;
"analysis" is the main bet's combinatorial analysis under the best basic strategy (below).</p>
<div class="scroll"><table class="figures" data-testid="summary">
${head(columns, [3, 4, 5, 6, 7, 8])}
<tbody>${rows.join('')}</tbody>
</table></div>
</section>`;
}

function rulesSection(data: ReportData): string {
  return `<section id="rules">
<h2>The rules in plain words</h2>
<p>The rules the figures below are computed from, in the words of the web table's rules page, generated from the same
compiled pack.</p>
<div class="help">${data.rules.map((s) => htmlSection(s, 3)).join('\n')}</div>
</section>`;
}

function betsSection(data: ReportData): string {
  return `<section id="bets">
<h2>Each bet in detail</h2>
${data.bets.map((b) => betSection(b)).join('\n')}
</section>`;
}

function betSection(b: BetFigures): string {
  const terms: [string, string][] = [
    ['RTP', `${pct(b.rtp.value)}${b.rtp.fraction ? ` = ${b.rtp.fraction}` : ' (analysis)'}`],
    ['House edge', `${pct(b.houseEdge.value)}${b.houseEdge.fraction ? ` = ${b.houseEdge.fraction}` : ''}`],
    [
      'Standard deviation',
      `${fixed(b.stdDev)} per unit staked ` +
        `(variance ${fixed(b.variance.value)}${short(b.variance) ? ` = ${b.variance.fraction}` : ''})`,
    ],
    [
      'Hit frequency',
      `${pct(b.hitFrequency.value)}, 1 in ${oneIn(b.hitFrequency.value)}` +
        (short(b.hitFrequency) ? ` (${b.hitFrequency.fraction})` : ''),
    ],
    ['Declared RTP', b.declared === null ? 'none declared' : pct(b.declared)],
  ];
  const body = b.lines ? payTable(b) : mainBet(b);
  return `<section class="bet" id="bet-${esc(b.bet)}-${esc(modesText(b.modes).replace(/[, ]+/g, '-'))}">
<h3>${esc(betTitle(b))}</h3>
${facts(terms)}
${body}
</section>`;
}

function payTable(b: BetFigures): string {
  const lines = b.lines!;
  const paying = lines.reduce((s, l) => s + l.probability.value, 0);
  const lost = b.outcomes.find((o) => o.net === -1);
  const p = (x: number) => num(pct(x));
  const rows = lines.map((l) =>
    [
      `<tr>${rowHead(l.name)}<td>${esc(l.when)}</td>${num(esc(l.pays))}`,
      p(l.probability.value) + num(oneIn(l.probability.value)) + num(frac(l.probability)),
      `${p(l.rtpShare.value)}</tr>`,
    ].join(''),
  );
  rows.push(
    [
      `<tr class="lost">${rowHead('no line: the stake is lost')}<td></td>${num('—')}`,
      p(1 - paying) + num(oneIn(1 - paying)) + num(lost ? frac(lost.probability) : '—'),
      `${p(0)}</tr>`,
    ].join(''),
  );
  const plot = barChart(
    lines.map((l) => ({ label: l.name, value: l.rtpShare.value * 100, text: `${pct(l.rtpShare.value, 2)} of stakes` })),
    { title: `${betTitle(b)}: each line's share of the RTP`, format: (v) => `${v.toFixed(2)}%` },
  );
  const columns = ['Line', 'When', 'Pays', 'Probability', '1 in', 'Exact probability', 'Share of RTP'];
  return `<div class="scroll"><table class="lines">
<caption>Pay table: the highest matching line pays. Probability is of that line being the one that pays; its share
of the RTP is probability × (1 + pays). The shares add up to the RTP.</caption>
${head(columns, [2, 3, 4, 5, 6])}
<tbody>${rows.join('')}</tbody>
</table></div>
<figure>${plot}<figcaption>Each line's share of the RTP (${pct(b.rtp.value, 2)} in all).</figcaption></figure>`;
}

function mainBet(b: BetFigures): string {
  const rows = b.outcomes.map(
    (o) => `<tr>${num(netText(o.net))}${num(pct(o.probability.value))}${num(oneIn(o.probability.value))}</tr>`,
  );
  const plot = barChart(
    b.outcomes.map((o) => ({ label: netText(o.net), value: o.probability.value, text: pct(o.probability.value, 2) })),
    { title: `${b.bet}: probability of each net result`, format: (v) => pct(v, 2) },
  );
  return `<p>The net result of a round per unit of the main bet, over doubles, splits and surrender, when every hand is
played by the basic strategy below: every result and its probability. The standard deviation and hit frequency are
read off this distribution; the hands of a split are combined outcome by outcome of the dealer's hand.</p>
<div class="scroll"><table class="outcomes">${head(['Net result', 'Probability', '1 in'], [0, 1, 2])}
<tbody>${rows.join('')}</tbody></table></div>
<figure>${plot}<figcaption>Probability of each net result per unit staked.</figcaption></figure>`;
}

const netText = (net: number): string => (net > 0 ? `+${net}` : net < 0 ? `−${-net}` : '0');

const codeCell = (c: Code): string => `<td class="code code-${c}" title="${esc(CODE_WORDS[c])}">${c}</td>`;

const CODE_WORDS: Record<Code, string> = {
  H: 'hit',
  S: 'stand',
  D: 'double, else hit',
  Ds: 'double, else stand',
  P: 'split',
  R: 'surrender, else hit',
  Rs: 'surrender, else stand',
};

function strategySection(s: { chart: Chart; rules: string }): string {
  const columns = head(['Hand', ...UP_COLUMNS.map((c) => (c === 'T' ? '10' : c))]);
  const block = (
    title: string,
    rows: Readonly<Record<string, readonly Code[]>>,
    label: (k: string) => string,
    keys: string[],
  ) =>
    `<table class="chart"><caption>${esc(title)}</caption>${columns}<tbody>${keys
      .filter((k) => rows[k])
      .map((k) => `<tr>${rowHead(label(k))}${rows[k].map(codeCell).join('')}</tr>`)
      .join('')}</tbody></table>`;
  const legend = (Object.keys(CODE_WORDS) as Code[])
    .map((c) => `<span class="code code-${c}">${c}</span> ${esc(CODE_WORDS[c])}`)
    .join(' · ');
  const numeric = (r: Readonly<Record<string, unknown>>) => Object.keys(r).sort((a, b) => Number(a) - Number(b));
  const soft = (k: string) => (k === '12' ? 'A,A' : k === '21' ? 'A,10' : `A,${Number(k) - 11}`);
  const pair = (k: string) => (k === 'T' ? '10,10' : `${k},${k}`);
  return `<section id="strategy">
<h2>The basic strategy the main bet assumes</h2>
<p>${esc(s.chart.name)}: derived by the analyser from the pack's rules (${esc(s.rules)}). The main bet's RTP, standard
deviation and hit frequency are for a player who plays every hand by this chart; the simulation plays it too.
Columns are the dealer's up card.</p>
<div class="charts">
${block('Hard totals', s.chart.hard, (k) => k, numeric(s.chart.hard))}
${block('Soft totals', s.chart.soft, soft, numeric(s.chart.soft))}
${block('Pairs', s.chart.pairs, pair, [...PAIR_KEYS])}
</div>
<p class="legend">${legend}</p>
</section>`;
}

function simulationSection(data: ReportData): string {
  const sim = data.simulation;
  const exactOf = (b: SimulatedBet) => data.rtp.find((r) => r.bet === b.bet && r.mode === b.mode)!;
  const familyHalf = (b: SimulatedBet) => (sim.familyZ * (b.stdDev ?? 0)) / Math.sqrt(Math.max(1, b.placed));
  const insideFamily = (b: SimulatedBet) =>
    b.exact !== null && b.rtp !== null && Math.abs(b.exact - b.rtp) <= familyHalf(b);
  const rows = sim.bets.map((b) => {
    const exact = exactOf(b);
    return [
      betRow(b.bet, b.mode),
      num(count(b.placed)),
      num(b.rtp === null ? '—' : pct(b.rtp, 3)),
      num(b.ci95 ? `${pct(b.ci95[0], 3)} – ${pct(b.ci95[1], 3)}` : '—'),
      num(pct(exact.rtp)),
      yesNo(b.exactInInterval === true),
      yesNo(insideFamily(b)),
      num(`${b.stdDev === null ? '—' : fixed(b.stdDev)} / ${fixed(exact.stdDev)}`),
      num(`${b.hitFrequency === null ? '—' : pct(b.hitFrequency, 2)} / ${pct(exact.hitFrequency, 2)}`),
      '</tr>',
    ].join('');
  });
  const wagers = data.bets;
  // One row per wager counts: the modes of a shared pay table repeat its row.
  const tested = wagers
    .map((w) => sim.bets.find((b) => b.bet === w.bet && b.mode === w.modes[0]))
    .filter((b) => b !== undefined);
  const outside = tested.filter((b) => b.exactInInterval === false);
  const outsideFamily = tested.filter((b) => !insideFamily(b));
  const m = sim.tests;
  const shared = data.bets.filter((b) => b.modes.length > 1);
  const plots = wagers.map((w) => {
    const key = w.modes[0] ? `${w.bet}/${w.modes[0]}` : w.bet;
    const points = (sim.checkpoints[key] ?? []).map((c) => ({
      x: c.rounds,
      y: c.rtp * 100,
      lo: c.lo * 100,
      hi: c.hi * 100,
    }));
    const chart = lineChart({
      title: `${betTitle(w)}: simulated RTP by rounds played`,
      points,
      reference: w.rtp.value * 100,
      formatX: roundsText,
      formatY: (y) => `${y.toFixed(2)}%`,
      width: 360,
      height: 200,
    });
    return `<figure class="converge">${chart}<figcaption>${esc(betTitle(w))}</figcaption></figure>`;
  });
  return `<section id="simulation">
<h2>Simulation</h2>
<p>${count(sim.rounds)} rounds played through the interpreter (the same code that runs the live tables), seed
${sim.seed}, ${sim.workers} worker thread${sim.workers === 1 ? '' : 's'}, ${sim.seconds.toFixed(1)} s; every bet placed
whenever the pack allows it${data.strategy ? ', the main bet played by the basic strategy above' : ''}. Each bet's
simulated RTP comes with its 95% confidence interval (± 1.96 standard errors); "inside" says whether the exact value
lies in it.
Standard deviation and hit frequency are shown simulated / exact.</p>
<div class="scroll"><table class="simulation" data-testid="simulation">
${head(SIMULATION_COLUMNS, [2, 3, 4, 5, 8, 9])}
<tbody>${rows.join('')}</tbody></table></div>
<h3>Many bets tested at once</h3>
<p>${multipleTesting(sim, m, shared, outside.length, outsideFamily)}</p>
${sim.cutCard ? `<p>${esc(CUT_CARD)}</p>` : ''}
<h3>Convergence</h3>
<p>The simulated RTP (line) and its 95% interval (shaded) after each part of the run, against the exact value
(dashed), rounds on a logarithmic scale: the interval narrows as 1/√rounds around the exact value.</p>
<div class="plots">${plots.join('\n')}</div>
</section>`;
}

const SIMULATION_COLUMNS = [
  'Bet',
  'Mode',
  'Placed',
  'Simulated RTP',
  '95% interval',
  'Exact RTP',
  'Exact inside',
  'Inside, all at once',
  'Std dev, sim / exact',
  'Hit frequency, sim / exact',
];

const CUT_CARD =
  'The exact values are for a freshly shuffled shoe; this simulation plays each shoe to its cut card, which can ' +
  'move a bet placed every round by a few hundredths of a percentage point (the cut-card effect).';

/** What testing m figures at once means, and what this run shows. */
function multipleTesting(
  sim: SimulationFigures,
  m: number,
  shared: readonly BetFigures[],
  outside: number,
  outsideFamily: readonly SimulatedBet[],
): string {
  const expected = 0.05 * m;
  const anyOutside = 1 - 0.95 ** m;
  const plural = (k: number, one: string, many: string) => (k === 1 ? one : many);
  const sharedText = shared.length
    ? ` (${shared.length} ${plural(shared.length, 'bet is', 'bets are')} offered in several modes with the same ` +
      'pay table: one wager a round, reported under each mode, one test)'
    : '';
  const names = outsideFamily.map((b) => (b.mode ? `${b.bet} (${b.mode})` : b.bet)).join(', ');
  const verdict =
    outsideFamily.length === 0
      ? 'every exact value lies inside its widened interval: the simulation agrees with the analysis.'
      : `${names} ${plural(outsideFamily.length, 'lies', 'lie')} outside even the widened ` +
        `${plural(outsideFamily.length, 'interval', 'intervals')}: worth a look (another seed, more rounds, ` +
        'or the cut-card effect).';
  if (m === 1)
    return esc(
      [
        'One figure is tested. A 95% interval misses the true value 1 time in 20 by chance alone, so a NO now and',
        `then is expected; here the exact value lies ${outside === 0 ? 'inside' : 'outside'} it.`,
      ].join(' '),
    );
  return esc(
    [
      `${m} figures are tested at once, one per wager${sharedText}.`,
      `A 95% interval misses the true value 1 time in 20, so about ${expected.toFixed(2)} of ${m} are expected`,
      'outside by chance alone; if the figures were independent, the chance that at least one is outside would be',
      `1 − 0.95^${m} = ${pct(anyOutside, 1)} (by Bonferroni's inequality never more than`,
      `${pct(Math.min(1, expected), 0)}, however they depend on each other).`,
      `Here ${outside} ${plural(outside, 'is', 'are')} outside.`,
      `Read together, the intervals are widened to ${sim.familyZ.toFixed(2)} standard errors, so that all ${m} hold`,
      `at once with 95% confidence (Bonferroni): ${verdict}`,
    ].join(' '),
  );
}

const roundsText = (x: number): string => (x >= 1e6 ? `${x / 1e6}M` : x >= 1e3 ? `${x / 1e3}k` : String(x));

function readingSection(): string {
  return `<section id="reading">
<h2>How to read this report</h2>
<ul>
<li><strong>RTP</strong> (return to player) is what a bet pays back on average per unit staked, stake included; the
<strong>house edge</strong> is 1 − RTP.</li>
<li>The <strong>standard deviation</strong> is of one bet's net result per unit staked: over n bets the net result
per unit staked has a standard deviation of about this figure / √n. A high figure with a low hit frequency is a
volatile bet: rare, large wins.</li>
<li>The <strong>hit frequency</strong> is the probability that a bet wins money (a push is not a win).</li>
<li>"Exact" figures are fractions counted over every order of the cards; the main bet's figures come from a
combinatorial analysis of every player hand against the dealer, under the basic strategy shown.</li>
<li>The <strong>simulation</strong> checks the analysis independently: the same rules played through the live
interpreter with a seeded generator. A figure outside its 95% interval now and then is expected; see "Many bets
tested at once".</li>
<li>The <strong>identity</strong> ties the report to the rules: the files' SHA-256 (checked with
<code>sha256sum</code>) and the content hash every round records.</li>
</ul>
</section>`;
}

const REPORT_CSS = `
body { margin: 0; background: #fff; color: #1b1f24; }
.report { max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; line-height: 1.45;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.report h1 { font-size: 1.7rem; margin: 0.5rem 0 0.2rem; }
.report h2 { font-size: 1.3rem; margin: 2rem 0 0.6rem; border-bottom: 2px solid #1d4f91; padding-bottom: 0.2rem; }
.report h3 { font-size: 1.08rem; margin: 1.4rem 0 0.5rem; }
.report .subtitle { color: #5b6470; margin: 0 0 1rem; }
.report code, .report pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  font-size: 0.85rem; }
.report pre.hashes { background: #f4f6f9; border: 1px solid #d5d9e0; padding: 0.6rem; overflow-x: auto;
  white-space: pre; }
.report .toc ol { columns: 2; padding-left: 1.3rem; margin: 0.5rem 0 1rem; }
.report dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0.5rem 0; }
.report dl.facts dt { font-weight: 600; }
.report dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.report .scroll { overflow-x: auto; }
.report table { border-collapse: collapse; margin: 0.5rem 0 0.9rem; font-size: 0.9rem; }
.report caption { text-align: left; color: #5b6470; font-size: 0.85rem; padding-bottom: 0.25rem; }
.report th, .report td { border: 1px solid #d5d9e0; padding: 0.25rem 0.45rem; text-align: left; vertical-align: top; }
.report thead th { background: #eef1f5; }
.report tbody th { font-weight: 600; white-space: nowrap; }
.report td.mode { white-space: nowrap; }
.report table.simulation { font-size: 0.82rem; }
.report .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.report .frac { white-space: normal; overflow-wrap: anywhere; font-size: 0.8rem; color: #3d4550; }
.report td.frac, .report .num .frac { display: inline-block; max-width: 16rem; text-align: right; }
.report tr.lost { color: #5b6470; }
.report td.yes { color: #1e6b34; }
.report td.no { color: #a61b1b; font-weight: 700; }
.report figure { margin: 0.4rem 0 1rem; }
.report figcaption { color: #5b6470; font-size: 0.82rem; }
.report .plots { display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 0.4rem 1rem; }
.report .plot { max-width: 100%; height: auto; font-family: system-ui, sans-serif; }
.report .plot text { font-size: 11px; fill: #2b3139; }
.report .plot .tick { font-size: 10px; fill: #5b6470; }
.report .plot .axis { stroke: #8a929c; stroke-width: 1; }
.report .plot .grid { stroke: #e6e9ee; stroke-width: 1; }
.report .plot .bar { fill: #3b6ea8; }
.report .plot .band { fill: #cfe0f3; }
.report .plot .series { fill: none; stroke: #1d4f91; stroke-width: 1.5; }
.report .plot .reference { stroke: #c0392b; stroke-width: 1.2; stroke-dasharray: 5 3; }
.report .charts { display: flex; flex-wrap: wrap; gap: 0 1.2rem; align-items: flex-start; }
.report table.chart td.code { text-align: center; width: 2.1rem; padding: 0.15rem 0.2rem; font-weight: 600; }
.report span.code { display: inline-block; min-width: 1.6rem; text-align: center; }
.report .code-H { background: #fbe3e1; }
.report .code-S { background: #fdf6d8; }
.report .code-D, .report .code-Ds { background: #dcefdc; }
.report .code-P { background: #dbe7f7; }
.report .code-R, .report .code-Rs { background: #ece3f5; }
.report .legend .code { padding: 0 0.2rem; border: 1px solid #d5d9e0; }
.report table.chart { margin-right: 0.5rem; }
.report table.chart thead th { text-align: center; }
.report .help { max-width: none; margin: 0; padding: 0; }
.report .help h3 { font-size: 1.02rem; }
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  .report { max-width: none; padding: 0; font-size: 9.5pt; }
  .report .toc { display: none; }
  .report h2 { break-after: avoid; }
  .report h3 { break-after: avoid; }
  .report table, .report figure, .report dl.facts, .report pre { break-inside: avoid; }
  .report .scroll { overflow: visible; }
  .report table, .report table.simulation { font-size: 7.5pt; }
  .report th, .report td { padding: 0.12rem 0.3rem; }
  .report td.num { white-space: normal; }
  .report table.simulation { width: 100%; table-layout: fixed; }
  .report table.simulation th, .report table.simulation td { white-space: normal; overflow-wrap: anywhere; }
  .report .plots { grid-template-columns: repeat(2, 1fr); }
  .report #rules, .report #bets, .report #strategy, .report #simulation { break-before: page; }
  .report a { color: inherit; text-decoration: none; }
  .report .code { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;
