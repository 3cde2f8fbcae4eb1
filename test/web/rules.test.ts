// The Rules tab on a phone (390 px wide, headless Chromium): the player's help page of every pack in
// each language of the switch, word for word the page lambdas/describe makes from GET /rules,
// without a raw key of the pack language, and without a page wider than the screen (a wide table
// scrolls inside its own box). A screenshot of each is kept in test-results/web/.
import type { BrowserContext } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CATALOGUES, describePack, LANGS, type Section } from '../../lambdas/describe/index.ts';
import { rawKeys, SHIPPED } from '../describe/helpers.ts';
import { ARTIFACTS, watchedPage, webSuite } from './browser.ts';

const suite = webSuite('web-rules');
const PHONE = { width: 390, height: 844 };
let phone: BrowserContext;
beforeEach(async () => {
  // The suite's own contexts are desktop-sized; a phone gets a fresh one of its own (no language chosen yet).
  phone = await suite
    .context()
    .browser()!
    .newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
});
afterEach(async () => phone?.close());

/** Every text a section shows, block by block: what the page must show word for word. */
function texts(s: Section): string[] {
  return [
    s.title,
    ...s.blocks.flatMap((b) =>
      b.type === 'p'
        ? [b.text]
        : b.type === 'list'
          ? b.items
          : b.type === 'terms'
            ? b.items.flatMap((i) => [i.term, i.text])
            : [...b.head, ...b.rows.flat(), ...(b.caption ? [b.caption] : [])],
    ),
    ...(s.sections ?? []).flatMap(texts),
  ];
}

describe('the Rules tab on a phone', { timeout: 120_000 }, () => {
  test.each(SHIPPED)('%s: the help page in every language, as lambdas/describe makes it, 390 px wide', async (pack) => {
    const w = await watchedPage(phone);
    const { page } = w;
    const rules = (await suite.server().api('GET', `/${pack}/rules`)).body;
    await page.goto(`${suite.server().base}/#/${pack}/rules`);
    const article = page.locator('article.help');
    await expect.poll(() => article.getAttribute('lang'), { timeout: 15_000 }).toBe('en');
    for (const lang of LANGS) {
      await page
        .getByRole('group', { name: 'Language of the rules' })
        .getByRole('button', { name: CATALOGUES[lang].lang.name })
        .click();
      await expect.poll(() => article.getAttribute('lang')).toBe(lang);
      const doc = describePack(rules.facts, { lang, rtp: rules.rtp });
      const shown = (await article.innerText()).replace(/\s+/g, ' ');
      const missing = doc.sections.flatMap(texts).filter((t) => !shown.includes(t.replace(/\s+/g, ' ')));
      expect(missing, `${pack} (${lang}): texts of the module's page the tab does not show`).toEqual([]);
      expect(await article.locator('h3').allInnerTexts()).toEqual(doc.sections.map((s) => s.title));
      const tab = await page.getByLabel(`rules of ${rules.name}`).innerText();
      expect(rawKeys().filter((k) => tab.includes(k))).toEqual([]);
      // Nothing is wider than the phone: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const small = await article.evaluate(
        (el) =>
          [...el.querySelectorAll('p, li, dd, td')].filter((e) => Number.parseFloat(getComputedStyle(e).fontSize) < 14)
            .length,
      );
      expect(small, 'texts smaller than 14 px').toBe(0);
      await page.screenshot({ path: `${ARTIFACTS}/rules-390-${pack}-${lang}.png`, fullPage: true });
    }
    // The choice is kept for the next visit.
    await page.reload();
    await expect.poll(() => article.getAttribute('lang'), { timeout: 15_000 }).toBe(LANGS[LANGS.length - 1]);
    expect(w.errors).toEqual([]);
  });
});
