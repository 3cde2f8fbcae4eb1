// English: the reference catalogue. Its shape is the Catalogue type every language fills in full
// (the compiler refuses a missing key, a test refuses an empty one). Numbers arrive formatted.
import type { RankName } from '../facts.ts';

const s = (n: number, one: string, many: string) => (n === 1 ? one : many);
const RANK: Record<RankName, string> = {
  A: 'ace',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  T: '10-value card',
  J: 'jack',
  Q: 'queen',
  K: 'king',
};
const SUIT = ['spades', 'hearts', 'diamonds', 'clubs'];
const COUNT = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

export const en = {
  lang: { name: 'English', label: 'EN' },
  words: {
    and: 'and',
    or: 'or',
    /** "an ace", "a 10-value card", "an 8": a rank after "with … up". */
    aRank: (r: RankName) => `${/^[A8]/.test(r) ? 'an' : 'a'} ${RANK[r]}`,
    /** "two queens of hearts" */
    cardsNamed: (p: { count: number; rank: RankName; suit: number }) =>
      `${COUNT[p.count] ?? p.count} ${RANK[p.rank]}${p.count === 1 ? '' : 's'} of ${SUIT[p.suit]}`,
    seconds: (n: number) => `${n} ${s(n, 'second', 'seconds')}`,
  },
  doc: {
    subtitle: (p: { name: string; version: string }) =>
      `How to play ${p.name}: the rules of this table (version ${p.version}).`,
  },
  section: {
    intro: 'Introduction',
    table: 'The table',
    cards: 'The cards',
    shuffle: 'The shuffle',
    round: 'A round, step by step',
    scoring: 'Scoring',
    dealer: 'The dealer',
    actions: 'Your actions',
    shortBalance: 'When your balance is short',
    autoPlay: 'When you do not act in time',
    players: 'Seated players and bets behind',
    commonPlayers: 'Players',
    ai: 'AI players',
    results: 'Results',
    bets: 'Bets and payouts',
    sideBets: 'Side bets',
    limits: 'Limits',
    stakeLimits: 'Stakes',
    roundLimits: 'Round limits',
    caps: 'Payout caps',
    deadlines: 'Time limits',
    rounding: 'Payout rounding',
    disconnection: 'Disconnection',
    errors: 'Errors and void rounds',
    rtp: 'Return to player (RTP)',
    notes: 'Notes',
  },
  names: {
    /** A bet the pack gives no title, by its type. */
    betTypes: { hand: 'Main bet', behind: 'Bet behind' },
    modes: { commission: 'Commission', 'no-commission': 'No Commission' },
    /** A bet or figure that holds in every mode the table offers. */
    everyMode: (p: { n: number }): string => (p.n === 2 ? 'Both modes' : 'All modes'),
    sides: { andar: 'Andar', bahar: 'Bahar' },
    levels: { easy: 'Easy', normal: 'Normal', hard: 'Hard' },
    actions: {
      hit: 'Hit',
      stand: 'Stand',
      double: 'Double',
      split: 'Split',
      surrender: 'Surrender',
      insurance: 'Insurance',
    },
  },
  intro: {
    blackjack: (p: { name: string }) =>
      `${p.name} is blackjack against the dealer: a hand wins by finishing closer to 21 than the dealer's hand without going over 21.`,
    seated: (p: { seats: number }) => `The table has ${p.seats} seats. Take a seat and play your own hand.`,
    seatedBehind: 'If you prefer to watch, bet behind a seated player and share the result of their hand.',
    commonDraw:
      'Any number of players play at once. Everyone receives the same starting hand, and each player makes their own bets and decisions for it.',
    solo: 'A practice table for one player: you play your own hand, and AI players may sit in the other seats.',
    practice: (p: { code: string }) =>
      `Stakes are practice points (${p.code}) with no money value: they cannot be withdrawn or exchanged.`,
    andarBahar: (p: { name: string }) =>
      `${p.name} starts with one card, the game card. Bet on the side, Andar or Bahar, that you think will receive the first card of the same rank.`,
  },
  table: {
    seats: (p: { seats: number }) =>
      `${p.seats} ${s(p.seats, 'seat', 'seats')}, numbered 1 to ${p.seats}; play goes in seat order, from seat 1.`,
    seatsPerPlayer: (p: { n: number }) =>
      p.n === 1 ? 'A player may hold one seat.' : `A player may hold up to ${p.n} seats at once.`,
    takeSeat: 'To take an empty seat, place a main bet on it: you are then its seated player.',
    mirror:
      "All of a player's seats carry the same main bet. A raise on one seat is copied to your other seats when your balance covers it; when it does not, the raise is shared evenly between your seats (rounded down). A further seat is taken with a bet equal to your current main bet.",
    noMirror: 'Each of your seats carries its own main bet.',
    demoNoSeat: 'Demo (play-for-fun) accounts cannot take a seat.',
    demoBehind: 'Demo accounts may still bet behind a seated player.',
    noBetSeatLost:
      'A seated player who places no main bet in a round loses the seat when betting closes, and the bets others placed on that seat are returned.',
    noBetKeep: (p: { rounds: number }) =>
      `If you place no main bet on your seat, the bets others placed on it are returned; you keep the seat through ${p.rounds} ${s(p.rounds, 'round', 'rounds')} without a bet and lose it after that.`,
    belowMinimum:
      'A seated player whose balance cannot cover the minimum main bet at the start of a round loses the seat.',
    shortAtClose:
      'A seat whose main bet cannot be paid for when betting closes (balance too short) is given up, and every bet on it is returned.',
    commonNoSeats: 'There are no seats and no limit on the number of players.',
    commonSameHand:
      'Everyone plays the same starting hand against the same dealer hand; each player plays their own copy of it.',
    commonStream:
      'The cards drawn after the deal come from one shared line of cards: the first card any player draws is the same first card for everyone, the second the same second card, and so on. Players who decide alike finish with the same hands.',
    commonSeated: 'A player with a main bet is a seated player and makes decisions for their hand.',
    soloSeats: (p: { seats: number }) =>
      `${p.seats} seats, played in seat order from seat 1. You take a seat; AI players may take the others.`,
    soloOwn: 'The table is yours alone: no other person can bet at it.',
    abSides: (p: { first: string; second: string }) =>
      `Two sides, Andar and Bahar. Cards are dealt to them one at a time, starting with ${p.first}: ${p.first}, ${p.second}, ${p.first}, and so on.`,
    abModes: (p: { modes: string; fallback: string }) =>
      `Betting modes: ${p.modes}. You choose the mode with each bet; a bet without one is placed in ${p.fallback} mode. Some bets are offered in one mode only (see Bets and payouts).`,
    abOneMode: (p: { mode: string }) => `One betting mode: ${p.mode}.`,
    abNoSeats: 'There are no seats: any number of players may bet.',
  },
  cards: {
    decks: (p: { decks: number }) =>
      p.decks === 1
        ? 'The game uses one standard deck of 52 cards, without jokers.'
        : `The game uses ${p.decks} standard decks of 52 cards each, without jokers, dealt from a shoe.`,
    values: 'Card values:',
    aceValue: 'Ace: 1 or 11',
    faceValue: '2 to 10: the number on the card',
    courtValue: 'Jack, Queen and King: 10',
    suitsSide: 'Suits (♠ ♥ ♦ ♣) do not matter, except to side bets.',
    suitsNone: 'Suits (♠ ♥ ♦ ♣) do not matter.',
    abRanks: 'Only ranks count: A, 2 to 10, J, Q and K. A card matches the game card when its rank is the same.',
    abSuitsSide: 'Suits (♠ ♥ ♦ ♣) do not matter, except to side bets.',
    abSuitsNone: 'Suits (♠ ♥ ♦ ♣) do not matter.',
  },
  shuffle: {
    rng: 'Cards are shuffled by a cryptographically secure random number generator.',
    cut: (p: { share: string }) =>
      `A cut card is placed so that about ${p.share} of the shoe is dealt before it comes out.`,
    lastRound:
      'The round in which the cut card comes out is the last one of the shoe; after it, all the cards are shuffled together again.',
    everyRound: 'All the cards are shuffled afresh before every round.',
    burn: 'After every shuffle the dealer turns over one card and burns (sets aside, unseen) as many further cards as its value: ace 1, 2 to 10 their number, J, Q and K 10. The card turned over is burned too.',
    noBurn: 'No cards are burned after a shuffle.',
  },
  round: {
    bettingSeated: (p: { seconds: string }) =>
      `Betting: the betting countdown runs for ${p.seconds}. Seated players place their main bets on their seats.`,
    bettingCommon: (p: { seconds: string }) =>
      `Betting: the betting countdown runs for ${p.seconds}. Place a main bet to play the hand.`,
    bettingSolo: 'Betting: place your main bet, then start the deal when you are ready.',
    bettingBehind: 'Anyone may bet behind a seated player.',
    bettingSide: (p: { bets: string }) => `Side bets may be placed too: ${p.bets}.`,
    dealSeated:
      "The deal: one card face up to each occupied seat in seat order, then one face up to the dealer; then a second card face up to each seat, and the dealer's second card face down (the hole card).",
    dealCommon:
      "The deal: one card face up to the shared hand, one face up to the dealer, a second face up to the shared hand, and the dealer's second card face down (the hole card).",
    insurance: (p: { up: string; seconds: string }) =>
      `Insurance: when the dealer shows ${p.up}, insurance is offered to everyone for ${p.seconds}.`,
    peek: (p: { up: string }) =>
      `The peek: when the dealer shows ${p.up}, the dealer checks the hole card. With blackjack the round ends there.`,
    noPeek:
      'No peek: the dealer does not look at the hole card now; a dealer blackjack shows only at the dealer’s turn.',
    decideSeated: (p: { seconds: string }) =>
      `Decisions: the seats act one at a time, in seat order, each within ${p.seconds}. You may choose your action before your seat's turn; it is played when the turn starts, if it is still allowed.`,
    decideCommon: (p: { seconds: string }) =>
      `Decisions: all players decide at the same time, within ${p.seconds}, each on their own copy of the hand.`,
    decideSolo: (p: { seconds: string }) =>
      `Decisions: the seats act one at a time, in seat order; you have ${p.seconds} for each decision, and AI players decide by themselves.`,
    dealerTurn: "The dealer's turn: the dealer turns over the hole card and draws by the dealer's rules.",
    settle: "Results: every hand is compared with the dealer's and every bet is settled.",
    endEarly: (p: { surrender: boolean }) =>
      `The round ends without more cards as soon as no hand is left to play against the dealer (every hand has blackjack${p.surrender ? ', has bust or was surrendered' : ' or has bust'}): the dealer only turns over the hole card.`,
    endEarlyDealerBets: (p: { bets: string }) =>
      `While a bet on the dealer's final hand is open (${p.bets}), the dealer still draws by the dealer's rules.`,
    abGameCard: 'The game card: the dealer draws one card and shows it.',
    abBetting: (p: { seconds: string }) => `Betting: betting opens and closes after ${p.seconds}.`,
    abDeal: (p: { first: string; second: string }) =>
      `The deal: cards are dealt one at a time, to ${p.first} first, then ${p.second}, then ${p.first} again, and so on.`,
    abEnd:
      "The end: as soon as a card of the game card's rank comes out, on either side, the round ends and that side wins.",
    abSettle: 'Results: every bet is settled.',
  },
  scoring: {
    sum: 'A hand scores the sum of its card values. An ace counts 11 unless that takes the total over 21, in which case it counts 1; a hand with an ace counted as 11 is “soft”.',
    examples:
      'For example, A♥ 6♠ is a soft 17; after a further 8♣ the ace counts 1 and the hand is 15. K♦ 7♣ 5♥ is 22: bust.',
    bust: 'A hand over 21 is bust and loses at once.',
    blackjack:
      'Blackjack is an ace and a 10-value card (10, J, Q or K) as the first two cards of a hand. It beats every other hand, including a 21 made of three or more cards.',
    splitNotBlackjack: 'After a split, an ace and a 10-value card count as 21, not as blackjack.',
  },
  dealer: {
    s17: 'The dealer draws on 16 or less and stands on 17 or more, soft 17 included.',
    h17: 'The dealer draws on 16 or less and on soft 17 (an ace counted as 11 with cards worth 6), and stands on hard 17 or more and on soft 18 or more.',
    peek: (p: { up: string }) =>
      `When the dealer's up card is ${p.up}, the dealer checks the hole card for blackjack before anyone acts; a dealer blackjack ends the round at once.`,
    noPeek: 'The dealer does not check the hole card for blackjack before players act.',
    originalBets:
      "A dealer blackjack found at the dealer's turn takes only the original bets: the extra stakes of doubles and splits are returned.",
    loseAll:
      "A dealer blackjack found at the dealer's turn takes everything staked on the hand, doubles and splits included.",
    hole: "The dealer's hole card stays face down until the dealer's turn.",
  },
  actions: {
    intro: 'When your hand is in play you may choose:',
    hit: 'Take one more card. You may hit again until you stand, reach 21 or bust.',
    stand: 'Take no more cards.',
    autoStand: (p: { cases: string }) => `A hand stands by itself ${p.cases}.`,
    autoStand21: 'at 21 (blackjack included)',
    autoStandDouble: 'after a double',
    autoStandAces: 'when a split ace has received its one card',
    double: 'Double the bet and take exactly one more card.',
    doubleAny: 'Allowed on any first two cards.',
    doubleTotals: (p: { totals: string }) => `Allowed only on first two cards totalling ${p.totals}.`,
    doubleAfterSplit: 'Also allowed on the first two cards of a split hand.',
    doubleAfterSplitAces: 'Also allowed on the first two cards of a split hand, split aces included.',
    doubleAfterSplitNoAces: 'Also allowed on the first two cards of a split hand, except split aces.',
    doubleNoAfterSplit: 'Not allowed on a split hand.',
    split: (p: { extra: string }) =>
      `Turn a pair in your first two cards into two hands; the new hand carries a bet equal to the first. ${p.extra}`,
    splitValue: 'Any two cards of the same value form a pair, so a king and a queen may be split.',
    splitRank: 'Only two cards of the same rank form a pair: a king and a queen may not be split.',
    splitHands: (p: { hands: number }) =>
      p.hands === 2
        ? 'A split hand cannot be split again.'
        : `Pairs may be split again, up to ${p.hands} hands in all.`,
    resplitAces: 'Aces may be split again too.',
    noResplitAces: 'Aces are split only once.',
    splitAcesOneCard: 'Split aces receive one card each and no more.',
    splitAcesPlay: 'Split aces are played like any other hand.',
    splitOrder:
      'The first split hand receives its second card at once and is played out; the second hand receives its second card when play reaches it.',
    surrender: (p: { when: string }) =>
      `Give up the hand and get half of the bet back. Only on the first two cards, before any other action, and not after a split${p.when}.`,
    surrenderNotAgainst: (p: { up: string }) => `; not when the dealer shows ${p.up}`,
    insurance: (p: { up: string; pays: string }) =>
      `When the dealer shows ${p.up}, a side bet of half your bet that the dealer has blackjack. It pays ${p.pays} if the dealer has blackjack and loses otherwise, whatever happens to the hand. You may insure a blackjack too.`,
  },
  short: {
    intro:
      'Double, split and insurance are offered only when your balance covers their stake; an action chosen before your turn is checked again when it is played.',
    doubleRefuse: 'Double is offered only when your balance covers the extra stake.',
    doubleHit:
      'If your balance cannot cover a double when it is played, it is played as a hit: one more card, the bet unchanged, and the hand goes on.',
    doubleHitOrStand:
      'If your balance cannot cover a double when it is played, the hand hits when its score is 11 or less and stands otherwise.',
    splitRefuse: "Split is offered only when your balance covers the second hand's bet.",
    splitHit:
      'If your balance cannot cover a split when it is played, it is played as a hit on the pair: one more card, no split.',
    splitHitOrStand:
      'If your balance cannot cover a split when it is played, the hand hits when its score is 11 or less and stands otherwise.',
    insurance: 'Insurance is offered only when your balance covers it.',
    follow: 'A follow you cannot pay for is answered no.',
  },
  autoPlay: {
    hits: (p: { until: number }) =>
      `If you have not acted when your time runs out, or your connection drops while your hand is in play, the system plays the hand for you: it hits while the score is ${p.until} or less (an ace counts 11 unless that would bust the hand), then stands.`,
    stands:
      'If you have not acted when your time runs out, or your connection drops while your hand is in play, the system stands on your hand.',
    questions: (p: { questions: string }) => `Open questions (${p.questions}) are answered no.`,
    insurance: 'insurance',
    followDouble: 'follow double',
    followSplit: 'follow split',
  },
  players: {
    behind:
      'Anyone may bet behind a seated player, but not behind their own seat. A bet behind wins or loses with that seat’s hand; the seated player makes every decision.',
    noBehind: 'Bet behind is not offered at this table.',
    behindInsurance:
      'Players who bet behind may take insurance on their own, for half of their bet behind, whatever the seated player does.',
    behindNoInsurance: 'Bets behind cannot be insured.',
    followDouble:
      'Follow double: when the seated player doubles, you choose whether to double your bet behind too. No (the default, and the answer when your balance is short): your bet behind stays as it was and the extra card counts for you as a hit. Yes: your bet behind is doubled as well.',
    noFollowDouble:
      'When the seated player doubles, your bet behind stays as it was and the extra card counts for you as a hit.',
    followSplit:
      'Follow split: when the seated player splits, you choose whether to follow both hands. No (the default, and the answer when your balance is short): your bet behind follows the first hand only. Yes: you place an equal bet behind the second hand as well.',
    noFollowSplit: 'When the seated player splits, your bet behind follows the first hand only.',
    window: (p: { seconds: string }) =>
      `The question is open for ${p.seconds} right after the seated player's action, and no card goes to the doubled or split hand before everyone has answered or the time is up. You may also answer in advance, before the seat's turn.`,
    placementSeat: (p: { bet: string }) =>
      `${p.bet} is placed on an occupied seat: its seated player, or anyone else at the table, may place it there.`,
    placementPlayer: (p: { bet: string }) => `${p.bet} is placed once per player, not per seat.`,
    sideWithoutMain: (p: { bets: string }) => `Side bets need no main bet: ${p.bets}.`,
    sideOnly: 'A player with side bets only watches the hand; the main-bet players make the decisions.',
  },
  ai: {
    levels: (p: { levels: string }) => `You may seat AI players in the free seats, at these levels: ${p.levels}.`,
    chart: 'Each AI player follows the strategy chart of its level, from its own view of the table.',
    view: "AI players see only what every player sees: their own cards and the cards face up on the table, never the dealer's hole card or the cards still in the shoe.",
    bets: 'Whenever you deal, each AI player bets the table minimum from its own practice points.',
  },
  results: {
    blackjack: (p: { pays: string }) =>
      `Your blackjack against a dealer without blackjack wins ${p.pays}. If the dealer has blackjack too, it is a push.`,
    win: (p: { pays: string }) =>
      `Your hand stands and is higher than the dealer's, or the dealer busts: you win ${p.pays}.`,
    lose: 'You bust (even if the dealer busts later), or the dealer finishes higher; a dealer blackjack beats every hand that is not a blackjack.',
    push: 'Equal totals: your bet is returned.',
    surrender: 'Half of your bet is returned.',
    terms: { blackjack: 'Blackjack', win: 'Win', lose: 'Lose', push: 'Push', surrender: 'Surrender' },
  },
  bets: {
    head: { bet: 'Bet', outcome: 'Outcome', when: 'Wins when', pays: 'Pays' },
    blackjack: 'Blackjack',
    otherWin: 'Any other win',
    push: 'Push',
    pushPays: 'bet returned',
    insuranceOutcome: 'Dealer has blackjack',
    insuranceCost: 'Insurance costs half of the bet it covers.',
    ratio: (p: { ratio: string; won: string; staked: string }) =>
      `A payout of ${p.ratio} means ${p.won} won for every ${p.staked} staked, and the stake comes back too.`,
    sideSee: 'The side bets and their pay tables follow below.',
    cardsDealt: 'Cards dealt are counted over Andar and Bahar together; the game card is not counted.',
    abMain: 'Bet on the side that receives the matching card.',
    abModes: (p: { bet: string; modes: string }) => `${p.bet} is offered in ${p.modes} mode only.`,
  },
  side: {
    none: 'This table offers no side bets.',
    group: {
      'first-two': (p: { bet: string }) => `${p.bet} is decided by the first two cards of the hand.`,
      'first-two-and-up': (p: { bet: string }) =>
        `${p.bet} is decided by the first two cards of the hand together with the dealer's up card.`,
      'dealer-final': (p: { bet: string }) => `${p.bet} is decided by the dealer's final hand.`,
      'first-3': (p: { bet: string }) =>
        `${p.bet} is decided by three cards as a poker hand: the game card, Andar's first card and Bahar's first card. With fewer than three cards dealt, the bet loses.`,
      outcome: (p: { bet: string }) => `${p.bet} is decided by how the round ends.`,
    },
    /** The bet a side-bet section is about, after its first sentence. */
    it: 'It',
    highest: 'Only the highest-paying matching line pays.',
    withMain: (p: { bet: string }) =>
      `${p.bet} can only be placed together with a main bet, before any card is dealt; without one it is returned.`,
    independent: (p: { bet: string }) => `${p.bet} is settled on its own, whatever happens to the main bet.`,
    straights: 'Straights: the ace counts high or low, so A-2-3 and Q-K-A are straights; K-A-2 is not.',
    roundLimit: (p: { bet: string; rounds: number }) =>
      `${p.bet} can be placed only in the first ${p.rounds} ${s(p.rounds, 'round', 'rounds')} of each shoe; then it closes until the next shuffle.`,
    cap: (p: { bet: string; cap: string }) =>
      `${p.bet} pays at most ${p.cap} of winnings per round, for all players together; when the winnings would be more, every winner is paid in proportion so that the total equals the cap.`,
    head: { bet: 'Bet', hand: 'Winning hand', pays: 'Pays' },
    more: 'Bets with one winning hand',
  },
  line: {
    /** A pay-table line: its name as the game shows it, then what it takes. */
    named: (p: { name: string; text: string }) => `${p.name}: ${p.text}`,
    total: (p: { totals: string }) => `total ${p.totals}`,
    totalRange: (p: { min: number; max: number }) => `total ${p.min} to ${p.max}`,
    totalAtLeast: (p: { min: number }) => `total ${p.min} or more`,
    totalAtMost: (p: { max: number }) => `total ${p.max} or less`,
    pair: 'a pair (same rank)',
    threeOfAKind: 'three of a kind (all the same rank)',
    sameRank: 'all the same rank',
    notSameRank: 'not all the same rank',
    identical: 'identical cards (same rank and same suit)',
    notIdentical: 'not all identical',
    suited: (p: { n: number }): string => (p.n === 2 ? 'both of one suit' : 'all of one suit'),
    notSuited: (p: { n: number }): string => (p.n === 2 ? 'two different suits' : 'not all of one suit'),
    sameColour: (p: { n: number }): string => (p.n === 2 ? 'both of one colour' : 'all of one colour'),
    notSameColour: (p: { n: number }): string => (p.n === 2 ? 'one red and one black' : 'not all of one colour'),
    ranksAny: (p: { ranks: string }) => `${p.ranks} in any order`,
    ranksSuited: (p: { ranks: string }) => `a suited ${p.ranks} (all of one suit)`,
    ranksUnsuited: (p: { ranks: string }) => `an unsuited ${p.ranks} (not all of one suit)`,
    cardsSame: (p: { named: string; symbols: string }) => `${p.named} (${p.symbols})`,
    cardsList: (p: { symbols: string }) => `the cards ${p.symbols} in any order`,
    straight: 'consecutive ranks (a straight)',
    notStraight: 'not a straight',
    dealerBusts: 'the dealer busts',
    dealerBustsWith: (p: { count: string }) => `the dealer busts with ${p.count}`,
    dealerStands: 'the dealer does not bust',
    bust: 'the cards total over 21',
    notBust: 'the cards total 21 or less',
    cardCount: (p: { count: string }) => `${p.count}`,
    count: (p: { n: number }) => `${p.n} ${s(p.n, 'card', 'cards')}`,
    countRange: (p: { min: number; max: number }) => `${p.min} to ${p.max} cards`,
    countAtLeast: (p: { min: number }) => `${p.min} or more cards`,
    countAtMost: (p: { max: number }) => `at most ${p.max} ${s(p.max, 'card', 'cards')}`,
    dealerBlackjack: 'with a dealer blackjack',
    noDealerBlackjack: 'without a dealer blackjack',
    winner: (p: { side: string }) => `${p.side} wins`,
    dealtExactly: (p: { n: number }) =>
      p.n === 1 ? 'on the first card dealt' : `when exactly ${p.n} cards have been dealt`,
    dealtRange: (p: { min: number; max: number }) => `after ${p.min} to ${p.max} cards`,
    dealtAtLeast: (p: { min: number }) => `after ${p.min} or more cards`,
    dealtAtMost: (p: { max: number }) => `after at most ${p.max} ${s(p.max, 'card', 'cards')}`,
    roundEnds: (p: { dealt: string }) => `the round ends ${p.dealt}`,
  },
  limits: {
    head: { bet: 'Bet', min: 'Minimum', max: 'Maximum' },
    caption: (p: { code: string }) => `Stakes per bet, in ${p.code}`,
    refuse: 'A stake below the minimum or above the maximum is refused, unless a rule below says otherwise.',
    overMax: (p: { bet: string }) =>
      `${p.bet}: a stake above the maximum is accepted up to the maximum, and the rest is returned.`,
    underMin: (p: { bet: string }) =>
      `${p.bet}: a stake below the minimum is accepted once, with a warning; if the same player does it again at this table, all of that player's bets in that round are void and returned.`,
    perSpot: 'The limits apply to the total of one bet on one spot: adding to a bet adds to the same total.',
    noRoundLimits: 'Every bet can be placed in every round of a shoe.',
    noCaps: 'No bet has a cap on its total payout per round.',
  },
  deadlines: {
    betting: (p: { seconds: string }) =>
      `Betting: ${p.seconds}. When the countdown ends, betting closes and the deal starts.`,
    bettingSolo: 'Betting: no countdown; the deal starts when you ask for it.',
    abBetting: (p: { seconds: string }) =>
      `Betting: ${p.seconds}, from the moment the game card is shown. When the countdown ends, betting closes and the dealing starts.`,
    decisionSeat: (p: { seconds: string }) => `Decisions: ${p.seconds} for each seat's turn.`,
    decisionCommon: (p: { seconds: string }) => `Decisions: ${p.seconds} for all players together.`,
    insurance: (p: { seconds: string }) => `Insurance: ${p.seconds} to answer.`,
    follow: (p: { seconds: string }) => `Follow double and follow split: ${p.seconds} to answer.`,
    afterwards:
      'When a time limit passes, the system decides for the players who have not (see When you do not act in time).',
  },
  rounding: {
    down: (p: { unit: string }) =>
      `Payouts are made in whole units of ${p.unit}. A payout that falls between two units is rounded down.`,
    halfUp: (p: { unit: string }) =>
      `Payouts are made in whole units of ${p.unit}. A payout that falls between two units is rounded to the nearer one, and a half is rounded up.`,
    example: (p: { stake: string; bet: string; ratio: string; exact: string; paid: string }) =>
      `For example, a win at ${p.ratio} on a stake of ${p.stake} (${p.bet}) comes to ${p.exact}, and ${p.paid} is paid.`,
  },
  disconnection: {
    blackjack:
      'If your connection drops, the round goes on and finishes without you. Your confirmed bets stay in play and are settled when the round ends; decisions you did not make are taken as described in When you do not act in time.',
    andarBahar:
      'If your connection drops after the round has started, the round still finishes and your bets are settled; you see the result when you are back.',
    history: 'Every bet and its result are kept in your bet history.',
  },
  errors: {
    fault:
      'If a fault in the game, the system or the procedure stops a round, the round is paused while the dealer calls a supervisor. If the fault is put right, the round carries on as normal; if not, the round is void and every bet in it is returned.',
    misdeal: 'A misdeal voids the round: every bet in it is returned.',
    scan: 'If the card reader cannot read a card, the dealer scans it again.',
    shoeOut: 'If the shoe runs out of cards during a round, the round is void and every bet in it is returned.',
    notStarted: 'A round that has not started when a fault happens is cancelled and every bet is returned.',
  },
  rtp: {
    what: 'The return to player (RTP) is the share of all the money staked on a bet that is paid back to players over the long run.',
    how: "These figures are computed exactly from this table's rules when this page is made, and rounded down to two decimals.",
    head: { bet: 'Bet', mode: 'Mode', rtp: 'RTP' },
    mainNote: 'with the best basic strategy',
    behind: (p: { rtp: string }) =>
      `Bet behind: ${p.rtp}, the same as the main bet, when the seated player plays the best basic strategy and you follow every double and split.`,
    max: (p: { rtp: string; bet: string }) => `The maximum RTP of this game is ${p.rtp} (${p.bet}).`,
    maxMode: (p: { mode: string; rtp: string; bet: string }) =>
      `The maximum RTP in ${p.mode} mode is ${p.rtp} (${p.bet}).`,
    missing: 'The RTP figures could not be computed for this page.',
  },
  notes: {
    numbers: 'Numbers are written in US format, for example 1,234.00.',
    english: 'The English version of these rules is the reference.',
    version: (p: { version: string }) => `Rules version ${p.version}.`,
  },
};

export type Catalogue = typeof en;
