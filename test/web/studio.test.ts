// The product manager's loop in Chromium, on the server `npm start` runs (a copy of rules/ in a
// temporary folder, the suite's DynamoDB Local): open Mewah in the studio, type a pay line the
// validator refuses and see the error inline at its line, fix it, see the Pair's RTP move and the
// change in words, save (the file keeps its comments), then play a round of the saved version on the
// web table without a restart. The latencies it measures are printed, never asserted. And the table
// page itself names a pack file that stops compiling, with its errors, while the last good version serves.
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type LocalServer, startServer } from '../../cli/commands/serve.ts';
import { loadDevKey, signToken } from '../../lambdas/auth/index.ts';
import { RULES_DIR } from '../../lambdas/pack/load.ts';
import { createDocumentClient } from '../../lambdas/store/client.ts';
import { deleteTable } from '../../lambdas/store/table.ts';
import { dynamoEndpoint } from '../setup/dynamo.ts';
import {
  ARTIFACTS,
  dealNow,
  launch,
  roundNo,
  signInAndOpen,
  standUntilSettled,
  type Watched,
  watchedPage,
} from './browser.ts';

const dir = mkdtempSync(join(tmpdir(), 'croupier-studio-'));
const rulesDir = join(dir, 'rules');
const keyPath = join(dir, 'dev-key.json');
const suffix = randomUUID().slice(0, 8);
const tableName = (id: string) => `studio-${suffix}-${id}`;
let server: LocalServer;
let browser: Browser;

beforeAll(async () => {
  cpSync(RULES_DIR, rulesDir, { recursive: true });
  let n = 0;
  [server, browser] = await Promise.all([
    startServer({
      port: 0,
      rulesDir,
      dynamo: { endpoint: dynamoEndpoint(), tablePrefix: `studio-${suffix}-` },
      devKeyPath: keyPath,
      quiet: true,
      newSeed: () => new Uint8Array(createHash('sha256').update(`studio:${++n}`).digest()),
    }),
    launch(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  const doc = createDocumentClient({ endpoint: dynamoEndpoint() });
  for (const id of server?.packIds ?? []) await deleteTable(doc, tableName(id)).catch(() => undefined);
  doc.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** Replaces the text of the editor's line holding `marker` (after its indentation) by `text`, as typed. */
async function retype(page: Page, marker: string, text: string): Promise<number> {
  // The editor draws only the lines in view: go to the end, where the pay lines are, first.
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  const line = page.locator('.cm-line', { hasText: marker });
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Home'); // the first character after the indentation
  await page.keyboard.press('Shift+End');
  await page.keyboard.insertText(text);
  return Date.now();
}

const pairRtp = (page: Page) =>
  page
    .getByTestId('rtp-pair')
    .innerText({ timeout: 1000 })
    .catch(() => 'not shown');
const timings: Record<string, number> = {};

describe('the studio', { timeout: 180_000 }, () => {
  test('edit Mewah: an inline error, fixed; the Pair RTP moves; saved with its comments; a round of it played', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const w: Watched = await watchedPage(context);
    const { page } = w;
    const before = (await (await fetch(`${server.url}/blackjack-mewah/rules`)).json()) as { sha256: string };
    await page.goto(`${server.url}/dev/studio/#blackjack-mewah`);
    await page.locator('.cm-content', { hasText: 'id: blackjack-mewah' }).waitFor();
    // The first figures wait for the math thread to start and analyse the main bet.
    await expect.poll(() => pairRtp(page), { timeout: 120_000 }).toBe('96.6265%');
    expect(await page.getByTestId('problems').getAttribute('data-state')).toBe('valid');

    // A pay written as a number: the validator's error, inline at its line and in the list.
    const typed = await retype(page, 'perfect pair', '- { name: perfect pair, pays: 25, when: { identical: true } }');
    const marked = page.locator('.cm-lintRange-error');
    await marked.first().waitFor();
    timings.errorMs = Date.now() - typed;
    const line = readFileSync(join(rulesDir, 'blackjack-mewah.yaml'), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('perfect pair'));
    const problems = page.getByTestId('problems');
    await expect.poll(() => problems.innerText()).toMatch(new RegExp(`line ${line + 1}, column \\d+: .*pays`));
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled(), 'nothing invalid is saved').toBe(true);
    // The marker sits on the line typed.
    const markedLine = await marked.first().evaluate((el) => el.closest('.cm-line')?.textContent ?? '');
    expect(markedLine).toContain('perfect pair');
    await page.screenshot({ path: `${ARTIFACTS}/studio-error.png`, fullPage: true });

    // Fixed: 25:1. No problems, and the Pair's exact RTP moves by 5 × 7/415 (perfect pairs pay 5 less).
    const fixed = await retype(
      page,
      'perfect pair',
      '- { name: perfect pair, pays: "25:1", when: { identical: true } }',
    );
    await expect.poll(() => problems.getAttribute('data-state')).toBe('valid');
    timings.validMs = Date.now() - fixed;
    await expect.poll(() => pairRtp(page), { timeout: 30_000 }).toBe('88.1928%');
    timings.rtpMs = Date.now() - fixed;
    const changes = await page.getByTestId('changes').innerText();
    expect(changes).toMatch(/perfect pair.*25:1.*30:1/);
    expect(changes).toMatch(/pair: RTP 88\.1928%, was 96\.6265% \(-8\.4337 pp\)/);
    expect(await page.getByTestId('lines-pair').innerText()).toMatch(
      /perfect pair\t25:1\t1\.6867%\t43\.8554%\t-8\.4337 pp/,
    );
    await page.screenshot({ path: `${ARTIFACTS}/studio-rtp.png`, fullPage: true });

    // Save: the file on disk is the editor's text, its comments and layout included.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('save-status').innerText()).toMatch(/^Saved .*blackjack-mewah\.yaml/);
    const onDisk = readFileSync(join(rulesDir, 'blackjack-mewah.yaml'), 'utf8');
    const original = readFileSync(join(RULES_DIR, 'blackjack-mewah.yaml'), 'utf8');
    expect(onDisk).toBe(original.replace('pays: "30:1", when: { identical', 'pays: "25:1", when: { identical'));
    expect(onDisk).toContain('# R-MW-PAIR-1');

    // No restart: the server serves the saved version to new rounds within seconds; play one on the table.
    const served = async () =>
      ((await (await fetch(`${server.url}/blackjack-mewah/rules`)).json()) as { sha256: string }).sha256;
    await expect.poll(served, { timeout: 10_000 }).not.toBe(before.sha256);
    const after = await served();
    await signInAndOpen(w, server.url, 'blackjack-mewah', 'pia', 'studio-1');
    await page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
    await page.locator('input[name=amount]').fill('10');
    await page.getByRole('button', { name: 'Bet Main' }).click();
    await page.getByRole('button', { name: 'Bet Pair' }).click();
    const round = await roundNo(page);
    await dealNow(page);
    await standUntilSettled(page, round);
    const token = signToken({ sub: 'pia', role: 'player' }, { key: loadDevKey(keyPath) });
    const view = await fetch(`${server.url}/blackjack-mewah/history?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { rounds } = (await view.json()) as { rounds: { pack: { sha256: string }; round: { no: number } }[] };
    expect(rounds[0]).toMatchObject({ pack: { sha256: after }, round: { no: round } });
    await page.getByRole('tab', { name: 'Rules' }).click();
    await expect.poll(() => page.getByLabel('rules of Blackjack Mewah').innerText()).toContain('25:1');
    await page.screenshot({ path: `${ARTIFACTS}/studio-played.png`, fullPage: true });
    expect(w.errors).toEqual([]);
    console.log(`studio timings (ms from the last keystroke): ${JSON.stringify(timings)}`);
    await context.close();
  });

  test('the write endpoint: only a pack file in rules/, only valid, only from its own page', async () => {
    const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/dev/studio/packs/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const path = join(rulesDir, 'andar-bahar.yaml');
    const text = readFileSync(path, 'utf8');
    const broken = await put('andar-bahar', { text: text.replace('kind: Variant', 'kind: Varient') });
    expect(broken.status).toBe(422);
    expect(broken.body.problems[0]).toMatchObject({ line: expect.any(Number), col: expect.any(Number) });
    expect(readFileSync(path, 'utf8'), 'an invalid text is never written').toBe(text);
    for (const id of ['..%2Fpackage', '%2E%2E', 'side-bets%2Fpair', 'Andar', 'nope'])
      expect((await put(id, { text })).status, id).toBeGreaterThanOrEqual(400);
    expect((await put('andar-bahar', { text: 42 })).status).toBe(400);
    expect((await put('andar-bahar', { text }, { origin: 'https://evil.example' })).status).toBe(403);
    const ok = await put('andar-bahar', { text: `${text}# a comment kept\n` }, { origin: server.url });
    expect(ok.status).toBe(200);
    expect(readFileSync(path, 'utf8')).toBe(`${text}# a comment kept\n`);
  });
});

describe('the table page while rules/ is edited', { timeout: 120_000 }, () => {
  test('a pack file that stops compiling: its errors at path:line:col on the page, the last good version serving', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const w: Watched = await watchedPage(context);
    const { page } = w;
    await page.goto(`${server.url}/#/blackjack-eropa/rules`);
    const rules = page.getByLabel('rules of Blackjack Eropa');
    await rules.waitFor();
    const problems = page.getByTestId('pack-problems');
    expect(await problems.count()).toBe(0);

    // The page is open when the file breaks: a number where a ratio belongs.
    const path = join(rulesDir, 'blackjack-eropa.yaml');
    const good = readFileSync(path, 'utf8');
    writeFileSync(
      path,
      good.replace('payouts: { blackjack: "3:2", win: "1:1" }', 'payouts: { blackjack: "3:2", win: 1 }'),
    );
    const line = good.split('\n').findIndex((l) => l.includes('payouts: { blackjack: "3:2"')) + 1;
    await problems.waitFor({ timeout: 15_000 });
    const shown = await problems.innerText();
    expect(shown).toMatch(/blackjack-eropa\.yaml has errors: the last good version of Blackjack Eropa keeps serving/);
    expect(shown).toMatch(
      new RegExp(`blackjack-eropa\\.yaml:${line}:\\d+: spec\\.bets\\[0\\]\\.payouts\\.win: .*e\\.g\\. "1:1"`),
    );
    expect(await problems.getByRole('link', { name: 'Fix it in the studio' }).getAttribute('href')).toBe(
      '/dev/studio/#blackjack-eropa',
    );
    // The last good version still serves its rules, and the pack keeps its place among the variants.
    await page.reload();
    await rules.waitFor();
    await expect.poll(() => problems.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Blackjack Eropa' }).count()).toBe(1);
    await page.screenshot({ path: `${ARTIFACTS}/pack-problems.png`, fullPage: true });

    // Fixed: the errors go, without reloading the page.
    writeFileSync(path, good);
    await problems.waitFor({ state: 'detached', timeout: 15_000 });
    expect(w.errors).toEqual([]);
    await context.close();
  });
});
