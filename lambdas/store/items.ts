// Owns the shape of every item a round's life writes (keys: ./keys.ts), as transaction items:
// each Put carries its condition, so a writer states what it computed from.
import { randomUUID } from 'node:crypto';
import type { ShoeState } from '../core/shoe.ts';
import type { TransactItem } from './commit.ts';
import { type ItemKey, keys } from './keys.ts';
import type { RoundShared, TableCore } from './split.ts';
import type { Placed, StepInput } from './step.ts';

type Values = Record<string, unknown>;

export class Items {
  constructor(readonly tableName: string) {}

  put(item: Values, condition: string, values?: Values): TransactItem {
    return {
      Put: {
        TableName: this.tableName,
        Item: item,
        ConditionExpression: condition,
        ...(values ? { ExpressionAttributeValues: values } : {}),
      },
    };
  }

  check(key: ItemKey, condition: string, values: Values): TransactItem {
    return {
      ConditionCheck: {
        TableName: this.tableName,
        Key: key,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      },
    };
  }

  /** The table item: its own state and where its round and shoe are. */
  table(
    core: TableCore,
    version: number,
    at: { roundId: string; shoeId: string | null; pending?: string },
    condition: string,
    values?: Values,
  ): TransactItem {
    return this.put(
      {
        ...keys.table(core.tableId),
        type: 'table',
        tableId: core.tableId,
        version,
        core: JSON.stringify(core),
        currentRoundId: at.roundId,
        currentShoeId: at.shoeId,
        ...(at.pending ? { pending: at.pending } : {}),
      },
      condition,
      values,
    );
  }

  /**
   * The round item; it names the pack the round runs under (the table's when it was written) and,
   * on a table of few players, which players have an item in the round (`players`), so a load of
   * the whole round is one batch read. Tables of unbounded players never list them (null).
   */
  round(
    core: TableCore,
    roundId: string,
    round: RoundShared,
    players: readonly string[] | null,
    version: number,
    condition: string,
    values?: Values,
  ): TransactItem {
    const pack = { id: core.packId, version: core.packVersion, sha256: core.packSha256 };
    return this.put(
      {
        ...keys.round(roundId),
        type: 'round',
        roundId,
        tableId: core.tableId,
        pack,
        version,
        phase: round.phase,
        deadline: round.deadline,
        openedAt: round.openedAt,
        data: JSON.stringify(round),
        ...(players ? { players: [...players].sort() } : {}),
      },
      condition,
      values,
    );
  }

  shoe(shoe: ShoeState, version: number, condition: string, values?: Values): TransactItem {
    return this.put(
      {
        ...keys.shoe(shoe.id),
        type: 'shoe',
        shoeId: shoe.id,
        commitment: shoe.commitment,
        retired: false,
        version,
        data: JSON.stringify(shoe),
      },
      condition,
      values,
    );
  }

  retire(shoeId: string): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.shoe(shoeId),
        UpdateExpression: 'SET retired = :t',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':t': true },
      },
    };
  }

  player(
    roundId: string,
    player: string,
    data: string,
    version: number,
    appliedTx: number,
    condition: string,
    values?: Values,
  ): TransactItem {
    return this.put(
      { ...keys.roundPlayer(roundId, player), type: 'round-player', roundId, player, version, appliedTx, data },
      condition,
      values,
    );
  }

  /** The player's history entry for a round (an idempotent put). */
  history(player: string, tableId: string, roundId: string, openedAt: number): Values {
    return {
      ...keys.playerHistory(player, new Date(openedAt).toISOString(), roundId),
      type: 'history',
      roundId,
      tableId,
      openedAt,
    };
  }

  /**
   * A round step: shared, or one player's own (`player`: their command changed only their part).
   * A staged step's events are in its journal; its shared events (`shared`, with their places)
   * are kept on it too, for a player's recall (./steps.ts).
   */
  step(
    roundId: string,
    step: StepInput,
    options: { player?: string; journal?: { tx: number; chunks: number }; seq?: string; shared?: Placed } = {},
  ): TransactItem {
    const { at, actor, log, events, note } = step;
    const { player, journal, shared } = options;
    const seq = options.seq ?? stepSeq();
    const key =
      player === undefined ? keys.roundStep(roundId, at, seq) : keys.roundPlayerStep(roundId, player, at, seq);
    return this.put(
      {
        ...key,
        type: 'step',
        roundId,
        at,
        seq,
        actor,
        data: JSON.stringify({ at, actor, log, events, ...(note ? { note } : {}) }),
        ...(journal ? { journal: JSON.stringify(journal) } : {}),
        ...(shared ? { shared: JSON.stringify(shared) } : {}),
      },
      'attribute_not_exists(PK)',
    );
  }

  /** A player's own events of a staged step, filed under the step's `seq` (an idempotent put). */
  stepPart(roundId: string, player: string, at: number, seq: string, own: Placed): Values {
    return {
      ...keys.roundPlayerStep(roundId, player, at, seq),
      type: 'step-part',
      roundId,
      at,
      seq,
      partOf: seq,
      data: JSON.stringify(own),
    };
  }
}

/** Ordered within this process (steps of one millisecond sort by it), unique across processes. */
export const stepSeq = (): string => `${String(process.hrtime.bigint()).padStart(20, '0')}-${randomUUID()}`;
