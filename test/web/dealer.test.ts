// A studio dealer and two players in headless Chromium against the local server (R-LD-SOURCE-1):
// the dealer signs in with a dealer token, opens a dealer-fed table on the Dealer tab and types
// every card code; the console says in large type what is needed next, refuses in plain words
// (nothing taken), and shows the hole card, which neither player's page or traffic ever holds
// before it is shown. A full blackjack-mewah round and an Andar Bahar round, dealt by hand.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  ARTIFACTS,
  dealNow,
  roundNo,
  signInAndOpen,
  unexpectedErrors,
  type Watched,
  watchedPage,
  webSuite,
} from './browser.ts';

const suite = webSuite('web-dealer');

async function dealerConsole(pack: string, table: string): Promise<Watched> {
  const w = await watchedPage(suite.context());
  const { page } = w;
  await page.goto(`${suite.server().base}/#/${pack}/dealer`);
  await page.locator('input[name=player]').fill('dee');
  await page.locator('input[name=dealer]').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(['Rules', 'Dealer']);
  await page.locator('input[name=table]').fill(table);
  await page.getByRole('button', { name: 'Deal at this table' }).click();
  await page.getByTestId('need').waitFor();
  return w;
}

const need = (page: Page) => page.getByTestId('need');

/** Types a card code on the dealer console and sends it with Enter, once the console asks for `expected`. */
async function scan(page: Page, card: string, expected: string | RegExp): Promise<void> {
  await expect.poll(() => need(page).innerText(), { timeout: 15_000 }).toMatch(expected);
  const input = page.locator('input[name=card]');
  await input.fill(card);
  await input.press('Enter');
  await expect.poll(() => page.getByTestId('taken').innerText(), { timeout: 5000 }).toMatch(new RegExp(`${card}$`));
}

async function player(pack: string, name: string, table: string): Promise<Watched> {
  const w = await watchedPage(suite.context());
  await signInAndOpen(w, suite.server().base, pack, name, table);
  await w.page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
  await expect.poll(() => w.page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
  return w;
}

const wallet = async (pack: string, name: string) =>
  (await suite.server().api('GET', `/${pack}/wallet`, { as: name })).body.balance as number;

describe('the dealer console', { timeout: 180_000 }, () => {
  test("R-LD-SCAN-1: a full blackjack-mewah round dealt by hand to two players; refusals in plain words; the hole card stays the dealer's", async () => {
    const pack = 'blackjack-mewah';
    const dealer = await dealerConsole(pack, 'studio-1');
    const d = dealer.page;
    // A new shoe: the dealer shows the burn card and burns as many face down, before the deal.
    await scan(d, '5C', /burn card/);
    await expect.poll(() => need(d).innerText()).toBe('No card needed now');
    const ann = await player(pack, 'ann', 'studio-1');
    const ben = await player(pack, 'ben', 'studio-1');
    await ann.page.getByRole('button', { name: 'Bet Main' }).click();
    await ben.page.locator('input[name=seat][value="2"]').check();
    await ben.page.getByRole('button', { name: 'Bet Main' }).click();
    await expect.poll(() => ben.page.getByTestId('balance').innerText()).toBe('990.00 USD');
    const round = await roundNo(ann.page);
    await dealNow(ann.page);

    // Refusals, in plain words, change nothing: what is needed next stays the same.
    await d.locator('input[name=card]').fill('XQ');
    await d.locator('input[name=card]').press('Enter');
    await expect.poll(() => d.getByTestId('refusal').innerText()).toContain('XQ refused: "XQ" is not a card code');
    await expect.poll(() => need(d).innerText()).toBe('Next card: seat 1, hand 1');
    await scan(d, 'TH', 'Next card: seat 1, hand 1');
    await scan(d, '9S', 'Next card: seat 2, hand 1');
    await scan(d, '7D', "Next card: the dealer's up card");
    await scan(d, 'QS', 'Next card: seat 1, hand 1');
    await scan(d, '8C', 'Next card: seat 2, hand 1');
    await scan(d, '6H', /hole card/);
    await expect.poll(() => need(d).innerText()).toBe('No card needed now');
    await expect.poll(() => d.getByRole('group', { name: 'dealer cards' }).locator('[data-card]').count()).toBe(2);
    // Seat 1 decides at once: its window (12 s, real time here) is not spent on the checks below.
    const stand = (p: Watched) => p.page.getByRole('button', { name: 'Stand', exact: true });
    await stand(ann).click({ timeout: 10_000 });
    await expect.poll(() => stand(ann).count()).toBe(0); // ann's stand has been taken
    await d.locator('input[name=card]').fill('2C');
    await d.locator('input[name=card]').press('Enter');
    await expect
      .poll(() => d.getByTestId('refusal').innerText())
      .toContain('no card is expected now: seat 2 is deciding');

    // The hole card is nowhere on the players' pages or in their traffic (as a card: a token may hold the letters).
    const hole = /(?<![A-Za-z0-9])6H(?![A-Za-z0-9])/;
    for (const p of [ann, ben]) {
      expect(await p.page.content()).not.toMatch(hole);
      expect(p.responses.filter((r) => hole.test(r.body)).map((r) => r.url)).toEqual([]);
    }
    await stand(ben).click({ timeout: 10_000 });
    await scan(d, '5S', /the dealer's card 3/);
    for (const p of [ann, ben])
      await p.page
        .getByTestId('last-round')
        .getByRole('heading', { name: new RegExp(`^Last round #${round}:`) })
        .waitFor({ timeout: 30_000 });
    expect(await wallet(pack, 'ann')).toBe(101_000); // 20 beats 18
    expect(await wallet(pack, 'ben')).toBe(99_000); // 17 loses
    await d.screenshot({ path: `${ARTIFACTS}/dealer-console-blackjack.png`, fullPage: true });
    expect(unexpectedErrors(dealer, (e) => e.startsWith('422 POST /blackjack-mewah/tables/studio-1/cards'))).toEqual(
      [],
    );
    for (const w of [ann, ben]) expect(w.errors).toEqual([]);
  });

  test('R-LD-SCAN-1: an Andar Bahar round dealt by hand: the game card opens betting; a card one deck cannot hold is refused', async () => {
    const pack = 'andar-bahar';
    const dealer = await dealerConsole(pack, 'studio-ab');
    const d = dealer.page;
    await scan(d, 'KS', 'Next card: the game card');
    const asha = await player(pack, 'asha', 'studio-ab');
    const ravi = await player(pack, 'ravi', 'studio-ab');
    await asha.page.getByRole('button', { name: 'Bet Andar' }).click();
    await ravi.page.getByRole('button', { name: 'Bet Bahar' }).click();
    await expect.poll(() => ravi.page.getByTestId('balance').innerText()).toBe('990.00 USD');
    const round = await roundNo(asha.page);
    await dealNow(asha.page);
    await expect.poll(() => need(d).innerText(), { timeout: 15_000 }).toBe('Next card: Andar');
    await d.locator('input[name=card]').fill('KS');
    await d.locator('input[name=card]').press('Enter');
    await expect.poll(() => d.getByTestId('refusal').innerText()).toContain('KS cannot come from this shoe');
    await scan(d, '2C', 'Next card: Andar');
    await scan(d, 'KD', 'Next card: Bahar'); // Bahar wins on the second card
    for (const p of [asha, ravi])
      await p.page
        .getByTestId('last-round')
        .getByRole('heading', { name: new RegExp(`^Last round #${round}:`) })
        .waitFor({ timeout: 30_000 });
    expect(await wallet(pack, 'asha')).toBe(99_000);
    expect(await wallet(pack, 'ravi')).toBe(101_000);
    await d.screenshot({ path: `${ARTIFACTS}/dealer-console-andar-bahar.png`, fullPage: true });
    expect(unexpectedErrors(dealer, (e) => e.startsWith('422 POST /andar-bahar/tables/studio-ab/cards'))).toEqual([]);
    for (const w of [asha, ravi]) expect(w.errors).toEqual([]);
  });
});
