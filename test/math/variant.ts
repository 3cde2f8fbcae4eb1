// A blackjack variant written as YAML only (no code): what the tests of new pay tables and of the
// math report build, in a fresh temporary folder each time.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Writes the variant (6 decks, H17, 6:5, Perfect Pairs, 21+3 with a bonus on a dealer blackjack, a
 * Bust Bonus) and returns its path.
 */
export function writeYamlVariant(): string {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-variant-'));
  const path = join(dir, 'blackjack-uji.yaml');
  writeFileSync(
    path,
    `apiVersion: croupier/v1
kind: Variant
id: blackjack-uji
name: Blackjack Uji
family: blackjack
version: 0.1.0
spec:
  currency: { code: USD, minorPerUnit: 100, practice: false }
  rounding: down
  shoe: { decks: 6, reshuffle: every-round, burn: none }
  table: { kind: seated, seats: 5 }
  dealer: { hitsSoft17: true, peekOn: [A, T], onBlackjack: original-bets }
  actions:
    hit: {}
    stand: {}
    double: { afterSplit: false, splitAces: false, whenShort: refuse }
    split: { match: value, maxHands: 3, resplitAces: false, splitAcesOneCard: true, whenShort: refuse }
  autoPlay: { hitUntil: 11 }
  timing: { bettingSeconds: 15, decisionSeconds: 12 }
  bets:
    - name: main
      type: hand
      limits: { min: 100, max: 100000 }
      payouts: { blackjack: "6:5", win: "1:1" }
    - name: perfect-pairs
      type: paytable
      group: first-two
      limits: { min: 100, max: 10000 }
      lines:
        - { name: mixed pair, pays: "6:1", when: { sameRank: true, sameColour: false } }
        - { name: coloured pair, pays: "12:1", when: { sameRank: true, sameColour: true, suited: false } }
        - { name: perfect pair, pays: "25:1", when: { identical: true } }
    - name: twenty-one-plus-three
      type: paytable
      group: first-two-and-up
      limits: { min: 100, max: 10000 }
      lines:
        - { name: flush, pays: "5:1", when: { suited: true } }
        - { name: straight, pays: "9:1", when: { straight: true } }
        - { name: three of a kind, pays: "9:1", when: { sameRank: true } }
        - name: suited trips with a dealer blackjack
          pays: "250:1"
          when: { identical: true, dealerBlackjack: true }
    - name: bust-bonus
      type: paytable
      group: dealer-final
      limits: { min: 100, max: 10000 }
      lines:
        - { name: busts with 3 or 4 cards, pays: "1:1", when: { bust: true, cardCount: { min: 3, max: 4 } } }
        - { name: busts with 5 or more, pays: "15:1", when: { bust: true, cardCount: { min: 5 } } }
`,
  );
  return path;
}
