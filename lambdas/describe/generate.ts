// A pack's help page as a file, with its RTPs computed by the exact math now (never typed): what
// `croupier help-page` and `npm run help-pages` write.
import { rtpRows } from '../math/rtp.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { describePack, type RtpFigure } from './describe.ts';
import { ruleFacts } from './facts.ts';
import type { Lang } from './messages/index.ts';
import { toHtml, toMarkdown } from './render.ts';

export type Format = 'html' | 'md';

/** The format a file name asks for, or null when its extension says none. */
export function formatOf(path: string): Format | null {
  if (/\.html?$/i.test(path)) return 'html';
  if (/\.(md|markdown)$/i.test(path)) return 'md';
  return null;
}

/** The page of a pack in one language and format; `rtp` when already computed for this pack. */
export function helpPage(pack: CompiledPack, lang: Lang, format: Format, rtp: readonly RtpFigure[] = rtpRows(pack)) {
  const doc = describePack(ruleFacts(pack), { lang, rtp });
  return format === 'html' ? toHtml(doc) : toMarkdown(doc);
}
