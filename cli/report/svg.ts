// The math report's plots as inline SVG strings: a horizontal bar chart (each pay-table line's share
// of the RTP, the main bet's results) and a line chart on a logarithmic x axis with a shaded band
// and a reference line (the simulated RTP converging on the exact one). No library, no script: the
// report is one file that prints. Colours come from CSS classes the report's stylesheet defines.

export interface Bar {
  readonly label: string;
  readonly value: number;
  /** Printed at the end of the bar (the value by default). */
  readonly text?: string;
}

export interface BarChartOptions {
  /** Said by screen readers and shown as a tooltip. */
  readonly title: string;
  readonly format: (value: number) => string;
  readonly width?: number;
}

export interface SeriesPoint {
  readonly x: number;
  readonly y: number;
  /** The band around y (a confidence interval), when there is one. */
  readonly lo?: number;
  readonly hi?: number;
}

export interface LineChartOptions {
  readonly title: string;
  readonly points: readonly SeriesPoint[];
  /** A horizontal line the series should approach (the exact value). */
  readonly reference?: number;
  readonly formatX: (x: number) => string;
  readonly formatY: (y: number) => string;
  readonly width?: number;
  readonly height?: number;
}

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Numbers in SVG attributes: two decimals are finer than any screen or printer. */
const n = (x: number): string => String(Math.round(x * 100) / 100);

/**
 * Round tick values (1, 2 or 5 × 10^k apart) covering [min, max]: about `count`, and never fewer
 * than 3 where a finer step gives them.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(Number.isFinite(min) && Number.isFinite(max))) return [];
  if (max < min) [min, max] = [max, min];
  if (max === min) return [min];
  const rough = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const steps = [0.5, 1, 2, 5, 10].map((m) => m * power);
  let i = steps.findIndex((s) => s >= rough);
  let ticks = ticksBy(min, max, steps[i]);
  while (ticks.length < 3 && i > 0) ticks = ticksBy(min, max, steps[--i]);
  return ticks;
}

function ticksBy(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step)
    ticks.push(Math.abs(t) < step * 1e-9 ? 0 : Number(t.toPrecision(12)));
  return ticks;
}

/** Powers of ten from the one at or below `min` to the one at or above `max` (the ticks of a log axis). */
export function decadeTicks(min: number, max: number): number[] {
  if (!(min > 0 && max >= min)) return [];
  const ticks: number[] = [];
  for (let k = Math.floor(Math.log10(min)); k <= Math.ceil(Math.log10(max)); k++) ticks.push(10 ** k);
  return ticks;
}

/** Maps [d0, d1] onto [r0, r1]; a zero-width domain maps to the middle. */
export const linear =
  (d0: number, d1: number, r0: number, r1: number) =>
  (x: number): number =>
    d1 === d0 ? (r0 + r1) / 2 : r0 + ((x - d0) / (d1 - d0)) * (r1 - r0);

/** An SVG element: numbers rounded, text escaped; with `content`, an element that holds it. */
function el(tag: string, attrs: Record<string, string | number>, content?: string): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : escapeXml(v)}"`)
    .join('');
  return content === undefined ? `<${tag}${a}/>` : `<${tag}${a}>${escapeXml(content)}</${tag}>`;
}

const MIDDLE = { 'dominant-baseline': 'middle' } as const;

/** One bar per row, labels on the left, lengths proportional to value (0 at the left edge). */
export function barChart(bars: readonly Bar[], options: BarChartOptions): string {
  const width = options.width ?? 640;
  const row = 22;
  const top = 6;
  const labelWidth = Math.min(260, Math.max(60, ...bars.map((b) => b.label.length * 7 + 12)));
  const textRoom = 110;
  const height = top * 2 + bars.length * row;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const x = linear(0, max > 0 ? max : 1, labelWidth, width - textRoom);
  const rows = bars.map((b, i) => {
    const y = top + i * row;
    const w = Math.max(0, x(Math.max(0, b.value)) - labelWidth);
    const middle = y + row / 2;
    return [
      el('text', { class: 'label', x: labelWidth - 8, y: middle, 'text-anchor': 'end', ...MIDDLE }, b.label),
      el('rect', { class: 'bar', x: labelWidth, y: y + 3, width: w, height: row - 6 }),
      el('text', { class: 'value', x: labelWidth + w + 6, y: middle, ...MIDDLE }, b.text ?? options.format(b.value)),
    ].join('');
  });
  return svg(width, height, options.title, [
    el('line', { class: 'axis', x1: labelWidth, y1: top, x2: labelWidth, y2: height - top }),
    ...rows,
  ]);
}

/**
 * A series over a logarithmic x axis (rounds), with its band shaded and the reference value as a
 * dashed line; the y axis is fitted to the band and the reference.
 */
export function lineChart(options: LineChartOptions): string {
  const width = options.width ?? 320;
  const height = options.height ?? 180;
  const margin = { left: 64, right: 10, top: 10, bottom: 28 };
  const points = options.points.filter((p) => p.x > 0 && Number.isFinite(p.y));
  if (points.length === 0)
    return svg(width, height, options.title, [
      el('text', { class: 'label', x: width / 2, y: height / 2, 'text-anchor': 'middle' }, 'no data'),
    ]);
  const xs = points.map((p) => p.x);
  const ys = points.flatMap((p) => [p.y, p.lo ?? p.y, p.hi ?? p.y]);
  if (options.reference !== undefined) ys.push(options.reference);
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const pad = (y1 - y0) * 0.08 || Math.abs(y0) * 0.001 || 0.001;
  [y0, y1] = [y0 - pad, y1 + pad];
  const [xMin, xMax] = [Math.min(...xs), Math.max(...xs)];
  const [lx0, lx1] = [Math.log10(xMin), Math.log10(xMax)];
  const x = (v: number) => linear(lx0, lx1 === lx0 ? lx0 + 1 : lx1, margin.left, width - margin.right)(Math.log10(v));
  const y = linear(y0, y1, height - margin.bottom, margin.top);
  const [left, right, bottom] = [margin.left, width - margin.right, height - margin.bottom];
  const body: string[] = [
    el('line', { class: 'axis', x1: left, y1: bottom, x2: right, y2: bottom }),
    el('line', { class: 'axis', x1: left, y1: margin.top, x2: left, y2: bottom }),
  ];
  for (const t of niceTicks(y0, y1, 5))
    body.push(
      el('line', { class: 'grid', x1: left, y1: y(t), x2: right, y2: y(t) }),
      el('text', { class: 'tick', x: left - 4, y: y(t), 'text-anchor': 'end', ...MIDDLE }, options.formatY(t)),
    );
  for (const t of decadeTicks(xMin, xMax).filter((t) => t >= xMin * 0.999 && t <= xMax * 1.001))
    body.push(
      el('line', { class: 'axis', x1: x(t), y1: bottom, x2: x(t), y2: bottom + 4 }),
      el('text', { class: 'tick', x: x(t), y: bottom + 16, 'text-anchor': 'middle' }, options.formatX(t)),
    );
  // Band, reference, series.
  const banded = points.filter((p) => p.lo !== undefined && p.hi !== undefined);
  if (banded.length > 1) {
    const upper = banded.map((p) => `${n(x(p.x))},${n(y(p.hi!))}`);
    const lower = banded.map((p) => `${n(x(p.x))},${n(y(p.lo!))}`).reverse();
    body.push(el('polygon', { class: 'band', points: [...upper, ...lower].join(' ') }));
  }
  if (options.reference !== undefined) {
    const ry = y(options.reference);
    body.push(el('line', { class: 'reference', x1: left, y1: ry, x2: right, y2: ry }));
  }
  body.push(el('polyline', { class: 'series', points: points.map((p) => `${n(x(p.x))},${n(y(p.y))}`).join(' ') }));
  return svg(width, height, options.title, body);
}

function svg(width: number, height: number, title: string, body: readonly string[]): string {
  const attrs = el('svg', {
    xmlns: 'http://www.w3.org/2000/svg',
    class: 'plot',
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: 'img',
    'aria-label': title,
  }).slice(0, -2);
  return `${attrs}>${el('title', {}, title)}${body.join('')}</svg>`;
}
