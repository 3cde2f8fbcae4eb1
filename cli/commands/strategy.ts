// `croupier strategy <pack> [--yaml]`: the basic-strategy chart the pack's best play follows, as
// the familiar table, or (--yaml) as a Strategy file for rules/strategies/.
import { loadPack, PackError } from '../../lambdas/pack/load.ts';
import { chartToYaml, formatChart } from '../../lambdas/math/chart.ts';
import { bestStrategy } from '../../lambdas/math/strategy.ts';

export async function run(args: string[]): Promise<number> {
  const ref = args.find((a) => !a.startsWith('--'));
  if (!ref) {
    console.error('usage: croupier strategy <pack> [--yaml]');
    return 2;
  }
  let pack;
  try {
    pack = loadPack(ref);
  } catch (e) {
    console.error(e instanceof PackError ? e.message : String(e));
    return 1;
  }
  if (pack.family !== 'blackjack') {
    console.error(`${pack.id} is an ${pack.family} pack: it has no player decisions, so no strategy chart`);
    return 1;
  }
  const chart = bestStrategy(pack);
  console.log(args.includes('--yaml') ? chartToYaml(chart).trimEnd() : formatChart(chart));
  return 0;
}
