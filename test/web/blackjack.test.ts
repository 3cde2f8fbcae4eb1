// The web table in headless Chromium against the local server: a full round of each seated and
// practice blackjack variant played by clicking (and by keyboard), balances checked against the
// API, a screenshot of each; no view is polled while a decision is on its way; and the hole card
// is nowhere in the page or its traffic before the dealer shows it.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  ARTIFACTS,
  dealNow,
  dealPracticeRoundWithAi,
  moneyText,
  roundNo,
  signInAndOpen,
  type Watched,
  watchedPage,
  webSuite,
} from './browser.ts';

const suite = webSuite('web-bj');

/** Answers every question no and stands on every hand until the round's result is shown. */
async function standUntilSettled(page: Page, round: number, keyboard = false): Promise<void> {
  const result = page.getByTestId('last-round').getByRole('heading', { name: new RegExp(`^Last round #${round}:`) });
  // Buttons come and go with every view: never wait on one that may be gone.
  const tryClick = (l: Locator) =>
    l.click({ timeout: 1000 }).then(
      () => true,
      () => false,
    );
  for (let i = 0; i < 160 && !(await result.isVisible()); i++) {
    const no = page.getByRole('button', { name: /: no$/ }).first();
    const stand = page.getByRole('button', { name: 'Stand', exact: true }).first();
    if (await no.isVisible()) await tryClick(no);
    else if (await stand.isVisible()) {
      if (keyboard) await page.keyboard.press('s');
      else await tryClick(stand);
      await page.waitForTimeout(150);
    } else await page.waitForTimeout(250);
  }
  await result.waitFor({ timeout: 30_000 });
}

async function expectBalanceMatchesApi(w: Watched, pack: string, player: string): Promise<number> {
  const wallet = await suite.server().api('GET', `/${pack}/wallet`, { as: player });
  expect(wallet.status).toBe(200);
  await expect
    .poll(() => w.page.getByTestId('balance').innerText(), { timeout: 5000 })
    .toBe(`${moneyText(wallet.body.balance)} ${wallet.body.currency.code}`);
  return wallet.body.balance as number;
}

/** The net the page shows for the last round, in minor units. */
async function shownNet(page: Page): Promise<number> {
  const text = (await page.getByTestId('last-net').innerText()).replace(/[,+]/g, '');
  return Math.round(Number(text) * 100);
}

/** A page signed in to a blackjack-mewah table with 1,000.00 in the wallet and a main bet placed. */
async function withMainBet(name: string, table: string): Promise<Watched> {
  const w = await watchedPage(suite.context());
  await signInAndOpen(w, suite.server().base, 'blackjack-mewah', name, table);
  await w.page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
  await expect.poll(() => w.page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
  await w.page.getByRole('button', { name: 'Bet Main' }).click();
  return w;
}

/** Waits for the player's next decision in `round`: their turn, the insurance question, or the round's result. */
async function nextDecision(page: Page, round: number): Promise<'turn' | 'insurance' | 'settled'> {
  const result = page.getByTestId('last-round').getByRole('heading', { name: new RegExp(`^Last round #${round}:`) });
  for (let i = 0; i < 200; i++) {
    if (await page.getByRole('button', { name: 'Insurance: no' }).isVisible()) return 'insurance';
    if (await page.getByRole('button', { name: 'Stand', exact: true }).isVisible()) return 'turn';
    if (await result.isVisible()) return 'settled';
    await page.waitForTimeout(150);
  }
  throw new Error(`round ${round}: no decision and no result`);
}

/**
 * Plays rounds of `amount` (minor units, from the wallet) until one reaches the player's turn, and hands over the page
 * at each insurance question and at that turn; the round is then stood until settled.
 */
async function roundsUntilTurn(
  w: Watched,
  player: string,
  amount: (balance: number) => number,
  at: (what: 'turn' | 'insurance') => Promise<void>,
): Promise<void> {
  const { page } = w;
  for (let tries = 0; tries < 6; tries++) {
    const balance = (await suite.server().api('GET', '/blackjack-mewah/wallet', { as: player })).body.balance as number;
    await page.locator('input[name=amount]').fill(moneyText(amount(balance)).replace(/,/g, ''));
    await page.getByRole('button', { name: 'Bet Main' }).click();
    await expect
      .poll(() => page.getByTestId('balance').innerText())
      .toBe(`${moneyText(balance - amount(balance))} USD`);
    const round = await roundNo(page);
    await dealNow(page);
    let what = await nextDecision(page, round);
    if (what === 'insurance') {
      await at('insurance');
      await page.getByRole('button', { name: 'Insurance: no' }).click();
      what = await nextDecision(page, round);
    }
    if (what === 'turn') await at('turn');
    await standUntilSettled(page, round);
    if (what === 'turn') return;
  }
  throw new Error('six rounds without a turn');
}

describe('seated blackjack', { timeout: 90_000 }, () => {
  test('blackjack-mewah: the rules, the tabs by keyboard, then a full round by clicking; the balance is the API wallet', async () => {
    const w = await watchedPage(suite.context());
    const { page } = w;
    await page.goto(`${suite.server().base}/#/blackjack-mewah/rules`);
    await page.getByRole('heading', { name: 'Blackjack Mewah' }).waitFor();
    // A product manager's reading: pay tables and computed next to declared RTP.
    const rules = page.getByLabel('rules of Blackjack Mewah');
    await expect.poll(() => rules.innerText()).toContain('Perfect pair');
    await page.getByText('Math sheet for product managers').click();
    const text = await rules.innerText();
    expect(text).toMatch(/99\.53\d*%/); // declared main-bet RTP
    expect(text).toMatch(/Computed/);
    // Computed −0.015 pp from declared is within the analysis's accuracy: it agrees, as `croupier rtp` says.
    expect(text).toMatch(/-0\.01\d+ pp/);
    expect(text).not.toContain('⚠');
    // Bet behind's RTP, as the seat it follows plays (3:2 like the main bet: the same figure).
    expect(text).toMatch(/Behind\t\S+\t99\.51\d*%\tcombinatorial analysis, follows the seat/);
    expect(text).toContain('the dealer checks the hole card for blackjack');
    // Each pay-table line with its exact probability and share of the RTP (8 decks: perfect pair 7/415).
    expect(text).toMatch(/Perfect pair\t.*\t30:1\t1\.6867%\t52\.2892%/);
    await page.screenshot({ path: `${ARTIFACTS}/blackjack-mewah-rules.png`, fullPage: true });

    // The tabs by keyboard (WAI-ARIA tabs): only the selected one is in the Tab order, arrows move and select.
    const tabs = page.getByRole('tab');
    expect(await tabs.evaluateAll((els) => els.map((e) => (e as HTMLElement).tabIndex))).toEqual([0, -1, -1]);
    const landed = async (name: string, hash: string) => {
      await expect
        .poll(
          () =>
            page.evaluate(() => [
              document.activeElement?.textContent,
              document.activeElement?.getAttribute('aria-selected'),
              location.hash,
            ]),
          { timeout: 5000 },
        )
        .toEqual([name, 'true', `#/blackjack-mewah/${hash}`]);
    };
    await page.getByRole('tab', { name: 'Rules' }).focus();
    await page.keyboard.press('End');
    await landed('History', 'history');
    await page.keyboard.press('ArrowRight'); // wraps to the first
    await landed('Rules', 'rules');
    await page.keyboard.press('ArrowRight');
    await landed('Play', 'play');
    await page.getByRole('tabpanel').locator('input[name=player]').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('input[name=table]').fill('mewah-1');
    await page.getByRole('button', { name: 'Open table' }).click();
    await page.getByTestId('balance').waitFor();
    await page.getByRole('button', { name: /^Add 1,000\.00 to my wallet/ }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('1,000.00 USD');

    await page.locator('input[name=amount]').fill('25');
    await page.getByRole('button', { name: 'Bet Main' }).click();
    await page.getByRole('button', { name: 'Bet Pair' }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('950.00 USD');
    const round = await roundNo(page);
    await dealNow(page);
    await page.getByTestId('seat-1').waitFor();
    await standUntilSettled(page, round);

    const balance = await expectBalanceMatchesApi(w, 'blackjack-mewah', 'alice');
    expect(balance).toBe(100_000 + (await shownNet(page)));
    await page.screenshot({ path: `${ARTIFACTS}/blackjack-mewah.png`, fullPage: true });
    expect(w.errors).toEqual([]);
  });

  test('blackjack-lucky-ladies: main and Lucky Ladies, stood by keyboard', async () => {
    const w = await watchedPage(suite.context());
    const { page } = w;
    await signInAndOpen(w, suite.server().base, 'blackjack-lucky-ladies', 'lena', 'ladies-1');
    await page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
    await page.locator('input[name=amount]').fill('10.00');
    await page.getByRole('button', { name: 'Bet Main' }).click();
    await page.getByRole('button', { name: 'Bet Lucky ladies' }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('980.00 USD');
    const round = await roundNo(page);
    await dealNow(page);
    await standUntilSettled(page, round, true);
    const balance = await expectBalanceMatchesApi(w, 'blackjack-lucky-ladies', 'lena');
    expect(balance).toBe(100_000 + (await shownNet(page)));
    await page.screenshot({ path: `${ARTIFACTS}/blackjack-lucky-ladies.png`, fullPage: true });
    expect(w.errors).toEqual([]);
  });

  test('blackjack-mewah: a demo account gets play money of its own, and stakes none of it at the real-money table', async () => {
    const w = await watchedPage(suite.context());
    const { page } = w;
    const server = suite.server();
    expect(
      (
        await server.api('POST', '/blackjack-mewah/tables', {
          as: 'op',
          role: 'operator',
          body: { tableId: 'mewah-demo' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await server.api('POST', '/blackjack-mewah/wallets/sam/credit', {
          as: 'op',
          role: 'operator',
          body: { amount: 100_000, reason: 'deposit' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.api('POST', '/blackjack-mewah/tables/mewah-demo/bets', {
          as: 'sam',
          body: { round: 'next', bet: 'main', seat: 1, amount: 1_000 },
        })
      ).status,
    ).toBe(200);
    await page.goto(`${server.base}/#/blackjack-mewah/play`);
    await page.locator('input[name=player]').fill('dee');
    await page.getByLabel('demo account').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('input[name=table]').fill('mewah-demo');
    await page.getByRole('button', { name: 'Open table' }).click();
    await page.getByRole('button', { name: 'Get play money' }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
    await page.locator('input[name=amount]').fill('5');
    await page.getByRole('radio', { name: '1', exact: true }).check();
    await page.getByRole('button', { name: 'Bet Behind' }).click();
    await expect
      .poll(() => page.getByTestId('error').innerText())
      .toMatch(/demo account plays for practice points.*never staked here/);
    await page.getByRole('radio', { name: '2', exact: true }).check();
    await page.getByRole('button', { name: 'Bet Main' }).click();
    await expect.poll(() => page.getByTestId('error').innerText()).toMatch(/demo/i);
    expect(await page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
    expect(w.errors.filter((e) => !/403/.test(e))).toEqual([]);
  });

  test('blackjack-eropa: a practice round with an AI player that plays its own seat', async () => {
    const w = await watchedPage(suite.context());
    const { page } = w;
    await signInAndOpen(w, suite.server().base, 'blackjack-eropa', 'erik', 'erik-practice');
    const round = await dealPracticeRoundWithAi(page); // an easy AI player on seat 1; you on seat 2
    await expect(page.getByTestId('seat-1').innerText()).resolves.toContain('Seat 1 · AI player');
    await standUntilSettled(page, round);
    const balance = await expectBalanceMatchesApi(w, 'blackjack-eropa', 'erik');
    expect(balance).toBe(100_000 + (await shownNet(page)));
    // The AI player's own bet (the table minimum) was settled in the same round, and the engine
    // played its hand (an operator may recall any round).
    const recall = await suite
      .server()
      .api('GET', `/blackjack-eropa/rounds/erik-practice-r${round}`, { as: 'op', role: 'operator' });
    expect(recall.body.bets.find((b: { player: string }) => b.player === '~ai~erik-practice~1')).toMatchObject({
      seat: 1,
      amount: 100,
      status: 'settled',
    });
    // The next round opens for bets; the AI player is still seated.
    await expect.poll(() => roundNo(page), { timeout: 10_000 }).toBe(round + 1);
    await page.getByRole('button', { name: 'Bet Main' }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/blackjack-eropa.png`, fullPage: true });
    // Leaving ends the session (R-EU-END-1): a bet not yet dealt comes back, and the table takes no more.
    await page.getByRole('button', { name: 'Bet Main' }).click();
    await page.getByRole('button', { name: 'End session' }).click();
    await expect.poll(() => page.getByTestId('phase').innerText()).toBe('Session ended');
    await expect(page.getByTestId('ended').innerText()).resolves.toContain('Your session at this table has ended');
    expect(await page.getByRole('button', { name: 'Bet Main' }).count()).toBe(0);
    expect(await expectBalanceMatchesApi(w, 'blackjack-eropa', 'erik')).toBe(balance);
    expect(w.errors).toEqual([]);
  });

  test('no view is polled while a decision is on its way (a poll could answer from before it and offer its move again)', async () => {
    const w = await withMainBet('pat', 'mewah-poll');
    const { page } = w;
    await dealNow(page);
    const decision = page
      .getByRole('button', { name: 'Stand', exact: true })
      .or(page.getByRole('button', { name: 'Insurance: no' }))
      .first();
    await decision.waitFor();
    // The decision is held 2.5 s on its way: a view pushed meanwhile is read only once it is answered.
    const polls: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith('/tables/mewah-poll')) polls.push(Date.now());
    });
    let sent = 0;
    let answered = 0;
    await page.route('**/tables/mewah-poll/actions', async (route) => {
      sent = Date.now();
      await new Promise((done) => setTimeout(done, 2500));
      await route.continue();
    });
    page.on('response', (r) => {
      if (r.url().endsWith('/actions')) answered = Date.now();
    });
    await decision.click();
    await expect.poll(() => answered).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(0);
    expect(polls.filter((at) => at > sent && at < answered)).toEqual([]);
    expect(w.errors).toEqual([]);
  });

  test('the hole card is in neither the page nor its responses before the dealer shows it', async () => {
    const w = await withMainBet('holly', 'mewah-hole');
    const { page } = w;
    const round = await roundNo(page);
    await dealNow(page);
    await page.getByRole('button', { name: 'Stand', exact: true }).waitFor();
    // Decision time: the dealer shows one card up and one face down.
    const dealer = page.getByTestId('dealer');
    await expect(dealer.locator('[data-card="down"]').count()).resolves.toBe(1);
    const domBefore = await page.content();
    const seen = w.responses.length;
    await standUntilSettled(page, round);

    const recall = await suite.server().api('GET', `/blackjack-mewah/rounds/mewah-hole-r${round}`, { as: 'holly' });
    const code: string = recall.body.round.dealer.cards[1];
    expect(recall.body.round.dealer.holeShown).toBe(true);
    const name = `${['Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King']['A23456789TJQK'.indexOf(code[0]!)]} of ${['spades', 'hearts', 'diamonds', 'clubs']['SHDC'.indexOf(code[1]!)]}`;
    const visible = [
      ...recall.body.round.seats.flatMap((s: { hands: { cards: string[] }[] }) =>
        s.hands.flatMap((x) => x.cards.slice(0, 2)),
      ),
      recall.body.round.dealer.cards[0],
    ];
    // With these seeded shoes the hole card differs from every card shown before it, so any
    // mention of it would be a leak.
    expect(visible).not.toContain(code);
    expect(domBefore).not.toContain(`data-card="${code}"`);
    expect(domBefore).not.toContain(name);
    const before = w.responses.slice(0, seen);
    expect(before.length).toBeGreaterThan(2);
    for (const r of before) {
      expect(r.body).not.toContain(`"${code}"`);
      expect(r.body).not.toContain('hole-shown');
    }
    // Afterwards the page shows it.
    await expect(page.getByTestId('last-round').locator(`[data-card="${code}"]`).count()).resolves.toBeGreaterThan(0);
    expect(w.errors).toEqual([]);
  });
});

describe('offers the balance covers', { timeout: 180_000 }, () => {
  test('R-BJ-OFFER-1: double, split and insurance "yes" are not offered when the balance cannot cover them; with the balance, double is', async () => {
    const w = await watchedPage(suite.context());
    const { page } = w;
    await signInAndOpen(w, suite.server().base, 'blackjack-mewah', 'olga', 'mewah-short');
    await page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    // More than half the wallet on the seat: what is left cannot pay a second stake, nor half of it.
    await roundsUntilTurn(
      w,
      'olga',
      (balance) => Math.ceil((balance * 0.6) / 100) * 100,
      async (what) => {
        if (what === 'insurance') {
          expect(await page.getByRole('button', { name: 'Insurance: yes' }).count()).toBe(0);
          return;
        }
        expect(await button('Hit').isVisible()).toBe(true);
        expect([await button('Double').count(), await button('Split').count()]).toEqual([0, 0]);
        // Nor by keyboard: D does nothing.
        await page.keyboard.press('d');
        await page.waitForTimeout(300);
        expect(await button('Stand').isVisible()).toBe(true);
        await page.screenshot({ path: `${ARTIFACTS}/blackjack-mewah-short-balance.png`, fullPage: true });
      },
    );
    // A small bet: the balance covers a double, and it is offered.
    await roundsUntilTurn(
      w,
      'olga',
      () => 100,
      async (what) => {
        if (what === 'turn') expect(await button('Double').isVisible()).toBe(true);
      },
    );
    expect(w.errors).toEqual([]);
  });
});
