// The web table follows a table by server push: two players on one seated table see each other's
// moves (the deal, a decision that passes the turn, the settlement) with no view polled while
// push is connected; a reload catches up from the table's version. A push snapshot read before a
// top-up and delivered after it never brings the older balance back.
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  dealNow,
  moneyText,
  roundNo,
  signInAndOpen,
  standUntilSettled,
  type Watched,
  watchedPage,
  webSuite,
} from './browser.ts';

const suite = webSuite('web-push');
const TABLE = 'push-1';

/** Every GET of the table's view the page sends, with when. */
function viewReads(page: Page): number[] {
  const at: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname.endsWith(`/tables/${TABLE}`)) at.push(Date.now());
  });
  return at;
}

async function seated(name: string): Promise<Watched> {
  const w = await watchedPage(suite.context());
  await signInAndOpen(w, suite.server().base, 'blackjack-mewah', name, TABLE);
  await w.page.getByRole('button', { name: /^Add 1,000\.00/ }).click();
  await expect.poll(() => w.page.getByTestId('balance').innerText()).toBe('1,000.00 USD');
  return w;
}

async function bet(w: Watched, seat: number): Promise<void> {
  await w.page.locator(`input[name=seat][value="${seat}"]`).check();
  await w.page.getByRole('button', { name: 'Bet Main' }).click();
  await w.page.getByTestId(`seat-${seat}`).waitFor();
}

/**
 * The page's WebSocket passed through to the server, except that while `holding` the server's table
 * messages wait in `held` until `release` (a snapshot that is slow to arrive).
 */
async function slowPush(page: Page) {
  const held: string[] = [];
  let toPage: WebSocketRoute | null = null;
  const push = {
    held,
    holding: true,
    release() {
      push.holding = false;
      for (const m of held.splice(0)) toPage!.send(m);
    },
  };
  await page.routeWebSocket(/\/socket/, (ws) => {
    toPage = ws;
    ws.connectToServer().onMessage((m) => {
      if (push.holding && String(m).includes('"type":"table"')) held.push(String(m));
      else ws.send(m);
    });
  });
  return push;
}

/** Until the page has handled what reached it so far and drawn the result. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Answers the page's decisions until none is offered: insurance no, then stand. */
async function decide(page: Page): Promise<void> {
  const no = page.getByRole('button', { name: /: no$/ }).first();
  const stand = page.getByRole('button', { name: 'Stand', exact: true }).first();
  for (let i = 0; i < 8; i++) {
    if (await no.isVisible()) await no.click();
    else if (await stand.isVisible()) await stand.click();
    else return;
    await page.waitForTimeout(300);
  }
}

describe('server push', { timeout: 120_000 }, () => {
  test('blackjack-mewah: two players see each other’s moves with no view polled while connected', async () => {
    const ana = await seated('ana');
    const ben = await seated('ben');
    // Both bets within the round's betting window (it runs from the round's opening).
    await Promise.all([bet(ana, 1), bet(ben, 2)]);
    const round = await roundNo(ana.page);
    expect(await roundNo(ben.page)).toBe(round);
    const anaReads = viewReads(ana.page);
    const benReads = viewReads(ben.page);
    const quietFrom = Date.now();

    await dealNow(ana.page);
    // Ana's deal reaches Ben's page: both seats' cards, and the dealer's up card.
    await ben.page.getByTestId('dealer').locator('[data-card]').first().waitFor();
    await ben.page.getByTestId('seat-1').locator('[data-card]').first().waitFor();
    expect(
      benReads.filter((t) => t >= quietFrom),
      'Ben polled while push was connected',
    ).toEqual([]);

    // Seat 1 plays first: Ana's decisions pass the turn to Ben, whose page offers his own then.
    await decide(ana.page);
    const anaDone = Date.now();
    await ben.page
      .getByRole('button', { name: 'Stand', exact: true })
      .or(ben.page.getByRole('button', { name: /: no$/ }))
      .first()
      .waitFor();
    expect(
      benReads.filter((t) => t >= quietFrom),
      'Ben polled while push was connected',
    ).toEqual([]);
    // Ben's decisions finish the round: Ana's page hears of it (a read right after her own command aside).
    await decide(ben.page);
    await ana.page.getByTestId('last-round').waitFor({ timeout: 30_000 });
    expect(
      anaReads.filter((t) => t >= anaDone + 1000),
      'Ana polled while push was connected',
    ).toEqual([]);

    // A reload subscribes afresh and catches up to the table as it is.
    await ben.page.reload();
    await ben.page.locator('input[name=table]').fill(TABLE);
    await ben.page.getByRole('button', { name: /^(Open|Join) table$/ }).click();
    await expect.poll(() => ben.page.getByTestId('phase').getAttribute('data-phase')).not.toBe(null);
    expect([...ana.errors, ...ben.errors]).toEqual([]);
  });

  test('blackjack-mewah: a push snapshot read before a top-up and delivered after it keeps the newer balance', async () => {
    const table = 'push-2';
    const ana = await watchedPage(suite.context());
    const push = await slowPush(ana.page);
    const balance = () => ana.page.getByTestId('balance').innerText();
    const topUp = () => ana.page.getByRole('button', { name: /^Add 1,000\.00/ }).click();

    // Not at the table yet: the snapshot read at subscribe has no balance of hers.
    await signInAndOpen(ana, suite.server().base, 'blackjack-mewah', 'ana2', table);
    await expect.poll(() => push.held.length).toBeGreaterThan(0);
    await topUp();
    await expect.poll(balance).toBe('1,000.00 USD');
    push.release();
    await settled(ana.page);
    expect(await balance()).toBe('1,000.00 USD');

    // At the table (seat 1, the round played out, so nothing moves her money until she acts again).
    await bet(ana, 1);
    const round = await roundNo(ana.page);
    await dealNow(ana.page);
    await standUntilSettled(ana.page, round);
    const wallet = (await suite.server().api('GET', '/blackjack-mewah/wallet', { as: 'ana2' })).body.balance as number;
    await expect.poll(balance).toBe(`${moneyText(wallet)} USD`);

    // The snapshot read at subscribe holds her balance before the next top-up, from an older wallet version.
    push.holding = true;
    await ana.page.reload();
    await ana.page.locator('input[name=table]').fill(table);
    await ana.page.getByRole('button', { name: /^(Open|Join) table$/ }).click();
    await expect.poll(() => push.held.length).toBeGreaterThan(0);
    expect(push.held[0]).toContain(`"balance":${wallet},`);
    await topUp();
    await expect.poll(balance).toBe(`${moneyText(wallet + 100_000)} USD`);
    push.release();
    await settled(ana.page);
    expect(await balance()).toBe(`${moneyText(wallet + 100_000)} USD`);
    expect(ana.errors).toEqual([]);
  });
});
