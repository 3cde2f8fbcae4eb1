// Owns the writes of one transition committed in one go: what changed between the state as loaded
// and the state the interpreter left, as transaction items. Every item written carries a version
// condition; items a command read but did not change are ConditionChecked, so a command commits
// only against exactly the state it computed from. A player's own command on a table of unbounded
// players writes only its own item (and the round's shared item when it dealt a new stream card).
import type { EngineEvent, TableState } from '../engine/index.ts';
import { MAX_TRANSACTION_ITEMS, type TransactItem } from './commit.ts';
import type { Items } from './items.ts';
import { keys } from './keys.ts';
import type { Loaded } from './snapshot.ts';
import { type PlayerPart, splitState, type TableCore } from './split.ts';
import type { StepInput } from './step.ts';
import type { WalletPort, WalletState } from './wallet.ts';

/** A transition committed in one go must leave room for the idempotency record. */
const SINGLE_LIMIT = MAX_TRANSACTION_ITEMS - 1;

export type WritePlan =
  | { kind: 'single'; items: TransactItem[]; core: TableCore; listed: string[] | null }
  | { kind: 'staged' };

/** What a transition did: the command's step, and the opening of the next round when the command opened it. */
export interface Steps {
  step: StepInput;
  /** The next round's opening (the system's step), when this transition opened it before the command. */
  opening?: StepInput;
  /** The player whose own command this was on a table of unbounded players: their step is theirs. */
  own?: string;
}

/** A player's net wallet change in one transition; refunded when a bet of theirs was handed back. */
interface WalletDelta {
  amount: number;
  refunded: boolean;
  reasons: string[];
}

/** Net wallet change per player from the transition's wallet events (the engine's typed movements). */
export function walletDeltas(events: readonly EngineEvent[]): Map<string, WalletDelta> {
  const out = new Map<string, WalletDelta>();
  for (const e of events) {
    if (e.type !== 'wallet') continue;
    const d = out.get(e.player) ?? { amount: 0, refunded: false, reasons: [] };
    d.amount += e.delta;
    if (e.kind === 'refund' || e.kind === 'void-refund') d.refunded = true;
    if (!d.reasons.includes(e.reason)) d.reasons.push(e.reason);
    out.set(e.player, d);
  }
  return out;
}

/**
 * Each wallet's version once a transition's wallet events are written (`events` empty: as read).
 * A transition writes a wallet once, when its player's net change is not 0 (here, and in a staged
 * transition's journal), and every write adds 1.
 */
export function walletVersionsAfter(
  wallets: Readonly<Record<string, WalletState>>,
  events: readonly EngineEvent[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [player, w] of Object.entries(wallets)) out[player] = w.version;
  for (const [player, d] of walletDeltas(events)) if (d.amount !== 0) out[player] = (out[player] ?? 0) + 1;
  return out;
}

/** The ledger entry's label, from the movements' kinds: never from their reason text. */
export const ledgerKind = (d: { amount: number; refunded?: boolean }) =>
  d.amount < 0 ? 'bet' : d.refunded ? 'refund' : 'payout';

/**
 * The writes of `next` against what was loaded, in one transaction, or `staged` when they do not
 * fit. `listsPlayers`: the table has few players, and its round item lists those with an item.
 */
export function planWrites(
  items: Items,
  wallet: WalletPort,
  loaded: Loaded,
  next: TableState,
  steps: Steps,
  listsPlayers: boolean,
): WritePlan {
  const out: TransactItem[] = [];
  const sp = splitState(next, loaded.table.core.retiredCount);
  const roundId = loaded.table.currentRoundId;
  const newRound = next.round.id !== roundId;
  const coreJson = JSON.stringify(sp.core);
  const shoeChanged = (sp.shoe?.id ?? null) !== loaded.table.currentShoeId;
  const { version } = loaded.table;
  if (coreJson !== loaded.json.core || newRound || shoeChanged)
    out.push(
      items.table(sp.core, version + 1, { roundId: next.round.id, shoeId: sp.shoe?.id ?? null }, 'version = :v', {
        ':v': version,
      }),
    );
  else out.push(items.check(keys.table(next.tableId), 'version = :v', { ':v': version }));

  if (sp.shoe && shoeChanged) out.push(items.shoe(sp.shoe, 1, 'attribute_not_exists(PK)'));
  else if (sp.shoe && JSON.stringify(sp.shoe) !== loaded.json.shoe)
    out.push(items.shoe(sp.shoe, loaded.shoeVersion + 1, 'version = :v', { ':v': loaded.shoeVersion }));
  for (const r of sp.retired) out.push(items.retire(r.id));

  const events = [...(steps.opening?.events ?? []), ...steps.step.events];
  const deltas = walletDeltas(events);
  const thisRound = newRound ? next.round.id : roundId;
  // Who has an item in the round once this commits (a partial load knows them from the round's list).
  const withItems = new Set(
    newRound ? [] : loaded.full ? Object.keys(loaded.players) : (loaded.listed ?? Object.keys(loaded.players)),
  );
  for (const [name, part] of Object.entries(sp.parts)) {
    const before = newRound ? undefined : loaded.players[name];
    const text = JSON.stringify(part);
    if (!before) {
      if (part.bets.length || part.common) {
        out.push(items.player(thisRound, name, text, 1, 0, 'attribute_not_exists(PK)'));
        withItems.add(name);
      }
    } else if (text !== before.json) {
      out.push(
        items.player(roundId, name, text, before.version + 1, before.appliedTx, 'version = :v', {
          ':v': before.version,
        }),
      );
    } else if (loaded.full || deltas.has(name)) {
      out.push(items.check(keys.roundPlayer(roundId, name), 'version = :v', { ':v': before.version }));
    }
    const hadBets = before ? (JSON.parse(before.json) as PlayerPart).bets.length > 0 : false;
    if (!hadBets && part.bets.length)
      out.push({
        Put: {
          TableName: items.tableName,
          Item: items.history(name, next.tableId, thisRound, next.round.openedAt || steps.step.at),
        },
      });
  }

  // The round item: its shared part and, on a table of few players, who has an item in it.
  const listed = listsPlayers ? [...withItems].sort() : null;
  const listChanged = listsPlayers && JSON.stringify(listed) !== JSON.stringify(loaded.listed);
  const roundJson = JSON.stringify(sp.round);
  if (newRound) out.push(items.round(sp.core, thisRound, sp.round, listed, 1, 'attribute_not_exists(PK)'));
  else if (roundJson !== loaded.json.round || listChanged)
    out.push(
      items.round(sp.core, roundId, sp.round, listed, loaded.roundVersion + 1, 'version = :v', {
        ':v': loaded.roundVersion,
      }),
    );
  else out.push(items.check(keys.round(roundId), 'version = :v', { ':v': loaded.roundVersion }));

  for (const [player, d] of deltas) {
    if (d.amount === 0) continue;
    out.push(
      ...wallet.changeItems({
        wallet: loaded.wallets[player] ?? { playerId: player, balance: 0, version: 0 },
        amount: d.amount,
        kind: ledgerKind(d),
        actor: steps.step.actor,
        reason: d.reasons.join('; '),
        ref: thisRound,
        at: steps.step.at,
      }),
    );
  }
  if (steps.opening) out.push(items.step(thisRound, steps.opening));
  out.push(items.step(thisRound, steps.step, { player: steps.own }));
  if (out.length > SINGLE_LIMIT) return { kind: 'staged' };
  return { kind: 'single', items: out, core: sp.core, listed };
}
