// `croupier help-page <pack> [--lang en|id|ms] [--format html|md] [--out FILE]`: the player's help
// page of a pack, generated from its rules, with the RTPs the exact math computes now. The format
// is --format, else the extension of --out (.html, .md), else Markdown on stdout.
import { writeFileSync } from 'node:fs';
import { type Format, formatOf, helpPage } from '../../lambdas/describe/generate.ts';
import { isLang, LANGS } from '../../lambdas/describe/index.ts';
import { packArgument } from '../pack-arg.ts';

const USAGE = 'croupier help-page <pack> [--lang en|id|ms] [--format html|md] [--out FILE]';

export async function run(args: string[]): Promise<number> {
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : (args[i + 1] ?? '');
  };
  const lang = option('--lang') ?? 'en';
  if (!isLang(lang))
    return usage(`--lang "${lang}" is not a language of the help page; use one of ${LANGS.join(', ')}`);
  const out = option('--out');
  if (out === '') return usage('--out needs a file name');
  const asked = option('--format');
  if (asked !== undefined && asked !== 'html' && asked !== 'md')
    return usage(`--format "${asked}" is not a format of the help page; use html or md`);
  const format: Format | null = asked ?? (out ? formatOf(out) : 'md');
  if (!format) return usage(`cannot tell the format from "${out}"; name it .html or .md, or give --format html|md`);
  const pack = packArgument(args, USAGE, { options: ['--lang', '--out', '--format'] });
  if (typeof pack === 'number') return pack;
  const page = helpPage(pack, lang, format);
  if (!out) {
    process.stdout.write(page);
    return 0;
  }
  writeFileSync(out, page);
  console.error(`${out}: the ${pack.name} help page (${lang}, ${format === 'html' ? 'HTML' : 'Markdown'})`);
  return 0;
}

function usage(problem: string): number {
  console.error(`${problem}\nusage: ${USAGE}`);
  return 2;
}
