// Game math: what other modules call (the CLI, the AI players, the simulator, the bench).

export { type Action, type Chart, type Code, decide, formatChart } from '../pack/chart.ts';
export { analyseMain, type BlackjackRules, type MainAnalysis, rulesOf } from './blackjack.ts';
export { declaredAgrees, declaredDifferencePP, declaredWarning, TOLERANCE } from './declared.ts';
export { type Fraction, formatFraction, toNumber } from './fraction.ts';
export { behindRows, lineRows, type PayTableOdds, type RtpRow, rtpRows } from './rtp.ts';
export { bestStrategy } from './strategy.ts';
