// `croupier play` (README, the command line): a round in the terminal through the same interpreter, driven here
// as a product manager would type it, on fixed shoes. Nothing typed is ignored: stray words are
// refused with the command's usage.
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';

const play = (pack: string, shoe: string, lines: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'cli/croupier.ts', 'play', pack, '--shoe', shoe], {
    encoding: 'utf8',
    input: `${lines.join('\n')}\nquit\n`,
  });

describe('croupier play', () => {
  test('blackjack-mewah: split aces take one card each; surrender is refused against a ten (R-MW-SPLIT-1, R-MW-SURR-1)', () => {
    const out = play('blackjack-mewah', 'AS TC AD 7H KH 5D', ['bet main 1000', 'deal', 'surrender', 'split']);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain('Your balance: 1,000.00 USD');
    expect(out.stdout).toContain('seat 1 you ◀: AS AD (12 soft) stake 10.00 USD');
    expect(out.stdout).toMatch(/refused \(action-not-allowed\): surrender is not allowed/);
    expect(out.stdout).toContain('you main seat 1: win, returns 20.00 USD');
    expect(out.stdout).toContain('you main seat 1: lose, returns 0.00 USD');
    expect(out.stdout).toContain('round 1 · settled · balance 1,000.00 USD');
    expect(out.stdout).toContain('dealer: TC 7H (17)');
  });

  test("andar-bahar: a game card matched by Andar's first card pays Andar 0.9:1 (R-AB-PAY-1, R-AB-EXAMPLE-1)", () => {
    const out = play('andar-bahar', 'KS KC', ['bet andar 5000', 'bet first-3 100', 'deal']);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain('you andar/commission: andar wins, returns 95.00 USD');
    expect(out.stdout).toContain('you first-3/commission: lose, returns 0.00 USD');
    expect(out.stdout).toContain('game card KS | andar KC | bahar  → andar wins');
    expect(out.stdout).toContain('balance 1,044.00 USD');
  });

  test('blackjack-eropa: quitting mid-round ends the session, the hand auto-played to the end (R-EU-END-1, R-BJ-AUTO-1)', () => {
    // You T 7 (17), the AI players 18, 19 and 20, the dealer 6 and T: quit while it is your turn.
    // Auto-play stands on 17 (hitUntil 11); the dealer draws 9 to 25.
    const out = play('blackjack-eropa', 'TS TH TD TC 6S 7H 8H 9H TS TD 9C', ['bet main 1000', 'deal']);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain('you may: hit (seat 1), stand (seat 1), double (seat 1)');
    expect(out.stdout).toContain('you main seat 1: dealer bust, returns 20.00 PTS');
    expect(out.stdout).toContain('session ended after round 1');
    expect(out.stdout).toContain('session ended · balance 1,010.00 PTS');
  });

  test('stray words are refused with the usage, never silently dropped; a shoe that runs out voids the round (R-BJ-VOID-1)', () => {
    const out = play('blackjack-mewah', 'AS TC', [
      'bet main 1000 2',
      'bet main 1000 seat',
      'stand now',
      'insurance maybe',
      'bet main 1000',
      'deal',
    ]);
    expect(out.status, out.stderr).toBe(0);
    expect(out.stdout).toContain('did not understand "2"; usage: bet <name> <amount> [seat N] [mode M]');
    expect(out.stdout).toContain('did not understand "seat"; usage: bet <name> <amount> [seat N] [mode M]');
    expect(out.stdout).toContain('did not understand "now"; usage: stand [seat N]');
    expect(out.stdout).toContain('usage: insurance yes|no [seat N]');
    expect(out.stdout).toContain('you main: 10.00 USD returned (the shoe ran out of cards)');
    expect(out.stdout).toContain('round 1 · void · balance 1,000.00 USD');
    // Andar Bahar too: a fixed shoe without the game card's rank voids the round, bets returned.
    const ab = play('andar-bahar', 'KS 2C', ['bet andar 5000', 'deal']);
    expect(ab.status, ab.stderr).toBe(0);
    expect(ab.stdout).toContain('you andar/commission: 50.00 USD returned (the shoe ran out of cards)');
    expect(ab.stdout).toContain('round 1 · void · balance 1,000.00 USD');
  });
});
