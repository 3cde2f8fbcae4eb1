// `npm run help-pages [-- --out DIR]`: the player's help page of every pack in rules/, in every
// language, as printable HTML and as Markdown (DIR/<pack>.<lang>.html and .md; default help-pages/,
// not committed). Each pack's RTPs are computed once, by the exact math, as the pages are made.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { helpPage } from '../lambdas/describe/generate.ts';
import { LANGS } from '../lambdas/describe/index.ts';
import { rtpRows } from '../lambdas/math/rtp.ts';
import { loadPack, RULES_DIR } from '../lambdas/pack/load.ts';

const at = process.argv.indexOf('--out');
const dir = resolve(at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : 'help-pages');
mkdirSync(dir, { recursive: true });
for (const file of readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  const pack = loadPack(join(RULES_DIR, file));
  const rtp = rtpRows(pack);
  for (const lang of LANGS)
    for (const format of ['html', 'md'] as const) {
      const path = join(dir, `${pack.id}.${lang}.${format}`);
      writeFileSync(path, helpPage(pack, lang, format, rtp));
      console.log(path);
    }
}
