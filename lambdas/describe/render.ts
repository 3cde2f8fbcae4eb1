// A help page as plain Markdown, and as one self-contained, printable HTML file (no script, no
// network: styles inline), readable on a phone and on paper.
import type { Block, HelpDoc, Section } from './doc.ts';

// ---------------------------------------------------------------- Markdown

const mdText = (s: string) => s.replace(/([\\`*_[\]<>])/g, '\\$1');
const mdCell = (s: string) => mdText(s).replace(/\|/g, '\\|');

function mdBlock(b: Block): string {
  switch (b.type) {
    case 'p':
      return mdText(b.text);
    case 'list':
      return b.items.map((item, i) => `${b.ordered ? `${i + 1}.` : '-'} ${mdText(item)}`).join('\n');
    case 'terms':
      return b.items.map((i) => `- **${mdText(i.term)}**: ${mdText(i.text)}`).join('\n');
    case 'table': {
      const align = b.head.map((_, i) => (b.numeric?.includes(i) ? '---:' : '---'));
      const row = (cells: readonly string[]) => `| ${cells.map(mdCell).join(' | ')} |`;
      return [
        ...(b.caption ? [`*${mdText(b.caption)}*`, ''] : []),
        row(b.head),
        `| ${align.join(' | ')} |`,
        ...b.rows.map(row),
      ].join('\n');
    }
  }
}

function mdSection(s: Section, depth: number): string {
  return [
    `${'#'.repeat(depth)} ${mdText(s.title)}`,
    ...s.blocks.map(mdBlock),
    ...(s.sections ?? []).map((sub) => mdSection(sub, depth + 1)),
  ].join('\n\n');
}

export function toMarkdown(doc: HelpDoc): string {
  const parts = [`# ${mdText(doc.title)}`, mdText(doc.subtitle), ...doc.sections.map((s) => mdSection(s, 2))];
  return `${parts.join('\n\n')}\n`;
}

// ---------------------------------------------------------------- HTML

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function htmlBlock(b: Block): string {
  switch (b.type) {
    case 'p':
      return `<p>${esc(b.text)}</p>`;
    case 'list': {
      const tag = b.ordered ? 'ol' : 'ul';
      return `<${tag}>${b.items.map((i) => `<li>${esc(i)}</li>`).join('')}</${tag}>`;
    }
    case 'terms':
      return `<dl>${b.items.map((i) => `<dt>${esc(i.term)}</dt><dd>${esc(i.text)}</dd>`).join('')}</dl>`;
    case 'table': {
      const cls = (i: number) => (b.numeric?.includes(i) ? ' class="num"' : '');
      return [
        '<div class="scroll"><table>',
        b.caption ? `<caption>${esc(b.caption)}</caption>` : '',
        `<thead><tr>${b.head.map((h, i) => `<th scope="col"${cls(i)}>${esc(h)}</th>`).join('')}</tr></thead>`,
        `<tbody>${b.rows.map((r) => `<tr>${r.map((c, i) => `<td${cls(i)}>${esc(c)}</td>`).join('')}</tr>`).join('')}`,
        '</tbody>',
        '</table></div>',
      ].join('');
    }
  }
}

/** A section's heading: its tag by depth, its look by level (section, subsection), whatever the tag. */
export const headingClass = (level: number): string => `level-${Math.min(level, 3)}`;

/** One section and its subsections as HTML, its title a heading of `depth` (2 for h2). */
export function htmlSection(s: Section, depth: number): string {
  const h = `h${Math.min(depth, 6)}`;
  return [
    `<section id="${esc(s.id)}">`,
    `<${h} class="${headingClass(depth - 1)}">${esc(s.title)}</${h}>`,
    ...s.blocks.map(htmlBlock),
    ...(s.sections ?? []).map((sub) => htmlSection(sub, depth + 1)),
    '</section>',
  ].join('\n');
}

/** The page's styles: shared by the standalone file and (as the `.help` rules) the web table. */
export const HELP_CSS = `
.help { max-width: 46rem; margin: 0 auto; padding: 1rem; line-height: 1.5; color: #1b1f24;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: break-word; }
.help .level-0 { font-size: 1.6rem; margin: 0 0 0.25rem; }
.help .level-1 { font-size: 1.25rem; margin: 1.6rem 0 0.5rem; padding-bottom: 0.2rem;
  border-bottom: 1px solid #d5d9e0; }
.help .level-2, .help .level-3 { font-size: 1.05rem; margin: 1.1rem 0 0.4rem; }
.help .subtitle { color: #5b6470; margin: 0 0 1rem; }
.help ul, .help ol { padding-left: 1.3rem; }
.help li { margin: 0.25rem 0; }
.help dt { font-weight: 600; margin-top: 0.6rem; }
.help dd { margin: 0.1rem 0 0 1rem; }
.help .scroll { overflow-x: auto; }
.help table { border-collapse: collapse; margin: 0.5rem 0 0.8rem; min-width: 60%; }
.help caption { text-align: left; color: #5b6470; font-size: 0.9rem; padding-bottom: 0.2rem; }
.help th, .help td { border: 1px solid #d5d9e0; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
.help th { background: #f1f3f6; }
.help .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
@media print {
  .help { max-width: none; padding: 0; font-size: 10.5pt; }
  .help .level-1, .help .level-2 { break-after: avoid; }
  .help table, .help dl, .help li { break-inside: avoid; }
  .help .scroll { overflow: visible; }
}`;

/** The page as one HTML file: no script, no link, nothing to download. */
export function toHtml(doc: HelpDoc): string {
  return `<!doctype html>
<html lang="${esc(doc.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.title)}</title>
<style>body { margin: 0; background: #fff; }${HELP_CSS}</style>
</head>
<body>
<main class="help">
<h1 class="${headingClass(0)}">${esc(doc.title)}</h1>
<p class="subtitle">${esc(doc.subtitle)}</p>
${doc.sections.map((s) => htmlSection(s, 2)).join('\n')}
</main>
</body>
</html>
`;
}
