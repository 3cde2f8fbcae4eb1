import { chromium } from 'playwright-core';
import { startDynamoLocal } from '/work/main/server/dynamo-local.ts';
import { startWebServer } from '/work/main/test/web/server.ts';
const d = await startDynamoLocal();
const s = await startWebServer(d.endpoint);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
try {
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${s.base}/#/blackjack-mewah/rules`);
  await page.getByRole('heading', { name: 'Blackjack Mewah' }).waitFor();
  await page.screenshot({ path: '/tmp/webx/rules.png', fullPage: true });
  await page.getByRole('tab', { name: 'Play' }).click();
  await page.getByLabel('Your name').fill('alice');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Join table' }).or(page.getByRole('button', { name: 'Open table' })).click();
  await page.getByTestId('balance').waitFor();
  await page.getByRole('button', { name: /Add 1,000.00/ }).click();
  await page.getByRole('button', { name: 'Bet Main' }).click();
  await page.getByRole('button', { name: 'Deal now (operator)' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/webx/play.png', fullPage: true });
  console.log(await page.getByTestId('status').innerText());
} finally { await browser.close(); await s.close(); await d.stop(); }
