// Owns the request bodies of the HTTP API: one TypeBox schema per body, the one source of the
// JSON Schemas in schemas/api/ and of the precompiled validators and OpenAPI schemas in
// ./validators.gen.ts (scripts/gen-api-schemas.ts writes both). Build-time only: the runtime
// imports types from here, never values (./validate.ts checks bodies).
import { type Static, Type } from '@sinclair/typebox';

const Amount = Type.Integer({ minimum: 1, maximum: 1_000_000_000_000, description: 'minor units' });
const Reason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });

export const CreateTableBody = Type.Object(
  {
    tableId: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$', description: 'lowercase letters, digits and dashes' }),
  },
  { $id: 'CreateTableBody', additionalProperties: false },
);

const betFields = {
  bet: Type.String({ minLength: 1, maxLength: 64, description: "a bet of the pack's rules, e.g. main" }),
  amount: Amount,
  seat: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
  mode: Type.Optional(Type.Union([Type.Literal('commission'), Type.Literal('no-commission')])),
};

export const BetBody = Type.Object(betFields, { $id: 'BetBody', additionalProperties: false });

export const BetSlipBody = Type.Object(
  {
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
    action: Type.Union(
      ['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'follow-double', 'follow-split'].map((a) =>
        Type.Literal(a),
      ),
    ),
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

export const ReasonBody = Type.Object({ reason: Reason }, { $id: 'ReasonBody', additionalProperties: false });

export const AiPlayerBody = Type.Object(
  {
    level: Type.Union([Type.Literal('easy'), Type.Literal('normal'), Type.Literal('hard')], {
      description:
        'R-EU-AI-2: easy hits below 17; normal plays a fixed basic-strategy chart; hard the exact chart of the pack',
    }),
    seat: Type.Integer({ minimum: 1, maximum: 64, description: 'a free seat' }),
  },
  { $id: 'AiPlayerBody', additionalProperties: false },
);

/** Every body schema, by name (schemas/api/<name>.schema.json). */
export const BODIES = {
  CreateTableBody,
  BetBody,
  BetSlipBody,
  ActionBody,
  CreditBody,
  ReasonBody,
  AiPlayerBody,
} as const;

export type CreateTable = Static<typeof CreateTableBody>;
export type Bet = Static<typeof BetBody>;
export type BetSlip = Static<typeof BetSlipBody>;
export type ActionRequest = Static<typeof ActionBody>;
export type Credit = Static<typeof CreditBody>;
export type ReasonRequest = Static<typeof ReasonBody>;
export type AiPlayerRequest = Static<typeof AiPlayerBody>;
