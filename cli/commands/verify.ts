// `croupier verify <recall.json> [--pack PATH] [--json]`: checks one round from an operator's recall
// (GET /rounds/{roundId}): the revealed seed against the shoe's commitment, the pack's SHA-256, and
// a replay of every command that must deal the same cards and settle the same bets. The pack is
// the file in rules/ with the round's SHA-256, or the one given (an older version from git).
// `--json` prints {"round", "verified", "checks": [{"what", "ok", "detail"}]}.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyRecall } from '../../lambdas/audit/verify.ts';
import { loadCharts } from '../../lambdas/pack/charts.ts';
import type { CompiledPack } from '../../lambdas/pack/compiled.ts';
import { loadPack, PackError, RULES_DIR } from '../../lambdas/pack/load.ts';
import type { RoundRecall as Recall } from '../../lambdas/projection/index.ts';

const USAGE = 'usage: croupier verify <recall.json> [--pack PATH] [--json]';

export async function run(args: string[]): Promise<number> {
  const at = args.indexOf('--pack');
  const packPath = at >= 0 ? args[at + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!file || (at >= 0 && !packPath)) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  let recall: Recall;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`cannot read ${file}: ${(e as Error).message}`);
    return 1;
  }
  try {
    recall = JSON.parse(text) as Recall;
  } catch (e) {
    console.error(`${file}: not a recall document (${(e as Error).message})`);
    return 1;
  }
  if (!recall?.pack?.sha256 || !recall.round || !recall.shoe || !Array.isArray(recall.steps)) {
    console.error(`${file}: not a recall document; save the answer of GET /rounds/{roundId} (operator token)`);
    return 1;
  }
  let pack: CompiledPack | undefined;
  try {
    pack = packPath ? loadPack(packPath) : packWithHash(recall.pack.sha256);
  } catch (e) {
    console.error(e instanceof PackError ? e.message : String(e));
    return 1;
  }
  if (!pack) {
    console.error(
      `no pack in rules/ has sha256 ${recall.pack.sha256} (round ${recall.round.id} ran under ${recall.pack.id} ${recall.pack.version}); pass that version's file with --pack, e.g. from git history`,
    );
    return 1;
  }
  const checks = verifyRecall(pack, loadCharts(pack), recall);
  const ok = checks.every((c) => c.ok);
  if (args.includes('--json')) console.log(JSON.stringify({ round: recall.round.id, verified: ok, checks }));
  else {
    for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: ${c.detail}`);
    console.log(ok ? `round ${recall.round.id} verified` : `round ${recall.round.id} does not verify`);
  }
  return ok ? 0 : 1;
}

/** The variant pack in rules/ whose compiled SHA-256 is `sha256`. */
function packWithHash(sha256: string): CompiledPack | undefined {
  for (const f of readdirSync(RULES_DIR).filter((n) => n.endsWith('.yaml'))) {
    const pack = loadPack(join(RULES_DIR, f));
    if (pack.sha256 === sha256) return pack;
  }
  return undefined;
}
