/**
 * Owns the single-table key design: every item's PK/SK shape, in one place.
 *
 * One DynamoDB table per variant stack (one per pack locally), keys `PK` (S) and `SK` (S), no
 * secondary index. TTL attribute: `expiresAt` (epoch seconds), used by idempotency records only.
 * Every mutable item carries `version` (a number, +1 per write) for optimistic locking.
 *
 * | item                      | PK                        | SK                                  | access pattern |
 * |---------------------------|---------------------------|-------------------------------------|----------------|
 * | table                     | `TABLE#<tableId>`         | `TABLE`                             | get a table (config, paused, `currentRoundId`, `currentShoeId`, version) |
 * | table index entry         | `TABLES`                  | `TABLE#<tableId>`                   | list the stack's tables (few per stack: one partition is fine); the sweep starts here |
 * | round by table, by start  | `TABLE#<tableId>`         | `ROUND#<startedAt ISO>#<roundId>`   | a table's rounds, newest first (Query, ScanIndexForward=false) |
 * | round (current and by id) | `ROUND#<roundId>`         | `ROUND`                             | current: table item's `currentRoundId` then GetItem; recall: GetItem by id |
 * | round step                | `ROUND#<roundId>`         | `STEP#<seq 8 digits>`               | every command/event of a round in order (Query begins_with `STEP#`); the round item stays small |
 * | common-draw player item   | `ROUND#<roundId>`         | `PLAYER#<playerId>`                 | a player's bets/hand in a common-draw round, own `version`, so players never contend on one item; settlement pages through them (Query begins_with `PLAYER#`) and marks each `settled` conditionally |
 * | shoe                      | `SHOE#<shoeId>`           | `SHOE`                              | seed (secret until the shoe is retired), commitment (SHA-256), position (cards dealt), retired flag |
 * | player history entry      | `PLAYER#<playerId>`       | `ROUND#<startedAt ISO>#<roundId>`   | the player's latest rounds (Query, ScanIndexForward=false, Limit N); written with the player's first bet of a round |
 * | wallet                    | `WALLET#<playerId>`       | `WALLET`                            | balance in minor units + version (GetItem, ConsistentRead) |
 * | ledger entry              | `WALLET#<playerId>`       | `LEDGER#<wallet version 12 digits>` | every money movement, one per wallet version, so the ledger sums to the balance (Query begins_with `LEDGER#`) |
 * | operator audit entry      | `TABLE#<tableId>`         | `AUDIT#<at ISO>#<id>`               | pause/resume/void with actor and reason (credits are audited by their ledger entry) |
 * | idempotency record        | `IDEM#<caller>#<key>`     | `IDEM`                              | first response to a (caller, Idempotency-Key); `expiresAt` TTL |
 *
 * Key parts are escaped (`%` and `#`) so an id can never forge another item's key.
 */

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
  roundStep: (roundId: string, seq: number): ItemKey => ({ PK: `ROUND#${part(roundId)}`, SK: `STEP#${pad(seq, 8)}` }),
  roundPlayer: (roundId: string, playerId: string): ItemKey => ({
    PK: `ROUND#${part(roundId)}`,
    SK: `PLAYER#${part(playerId)}`,
  }),
  shoe: (shoeId: string): ItemKey => ({ PK: `SHOE#${part(shoeId)}`, SK: 'SHOE' }),
  playerHistory: (playerId: string, startedAt: string, roundId: string): ItemKey => ({
    PK: `PLAYER#${part(playerId)}`,
    SK: `ROUND#${startedAt}#${part(roundId)}`,
  }),
  wallet: (playerId: string): ItemKey => ({ PK: `WALLET#${part(playerId)}`, SK: 'WALLET' }),
  ledgerEntry: (playerId: string, walletVersion: number): ItemKey => ({
    PK: `WALLET#${part(playerId)}`,
    SK: `LEDGER#${pad(walletVersion, 12)}`,
  }),
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
  roundPlayers: 'PLAYER#',
  playerHistory: 'ROUND#',
  ledger: 'LEDGER#',
} as const;

/** Partition keys for those queries. */
export const partitions = {
  tableIndex: () => 'TABLES',
  table: (tableId: string) => keys.table(tableId).PK,
  round: (roundId: string) => keys.round(roundId).PK,
  player: (playerId: string) => `PLAYER#${part(playerId)}`,
  wallet: (playerId: string) => keys.wallet(playerId).PK,
} as const;

/** The TTL attribute name (epoch seconds). */
export const TTL_ATTRIBUTE = 'expiresAt';
