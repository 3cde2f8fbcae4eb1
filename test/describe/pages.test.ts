// The help page of every shipped pack in every language: every section a seed page has for its
// family and table kind, no raw key of the pack language, numbers in US format, and the RTPs the
// exact math computes from the rules (never the figures the packs declare).
import { beforeAll, describe, expect, test } from 'vitest';
import {
  describePack,
  type HelpDoc,
  LANGS,
  type Lang,
  plainText,
  type RuleFacts,
  rtpPercent,
  ruleFacts,
  toHtml,
  toMarkdown,
} from '../../lambdas/describe/index.ts';
import { type RtpRow, rtpRows } from '../../lambdas/math/rtp.ts';
import { loadPack } from '../../lambdas/pack/load.ts';
import { rawKeys, SHIPPED } from './helpers.ts';

const COMMON = ['limits', 'deadlines', 'rounding', 'disconnection', 'errors', 'rtp', 'notes'];
const BLACKJACK = [
  'intro',
  'table',
  'cards',
  'shuffle',
  'round',
  'scoring',
  'dealer',
  'actions',
  'short-balance',
  'auto-play',
];
const SECTIONS: Record<string, string[]> = {
  seated: [...BLACKJACK, 'players', 'results', 'bets', 'side-bets', ...COMMON],
  'common-draw': [...BLACKJACK, 'players', 'results', 'bets', 'side-bets', ...COMMON],
  solo: [...BLACKJACK, 'ai', 'results', 'bets', 'side-bets', ...COMMON],
  'andar-bahar': ['intro', 'table', 'cards', 'shuffle', 'round', 'bets', 'side-bets', ...COMMON],
};

const packs = new Map<string, { facts: RuleFacts; rtp: RtpRow[]; docs: Record<Lang, HelpDoc> }>();
beforeAll(() => {
  for (const id of SHIPPED) {
    const pack = loadPack(id);
    const facts = ruleFacts(pack);
    const rtp = rtpRows(pack);
    const docs = Object.fromEntries(LANGS.map((lang) => [lang, describePack(facts, { lang, rtp })])) as Record<
      Lang,
      HelpDoc
    >;
    packs.set(id, { facts, rtp, docs });
  }
}, 120_000);

const cases = SHIPPED.flatMap((id) => LANGS.map((lang) => [id, lang] as const));

describe('help pages of the shipped packs', () => {
  test.each(cases)('%s (%s): every section of its family and table kind, in order', (id, lang) => {
    const { facts, docs } = packs.get(id)!;
    expect(docs[lang].sections.map((s) => s.id)).toEqual(SECTIONS[facts.table.kind]);
    for (const s of docs[lang].sections) expect(s.blocks.length + (s.sections?.length ?? 0), s.id).toBeGreaterThan(0);
  });

  test.each(cases)('%s (%s): no raw key, no hole in a sentence, numbers in US format', (id, lang) => {
    const { facts, docs } = packs.get(id)!;
    const text = plainText(docs[lang]);
    const raw = [...rawKeys(), facts.id, ...facts.bets.map((b) => b.name).filter((n) => n.includes('-'))];
    expect(raw.filter((key) => text.includes(key))).toEqual([]);
    expect(text).not.toMatch(/undefined|NaN|\[object|\bnull\b|\{\w+\}/);
    // Every number of four digits or more is grouped (1,234.00); none is written with a decimal comma.
    expect(text.match(/(?<![\d.,])\d{4,}(?![\d])/g) ?? []).toEqual([]);
    expect(text.match(/\d,\d{1,2}(?!\d)/g) ?? []).toEqual([]);
  });

  test.each(SHIPPED)('%s: the RTP of every bet and the maximum are the exact math’s, in every language', (id) => {
    const { facts, rtp, docs } = packs.get(id)!;
    for (const lang of LANGS) {
      const section = docs[lang].sections.find((s) => s.id === 'rtp')!;
      const table = section.blocks.find((b) => b.type === 'table');
      if (table?.type !== 'table') throw new Error('no RTP table');
      const shown = table.rows.map((r) => r[r.length - 1]);
      expect(new Set(shown)).toEqual(new Set(rtp.map((r) => rtpPercent(r.rtp))));
      const text = plainText(docs[lang]);
      const maxima = facts.modes ? facts.modes.offered.map((m) => rtp.filter((r) => r.mode === m)) : [rtp];
      for (const rows of maxima) expect(text).toContain(rtpPercent(Math.max(...rows.map((r) => r.rtp))));
    }
  });

  test.each(SHIPPED)(
    '%s: the facts are plain JSON, so GET /rules can send them and the web describes the same page',
    (id) => {
      const { facts, rtp, docs } = packs.get(id)!;
      const sent = JSON.parse(JSON.stringify(facts)) as RuleFacts;
      expect(sent).toEqual(facts);
      for (const lang of LANGS) expect(describePack(sent, { lang, rtp })).toEqual(docs[lang]);
    },
  );

  test('the pages show what the rules give, not what the packs declare (issue #53)', () => {
    const text = (id: string) => plainText(packs.get(id)!.docs.en);
    expect(text('blackjack-tanpa-batas')).toContain('The maximum RTP of this game is 99.51% (Main bet).');
    expect(text('blackjack-tanpa-batas')).not.toContain('99.46');
    expect(text('andar-bahar')).toContain('The maximum RTP in Commission mode is 97.85% (Andar).');
    expect(text('andar-bahar')).toContain('The maximum RTP in No Commission mode is 98.58% (Andar).');
    expect(text('andar-bahar')).not.toMatch(/97\.87|98\.61/);
  });

  test('side-bet lines read as a player says them', () => {
    const en = (id: string) => plainText(packs.get(id)!.docs.en);
    expect(en('blackjack-tanpa-batas')).toContain('A suited 7-7-7 (all of one suit) | 200:1');
    expect(en('blackjack-tanpa-batas')).toContain('The dealer busts with 8 or more cards | 250:1');
    expect(en('blackjack-mewah')).toContain('Perfect pair: identical cards (same rank and same suit) | 30:1');
    expect(en('blackjack-lucky-ladies')).toContain('Two queens of hearts (Q♥ Q♥), with a dealer blackjack | 1,000:1');
    expect(plainText(packs.get('blackjack-tanpa-batas')!.docs.id)).toContain('7-7-7 berjenis sama (suited) | 200:1');
    expect(plainText(packs.get('andar-bahar')!.docs.ms)).toContain(
      'Andar menang pada kad pertama yang diagihkan | 0.25:1',
    );
  });
});

describe('renderers', () => {
  test.each(cases)('%s (%s): printable HTML without script or link, Markdown with whole tables', (id, lang) => {
    const doc = packs.get(id)!.docs[lang];
    const html = toHtml(doc);
    expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}">`));
    expect(html).not.toMatch(/<script|<link|src=|https?:/);
    expect(html).toContain('@media print');
    expect(html.match(/<section/g)?.length).toBe(html.match(/<\/section>/g)?.length);
    for (const s of doc.sections) expect(html).toContain(`<section id="${s.id}">`);
    const md = toMarkdown(doc);
    expect(md.startsWith(`# ${doc.title}\n`)).toBe(true);
    for (const block of md.split('\n\n').filter((b) => b.includes('\n|'))) {
      const rows = block.split('\n').filter((l) => l.startsWith('|'));
      const cells = (l: string) => l.replace(/\\\|/g, '').split('|').length;
      expect(new Set(rows.map(cells)).size, block).toBe(1);
    }
  });
});
