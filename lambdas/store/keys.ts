/**
 * Owns the single-table key design: every item's PK/SK shape, in one place.
 *
 * One DynamoDB table per variant stack (one per pack locally), keys `PK` (S) and `SK` (S), no
 * secondary index. TTL attribute: `expiresAt` (epoch seconds), used by idempotency records only.
 * Every mutable item carries `version` (a number, +1 per write) for optimistic locking.
 *
 * | item                      | PK                        | SK                                  | access pattern |
 * |---------------------------|---------------------------|-------------------------------------|----------------|
 * | table | `TABLE#<tableId>` | `TABLE` | get a table (config, paused, `currentRoundId`, `currentShoeId`, version) |
 * | table index entry | `TABLES` | `TABLE#<tableId>` | list the stack's tables; the sweep starts here and reads every
 * one each run. Operators' tables only: a practice table a player opens is not listed (its player's next request
 * applies what came due), so the sweep's reads do not grow with players |
 * | round by table, by start | `TABLE#<tableId>` | `ROUND#<startedAt ISO>#<roundId>` | a table's rounds, newest first
 * (Query, ScanIndexForward=false) |
 * | round (current and by id) | `ROUND#<roundId>` | `ROUND` | the round's shared part; on a table of few players (seated)
 * also `players`, who has a round player item, so a whole round is one BatchGetItem; current: where the table item's
 * `currentRoundId` points, read in the same batch as the table item when this process knows it; recall: GetItem by id |
 * | round step | `ROUND#<roundId>` | `STEP#<at 13 digits>#<seq>` | what one request did to a round (its log entries and
 * events), in time order (Query begins_with `STEP#`); `seq` (also an attribute) is the writing process's monotonic
 * clock and a UUID, so steps of one millisecond keep their order; the round item stays small and players never contend
 * on a step counter |
 * | round player step | `ROUND#<roundId>` | `PSTEP#<playerId>#<at 13 digits>#<seq>` | a step that was one player's own
 * command on a table of unbounded players (it changed only their part), or their own events of a staged step (`partOf`:
 * that step's `seq`), so a player's recall reads their steps (Query begins_with `PSTEP#<playerId>#`) and never the
 * thousands of others'; an operator's recall reads them all (`PSTEP#`) |
 * | round player item | `ROUND#<roundId>` | `PLAYER#<playerId>` | a player's part of a round (bets, common-draw hands),
 * own `version` and `appliedTx`, so players never contend on one item; full loads page through them (Query begins_with
 * `PLAYER#`) |
 * | round transition journal | `ROUND#<roundId>` | `TX#<tx 8 digits>#<chunk 4 digits>` | the per-player results of a
 * transition too big for one transaction (deal, settlement of thousands of players), written before it commits, applied
 * in pages after, kept as that step's events (JSON, its UTF-8 bytes in binary chunks of 300,000) |
 * | shoe | `SHOE#<shoeId>` | `SHOE` | seed (secret until the shoe is retired), commitment (SHA-256), position (cards
 * dealt), retired flag; read only by the command path and by recall of a retired shoe |
 * | player's own tables | `PLAYER#<playerId>` | `TABLES` | the solo tables a player opened (`tables`, a string set), so
 * a player's count is checked in the table's creating transaction |
 * | player history entry | `PLAYER#<playerId>` | `ROUND#<startedAt ISO>#<roundId>` | the player's latest rounds (Query,
 * ScanIndexForward=false, Limit N); written with the player's first bet of a round |
 * | wallet | `WALLET#<playerId>` (real money), `PRACTICE#<playerId>` (practice and demo points) | `WALLET` | balance
 * in minor units + version (GetItem, ConsistentRead); the two namespaces are separate items, so no key a caller can
 * name reaches the other's balance |
 * | ledger entry | the wallet's PK | `LEDGER#<wallet version 12 digits>` | every money movement, one per wallet
 * version, so the ledger sums to the balance (Query begins_with `LEDGER#`) |
 * | operator credits of a day | `CREDITS#<operatorId>` | `DAY#<yyyy-mm-dd UTC>` | the sum an operator credited that
 * day (`total`), added to in the credit's own transaction with a condition that keeps it within the daily limit |
 * | operator audit entry | `TABLE#<tableId>` | `AUDIT#<at ISO>#<id>` | pause/resume/void with actor and reason (credits
 * are audited by their ledger entry) |
 * | idempotency record | `IDEM#<caller>#<key>` | `IDEM` | first response to a (caller, Idempotency-Key), read in the
 * command's own batch and written in its own transaction (or claimed first by a command that needs more); `expiresAt`
 * TTL |
 * | pack artifact | `PACK#<sha256>` | `PACK` | a pack every table or round started under, written once (conditional
 * put) before the first table or round under it commits; read (GetItem) when a round loaded was started under another
 * pack than the deployed one, so it finishes under its own rules |
 *
 * Key parts are escaped (`%` and `#`) so an id can never forge another item's key.
 */

/** Which money a wallet holds: real money, or practice/demo points (which can never be staked as real money). */
export type WalletSpace = 'real' | 'practice';
const WALLET_PREFIX: Record<WalletSpace, string> = { real: 'WALLET#', practice: 'PRACTICE#' };

export interface ItemKey {
  PK: string;
  SK: string;
}

/** Escapes the separator so user-chosen ids (player ids come from JWT `sub`) stay one key part. */
export function part(value: string): string {
  if (value.length === 0) throw new Error('an empty id cannot be part of a key');
  return value.replace(/%/g, '%25').replace(/#/g, '%23');
}

const pad = (n: number, width: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`a sequence number must be a non-negative integer, got ${n}`);
  return String(n).padStart(width, '0');
};

export const keys = {
  table: (tableId: string): ItemKey => ({ PK: `TABLE#${part(tableId)}`, SK: 'TABLE' }),
  tableIndexEntry: (tableId: string): ItemKey => ({ PK: 'TABLES', SK: `TABLE#${part(tableId)}` }),
  tableRound: (tableId: string, startedAt: string, roundId: string): ItemKey => ({
    PK: `TABLE#${part(tableId)}`,
    SK: `ROUND#${startedAt}#${part(roundId)}`,
  }),
  tableAudit: (tableId: string, at: string, id: string): ItemKey => ({
    PK: `TABLE#${part(tableId)}`,
    SK: `AUDIT#${at}#${part(id)}`,
  }),
  round: (roundId: string): ItemKey => ({ PK: `ROUND#${part(roundId)}`, SK: 'ROUND' }),
  roundStep: (roundId: string, at: number, id: string): ItemKey => ({
    PK: `ROUND#${part(roundId)}`,
    SK: `STEP#${pad(at, 13)}#${part(id)}`,
  }),
  roundPlayerStep: (roundId: string, playerId: string, at: number, id: string): ItemKey => ({
    PK: `ROUND#${part(roundId)}`,
    SK: `PSTEP#${part(playerId)}#${pad(at, 13)}#${part(id)}`,
  }),
  roundJournal: (roundId: string, tx: number, chunk: number): ItemKey => ({
    PK: `ROUND#${part(roundId)}`,
    SK: `TX#${pad(tx, 8)}#${pad(chunk, 4)}`,
  }),
  roundPlayer: (roundId: string, playerId: string): ItemKey => ({
    PK: `ROUND#${part(roundId)}`,
    SK: `PLAYER#${part(playerId)}`,
  }),
  shoe: (shoeId: string): ItemKey => ({ PK: `SHOE#${part(shoeId)}`, SK: 'SHOE' }),
  playerHistory: (playerId: string, startedAt: string, roundId: string): ItemKey => ({
    PK: `PLAYER#${part(playerId)}`,
    SK: `ROUND#${startedAt}#${part(roundId)}`,
  }),
  playerTables: (playerId: string): ItemKey => ({ PK: `PLAYER#${part(playerId)}`, SK: 'TABLES' }),
  wallet: (playerId: string, space: WalletSpace): ItemKey => ({
    PK: `${WALLET_PREFIX[space]}${part(playerId)}`,
    SK: 'WALLET',
  }),
  ledgerEntry: (playerId: string, walletVersion: number, space: WalletSpace): ItemKey => ({
    PK: `${WALLET_PREFIX[space]}${part(playerId)}`,
    SK: `LEDGER#${pad(walletVersion, 12)}`,
  }),
  operatorCredits: (operatorId: string, day: string): ItemKey => ({
    PK: `CREDITS#${part(operatorId)}`,
    SK: `DAY#${day}`,
  }),
  pack: (sha256: string): ItemKey => ({ PK: `PACK#${part(sha256)}`, SK: 'PACK' }),
  idempotency: (caller: string, key: string): ItemKey => ({
    PK: `IDEM#${part(caller)}#${part(key)}`,
    SK: 'IDEM',
  }),
} as const;

/** SK prefixes for Query begins_with. */
export const prefixes = {
  tableIndex: 'TABLE#',
  tableRounds: 'ROUND#',
  tableAudit: 'AUDIT#',
  roundSteps: 'STEP#',
  roundPlayerSteps: (playerId?: string) => (playerId === undefined ? 'PSTEP#' : `PSTEP#${part(playerId)}#`),
  roundPlayers: 'PLAYER#',
  roundJournal: (tx: number) => `TX#${pad(tx, 8)}#`,
  playerHistory: 'ROUND#',
  ledger: 'LEDGER#',
} as const;

/** Partition keys for those queries. */
export const partitions = {
  tableIndex: () => 'TABLES',
  table: (tableId: string) => keys.table(tableId).PK,
  round: (roundId: string) => keys.round(roundId).PK,
  player: (playerId: string) => `PLAYER#${part(playerId)}`,
  wallet: (playerId: string, space: WalletSpace) => keys.wallet(playerId, space).PK,
} as const;

/** The TTL attribute name (epoch seconds). */
export const TTL_ATTRIBUTE = 'expiresAt';

/** The key schema the CDK stack must declare too (infra/variant-stack.ts reads it here: this imports nothing). */
export const TABLE_KEY_SCHEMA = { partitionKey: 'PK', sortKey: 'SK', ttlAttribute: TTL_ATTRIBUTE } as const;
