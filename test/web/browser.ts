// Headless Debian chromium driven by playwright-core (no browser download, ever), pages that
// record their console errors and what the server sent them, and a screenshot folder.
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { dynamoEndpoint } from '../setup/dynamo.ts';
import { startWebServer, type WebServer } from './server.ts';

export const ARTIFACTS = 'test-results/web';

export async function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Watched {
  page: Page;
  /** Console errors, uncaught exceptions and refused API requests with the server's reason. */
  errors: string[];
  /** Every API response body the page received, in order, with the time it came. */
  responses: { url: string; at: number; body: string }[];
}

export async function watchedPage(context: BrowserContext): Promise<Watched> {
  const page = await context.newPage();
  const w: Watched = { page, errors: [], responses: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') w.errors.push(m.text());
  });
  page.on('pageerror', (e) => w.errors.push(`uncaught: ${e.message}`));
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'fetch') return;
    const at = Date.now();
    try {
      const body = await r.text();
      w.responses.push({ url: r.url(), at, body });
      // The browser's own console line says only the status: this says what was refused and why.
      if (r.status() >= 400)
        w.errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}: ${body}`);
    } catch {
      /* page navigated away */
    }
  });
  return w;
}

/**
 * The page's errors but the refusals `expected` accepts (our `<status> <method> <path>: <body>`
 * lines), each with the browser's own console line for the same response ("Failed to load
 * resource: the server responded with a status of <status>"), which says only the status.
 */
export function unexpectedErrors(w: Watched, expected: (error: string) => boolean): string[] {
  // Per status, how many of the browser's own lines the expected refusals account for.
  const owed = new Map<string, number>();
  for (const e of w.errors) {
    if (!expected(e)) continue;
    const status = e.split(' ')[0];
    owed.set(status, (owed.get(status) ?? 0) + 1);
  }
  return w.errors.filter((e) => {
    if (expected(e)) return false;
    const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(e)?.[1];
    if (!status || !owed.get(status)) return true;
    owed.set(status, owed.get(status)! - 1);
    return false;
  });
}

/** Opens the page for a pack, signs in as `name` and opens `table` on its Play tab. */
export async function signInAndOpen(
  w: Watched,
  base: string,
  pack: string,
  name: string,
  table: string,
): Promise<void> {
  const { page } = w;
  await page.goto(`${base}/#/${pack}/play`);
  await page.locator('input[name=player]').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('input[name=table]').fill(table);
  await page.getByRole('button', { name: /^(Open|Join) table$/ }).click();
  await page.getByTestId('balance').waitFor();
}

export const moneyText = (minor: number) =>
  `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

/** Deals now (the operator's button); if the betting countdown dealt first, that is fine too. */
export async function dealNow(page: Page): Promise<void> {
  const clicked = await page
    .getByRole('button', { name: 'Deal now (operator)' })
    .click({ timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
  if (!clicked && (await page.getByTestId('phase').getAttribute('data-phase')) === 'betting')
    throw new Error('could not deal');
}

/**
 * One local server and one browser per test file, a fresh browser context per test: call at the
 * top of a file; the getters are valid inside tests.
 */
export function webSuite(seedLabel: string): { server: () => WebServer; context: () => BrowserContext } {
  let server: WebServer;
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(dynamoEndpoint(), { seedLabel }), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  });
  afterEach(async () => {
    await context.close();
  });
  return { server: () => server, context: () => context };
}

/** The round number the page shows. */
export const roundNo = async (page: Page) => Number((await page.getByTestId('round').innerText()).replace(/\D/g, ''));

/**
 * A practice round with an AI player, on an open blackjack table: practice points, an easy AI player
 * on seat 1, a bet of 10.00 on Main at seat 2, dealt; returns the round number once seat 1 is shown.
 */
export async function dealPracticeRoundWithAi(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Get practice points' }).click();
  await expect.poll(() => page.getByTestId('balance').innerText()).toBe('1,000.00 PTS');
  await page.getByRole('combobox', { name: 'Level' }).selectOption('easy');
  await page.getByRole('combobox', { name: 'Seat' }).selectOption('1');
  await page.getByRole('button', { name: 'Add AI player' }).click();
  await page.getByRole('radio', { name: /^2/ }).check();
  await page.locator('input[name=amount]').fill('10');
  await page.getByRole('button', { name: 'Bet Main' }).click();
  const round = await roundNo(page);
  await page.getByRole('button', { name: 'Deal', exact: true }).click();
  await page.getByTestId('seat-1').waitFor();
  return round;
}

/** Answers every question no and stands on every hand until round `round` shows as the last round. */
export async function standUntilSettled(page: Page, round: number): Promise<void> {
  const result = page.getByTestId('last-round').getByRole('heading', { name: new RegExp(`^Last round #${round}:`) });
  for (let i = 0; i < 160 && !(await result.isVisible()); i++) {
    const no = page.getByRole('button', { name: /: no$/ }).first();
    const stand = page.getByRole('button', { name: 'Stand', exact: true }).first();
    // Buttons come and go with every view: never wait on one that may be gone.
    const click = (l: typeof no) => l.click({ timeout: 1000 }).catch(() => undefined);
    if (await no.isVisible()) await click(no);
    else if (await stand.isVisible()) await click(stand);
    else await page.waitForTimeout(250);
  }
  await result.waitFor({ timeout: 30_000 });
}
