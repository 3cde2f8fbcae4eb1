// The messages between the simulation's parent thread (workers.ts) and its workers (worker.ts).
import type { BatchResult } from './batch.ts';

export type ToWorker = { type: 'batch'; index: number; rounds: number; seed: number } | { type: 'stop' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; index: number; done: number }
  | { type: 'result'; index: number; result: BatchResult }
  | { type: 'error'; index: number; message: string };
