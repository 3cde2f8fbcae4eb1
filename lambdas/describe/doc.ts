// A help page as structured data: sections of paragraphs, lists, terms and tables in plain text.
// Renderers turn it into HTML, Markdown or Preact elements; nothing here knows about any of them.

/** A section's stable id: the same in every language, so tests and other documents can find it. */
export type SectionId =
  | 'intro'
  | 'table'
  | 'cards'
  | 'shuffle'
  | 'round'
  | 'scoring'
  | 'dealer'
  | 'actions'
  | 'short-balance'
  | 'auto-play'
  | 'players'
  | 'ai'
  | 'results'
  | 'bets'
  | 'side-bets'
  | 'limits'
  | 'deadlines'
  | 'rounding'
  | 'disconnection'
  | 'errors'
  | 'rtp'
  | 'notes';

export type Block =
  | { readonly type: 'p'; readonly text: string }
  | { readonly type: 'list'; readonly ordered: boolean; readonly items: readonly string[] }
  /** Named items, each with its explanation (actions, results): a definition list. */
  | { readonly type: 'terms'; readonly items: readonly { readonly term: string; readonly text: string }[] }
  | {
      readonly type: 'table';
      readonly caption?: string;
      readonly head: readonly string[];
      readonly rows: readonly (readonly string[])[];
      /** Columns of numbers (limits, ratios, percentages), aligned right. */
      readonly numeric?: readonly number[];
    };

export interface Section {
  readonly id: SectionId | string;
  readonly title: string;
  readonly blocks: readonly Block[];
  readonly sections?: readonly Section[];
}

export interface HelpDoc {
  readonly lang: string;
  readonly title: string;
  /** One line under the title: what the page is about. */
  readonly subtitle: string;
  readonly sections: readonly Section[];
}

export const p = (text: string): Block => ({ type: 'p', text });
export const list = (items: readonly string[], ordered = false): Block => ({ type: 'list', ordered, items });
export const terms = (items: readonly { term: string; text: string }[]): Block => ({ type: 'terms', items });
export const table = (
  head: readonly string[],
  rows: readonly (readonly string[])[],
  extra: { caption?: string; numeric?: readonly number[] } = {},
): Block => ({ type: 'table', head, rows, ...extra });

/** Every text of a document in reading order, one per line: what a test searches. */
export function plainText(doc: HelpDoc): string {
  const out: string[] = [doc.title, doc.subtitle];
  const walk = (s: Section) => {
    out.push(s.title);
    for (const b of s.blocks)
      if (b.type === 'p') out.push(b.text);
      else if (b.type === 'list') out.push(...b.items);
      else if (b.type === 'terms') for (const i of b.items) out.push(`${i.term}: ${i.text}`);
      else {
        if (b.caption) out.push(b.caption);
        out.push(b.head.join(' | '), ...b.rows.map((r) => r.join(' | ')));
      }
    s.sections?.forEach(walk);
  };
  doc.sections.forEach(walk);
  return out.join('\n');
}
