// The rule-pack language: the single source of truth for pack types (Static<...>) and for the
// JSON Schemas in schemas/ (generated from here by `npm run gen:schema`, checked in sync by a test).
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { PATTERNS } from './patterns.ts';

const closed = { additionalProperties: false } as const;

const Id = (description: string) => Type.String({ pattern: PATTERNS.id, description });

// ---------------------------------------------------------------- basic values

export const Amount = Type.Integer({
  minimum: 0,
  description: 'An amount of money in minor units (cents, or 1/100 of a practice point). Whole numbers only.',
});

export const RatioText = Type.String({
  pattern: PATTERNS.ratio,
  description: 'A payout ratio written N:M ("3:2", "0.9:1", "15.5:1"): the player wins N for every M staked.',
});

export const RankValue = Type.Unsafe<string | number>({
  enum: ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', '10', 'J', 'Q', 'K', 2, 3, 4, 5, 6, 7, 8, 9, 10],
  description: 'A card rank: A, 2–9, T (or 10), J, Q, K.',
});

export const CardText = Type.String({
  pattern: PATTERNS.card,
  description: 'A card written rank then suit: QH is the queen of hearts, TD (or 10D) the ten of diamonds.',
});

const Count = (description: string) =>
  Type.Union(
    [
      Type.Integer({ minimum: 0 }),
      Type.Object(
        {
          min: Type.Optional(Type.Integer({ minimum: 0, description: 'Smallest count that matches.' })),
          max: Type.Optional(Type.Integer({ minimum: 0, description: 'Largest count that matches.' })),
        },
        closed,
      ),
    ],
    { description },
  );

const TotalMatch = Type.Union(
  [
    Type.Integer({ minimum: 1 }),
    Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 }),
    Type.Object(
      {
        min: Type.Optional(Type.Integer({ minimum: 1, description: 'Smallest total that matches.' })),
        max: Type.Optional(Type.Integer({ minimum: 1, description: 'Largest total that matches.' })),
      },
      closed,
    ),
  ],
  {
    description:
      'The blackjack total of the card group (an ace counts 11 unless that takes the total over 21, R-BJ-SCORE-1): one number, a list, or {min, max}.',
  },
);

// ---------------------------------------------------------------- side-bet conditions

export const CardGroup = Type.Union(
  [
    Type.Literal('first-two', { description: "The player's first two cards." }),
    Type.Literal('first-two-and-up', { description: "The player's first two cards plus the dealer's up card." }),
    Type.Literal('dealer-final', { description: "The dealer's final hand." }),
    Type.Literal('first-3', { description: "Andar Bahar: the game card, Andar's first card and Bahar's first card." }),
    Type.Literal('outcome', {
      description: 'No cards: the line looks only at facts of the round (winner, cards dealt).',
    }),
  ],
  { description: 'The named card group a side bet looks at; the bet is decided when the group is complete.' },
);

export const Condition = Type.Object(
  {
    total: Type.Optional(TotalMatch),
    sameRank: Type.Optional(
      Type.Boolean({ description: 'true: every card of the group has the same rank; false: not all the same rank.' }),
    ),
    suited: Type.Optional(
      Type.Boolean({ description: 'true: every card of the group has the same suit; false: not all one suit.' }),
    ),
    sameColour: Type.Optional(
      Type.Boolean({
        description: 'true: every card of the group is the same colour (red: hearts, diamonds; black: spades, clubs).',
      }),
    ),
    identical: Type.Optional(
      Type.Boolean({ description: 'true: every card of the group has the same rank and the same suit.' }),
    ),
    ranks: Type.Optional(
      Type.Array(RankValue, {
        minItems: 1,
        description: 'The group holds exactly these ranks, in any order (e.g. [6, 7, 8]).',
      }),
    ),
    cards: Type.Optional(
      Type.Array(CardText, {
        minItems: 1,
        description: 'The group holds exactly these cards, in any order (e.g. [QH, QH]).',
      }),
    ),
    straight: Type.Optional(
      Type.Boolean({
        description:
          'true: the ranks are consecutive; ace is high or low (A-2-3 and Q-K-A), never both (K-A-2 is not).',
      }),
    ),
    bust: Type.Optional(Type.Boolean({ description: 'true: the group totals over 21.' })),
    cardCount: Type.Optional(Count('How many cards the group holds: a number or {min, max}.')),
    dealerBlackjack: Type.Optional(
      Type.Boolean({
        description:
          'Blackjack: true when the dealer has a natural blackjack (known after the peek, or at the dealer turn without peek).',
      }),
    ),
    winner: Type.Optional(
      Type.Union([Type.Literal('andar'), Type.Literal('bahar')], {
        description: 'Andar Bahar: the side that received the matching card.',
      }),
    ),
    cardsDealt: Type.Optional(
      Count('Andar Bahar: the number of cards dealt to Andar and Bahar to end the round (the game card not counted).'),
    ),
  },
  {
    ...closed,
    minProperties: 1,
    description: 'A pay-table condition: every primitive listed must hold (they are combined with AND).',
  },
);

export const PayLine = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'What the player sees for this line, e.g. "perfect pair".' }),
    pays: RatioText,
    when: Condition,
  },
  { ...closed, description: 'One line of a pay table. When several lines match, only the highest-paying one pays.' },
);

// ---------------------------------------------------------------- bets

export const Mode = Type.Union([Type.Literal('commission'), Type.Literal('no-commission')], {
  description: 'Andar Bahar betting mode (R-AB-MODE-1).',
});

/** The languages a pack's text may be written in: those of the player's help page. */
export const PACK_LANGS = ['en', 'id', 'ms'] as const;
export type PackLang = (typeof PACK_LANGS)[number];

const Text = (description: string) => Type.String({ minLength: 1, description });
export const BetTitle = Type.Object(
  {
    en: Text('English; also what a language without a title of its own shows.'),
    id: Type.Optional(Text('Indonesian.')),
    ms: Type.Optional(Text('Malay.')),
  },
  {
    ...closed,
    description:
      'What players read for this bet on the help page, per language, e.g. { en: Lucky Trio, ms: Trio Bertuah }. ' +
      'Without it a main bet reads "Main bet", a bet behind "Bet behind", ' +
      'and any other bet its name ("lucky-trio": "Lucky trio").',
  },
);

export const Bet = Type.Object(
  {
    name: Id('The bet name that scenarios and the API use: main, behind, pair, bust-bonus, andar, …'),
    title: Type.Optional(BetTitle),
    type: Type.Union(
      [
        Type.Literal('hand', { description: 'The blackjack hand bet (main): settled by the hand against the dealer.' }),
        Type.Literal('behind', { description: 'A bet behind a seated player: wins or loses with that seat’s hand.' }),
        Type.Literal('paytable', {
          description: 'Paid by the pay table in lines (side bets, and the Andar Bahar bets).',
        }),
      ],
      { description: 'How the bet is settled.' },
    ),
    modes: Type.Optional(
      Type.Array(Mode, {
        minItems: 1,
        uniqueItems: true,
        description: 'Andar Bahar: the modes in which this bet is offered. A bet placed in another mode is refused.',
      }),
    ),
    placement: Type.Optional(
      Type.Union([Type.Literal('seat'), Type.Literal('player')], {
        description:
          'seat: placed on a seat (anyone at the table may place it on an occupied seat); player: one per player. Default: seat on seated tables, player elsewhere.',
      }),
    ),
    withMain: Type.Optional(
      Type.Boolean({
        description: 'true: only placed together with a main bet, before any card is dealt (R-LL-GAME-1).',
      }),
    ),
    limits: Type.Object(
      {
        min: Type.Integer({ minimum: 1, description: 'Smallest stake, in minor units.' }),
        max: Type.Integer({ minimum: 1, description: 'Largest stake, in minor units.' }),
      },
      { ...closed, description: 'Stake limits of this bet, in minor units.' },
    ),
    overMax: Type.Optional(
      Type.Union([Type.Literal('refuse'), Type.Literal('accept-max')], {
        description:
          'A stake above the maximum: refuse it (default), or accept the maximum and return the excess (R-LL-LIMIT-2).',
      }),
    ),
    underMin: Type.Optional(
      Type.Union([Type.Literal('refuse'), Type.Literal('warn-then-void')], {
        description:
          "A stake below the minimum: refuse it (default), or accept it once with a warning and void the player's whole hand on a repeat at the same table (R-LL-LIMIT-2).",
      }),
    ),
    payouts: Type.Optional(
      Type.Object(
        {
          blackjack: RatioText,
          win: RatioText,
        },
        { ...closed, description: 'hand bets: what a natural blackjack and any other win pay.' },
      ),
    ),
    group: Type.Optional(CardGroup),
    lines: Type.Optional(
      Type.Array(PayLine, {
        minItems: 1,
        description: 'paytable bets: the pay table; the highest-paying matching line pays, the others do not.',
      }),
    ),
    roundLimit: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'After this many rounds of the current shoe the bet can no longer be placed (R-TB-SIDE-2).',
      }),
    ),
    cap: Type.Optional(
      Type.Object(
        {
          perRound: Type.Integer({
            minimum: 1,
            description:
              'Most this bet pays out in winnings per round, over all players; above it every winner is paid pro rata (R-LL-LIMIT-1).',
          }),
        },
        { ...closed, description: 'Aggregate payout cap.' },
      ),
    ),
    declaredRtp: Type.Optional(
      Type.Number({ description: 'The published return to player of this bet, as a fraction (0.9953 for 99.53%).' }),
    ),
  },
  { ...closed, description: 'A bet the table offers.' },
);

// ---------------------------------------------------------------- game sections

const UpCards = (description: string) => Type.Array(RankValue, { uniqueItems: true, description });

export const Shoe = Type.Object(
  {
    decks: Type.Integer({
      minimum: 1,
      maximum: 16,
      description: 'Number of standard 52-card decks, no jokers (R-BJ-CARD-1, R-AB-DECK-1).',
    }),
    reshuffle: Type.Union([Type.Literal('cut-card'), Type.Literal('every-round')], {
      description:
        'cut-card: the round in which the cut card comes out is the last of the shoe (R-BJ-SHOE-1); every-round: a fresh shuffle before each round (R-AB-DECK-1).',
    }),
    penetration: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        exclusiveMaximum: 1,
        description: 'cut-card shoes: the fraction of the shoe dealt before the cut card, e.g. 0.8.',
      }),
    ),
    burn: Type.Union([Type.Literal('none'), Type.Literal('shown-card-value')], {
      description:
        'After each shuffle: none, or show one card and burn that many more, A = 1, J/Q/K = 10, the shown card burned too (R-BJ-SHOE-2).',
    }),
    sources: Type.Optional(
      Type.Array(
        Type.Union([
          Type.Literal('rng', {
            description: 'The seeded CSPRNG shoe (R-BJ-SHOE-3): digital tables and the simulator.',
          }),
          Type.Literal('dealer', { description: "A studio dealer's cards, read by a scanner (R-LD-SOURCE-1)." }),
        ]),
        {
          minItems: 1,
          uniqueItems: true,
          description:
            'Where a table of this pack may take its cards from, chosen when the table is opened; rng when omitted. The simulator always uses rng (R-LD-SOURCE-1).',
        },
      ),
    ),
  },
  { ...closed, description: 'The shoe (R-BJ-SHOE-*).' },
);

export const Table = Type.Object(
  {
    kind: Type.Union(
      [
        Type.Literal('seated', { description: 'Numbered seats played in order, bet behind possible (blackjack).' }),
        Type.Literal('common-draw', {
          description: 'Any number of players share one initial hand and one card stream (R-TB-DRAW-1).',
        }),
        Type.Literal('solo', { description: 'One human player with AI players in the other seats.' }),
        Type.Literal('andar-bahar', {
          description: 'Andar Bahar: a game card, then alternate dealing to Andar and Bahar.',
        }),
      ],
      { description: 'The kind of table.' },
    ),
    seats: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 9,
        description: 'seated and solo tables: number of seats, played from seat 1.',
      }),
    ),
    seatsPerPlayer: Type.Optional(
      Type.Integer({ minimum: 1, description: 'seated tables: how many seats one player may occupy.' }),
    ),
    mirrorSeatBets: Type.Optional(
      Type.Boolean({
        description:
          "true: all of a player's seats carry the same seat bet, and a raise on one mirrors to the others (R-MW-SEAT-2).",
      }),
    ),
    demoMaySit: Type.Optional(
      Type.Boolean({
        description: 'false: demo (play-for-fun) accounts cannot occupy seats, only bet behind (R-MW-SEAT-1).',
      }),
    ),
    seatRemoval: Type.Optional(
      Type.Object(
        {
          roundsWithoutBet: Type.Integer({
            minimum: 0,
            description:
              'A seated player who places no seat bet keeps the seat this many rounds, then is removed (R-MW-SEAT-4).',
          }),
          belowTableMinimum: Type.Boolean({
            description:
              'true: a player whose balance cannot cover the table minimum at the start of a round is removed.',
          }),
        },
        { ...closed, description: 'When seated players lose their seat.' },
      ),
    ),
    betBehind: Type.Optional(
      Type.Object(
        {
          insurance: Type.Boolean({ description: 'Bet-behind players may insure their bet behind (R-MW-BEHIND-2).' }),
          followDouble: Type.Boolean({
            description: 'Offer a follow-double window when the seat doubles (R-MW-BEHIND-3).',
          }),
          followSplit: Type.Boolean({
            description: 'Offer a follow-split window when the seat splits (R-MW-BEHIND-4).',
          }),
        },
        { ...closed, description: 'seated tables: bet behind (R-MW-BEHIND-*). Requires a bet of type behind.' },
      ),
    ),
    ai: Type.Optional(
      Type.Object(
        {
          easy: Type.Optional(
            Type.String({
              description:
                "Strategy chart for easy AI players, a path relative to the pack's folder (strategies/….yaml).",
            }),
          ),
          normal: Type.Optional(
            Type.String({
              description:
                "Strategy chart for normal AI players, a path relative to the pack's folder (strategies/….yaml).",
            }),
          ),
          hard: Type.Optional(
            Type.String({
              description:
                "Strategy chart for hard AI players, a path relative to the pack's folder (strategies/….yaml).",
            }),
          ),
        },
        { ...closed, description: 'solo tables: the AI levels offered and the chart each one plays (R-EU-AI-2).' },
      ),
    ),
    firstSide: Type.Optional(
      Type.Union([Type.Literal('andar'), Type.Literal('bahar')], {
        description: 'Andar Bahar: the side that receives the first card (R-AB-DEAL-1).',
      }),
    ),
  },
  { ...closed, description: 'The table: its kind and seats.' },
);

export const Dealer = Type.Object(
  {
    hitsSoft17: Type.Boolean({
      description:
        'false: the dealer stands on every 17, soft 17 included (S17, R-BJ-DEALER-1); true: hits soft 17 (H17).',
    }),
    peekOn: UpCards(
      'Up cards on which the dealer checks the hole card for blackjack before players act ([A, T] with T meaning every 10-value card); [] for no peek.',
    ),
    onBlackjack: Type.Union([Type.Literal('original-bets'), Type.Literal('lose-all')], {
      description:
        'What a dealer blackjack found at the dealer turn takes: original-bets (only the original stake; doubles and splits returned) or lose-all (everything wagered, R-EU-DEAL-1).',
    }),
  },
  { ...closed, description: "The dealer's rules (blackjack)." },
);

const WhenShort = (description: string) =>
  Type.Union([Type.Literal('refuse'), Type.Literal('hit'), Type.Literal('hit-or-stand')], {
    description: `${description} The action is offered, and taken in the turn, only when the balance covers it (R-BJ-OFFER-1); this says what happens to one chosen before the turn (a pre-selection) that finds the balance short as it runs. refuse: it is dropped and the player decides in the turn; hit: done as a hit; hit-or-stand: hit when the score is 11 or less, else stand.`,
  });

export const Actions = Type.Object(
  {
    hit: Type.Optional(Type.Object({}, { ...closed, description: 'Hit: one more card (R-MW-HIT-1).' })),
    stand: Type.Optional(Type.Object({}, { ...closed, description: 'Stand.' })),
    double: Type.Optional(
      Type.Object(
        {
          totals: Type.Optional(
            Type.Array(Type.Integer({ minimum: 2, maximum: 21 }), {
              minItems: 1,
              uniqueItems: true,
              description: 'Only on these hand totals (e.g. [9, 10, 11]); omitted: any two cards.',
            }),
          ),
          afterSplit: Type.Boolean({ description: 'May a split hand double on its first two cards.' }),
          splitAces: Type.Boolean({ description: 'May a hand from split aces double.' }),
          whenShort: WhenShort('When the balance cannot cover the double.'),
        },
        {
          ...closed,
          description: 'Double: double the bet, exactly one more card, on a hand of two cards (R-MW-DOUBLE-1).',
        },
      ),
    ),
    split: Type.Optional(
      Type.Object(
        {
          match: Type.Union([Type.Literal('value'), Type.Literal('rank')], {
            description: 'value: any two 10-value cards may split (K-Q); rank: only the same rank.',
          }),
          maxHands: Type.Integer({
            minimum: 2,
            maximum: 8,
            description: 'Most hands a seat may have from splitting (2 = no re-split).',
          }),
          resplitAces: Type.Boolean({ description: 'May split aces be split again.' }),
          splitAcesOneCard: Type.Boolean({ description: 'Split aces take one card each and no more.' }),
          whenShort: WhenShort('When the balance cannot cover the split.'),
        },
        {
          ...closed,
          description:
            'Split: two cards of equal value become two hands, the new hand with a bet equal to the first (R-MW-SPLIT-1).',
        },
      ),
    ),
    surrender: Type.Optional(
      Type.Object(
        {
          notAgainst: UpCards('Dealer up cards against which surrender is not allowed (T = every 10-value card).'),
        },
        {
          ...closed,
          description:
            'Surrender: lose half the bet; only on the first two cards of the initial hand before any other action (R-MW-SURR-1).',
        },
      ),
    ),
    insurance: Type.Optional(
      Type.Object(
        {
          offeredOn: UpCards('Dealer up cards on which insurance is offered.'),
          pays: RatioText,
        },
        { ...closed, description: 'Insurance: costs half the bet, pays when the dealer has blackjack (R-MW-INS-1).' },
      ),
    ),
  },
  { ...closed, description: 'The player actions the table allows; an action not listed is not allowed.' },
);

export const Timing = Type.Object(
  {
    bettingSeconds: Type.Integer({ minimum: 1, description: 'Length of the betting countdown.' }),
    decisionSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "Time for a seat's (or the common-draw phase's) decision before auto-play (R-BJ-AUTO-1).",
      }),
    ),
    insuranceSeconds: Type.Optional(Type.Integer({ minimum: 1, description: 'Length of the insurance window.' })),
    followSeconds: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Length of a follow-double / follow-split window.' }),
    ),
    cardSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'Dealer-fed tables: how long the table waits for the card it needs before the round pauses (R-LD-PAUSE-1).',
      }),
    ),
  },
  { ...closed, description: 'Deadlines; when one passes, auto-play applies.' },
);

export const AutoPlay = Type.Object(
  {
    hitUntil: Type.Integer({
      minimum: 0,
      maximum: 21,
      description:
        'On timeout the hand hits while its score is at most this (ace 11 unless that busts), then stands (R-BJ-AUTO-1: 11).',
    }),
  },
  {
    ...closed,
    description: 'Auto-play on timeout or disconnect. Optional decisions (insurance, follow) default to no.',
  },
);

export const Currency = Type.Object(
  {
    code: Type.String({ pattern: PATTERNS.currency, description: 'Currency code, e.g. USD; PTS for practice points.' }),
    minorPerUnit: Type.Integer({ minimum: 1, description: 'Minor units in one unit (100 cents in a dollar).' }),
    practice: Type.Boolean({
      description: 'true: virtual points that cannot be withdrawn or converted (R-EU-TABLE-1).',
    }),
  },
  { ...closed, description: 'What the amounts of this pack are counted in.' },
);

export const Spec = Type.Object(
  {
    currency: Currency,
    rounding: Type.Union([Type.Literal('down'), Type.Literal('half-up')], {
      description: 'How a payout that is not a whole minor unit is rounded (R-BJ-MONEY-1).',
    }),
    shoe: Shoe,
    table: Table,
    dealer: Type.Optional(Dealer),
    actions: Type.Optional(Actions),
    autoPlay: Type.Optional(AutoPlay),
    timing: Timing,
    modes: Type.Optional(
      Type.Object(
        {
          offered: Type.Array(Mode, {
            minItems: 1,
            uniqueItems: true,
            description: 'Betting modes offered at this table.',
          }),
          default: Mode,
        },
        { ...closed, description: 'Andar Bahar: betting modes; a bet with no mode takes the default (R-AB-MODE-1).' },
      ),
    ),
    bets: Type.Array(Bet, { minItems: 1, description: 'Every bet the table offers.' }),
    include: Type.Optional(
      Type.Array(
        Type.Object(
          { sideBet: Id('The id of a side-bet module in rules/side-bets/.') },
          { ...closed, description: 'A reusable module to include.' },
        ),
        { description: 'Side-bet modules this table offers, from rules/side-bets/.' },
      ),
    ),
  },
  { ...closed, description: 'Everything about the game: shoe, table, dealer, actions, bets and payouts.' },
);

export const SideBetSpec = Type.Object(
  {
    decks: Type.Object(
      {
        min: Type.Integer({ minimum: 1, description: 'Fewest decks a host game may use.' }),
        max: Type.Integer({ minimum: 1, description: 'Most decks a host game may use.' }),
      },
      { ...closed, description: 'The host games this module may be attached to, by deck count (R-LL-GAME-1).' },
    ),
    bet: Bet,
  },
  { ...closed, description: 'A reusable side bet.' },
);

const envelope = <K extends string, S extends TSchema>(kind: K, spec: S, title: string) =>
  Type.Object(
    {
      apiVersion: Type.Literal('croupier/v1', { description: 'Always croupier/v1.' }),
      kind: Type.Literal(kind, { description: `Always ${kind} in this file.` }),
      id: Id('Lowercase letters, digits and dashes; the file name is the id plus .yaml.'),
      name: Type.String({ minLength: 1, description: 'The name players see.' }),
      family: Type.Union([Type.Literal('blackjack'), Type.Literal('andar-bahar')], {
        description: 'The game family this file is for.',
      }),
      version: Type.String({
        pattern: PATTERNS.version,
        description: 'Semantic version, e.g. 1.0.0. Every round records it.',
      }),
      spec,
    },
    { ...closed, title },
  );

export const VariantPack = envelope('Variant', Spec, 'Croupier rule pack');
export const SideBetModule = envelope('SideBet', SideBetSpec, 'Croupier side-bet module');

export const RulePackSchema = Type.Union([VariantPack, SideBetModule], {
  $id: 'https://croupier.dev/schemas/rule-pack.schema.json',
  title: 'Croupier rule pack or side-bet module',
});

export type VariantPack = Static<typeof VariantPack>;
export type SideBetModule = Static<typeof SideBetModule>;
export type BetSpec = Static<typeof Bet>;
export type ConditionSpec = Static<typeof Condition>;
export type CardGroupName = Static<typeof CardGroup>;
export type ModeName = Static<typeof Mode>;
export type PackSpec = Static<typeof Spec>;

// ---------------------------------------------------------------- strategy charts

const UP_CARD_COLUMNS = 10; // dealer up card 2, 3, 4, 5, 6, 7, 8, 9, T, A
const ChartRow = Type.String({
  pattern: `^\\s*(H|S|D|Ds|P|R|Rs)(\\s+(H|S|D|Ds|P|R|Rs)){${UP_CARD_COLUMNS - 1}}\\s*$`,
  description:
    'Ten decisions, one per dealer up card 2 3 4 5 6 7 8 9 T A: H hit, S stand, D double (else hit), Ds double (else stand), P split (else play the total), R surrender (else hit), Rs surrender (else stand).',
});
const ChartRows = (description: string) =>
  Type.Record(Type.String({ pattern: PATTERNS.chartKey }), ChartRow, { description });

export const StrategySpec = Type.Object(
  {
    source: Type.String({
      minLength: 1,
      description: 'Where the chart comes from (a published table, or the analyser with the pack it was derived for).',
    }),
    hard: ChartRows('Hard totals: the key is the total (4–21).'),
    soft: ChartRows('Soft totals (an ace counted 11): the key is the total (12–21).'),
    pairs: ChartRows('Pairs: the key is the rank of the pair (2–9, T, A).'),
  },
  { ...closed, description: 'A basic-strategy chart: one decision per hand and dealer up card.' },
);

export const StrategyChart = envelope('Strategy', StrategySpec, 'Croupier strategy chart');
export type StrategyChart = Static<typeof StrategyChart>;

// ---------------------------------------------------------------- scenarios

const Reject = Type.Optional(
  Type.Union([Type.Literal(true), Type.String({ pattern: PATTERNS.errorCode })], {
    description: 'The step must be refused with the state unchanged: true, or the stable error code expected.',
  }),
);
const PlayerName = Type.String({ pattern: PATTERNS.playerName, description: 'A player named in players.' });

const BetStep = Type.Object(
  {
    bet: Type.Object(
      {
        player: PlayerName,
        on: Id('The bet name: main, behind, pair, bust-bonus, andar, …'),
        seat: Type.Optional(
          Type.Integer({
            minimum: 1,
            description: 'Seated and solo tables: the seat (omitted for common draw and Andar Bahar).',
          }),
        ),
        mode: Type.Optional(Mode),
        amount: Type.Integer({
          minimum: 0,
          description: 'Stake in minor units; adds to an existing bet of the same name on the same spot.',
        }),
      },
      closed,
    ),
    reject: Reject,
  },
  { ...closed, description: 'Place (or add to) a bet.' },
);
const ActStep = Type.Object(
  {
    act: Type.Object(
      {
        player: PlayerName,
        seat: Type.Optional(
          Type.Integer({
            minimum: 1,
            description: 'Seated and solo tables: the seat whose hand in play this applies to.',
          }),
        ),
        action: Type.Union(
          ['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'follow-double', 'follow-split'].map((a) =>
            Type.Literal(a),
          ),
          { description: 'The action.' },
        ),
        accept: Type.Optional(Type.Boolean({ description: 'insurance, follow-double, follow-split: yes or no.' })),
      },
      closed,
    ),
    reject: Reject,
  },
  { ...closed, description: 'A player action on the hand now in play.' },
);
const BareValue = Type.Union([
  Type.Null(),
  Type.Object({ reason: Type.Optional(Type.String({ description: 'Why (for void, pause and resume).' })) }, closed),
]);
const DealStep = Type.Object({ deal: BareValue, reject: Reject }, { ...closed, description: 'Start the deal.' });
const TimeoutStep = Type.Object(
  { timeout: BareValue, reject: Reject },
  { ...closed, description: 'Expire the one decision window that is open.' },
);
const VoidStep = Type.Object(
  { void: BareValue, reject: Reject },
  { ...closed, description: 'An operator voids the round.' },
);
const PauseStep = Type.Object(
  { pause: BareValue, reject: Reject },
  { ...closed, description: 'An operator pauses the table: the round in play stops, clock included (R-BJ-PAUSE-1).' },
);
const ResumeStep = Type.Object(
  { resume: BareValue, reject: Reject },
  { ...closed, description: 'An operator resumes the table: the round goes on with the time its window had left.' },
);

const CardStep = Type.Object(
  {
    card: Type.Union([
      Type.String({ minLength: 1, description: 'The code the scanner read, e.g. AS (an unreadable code is refused).' }),
      Type.Object(
        {
          card: Type.String({ minLength: 1, description: 'The code the scanner read.' }),
          scanId: Type.Optional(
            Type.String({ minLength: 1, description: 'The physical read; the same id again is a rescan, not a card.' }),
          ),
          to: Type.Optional(
            Type.String({
              description: 'Where the dealer puts it (seat, dealer-up, hole, andar, …): refused if elsewhere.',
            }),
          ),
        },
        closed,
      ),
    ]),
    reject: Reject,
  },
  {
    ...closed,
    description: 'Dealer-fed scenarios: the dealer scans a card (scan id step-N unless given, R-LD-SCAN-1).',
  },
);
const MisdealStep = Type.Object(
  { misdeal: BareValue, reject: Reject },
  { ...closed, description: 'The dealer reports a misdeal (too many cards dealt): the round pauses (R-LD-PAUSE-1).' },
);

export const ScenarioStep = Type.Union([
  Type.Union(
    [
      Type.Literal('deal'),
      Type.Literal('timeout'),
      Type.Literal('void'),
      Type.Literal('pause'),
      Type.Literal('resume'),
      Type.Literal('misdeal'),
      Type.Literal('new-shoe'),
      Type.Literal('cut-card'),
    ],
    {
      description:
        'deal: start the deal; timeout: expire the open decision window (or a card wait past its deadline: the round pauses); void: an operator voids the round (R-BJ-VOID-1); pause and resume: an operator pauses the table and resumes it (R-BJ-PAUSE-1); misdeal, new-shoe, cut-card: dealer commands (dealer-fed scenarios).',
    },
  ),
  BetStep,
  ActStep,
  DealStep,
  TimeoutStep,
  VoidStep,
  PauseStep,
  ResumeStep,
  CardStep,
  MisdealStep,
]);

export const Scenario = Type.Object(
  {
    pack: Id('A pack id in rules/.'),
    title: Type.String({ minLength: 1, description: 'What the round shows, in one line.' }),
    cites: Type.Array(Type.String({ pattern: PATTERNS.ruleId }), {
      minItems: 1,
      description: 'The rule IDs of docs/rules.md this round proves.',
    }),
    source: Type.Optional(
      Type.Union([Type.Literal('rng'), Type.Literal('dealer')], {
        description:
          'dealer: the table is dealer-fed and the cards come from card steps, with no shoe; rng (default): the shoe below.',
      }),
    ),
    shoe: Type.Optional(
      Type.Array(CardText, { description: 'A prefix of the shuffled shoe in dealing order, with no burn.' }),
    ),
    players: Type.Record(
      PlayerName,
      Type.Union([
        Amount,
        Type.Object(
          {
            balance: Amount,
            ai: Type.Optional(
              Type.Union([Type.Literal('easy'), Type.Literal('normal'), Type.Literal('hard')], {
                description: 'An AI player of this level.',
              }),
            ),
            demo: Type.Optional(Type.Boolean({ description: 'A demo (play-for-fun) account.' })),
          },
          closed,
        ),
      ]),
      { description: 'Players and their starting balances in minor units.' },
    ),
    steps: Type.Array(ScenarioStep, { minItems: 1, description: 'The round, step by step.' }),
    expect: Type.Object(
      {
        balances: Type.Record(PlayerName, Type.Integer(), { description: 'Final balance of every player named here.' }),
        dealer: Type.Optional(Type.Array(CardText, { description: "The dealer's final cards." })),
      },
      { ...closed, description: 'The settled end of the round.' },
    ),
  },
  { ...closed, title: 'Croupier scenario', description: 'One round with a fixed shoe and its expected end.' },
);
export type Scenario = Static<typeof Scenario>;
export type ScenarioStep = Static<typeof ScenarioStep>;
