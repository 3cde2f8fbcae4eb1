// Owns what a request to the HTTP API may carry: one TypeBox schema per body and per route's path
// parameters, the one source of the JSON Schemas in schemas/api/ and of the precompiled validators
// and OpenAPI schemas in ./validators.gen.ts (scripts/gen-api-schemas.ts writes both). Build-time
// only: the runtime imports types from here, never values (./validate.ts checks requests).
import { type Static, Type } from '@sinclair/typebox';
import { PLAYER_ID_PATTERN } from '../auth/claims.ts';

/** One of a few strings, as an `enum`: one check in the validator, and a message that lists them. */
const oneOf = <const T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: values, ...options });

const Amount = Type.Integer({ minimum: 1, maximum: 1_000_000_000_000, description: 'minor units' });
const Reason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });

// Ids: what the store may use as part of a key (DynamoDB keys are at most 2,048 bytes).
const TABLE_ID = '[a-z0-9][a-z0-9-]{0,62}';
const TableId = Type.String({
  pattern: `^${TABLE_ID}$`,
  description: 'lowercase letters, digits and dashes, 1 to 63 characters, starting with a letter or digit',
});
const RoundId = Type.String({
  pattern: `^${TABLE_ID}-r[0-9]{1,15}$`,
  description: 'a round id as views and history give it: the table id, -r and the round number',
});
/** A JWT `sub` as lambdas/auth/claims.ts accepts it. */
const PlayerId = Type.String({
  pattern: PLAYER_ID_PATTERN,
  description: "a player's id (their token's sub): 1 to 128 characters, no control characters, not starting with ~",
});
const SeatNumber = Type.String({ pattern: '^[1-9][0-9]?$', description: 'a seat number, 1 to 99' });

export const CreateTableBody = Type.Object(
  {
    tableId: TableId,
    source: Type.Optional(
      oneOf(['rng', 'dealer'], { description: 'the seeded shoe (default) or a dealer (R-LD-SOURCE-1)' }),
    ),
  },
  { $id: 'CreateTableBody', additionalProperties: false },
);

/** The round a bet is for: its id, or "next" for whichever round takes bets when the bet arrives. */
const BetRound = Type.String({
  pattern: `^(next|${TABLE_ID}-r[0-9]{1,15})$`,
  description:
    'its id (the view\'s round.id): refused with betting-closed once its betting closed; or "next": the round open when it arrives',
});

const betFields = {
  bet: Type.String({ minLength: 1, maxLength: 64, description: "a bet of the pack's rules, e.g. main" }),
  amount: Amount,
  seat: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
  mode: Type.Optional(oneOf(['commission', 'no-commission'])),
};

export const BetBody = Type.Object({ round: BetRound, ...betFields }, { $id: 'BetBody', additionalProperties: false });

export const BetSlipBody = Type.Object(
  {
    round: BetRound,
    bets: Type.Array(Type.Object(betFields, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 64,
      description: 'placed in order, all or none',
    }),
  },
  { $id: 'BetSlipBody', additionalProperties: false },
);

export const ActionBody = Type.Object(
  {
    action: oneOf(['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'follow-double', 'follow-split']),
    seat: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    accept: Type.Optional(Type.Boolean()),
    round: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          "the number of the round acted on (the view's round.no); once that round is finished the action is refused with round-finished, never applied to the next round",
      }),
    ),
  },
  { $id: 'ActionBody', additionalProperties: false },
);

export const CreditBody = Type.Object(
  { amount: Amount, reason: Reason },
  { $id: 'CreditBody', additionalProperties: false },
);

const ScanId = Type.String({
  pattern: '^[A-Za-z0-9._:-]{1,128}$',
  description: 'unique per physical read: the same id again is a re-read, never a second card',
});

export const CardBody = Type.Object(
  {
    card: Type.String({ maxLength: 16, description: 'the code the scanner read, e.g. AS or TD' }),
    scanId: ScanId,
    to: Type.Optional(Type.String({ maxLength: 16, description: 'where the dealer puts it (dealing.need.to)' })),
  },
  { $id: 'CardBody', additionalProperties: false },
);

export const ReasonBody = Type.Object({ reason: Reason }, { $id: 'ReasonBody', additionalProperties: false });

export const AiPlayerBody = Type.Object(
  {
    level: oneOf(['easy', 'normal', 'hard'], {
      description:
        'R-EU-AI-2: easy hits below 17; normal plays a fixed basic-strategy chart; hard the exact chart of the pack',
    }),
    seat: Type.Integer({ minimum: 1, maximum: 64, description: 'a free seat' }),
  },
  { $id: 'AiPlayerBody', additionalProperties: false },
);

/** The path parameters of the routes that have some, one schema per shape. */
export const TablePath = Type.Object({ tableId: TableId }, { $id: 'TablePath', additionalProperties: false });
export const AiSeatPath = Type.Object(
  { tableId: TableId, seat: SeatNumber },
  { $id: 'AiSeatPath', additionalProperties: false },
);
export const RoundPath = Type.Object({ roundId: RoundId }, { $id: 'RoundPath', additionalProperties: false });
export const WalletPath = Type.Object({ playerId: PlayerId }, { $id: 'WalletPath', additionalProperties: false });
export const DealerPath = Type.Object(
  {
    tableId: TableId,
    command: Type.String({ pattern: '^(new-shoe|cut-card|misdeal)$', description: 'new-shoe, cut-card or misdeal' }),
  },
  { $id: 'DealerPath', additionalProperties: false },
);

/** Every path schema, by name (schemas/api/<name>.schema.json). */
export const PATHS = { TablePath, AiSeatPath, RoundPath, WalletPath, DealerPath } as const;

/** Every body schema, by name (schemas/api/<name>.schema.json). */
export const BODIES = {
  CreateTableBody,
  BetBody,
  BetSlipBody,
  ActionBody,
  CreditBody,
  ReasonBody,
  AiPlayerBody,
  CardBody,
} as const;

export type CreateTable = Static<typeof CreateTableBody>;
export type Bet = Static<typeof BetBody>;
export type BetSlip = Static<typeof BetSlipBody>;
export type ActionRequest = Static<typeof ActionBody>;
export type Credit = Static<typeof CreditBody>;
export type ReasonRequest = Static<typeof ReasonBody>;
export type AiPlayerRequest = Static<typeof AiPlayerBody>;
