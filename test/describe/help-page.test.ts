// `croupier help-page` and `npm run help-pages`: the page follows the pack (a payout edited in a
// YAML-only variant moves its pay table and its RTP; a new side bet reads as the title its YAML
// gives it), and every shipped pack has its three languages in both formats, generated from a
// checkout with nothing generated in it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { helpPage } from '../../lambdas/describe/generate.ts';
import { LANGS, rtpPercent } from '../../lambdas/describe/index.ts';
import { rtpRows } from '../../lambdas/math/rtp.ts';
import { loadPackFile, RULES_DIR } from '../../lambdas/pack/load.ts';
import { copyRules } from '../pack/helpers.ts';
import { SHIPPED } from './helpers.ts';

const ROOT = join(RULES_DIR, '..');
const out = mkdtempSync(join(tmpdir(), 'croupier-help-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const croupier = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'help-page', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('croupier help-page', () => {
  test('writes printable HTML or Markdown, in the language asked; the format is --format, else the file name', () => {
    const html = join(out, 'andar-bahar.ms.html');
    const written = croupier('andar-bahar', '--lang', 'ms', '--out', html);
    expect(written.status, written.stderr).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>\n<html lang="ms">/);
    expect(page).toContain('<h2 class="level-1">Pulangan kepada pemain (RTP)</h2>');
    expect(written.stderr).toContain('(ms, HTML)');

    const md = croupier('andar-bahar', '--lang', 'id', '--format', 'md');
    expect(md.status, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^# Andar Bahar\n\nCara bermain Andar Bahar/);
    expect(md.stdout).toContain('RTP maksimum dalam mode Tanpa Komisi adalah 98.58% (Andar).');
  });

  test('says what is wrong with its arguments', () => {
    const lang = croupier('andar-bahar', '--lang', 'fr');
    expect(lang.status).toBe(2);
    expect(lang.stderr).toContain('--lang "fr" is not a language of the help page; use one of en, id, ms');
    const ext = croupier('andar-bahar', '--out', join(out, 'page.txt'));
    expect(ext.status).toBe(2);
    expect(ext.stderr).toContain('name it .html or .md, or give --format html|md');
    const pack = croupier('no-such-pack');
    expect(pack.status).toBe(1);
    expect(pack.stderr).toContain('no pack "no-such-pack"');
  });
});

describe('the page follows the pack', () => {
  test('a payout edited in a YAML-only variant moves its pay table and its RTP, in every language', () => {
    const rules = copyRules();
    try {
      // A variant that exists only as YAML: blackjack-mewah under another id.
      const file = 'blackjack-pairs.yaml';
      rules.write(
        file,
        rules
          .read('blackjack-mewah.yaml')
          .replace('id: blackjack-mewah', 'id: blackjack-pairs')
          .replace('name: Blackjack Mewah', 'name: Blackjack Pairs'),
      );
      const before = loadPackFile(rules.path(file));
      rules.edit(file, '{ name: perfect pair, pays: "30:1"', '{ name: perfect pair, pays: "25:1"');
      // The main bet's blackjack, the first "3:2" of the file (the bet behind's comes after it).
      const text = rules.read(file);
      const at = text.indexOf('blackjack: "3:2"');
      rules.write(file, `${text.slice(0, at)}blackjack: "6:5"${text.slice(at + 'blackjack: "3:2"'.length)}`);
      const after = loadPackFile(rules.path(file));

      const rtp = (pack: typeof before, bet: string) => rtpRows(pack).find((r) => r.bet === bet)!.rtp;
      const [pairBefore, pairAfter] = [rtp(before, 'pair'), rtp(after, 'pair')];
      const [mainBefore, mainAfter] = [rtp(before, 'main'), rtp(after, 'main')];
      expect(pairAfter).toBeLessThan(pairBefore);
      expect(mainAfter).toBeLessThan(mainBefore - 0.01); // 6:5 costs the player about 1.4 points

      const pages = (pack: typeof before) => LANGS.map((lang) => helpPage(pack, lang, 'md'));
      for (const page of pages(before)) {
        expect(page).toMatch(/\| 30:1 \|/);
        expect(page).toContain(`| ${rtpPercent(pairBefore)} |`);
        expect(page).toContain(`| ${rtpPercent(mainBefore)} |`);
      }
      for (const page of pages(after)) {
        expect(page).not.toMatch(/\| 30:1 \|/);
        expect(page).toMatch(/\| 25:1 \|/);
        expect(page).toMatch(/\| 6:5 \|/);
        expect(page).toContain(`| ${rtpPercent(pairAfter)} |`);
        expect(page).toContain(`| ${rtpPercent(mainAfter)} |`);
        expect(page).not.toContain(rtpPercent(pairBefore));
      }
      expect(pages(after)[0]).toContain('wins 6:5');
      expect(pages(after)[0]).toContain(`The maximum RTP of this game is ${rtpPercent(mainAfter)} (Main bet).`);
    } finally {
      rules.remove();
    }
  });
});

/** A side bet no code knows, named in its own YAML: a title per language, or in English only. */
const royalMatch = (title: string) => `apiVersion: croupier/v1
kind: SideBet
id: royal-match
name: Royal Match
family: blackjack
version: 1.0.0
spec:
  decks: { min: 1, max: 8 }
  bet:
    name: royal-match
    title: ${title}
    type: paytable
    group: first-two
    limits: { min: 100, max: 10000 }
    lines:
      - { name: coloured pair, pays: "12:1", when: { sameRank: true, sameColour: true } }
      - { name: perfect pair, pays: "25:1", when: { identical: true } }
`;

describe('a bet is called by the title its YAML gives it', () => {
  const TITLES = { en: 'Royal Match', id: 'Pasangan Raja', ms: 'Padanan Diraja' };
  const pagesWith = (title: string) => {
    const rules = copyRules();
    try {
      rules.write('side-bets/royal-match.yaml', royalMatch(title));
      rules.write(
        'blackjack-mewah.yaml',
        `${rules.read('blackjack-mewah.yaml')}  include:\n    - sideBet: royal-match\n`,
      );
      const pack = loadPackFile(rules.path('blackjack-mewah.yaml'));
      const rtp = rtpRows(pack);
      return Object.fromEntries(LANGS.map((lang) => [lang, helpPage(pack, lang, 'md', rtp)]));
    } finally {
      rules.remove();
    }
  };

  test('a new side bet with a title in each language: each page shows its own, never the bet name', () => {
    const pages = pagesWith('{ en: Royal Match, id: Pasangan Raja, ms: Padanan Diraja }');
    for (const lang of LANGS) {
      const page = pages[lang];
      // Its section, its stake limits and its RTP row.
      expect(page).toContain(`### ${TITLES[lang]}\n`);
      expect(page).toContain(`| ${TITLES[lang]} | 1.00 | 100.00 |`);
      expect(page).toMatch(new RegExp(`\\| ${TITLES[lang]} \\| \\d+\\.\\d\\d% \\|`));
      for (const other of LANGS) if (other !== lang) expect(page).not.toContain(TITLES[other]);
      expect(page).not.toMatch(/royal-match|Royal match/);
    }
  });

  test('a title in English only is what every language shows', () => {
    const pages = pagesWith('{ en: Royal Match }');
    for (const lang of LANGS) {
      expect(pages[lang]).toContain(`| ${TITLES.en} | 1.00 | 100.00 |`);
      expect(pages[lang]).not.toMatch(/royal-match|Royal match/);
    }
  });
});

describe('npm run help-pages', () => {
  test('writes every shipped pack in every language, as HTML and Markdown', () => {
    const dir = join(out, 'all');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/help-pages.ts', '--out', dir], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const expected = SHIPPED.flatMap((id) => LANGS.flatMap((lang) => [`${id}.${lang}.html`, `${id}.${lang}.md`]));
    expect(readdirSync(dir).sort()).toEqual(expected.sort());
    for (const id of SHIPPED)
      for (const lang of LANGS) {
        expect(readFileSync(join(dir, `${id}.${lang}.html`), 'utf8')).toContain(`<html lang="${lang}">`);
        expect(readFileSync(join(dir, `${id}.${lang}.md`), 'utf8')).toMatch(/^# .+\n/);
      }
    // Nothing generated is committed: the pages come from the rules on every checkout.
    const tracked = spawnSync('git', ['ls-files', '*.html', '*.md'], { cwd: ROOT, encoding: 'utf8' }).stdout;
    expect(tracked.split('\n').filter((f) => /help-pages|\.(en|id|ms)\.(html|md)$/.test(f))).toEqual([]);
  });
});
