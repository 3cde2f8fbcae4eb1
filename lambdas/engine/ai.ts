// AI players' strategy charts (R-EU-AI-2): the charts of rules/strategies, read and played exactly
// as the game math reads and plays them, so an AI, the simulator and the RTP analysis agree.
import type { Chart } from '../math/chart.ts';
import type { AiLevel } from './types.ts';

export { type Chart, decide } from '../math/chart.ts';
export type AiCharts = Partial<Record<AiLevel, Chart>>;
