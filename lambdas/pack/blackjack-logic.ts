// The rules of a blackjack pack checked against each other. Errors: a card listed twice (T and 10),
// lose-all behind a peek on every blackjack card (it reads as a rule and never applies), a peek or
// insurance on a card behind which no blackjack can be, a fallback to a hit the pack forbids.
// Warnings (the pack still loads): a setting that never applies and changes nothing (afterSplit
// without split, a follow-double without double), and a bet behind paid otherwise than the seat it
// follows. Each says what is wrong, where and what to write instead.
import { parseRank } from '../core/cards.ts';
import { parseRatio } from '../core/money.ts';
import type { BetSource } from './compile.ts';
import type { VariantPack } from './schema.ts';
import { type Finding, readablePath } from './source.ts';

const ACE = 0;
const TEN = 9;
const TEN_VALUES = 'T (every ten-value card: 10, J, Q, K)';

type Add = (pointer: string, message: string, options?: { file?: string; atKey?: boolean; warning?: boolean }) => void;

export function blackjackLogicFindings(pack: VariantPack, bets: BetSource[], path: string): Finding[] {
  const out: Finding[] = [];
  const add: Add = (pointer, message, o = {}) =>
    out.push({
      path: o.file ?? path,
      pointer,
      message,
      atKey: o.atKey,
      ...(o.warning ? { severity: 'warning' as const } : {}),
    });
  const s = pack.spec;
  const dealer = s.dealer;
  const a = s.actions;
  if (!dealer || !a) return out;

  for (const [pointer, list] of [
    ['/spec/dealer/peekOn', dealer.peekOn],
    ['/spec/actions/surrender/notAgainst', a.surrender?.notAgainst],
    ['/spec/actions/insurance/offeredOn', a.insurance?.offeredOn],
  ] as const)
    if (list) cardsListedTwice(pointer, list, add);

  // The dealer can only hold a blackjack behind an ace or a ten-value card.
  const peeks = new Set((dealer.peekOn ?? []).map((r) => parseRank(r)));
  const tens = (r: number | undefined) => r !== undefined && r >= TEN;
  (dealer.peekOn ?? []).forEach((r, i) => {
    const rank = parseRank(r);
    if (rank !== ACE && !tens(rank))
      add(
        `/spec/dealer/peekOn/${i}`,
        `spec.dealer.peekOn[${i}]: the dealer cannot have blackjack with ${r} up, so there is nothing to peek for; peek on A and T only`,
      );
  });
  (a.insurance?.offeredOn ?? []).forEach((r, i) => {
    const rank = parseRank(r);
    if (rank !== ACE && !tens(rank))
      add(
        `/spec/actions/insurance/offeredOn/${i}`,
        `spec.actions.insurance.offeredOn[${i}]: insurance on ${r} can never win (a dealer blackjack needs an ace or a ten-value card up); offer it on A (or T)`,
      );
  });
  if (dealer.onBlackjack === 'lose-all' && peeks.has(ACE) && peeks.has(TEN))
    add(
      '/spec/dealer/onBlackjack',
      'spec.dealer.onBlackjack: lose-all never applies: the dealer peeks on every ace and ten-value card (spec.dealer.peekOn), so a dealer blackjack is always found before anyone doubles or splits; for the European no-peek rule write peekOn: [], else onBlackjack: original-bets',
    );

  // Fallbacks and follow-ups that name an action the pack does not allow.
  if (!a.hit) {
    for (const act of ['double', 'split'] as const) {
      const short = a[act]?.whenShort;
      if (short === 'hit' || short === 'hit-or-stand')
        add(
          `/spec/actions/${act}/whenShort`,
          `spec.actions.${act}.whenShort: "${short}" hits a hand whose balance is too short to ${act}, but this pack has no hit action (spec.actions.hit); use refuse, or allow hit`,
        );
    }
  }
  if (a.double?.afterSplit && !a.split)
    add(
      '/spec/actions/double/afterSplit',
      'spec.actions.double.afterSplit: true never applies: this pack does not allow split (spec.actions.split); write afterSplit: false',
      { warning: true },
    );
  if (a.double?.splitAces && (!a.split || !a.double.afterSplit))
    add(
      '/spec/actions/double/splitAces',
      `spec.actions.double.splitAces: true never applies: ${a.split ? 'a split hand may not double (afterSplit: false)' : 'this pack does not allow split'}; write splitAces: false`,
      { warning: true },
    );
  if (a.split?.resplitAces && a.split.maxHands === 2)
    add(
      '/spec/actions/split/resplitAces',
      'spec.actions.split.resplitAces: true never applies: with maxHands: 2 no hand is split again; write resplitAces: false, or raise maxHands',
      { warning: true },
    );
  if (a.surrender) {
    const barred = new Set(
      a.surrender.notAgainst.flatMap((r) => (parseRank(r) === TEN ? [9, 10, 11, 12] : [parseRank(r)])),
    );
    if (barred.size === 13)
      add(
        '/spec/actions/surrender/notAgainst',
        'spec.actions.surrender.notAgainst: surrender is barred against every up card, so it is never allowed; remove surrender, or list fewer cards',
        { warning: true },
      );
  }
  const behind = s.table.betBehind;
  if (behind) {
    for (const [key, action, word] of [
      ['insurance', 'insurance', 'insure'],
      ['followDouble', 'double', 'follow a double'],
      ['followSplit', 'split', 'follow a split'],
    ] as const)
      if (behind[key] && !a[action])
        add(
          `/spec/table/betBehind/${key}`,
          `spec.table.betBehind.${key}: true never applies: bet-behind players may ${word}, but this pack does not allow ${action} (spec.actions.${action}); write ${key}: false`,
          { warning: true },
        );
  }

  // Bet behind follows the seat's hand: paid other than the seat, it is a different game (a warning: it may be meant).
  const main = bets.find((b) => b.bet.type === 'hand');
  for (const b of bets.filter((x) => x.bet.type === 'behind'))
    for (const k of ['blackjack', 'win'] as const) {
      const mine = b.bet.payouts?.[k];
      const seat = main?.bet.payouts?.[k];
      if (!mine || !seat || sameRatio(mine, seat)) continue;
      add(
        `${b.pointer}/payouts/${k}`,
        `${readablePath(`${b.pointer}/payouts/${k}`)}: bet behind "${b.bet.name}" pays ${k === 'win' ? 'a win' : 'blackjack'} ${mine} while the main bet it follows pays ${seat} (${readablePath(`${main!.pointer}/payouts/${k}`)}); write "${seat}" unless players behind are meant to be paid otherwise`,
        { file: b.path, warning: true },
      );
    }
  return out;
}

/** A card listed twice: T and 10 (or J, Q, K with T) are the same entry. */
function cardsListedTwice(pointer: string, list: readonly (string | number)[], add: Add): void {
  const where = readablePath(pointer);
  let tenAt = -1;
  const seen = new Map<number, number>();
  list.forEach((r, i) => {
    const rank = parseRank(r);
    if (rank === undefined) return;
    const earlier = seen.get(rank) ?? (rank >= TEN && tenAt >= 0 ? tenAt : undefined);
    if (earlier !== undefined)
      add(
        `${pointer}/${i}`,
        `${where}[${i}]: ${r} is already in the list as ${list[earlier]}${rank >= TEN ? `, and ${TEN_VALUES} covers it` : ''}; list each card once`,
      );
    else if (rank === TEN) {
      // T after J, Q or K covers them too.
      const covered = [...seen].find(([k]) => k > TEN);
      if (covered)
        add(
          `${pointer}/${i}`,
          `${where}[${i}]: ${r} means ${TEN_VALUES}, which already includes ${list[covered[1]]}; list T alone`,
        );
    }
    if (!seen.has(rank)) seen.set(rank, i);
    if (rank === TEN && tenAt < 0) tenAt = i;
  });
}

const sameRatio = (x: string, y: string): boolean => {
  const a = parseRatio(x);
  const b = parseRatio(y);
  return !!a && !!b && a.num * b.den === b.num * a.den;
};
