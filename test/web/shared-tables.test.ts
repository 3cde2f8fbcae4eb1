// The web table on tables many players share: two tabs (two players) on one common-draw round
// see the same cards and each other's results; Andar Bahar with both modes and side bets; and
// the bet history with a step-by-step recall, driven by keyboard.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  ARTIFACTS,
  dealNow,
  moneyText,
  roundNo,
  signInAndOpen,
  unexpectedErrors,
  watchedPage,
  webSuite,
} from './browser.ts';

const suite = webSuite('web-shared');
const lastRound = (page: Page, round: number) =>
  page.getByTestId('last-round').getByRole('heading', { name: new RegExp(`^Last round #${round}:`) });

async function netShown(page: Page): Promise<number> {
  return Math.round(Number((await page.getByTestId('last-net').innerText()).replace(/[,+]/g, '')) * 100);
}

async function walletOf(pack: string, player: string): Promise<number> {
  const r = await suite.server().api('GET', `/${pack}/wallet`, { as: player });
  return r.body.balance as number;
}

describe('tables players share', { timeout: 90_000 }, () => {
  test('blackjack-tanpa-batas: two tabs on one common-draw round see the same cards and each other’s results', async () => {
    const pack = 'blackjack-tanpa-batas';
    const a = await watchedPage(suite.context());
    const b = await watchedPage(suite.context());
    await signInAndOpen(a, suite.server().base, pack, 'ana', 'common-1');
    await signInAndOpen(b, suite.server().base, pack, 'ben', 'common-1');
    for (const w of [a, b]) {
      await w.page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
      await expect.poll(() => w.page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
      await w.page.locator('input[name=amount]').fill('20');
      await w.page.getByRole('button', { name: 'Bet Main' }).click();
    }
    await b.page.getByRole('button', { name: 'Bet Pair' }).click();
    const round = await roundNo(a.page);
    expect(await roundNo(b.page)).toBe(round);
    await dealNow(a.page);
    // Both see the same common hand and the same dealer up card.
    for (const w of [a, b]) await w.page.getByTestId('common').waitFor();
    const cards = async (p: Page) =>
      p
        .getByTestId('common')
        .locator('.hand')
        .first()
        .locator('[data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    const upcard = async (p: Page) => p.getByTestId('dealer').locator('[data-card]').first().getAttribute('data-card');
    expect(await cards(a.page)).toEqual(await cards(b.page));
    expect(await upcard(a.page)).toEqual(await upcard(b.page));
    // Ana stands; Ben hits once when he may, then stands (any insurance answered no); both at once.
    const play = async (page: Page, hits: number) => {
      for (let i = 0; i < 120 && !(await lastRound(page, round).isVisible()); i++) {
        const no = page.getByRole('button', { name: /: no$/ }).first();
        const hit = page.getByRole('button', { name: 'Hit', exact: true });
        const stand = page.getByRole('button', { name: 'Stand', exact: true });
        const click = (l: typeof no) =>
          l.click({ timeout: 1000 }).then(
            () => true,
            () => false,
          );
        if (await no.isVisible()) await click(no);
        else if (hits > 0 && (await hit.isVisible())) hits -= (await click(hit)) ? 1 : 0;
        else if (await stand.isVisible()) await click(stand);
        else await page.waitForTimeout(250);
      }
    };
    await Promise.all([play(a.page, 0), play(b.page, 1)]);
    for (const w of [a, b]) await lastRound(w.page, round).waitFor({ timeout: 30_000 });
    // Each page's result is its player's wallet; the dealer's final hand is the same for both.
    for (const [w, name] of [
      [a, 'ana'],
      [b, 'ben'],
    ] as const) {
      const balance = await walletOf(pack, name);
      expect(balance).toBe(100_000 + (await netShown(w.page)));
      await expect.poll(() => w.page.getByTestId('balance').innerText()).toBe(`${moneyText(balance)} USD`);
    }
    const dealerFinal = async (p: Page) =>
      p
        .getByTestId('last-round')
        .getByRole('group', { name: 'dealer final cards' })
        .locator('[data-card]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(await dealerFinal(a.page)).toEqual(await dealerFinal(b.page));
    // Each tab shows the other player's result for the same round.
    const anaNet = await netShown(a.page);
    const benNet = await netShown(b.page);
    const fmt = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${moneyText(Math.abs(n))}`;
    await expect
      .poll(() => a.page.getByTestId('other-tabs').locator('[data-player="ben"]').innerText(), { timeout: 10_000 })
      .toContain(`last round #${round}: ${fmt(benNet)}`);
    await expect
      .poll(() => b.page.getByTestId('other-tabs').locator('[data-player="ana"]').innerText(), { timeout: 10_000 })
      .toContain(`last round #${round}: ${fmt(anaNet)}`);
    await a.page.screenshot({ path: `${ARTIFACTS}/blackjack-tanpa-batas-ana.png`, fullPage: true });
    await b.page.screenshot({ path: `${ARTIFACTS}/blackjack-tanpa-batas-ben.png`, fullPage: true });
    // A click can race the decision timer on a loaded machine: it names its round, and one that
    // arrives after that round finished is refused with round-finished, never applied to the next.
    const raced = (e: string) => /^422 POST \/[^ ]+\/actions: .*"code":"round-finished"/.test(e);
    expect([...unexpectedErrors(a, raced), ...unexpectedErrors(b, raced)]).toEqual([]);
  });

  test('andar-bahar: both modes and side bets, then the history and a step-by-step recall', async () => {
    const pack = 'andar-bahar';
    const w = await watchedPage(suite.context());
    const { page } = w;
    // The rules: Andar's RTP in each mode, computed next to the declared 97.87% and 98.61%.
    await page.goto(`${suite.server().base}/#/${pack}/rules`);
    await page.getByText('Math sheet for product managers').click({ timeout: 15_000 });
    const andar = page.getByRole('article', { name: 'bet andar' });
    await expect.poll(() => andar.count(), { timeout: 15_000 }).toBe(2);
    const rules = await page.getByLabel('rules of Andar Bahar').innerText();
    expect(rules).toContain('97.8700%');
    expect(rules).toContain('98.6100%');
    expect(rules).toContain('Andar wins on the first card dealt');
    expect(rules).toContain('46 to 49 cards');
    await signInAndOpen(w, suite.server().base, pack, 'asha', 'ab-1');
    await page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
    await page.getByTestId('andar-bahar').getByRole('group', { name: 'game card' }).locator('[data-card]').waitFor();
    // Commission mode offers the First bets and First 3; no-commission does not. Each bet shows what it pays.
    expect(await page.getByRole('button', { name: 'Bet Andar' }).innerText()).toBe('Bet Andar 0.9:1');
    expect(await page.getByRole('button', { name: 'Bet First 3' }).innerText()).toBe('Bet First 3 up to 120:1');
    await page.locator('input[name=amount]').fill('10');
    await page.getByRole('button', { name: 'Bet Andar' }).click();
    await page.getByRole('button', { name: 'Bet First 3' }).click();
    await page.getByRole('button', { name: 'Bet Cards 6–10' }).click();
    await page.getByRole('radio', { name: /no commission/ }).check();
    await expect(page.getByRole('button', { name: 'Bet First 3' }).count()).resolves.toBe(0);
    expect(await page.getByRole('button', { name: 'Bet Andar' }).innerText()).toBe('Bet Andar up to 1:1'); // 0.25:1 on its first card
    await page.getByRole('button', { name: 'Bet Bahar' }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('960.00 USD');
    const round = await roundNo(page);
    await dealNow(page);
    await lastRound(page, round).waitFor({ timeout: 15_000 });
    const balance = await walletOf(pack, 'asha');
    expect(balance).toBe(100_000 + (await netShown(page)));
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe(`${moneyText(balance)} USD`);
    await expect(page.getByTestId('last-round').innerText()).resolves.toMatch(/(Andar|Bahar) wins after \d+ cards/);
    await page.screenshot({ path: `${ARTIFACTS}/andar-bahar.png`, fullPage: true });

    // The next round: the four bets again in one click (one bet slip, all or none).
    await expect.poll(() => roundNo(page), { timeout: 15_000 }).toBe(round + 1);
    await page.getByRole('button', { name: 'Repeat last bets (4, 40.00 USD)' }).click();
    await expect
      .poll(() => page.getByTestId('balance').innerText(), { timeout: 10_000 })
      .toBe(`${moneyText(balance - 4000)} USD`);
    expect(await walletOf(pack, 'asha')).toBe(balance - 4000);
    await expect(page.getByRole('button', { name: /^Repeat last bets/ }).count()).resolves.toBe(0);

    // History: the round with its four bets; recall it and walk its steps by keyboard.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId('history');
    await history.waitFor();
    await expect(history.innerText()).resolves.toContain(`#${round}`);
    await page.getByRole('button', { name: `Recall round ${round}` }).click();
    const recall = page.getByTestId('recall');
    await recall.waitFor();
    const stepText = () => recall.getByTestId('step-no').innerText();
    const total = Number(/of (\d+)/.exec(await stepText())![1]);
    expect(total).toBeGreaterThan(2);
    await expect(stepText()).resolves.toBe(`Step ${total} of ${total}`);
    await expect(recall.innerText()).resolves.toMatch(/settled/);
    await recall.getByRole('button', { name: '« First' }).click();
    await expect(stepText()).resolves.toBe(`Step 1 of ${total}`);
    await expect(recall.innerText()).resolves.toContain('game');
    await recall.getByRole('button', { name: 'next step' }).focus();
    await page.keyboard.press('Enter');
    await expect(stepText()).resolves.toBe(`Step 2 of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(stepText()).resolves.toBe(`Step 3 of ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(stepText()).resolves.toBe(`Step 2 of ${total}`);
    await page.screenshot({ path: `${ARTIFACTS}/andar-bahar-recall.png`, fullPage: true });
    expect(w.errors).toEqual([]);
  });
});
