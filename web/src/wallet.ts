// Owns the balance the page shows. The player's wallet reaches the page in every view: a push
// message, a command's answer, a view it read. Each names the wallet version its balance is from,
// and they arrive in any order (a push snapshot read just before a credit can come after the
// credit's view), so the page keeps the balance of the highest version it has seen.
import type { TableView } from './api.ts';

export interface Wallet {
  balance: number;
  version: number;
}

/** The newer of the wallet known so far and the one `view` names; equal versions are the same balance. */
export function newerWallet(known: Wallet | null, view: TableView): Wallet | null {
  const you = view.you;
  if (!you || (known && known.version > you.walletVersion)) return known;
  return { balance: you.balance, version: you.walletVersion };
}

/** `view` with the newest balance known: its own, unless `known` is from a newer wallet version. */
export function withWallet(view: TableView, known: Wallet | null): TableView {
  const you = view.you;
  if (!you || !known || known.version <= you.walletVersion) return view;
  return { ...view, you: { ...you, balance: known.balance, walletVersion: known.version } };
}
