// Describing a pack's rules in plain words, in the market's languages: what other modules call.
//
//   const facts = ruleFacts(compiledPack);                       // JSON-safe (GET /rules sends it)
//   const doc = describePack(facts, { lang: 'id', rtp: rtpRows(compiledPack) });
//   toHtml(doc) / toMarkdown(doc) / plainText(doc), or render doc.sections with Preact (web/src/rules.ts).
//
// Pure: no I/O and no Node API, so the web bundle uses it as it is.
export { type DescribeOptions, describePack, type RtpFigure } from './describe.ts';
export { type Block, type HelpDoc, plainText, type Section, type SectionId } from './doc.ts';
export { type BetFacts, type LineFacts, type RuleFacts, ruleFacts } from './facts.ts';
export { amount, money, rtpPercent } from './format.ts';
export { cardShown, lineText } from './lines.ts';
export { CATALOGUES, type Catalogue, isLang, LANGS, type Lang } from './messages/index.ts';
export { HELP_CSS, htmlSection, toHtml, toMarkdown } from './render.ts';
