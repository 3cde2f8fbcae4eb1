// Bench of the exact mathematics: for every pack in rules/, the time of each bet's computation
// (first run in this process, and the best of three; --quick runs it once) and its RTP (docs/targets.md:
// ≤ 3 s for an 8-deck main bet, ≤ 1 s for an exact side bet or Andar Bahar bet).
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { analyseMain, rulesOf } from '../lambdas/math/blackjack.ts';
import { type Fraction, formatFraction, toNumber } from '../lambdas/math/fraction.ts';
import { analyseOdds } from '../lambdas/math/rtp.ts';
import { loadPack, RULES_DIR } from '../lambdas/pack/load.ts';

const timed = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const r = f();
  return [r, (performance.now() - t) / 1000];
};

export async function benchMath({ quick = false }: { quick?: boolean } = {}): Promise<object> {
  const ids = readdirSync(RULES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''));
  const packs = [];
  for (const id of ids) {
    const pack = loadPack(id);
    const bets = [];
    let total = 0;
    for (const bet of pack.bets) {
      if (bet.type === 'behind') continue;
      const compute = (): { rtp: number; fraction: Fraction | null } => {
        if (bet.type === 'hand') return { rtp: analyseMain(rulesOf(pack)).rtp, fraction: null };
        const f = analyseOdds(pack, bet).rtp; // afresh each time: the analysis is what is timed
        return { rtp: toNumber(f), fraction: f };
      };
      let [result, first] = timed(compute); // in a fresh process: the cold time a CLI user sees
      const runs = [first];
      for (let i = 0; i < (quick ? 0 : 2); i++) {
        [result, first] = timed(compute);
        runs.push(first);
      }
      total += runs[0];
      bets.push({
        bet: bet.name,
        mode: bet.mode,
        method: result.fraction ? 'exact' : 'analysis',
        rtp: result.rtp,
        fraction: result.fraction ? formatFraction(result.fraction) : null,
        declared: bet.declaredRtp,
        secondsFirst: runs[0],
        secondsBest: Math.min(...runs),
      });
    }
    packs.push({ pack: id, decks: pack.shoe.decks, secondsFirstRun: total, bets });
  }
  return { exactAnalysis: packs };
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(JSON.stringify(await benchMath({ quick: process.argv.includes('--quick') }), null, 2));
