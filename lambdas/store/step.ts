// A round step's shape: what one request did to a round (its log entries and events), as stored.
import type { EngineEvent, RoundLogEntry } from '../engine/index.ts';

export interface StepInput {
  at: number;
  actor: string;
  /** The log entries and events this transition added (the engine's `ctx.events`). */
  log: RoundLogEntry[];
  events: EngineEvent[];
  /** Recorded with the step: an operator's reason, a request id. */
  note?: string;
}

export type Step = StepInput;

/** Where a staged step's events sit in the transition's events: shared ones on the step, each player's on theirs. */
export type Placed = [number, EngineEvent][];
