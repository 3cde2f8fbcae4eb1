// Game math: what other modules call (the CLI, the AI players, the simulator, the bench).
export { rtpRows, lineRows, declaredWarning, type RtpRow, type PayTableOdds } from './rtp.ts';
export { analyseMain, rulesOf, type BlackjackRules, type MainAnalysis } from './blackjack.ts';
export { bestStrategy } from './strategy.ts';
export { decide, formatChart, type Chart, type Code, type Action } from './chart.ts';
export { toNumber, formatFraction, type Fraction } from './fraction.ts';
