// `croupier strategy <pack> [--yaml]`: the basic-strategy chart the pack's best play follows, as
// the familiar table, or (--yaml) as a Strategy file for rules/strategies/.

import { chartToYaml } from '../../lambdas/math/chart-file.ts';
import { bestStrategy } from '../../lambdas/math/strategy.ts';
import { formatChart } from '../../lambdas/pack/chart.ts';
import { packArgument } from '../pack-arg.ts';

export async function run(args: string[]): Promise<number> {
  const pack = packArgument(args, 'croupier strategy <pack> [--yaml]', { flags: ['--yaml'] });
  if (typeof pack === 'number') return pack;
  if (pack.family !== 'blackjack') {
    console.error(`${pack.id} is an ${pack.family} pack: it has no player decisions, so no strategy chart`);
    return 1;
  }
  const chart = bestStrategy(pack);
  console.log(args.includes('--yaml') ? chartToYaml(chart).trimEnd() : formatChart(chart));
  return 0;
}
