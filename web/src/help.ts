// A help page (lambdas/describe) as Preact elements: the same sections, lists and tables as the
// printable HTML, so the Rules tab and `croupier help-page` show one page.
import { type ComponentChildren, h } from 'preact';
import type { Block, HelpDoc, Section } from '../../lambdas/describe/doc.ts';
import { headingClass } from '../../lambdas/describe/render.ts';

function BlockView({ block }: { block: Block }): ComponentChildren {
  switch (block.type) {
    case 'p':
      return h('p', null, block.text);
    case 'list':
      return h(
        block.ordered ? 'ol' : 'ul',
        null,
        block.items.map((item, i) => h('li', { key: i }, item)),
      );
    case 'terms':
      return h(
        'dl',
        null,
        block.items.flatMap((item, i) => [h('dt', { key: `t${i}` }, item.term), h('dd', { key: `d${i}` }, item.text)]),
      );
    case 'table': {
      const num = (i: number) => (block.numeric?.includes(i) ? 'num' : undefined);
      return h(
        'div',
        { class: 'scroll' },
        h(
          'table',
          null,
          block.caption ? h('caption', null, block.caption) : null,
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              block.head.map((c, i) => h('th', { key: i, scope: 'col', class: num(i) }, c)),
            ),
          ),
          h(
            'tbody',
            null,
            block.rows.map((row, r) =>
              h(
                'tr',
                { key: r },
                row.map((c, i) => h('td', { key: i, class: num(i) }, c)),
              ),
            ),
          ),
        ),
      );
    }
  }
}

function SectionView({ section, depth, level }: { section: Section; depth: number; level: number }): ComponentChildren {
  return h(
    'section',
    { id: `help-${section.id}`, 'aria-label': section.title },
    h(`h${Math.min(depth, 6)}`, { class: headingClass(level) }, section.title),
    section.blocks.map((b, i) => h(BlockView, { key: i, block: b })),
    (section.sections ?? []).map((s) => h(SectionView, { key: s.id, section: s, depth: depth + 1, level: level + 1 })),
  );
}

/** A help page; `depth` is the heading level of its title. */
export function HelpView({ doc, depth = 2 }: { doc: HelpDoc; depth?: number }): ComponentChildren {
  return h(
    'article',
    { class: 'help', lang: doc.lang, 'aria-label': doc.title },
    h(`h${depth}`, { class: headingClass(0) }, doc.title),
    h('p', { class: 'subtitle' }, doc.subtitle),
    doc.sections.map((s) => h(SectionView, { key: s.id, section: s, depth: depth + 1, level: 1 })),
  );
}
