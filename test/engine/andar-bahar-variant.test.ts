// A new Andar Bahar variant written only in YAML — Bahar dealt first, Andar paying 0.95:1, and a
// new card-count table — validates, compiles, deals, settles and has an exact RTP with no code
// change (issue 4; R-AB-DEAL-1, R-AB-PAY-1, R-AB-SIDE-3 as data).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../lambdas/core/cards.ts';
import { apply, type Ctx, createTable } from '../../lambdas/engine/index.ts';
import { rtpRows } from '../../lambdas/math/rtp.ts';
import { checkFile, loadPack } from '../../lambdas/pack/load.ts';
import { baharFirst, COUNT_RANGES } from '../fixtures/variants.ts';

function writeVariant(adaptFirstCardLines = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-ab-'));
  const path = join(dir, 'andar-bahar-bahar-first.yaml');
  writeFileSync(path, baharFirst(readFileSync('rules/andar-bahar.yaml', 'utf8'), adaptFirstCardLines));
  return path;
}

describe('an Andar Bahar variant written only in YAML', () => {
  const path = writeVariant();
  const pack = loadPack(path);

  it('is refused while its first-card lines still describe Andar dealt first', () => {
    const messages = checkFile(writeVariant(false)).map((d) => `${d.line}: ${d.message}`);
    expect(messages.some((m) => m.includes('"andar\'s first card matches" can never match'))).toBe(true);
  });

  it('validates and compiles with Bahar first, Andar at 0.95:1 and the new count table', () => {
    expect(checkFile(path)).toEqual([]);
    expect(pack.table.firstSide).toBe(1);
    expect(pack.betByKey.get('andar/commission')!.lines[0].pays).toEqual({ num: 19, den: 20 });
    expect(pack.bets.filter((b) => b.name.startsWith('count-')).map((b) => b.key)).toEqual(
      COUNT_RANGES.flatMap(([lo, hi]) => [`count-${lo}-${hi}/commission`, `count-${lo}-${hi}/no-commission`]),
    );
  });

  it('deals the first card to Bahar and pays Andar 0.95:1, rounded down', () => {
    // Game card 7S; Bahar 2C, Andar 9D, Bahar KH, Andar 7H: Andar wins on the 4th card dealt.
    const shoe = ['7S', '2C', '9D', 'KH', '7H'].map((c) => parseCard(c)!);
    const ctx: Ctx = { pack, charts: {}, env: { now: 0, newSeed: () => new Uint8Array(32) }, events: [] };
    const state = createTable(ctx, 't', { fixedShoe: shoe });
    apply(ctx, state, { type: 'join', player: 'ann', balance: 10_000 });
    expect(apply(ctx, state, { type: 'bet', player: 'ann', bet: 'andar', amount: 1010 }).ok).toBe(true);
    expect(apply(ctx, state, { type: 'bet', player: 'ann', bet: 'count-1-10', amount: 100 }).ok).toBe(true);
    expect(apply(ctx, state, { type: 'bet', player: 'ann', bet: 'cards-1-5', amount: 100 }).ok).toBe(false); // no longer offered
    expect(apply(ctx, state, { type: 'deal' }).ok).toBe(true);
    expect(state.round.andarBahar!.sides[1].length).toBe(2); // Bahar got the 1st and 3rd cards
    expect(state.round.andarBahar!.winner).toBe(0);
    // andar: 1010 + floor(1010 × 0.95) = 1010 + 959; count 1-10: 100 + 200.
    expect(state.players.ann.balance).toBe(10_000 - 1010 - 100 + 1969 + 300);
  });

  it('has an exact RTP for every bet and mode, from the same compiled pack', () => {
    const rows = rtpRows(pack);
    expect(rows).toHaveLength(pack.bets.length);
    for (const row of rows) {
      expect(row.method).toBe('exact');
      expect(row.fraction).toMatch(/^\d+\/\d+$/);
    }
    // Bahar is now the first side, so it wins more often than Andar; at 0.95:1 Andar still returns less than 1.
    const andar = rows.find((r) => r.bet === 'andar' && r.mode === 'commission')!;
    expect(andar.rtp).toBeGreaterThan(0.9);
    expect(andar.rtp).toBeLessThan(1);
  });
});
