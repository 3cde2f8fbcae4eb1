// `croupier rtp <pack> [--json]`: the RTP of every bet and mode of a pack (PRODUCT.md), with the
// declared figure beside it; a difference beyond the method's accuracy is a warning on stderr.
import { packArgument } from '../pack-arg.ts';
import { declaredWarning, rtpRows } from '../../lambdas/math/rtp.ts';

export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const pack = packArgument(args, 'croupier rtp <pack> [--json]');
  if (typeof pack === 'number') return pack;
  const rows = rtpRows(pack);
  for (const row of rows) {
    const warning = declaredWarning(pack.id, row);
    if (warning) console.error(warning);
  }
  if (json) {
    console.log(JSON.stringify({ pack: pack.id, bets: rows }));
    return 0;
  }
  const pct = (x: number) => `${(x * 100).toFixed(4)}%`;
  const table = rows.map((r) => [r.bet, r.mode ?? '', pct(r.rtp), pct(1 - r.rtp), r.method, r.declared === null ? '' : pct(r.declared), r.fraction ?? '']);
  const head = ['bet', 'mode', 'rtp', 'house edge', 'method', 'declared', 'exact fraction'];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(`${pack.name} (${pack.id} ${pack.version})`);
  console.log(line(head));
  for (const r of table) console.log(line(r));
  return 0;
}
