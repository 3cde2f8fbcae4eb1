// `croupier diff <old> <new> [--json] [--markdown] [--lines] [--max-rtp-change PP]`: what changed
// between two versions of a pack (README, the command line): every rule in plain words and every
// bet's exact RTP before and after. Exit 1 when a bet's RTP moves more than --max-rtp-change points
// or either pack is invalid, so CI can hold a pull request back.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { betRows, diffPacks, largestMovePP, type PackDiff } from '../../lambdas/math/diff.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPackFile, PackError } from '../../lambdas/pack/load.ts';
import { cached } from '../cache.ts';

const USAGE = 'croupier diff <old> <new> [--json] [--markdown] [--lines] [--max-rtp-change PP]';

interface Side {
  readonly id: string;
  readonly version: string;
  /** The file's SHA-256, as `sha256sum` prints it. */
  readonly sha256: string;
}

export async function run(args: string[]): Promise<number> {
  const paths: string[] = [];
  let maxChange: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--max-rtp-change') {
      const v = args[++i];
      maxChange = v !== undefined && /^\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
      if (Number.isNaN(maxChange))
        return usage(`--max-rtp-change takes percentage points (e.g. 0.5), not "${v ?? ''}"`);
    } else if (a.startsWith('--')) {
      if (!['--json', '--markdown', '--lines'].includes(a)) return usage(`unknown option ${a}`);
    } else paths.push(a);
  }
  if (paths.length !== 2) return usage(`two packs (old and new), not ${paths.length}`);
  const json = args.includes('--json');
  if (json && args.includes('--markdown')) return usage('--json or --markdown, not both');

  let invalid = false;
  const packs = paths.map((path) => {
    try {
      return loadPackFile(path);
    } catch (e) {
      invalid = true;
      console.error(e instanceof PackError ? e.message : `${path}: ${(e as Error).message}`);
      return null;
    }
  });
  if (invalid) return 1;
  const [before, after] = packs as [CompiledPack, CompiledPack];
  const diff = diffPacks(before, after, {
    lines: args.includes('--lines'),
    rows: (pack) => cached('bets', [pack.sha256], () => betRows(pack)),
  });
  const sides = [side(before, paths[0]), side(after, paths[1])];
  if (json) console.log(JSON.stringify({ old: sides[0], new: sides[1], ...diff }));
  else console.log(args.includes('--markdown') ? markdown(sides, diff) : text(sides, diff));

  const moved = largestMovePP(diff);
  if (maxChange !== null && moved > maxChange + 1e-12) {
    console.error(`an RTP moved by ${moved.toFixed(4)} percentage points, more than --max-rtp-change ${maxChange}`);
    return 1;
  }
  return 0;
}

function usage(problem: string): number {
  console.error(`${problem}\nusage: ${USAGE}`);
  return 2;
}

function side(pack: CompiledPack, path: string): Side {
  return { id: pack.id, version: pack.version, sha256: createHash('sha256').update(readFileSync(path)).digest('hex') };
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(4)}%`);
const pp = (x: number | null) => (x === null ? '—' : `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(4)} pp`);
const betName = (b: { bet: string; mode: string | null }) => (b.mode ? `${b.bet} (${b.mode})` : b.bet);
const heading = ([o, n]: Side[]) =>
  o.id === n.id ? `${n.id} ${o.version} → ${n.version}` : `${o.id} ${o.version} → ${n.id} ${n.version}`;
const added = (b: { rtpBefore: number | null; rtpAfter: number | null }) =>
  b.rtpBefore === null ? ' (new bet)' : b.rtpAfter === null ? ' (removed)' : '';

function text(sides: Side[], diff: PackDiff): string {
  const out = [heading(sides), ''];
  out.push(diff.changes.length ? 'Rules changed:' : 'No rule changed.');
  for (const c of diff.changes) out.push(`  - ${c.text}`);
  out.push('', 'RTP per bet:');
  out.push(
    ...table(
      ['bet', 'before', 'after', 'change'],
      diff.bets.map((b) => [betName(b) + added(b), pct(b.rtpBefore), pct(b.rtpAfter), pp(b.deltaPP)]),
    ).map((l) => `  ${l}`),
  );
  if (diff.lines?.length) {
    out.push('', 'Share of the RTP per pay-table line:');
    out.push(
      ...table(
        ['bet', 'line', 'before', 'after', 'change'],
        diff.lines.map((l) => [betName(l), l.line, pct(l.shareBefore), pct(l.shareAfter), pp(l.deltaPP)]),
      ).map((l) => `  ${l}`),
    );
  }
  return out.join('\n');
}

/** Left-aligned columns, two spaces apart. */
function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

/** A pull-request comment: the rules as a list, the RTPs as a table. */
function markdown(sides: Side[], diff: PackDiff): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const out = [`### \`croupier diff\`: ${cell(heading(sides))}`, ''];
  if (diff.changes.length) for (const c of diff.changes) out.push(`- ${cell(c.text)}`);
  else out.push('No rule changed.');
  out.push('', '| bet | RTP before | RTP after | change |', '|---|---:|---:|---:|');
  for (const b of diff.bets)
    out.push(`| ${cell(betName(b) + added(b))} | ${pct(b.rtpBefore)} | ${pct(b.rtpAfter)} | ${pp(b.deltaPP)} |`);
  if (diff.lines?.length) {
    out.push('', '| bet | line | share before | share after | change |', '|---|---|---:|---:|---:|');
    for (const l of diff.lines)
      out.push(
        `| ${cell(betName(l))} | ${cell(l.line)} | ${pct(l.shareBefore)} | ${pct(l.shareAfter)} | ${pp(l.deltaPP)} |`,
      );
  }
  out.push('', `<sub>old sha256 \`${sides[0].sha256}\`, new sha256 \`${sides[1].sha256}\`</sub>`);
  return out.join('\n');
}
