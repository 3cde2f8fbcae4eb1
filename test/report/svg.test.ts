// The report's plot module (cli/report/svg.ts): ticks, scales, and the SVG it writes for bars and
// a converging series — positions checked by number, text escaped, empty input handled.
import { describe, expect, test } from 'vitest';
import { barChart, decadeTicks, escapeXml, linear, lineChart, niceTicks } from '../../cli/report/svg.ts';

/** Every element's attributes, by tag, from an SVG string (the module writes flat, regular markup). */
function elements(svg: string, tag: string): Record<string, string>[] {
  return [...svg.matchAll(new RegExp(`<${tag}\\s([^>]*?)/?>`, 'g'))].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}
const num = (x: string) => Number(x);

describe('ticks and scales', () => {
  test('niceTicks: steps of 1, 2 or 5 × 10^k covering the range, exact decimals', () => {
    expect(niceTicks(0, 10, 6)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(98.7, 100.3, 5)).toEqual([99, 99.5, 100]);
    expect(niceTicks(0.1, 0.35, 6)).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
    expect(niceTicks(-1, 1, 5)).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(niceTicks(5, 5)).toEqual([5]);
    // A range just wider than two steps of 5: a finer step, so the axis has at least three labels.
    expect(niceTicks(90.6, 99.5, 5)).toEqual([92, 94, 96, 98]);
    expect(niceTicks(3, 1, 3)).toEqual([1, 2, 3]);
    expect(niceTicks(Number.NaN, 1)).toEqual([]);
  });

  test('decadeTicks: the powers of ten around a positive range; none for a range that is not', () => {
    expect(decadeTicks(2_000, 10_000_000)).toEqual([1e3, 1e4, 1e5, 1e6, 1e7]);
    expect(decadeTicks(39_063, 39_063)).toEqual([1e4, 1e5]);
    expect(decadeTicks(0, 10)).toEqual([]);
  });

  test('linear maps the domain onto the range, reversed ranges too; a point domain to the middle', () => {
    expect(linear(0, 10, 100, 200)(5)).toBe(150);
    expect(linear(0, 10, 200, 100)(10)).toBe(100);
    expect(linear(3, 3, 0, 10)(3)).toBe(5);
  });

  test('text is escaped', () => {
    expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
  });
});

describe('barChart', () => {
  const svg = barChart(
    [
      { label: 'perfect pair', value: 52.29 },
      { label: 'coloured <pair>', value: 21.2 },
      { label: 'none', value: 0 },
    ],
    { title: 'Pair: share of the RTP', format: (v) => `${v}%` },
  );

  test('one bar per row, lengths proportional to the values, the longest reaching the value column', () => {
    const bars = elements(svg, 'rect');
    expect(bars).toHaveLength(3);
    const widths = bars.map((b) => num(b.width));
    expect(widths[1] / widths[0]).toBeCloseTo(21.2 / 52.29, 2);
    expect(widths[2]).toBe(0);
    expect(new Set(bars.map((b) => b.x)).size).toBe(1); // every bar starts at the axis
    expect(num(bars[0].x) + widths[0]).toBe(640 - 110);
    expect(num(bars[1].y)).toBeGreaterThan(num(bars[0].y));
  });

  test('labels and values are written, escaped; the title is the accessible name', () => {
    expect(svg).toContain('>coloured &lt;pair&gt;</text>');
    expect(svg).toContain('>52.29%</text>');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 640 \d+"[^>]*role="img" aria-label="Pair: share of the RTP">/);
    expect(svg).toContain('<title>Pair: share of the RTP</title>');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  test('all-zero and empty inputs draw without dividing by zero', () => {
    expect(elements(barChart([{ label: 'a', value: 0 }], { title: 't', format: String }), 'rect')[0].width).toBe('0');
    expect(barChart([], { title: 't', format: String })).toMatch(/^<svg .*<\/svg>$/);
  });
});

describe('lineChart', () => {
  const points = [
    { x: 1_000, y: 97, lo: 90, hi: 104 },
    { x: 10_000, y: 99, lo: 97, hi: 101 },
    { x: 100_000, y: 99.4, lo: 98.8, hi: 100 },
  ];
  const svg = lineChart({
    title: 'main: simulated RTP',
    points,
    reference: 99.5,
    formatX: (x) => `${x / 1000}k`,
    formatY: (y) => `${y}%`,
    width: 300,
    height: 200,
  });
  const [series] = elements(svg, 'polyline');
  const xy = series.points.split(' ').map((p) => p.split(',').map(Number));

  test('x is logarithmic: each decade the same width, first point at the left axis, last at the right', () => {
    expect(xy[0][0]).toBe(64);
    expect(xy[2][0]).toBe(290);
    expect(xy[1][0] - xy[0][0]).toBeCloseTo(xy[2][0] - xy[1][0], 1);
  });

  test('y grows upwards and is fitted to the band and the reference, inside the plot area', () => {
    expect(xy[1][1]).toBeLessThan(xy[0][1]);
    const band = elements(svg, 'polygon')[0]
      .points.split(' ')
      .map((p) => p.split(',').map(Number));
    expect(band).toHaveLength(6); // upper edge out, lower edge back
    for (const [, y] of [...xy, ...band]) {
      expect(y).toBeGreaterThanOrEqual(10);
      expect(y).toBeLessThanOrEqual(200 - 28);
    }
    const reference = elements(svg, 'line').find((l) => l.class === 'reference')!;
    expect(reference.y1).toBe(reference.y2);
    // 99.5 lies between the second and third points' y (99 and 99.4 are below it; higher is smaller y).
    expect(num(reference.y1)).toBeLessThan(xy[2][1]);
  });

  test('decade ticks labelled on the x axis, nice values on the y axis', () => {
    expect(svg).toContain('>1k</text>');
    expect(svg).toContain('>10k</text>');
    expect(svg).toContain('>100k</text>');
    expect(svg).toMatch(/>100%<\/text>/);
  });

  test('no points: an empty plot that says so', () => {
    expect(lineChart({ title: 't', points: [], formatX: String, formatY: String })).toContain('>no data</text>');
  });
});
