// Owns which wallet a caller's money is in, and where it may be staked. Real money and practice/
// demo points are separate namespaces (lambdas/store/keys.ts): separate items, separate keys.
// - A practice pack's tables play for practice points: every wallet there is a practice wallet.
// - A money pack's tables play for real money from real wallets. A demo account (a token with the
//   `demo` claim) has only a practice wallet there: it reads and tops up that one, and is refused
//   at the tables (`demo-account`, 403), so demo points are never staked on a real-money table;
//   at a table it sees what the table shows everyone.
// - Operators credit the wallets the pack's tables play from; a demo token moves no money.
import type { Claims } from '../auth/index.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import { type Audience, DEALER, OPERATOR, playerAudience, SPECTATOR } from '../projection/index.ts';
import { type DocumentClient, DynamoWallet, RoundStore, type WalletSpace } from '../store/index.ts';
import { RuleError } from './game.ts';

/** The namespace of the wallets a pack's tables play from. */
export const tableSpace = (pack: CompiledPack): WalletSpace => (pack.currency.practice ? 'practice' : 'real');

/** The namespace of a caller's own wallet at this pack: a demo account's is always practice. */
export const callerSpace = (pack: CompiledPack, demo: boolean): WalletSpace => (demo ? 'practice' : tableSpace(pack));

/** Whether the caller may play at this pack's tables (their wallet is of the tables' kind). */
export const playsHere = (pack: CompiledPack, demo: boolean): boolean => callerSpace(pack, demo) === tableSpace(pack);

/** What a caller may see of this pack's tables and rounds. */
export function audienceOf(pack: CompiledPack, claims: Claims): Audience {
  if (claims.role === 'operator') return OPERATOR;
  if (claims.role === 'dealer') return DEALER;
  return playsHere(pack, claims.demo === true) ? playerAudience(claims.sub) : SPECTATOR;
}

/** Refuses a demo account at a real-money table, before anything is loaded. */
export function requirePlaysHere(pack: CompiledPack, claims: Claims): void {
  if (!playsHere(pack, claims.demo === true))
    throw new RuleError({
      code: 'demo-account',
      message: `a demo account plays for practice points, and this table plays for real money (${pack.currency.code}): demo points are never staked here`,
    });
}

/** A pack's store: its rounds, and the wallets its tables play from. */
export function openStore(doc: DocumentClient, tableName: string, pack: CompiledPack): RoundStore {
  return new RoundStore(doc, tableName, new DynamoWallet(doc, tableName, tableSpace(pack)), {
    listsPlayers: !pack.table.playersApart,
  });
}
