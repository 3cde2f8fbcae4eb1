// A math report opened in a real browser (Debian's chromium via playwright-core): it renders
// without a console error or a single request beyond the file itself, every plot has a size, the
// figures a reader sees are `croupier rtp --json`'s, and it prints (print media, PDF).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { run as rtp } from '../../cli/commands/rtp.ts';
import { captureCli } from '../math/helpers.ts';
import { launch } from '../web/browser.ts';
import { makeReport } from './helpers.ts';

const PACK = 'blackjack-lucky-ladies'; // a main bet, a side-bet module, a line on the dealer's blackjack
const SHOTS = 'test-results/report';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(() => vi.restoreAllMocks());

const pct = (x: number) => `${(x * 100).toFixed(4)}%`;

describe('the math report in Chromium', { timeout: 180_000 }, () => {
  test(`${PACK}: renders offline without errors, shows rtp --json's figures, prints`, async () => {
    const { path } = await makeReport(PACK);
    const json = JSON.parse((await captureCli(rtp, [PACK, '--json'])).out) as {
      bets: {
        bet: string;
        mode: string | null;
        rtp: number;
        stdDev: number;
        hitFrequency: number;
        declared: number | null;
      }[];
    };
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    const url = pathToFileURL(path).href;
    await page.goto(url, { waitUntil: 'load' });

    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
    await expect(page.locator('h1').innerText()).resolves.toBe('Blackjack Lucky Ladies: mathematics report');
    // Every plot laid out with a size.
    const sizes = await page.locator('svg.plot').evaluateAll((svgs) =>
      svgs.map((s) => {
        const r = s.getBoundingClientRect();
        return r.width * r.height;
      }),
    );
    expect(sizes.length).toBeGreaterThan(2);
    for (const area of sizes) expect(area).toBeGreaterThan(0);

    // The summary as a reader sees it: the same figures as rtp --json, as numbers and as text.
    const rows = await page.locator('[data-testid=summary] tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        bet: tr.getAttribute('data-bet'),
        mode: tr.getAttribute('data-mode') || null,
        cells: Object.fromEntries(
          [...tr.querySelectorAll('[data-field]')].map((td) => [
            td.getAttribute('data-field'),
            { value: Number(td.getAttribute('data-value')), text: (td as HTMLElement).innerText },
          ]),
        ),
      })),
    );
    expect(rows.map((r) => [r.bet, r.mode])).toEqual(json.bets.map((b) => [b.bet, b.mode]));
    json.bets.forEach((b, i) => {
      const { cells } = rows[i];
      expect(cells.rtp).toEqual({ value: b.rtp, text: pct(b.rtp) });
      expect(cells.houseEdge).toEqual({ value: 1 - b.rtp, text: pct(1 - b.rtp) });
      expect(cells.stdDev).toEqual({ value: b.stdDev, text: b.stdDev.toFixed(4) });
      expect(cells.hitFrequency).toEqual({ value: b.hitFrequency, text: pct(b.hitFrequency) });
      if (b.declared !== null) expect(cells.declared).toEqual({ value: b.declared, text: pct(b.declared) });
    });

    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${PACK}.png`), fullPage: true });
    // Printed: the print stylesheet applies (no table of contents on paper), nothing is wider than
    // an A4 page less the stylesheet's margins (186 mm, 703 CSS pixels), and a PDF comes out.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 703, height: 1000 });
    await expect(page.locator('nav.toc').isVisible()).resolves.toBe(false);
    const tooWide = await page.evaluate(() =>
      [...document.querySelectorAll('table, svg, pre, dl, p')]
        .filter((e) => e.getBoundingClientRect().right > 703.5)
        .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}`),
    );
    expect(tooWide).toEqual([]);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(errors).toEqual([]);
    await page.close();
  });
});
