// The interpreter's front door: everything code outside lambdas/engine may use. Two doors to the
// same interpreter (table.ts): the saved form (TableState) for the Lambda handlers, scenarios and
// tests, and the working form (Table) kept between commands for the simulator. The modules behind
// it are the interpreter's own and may change shape; what is exported here is the contract.

export { apply } from './apply.ts';
export { formatMoney } from './bets.ts';
export { saveTable } from './codec.ts';
export { fastContext, flushTally, tallyRound } from './fast/index.ts';
export type { Ctx, Env, FastPath, Policy, Round, Table } from './model.ts';
export { currentHand, soloHuman } from './state.ts';
export {
  createTable,
  ENGINE_VERSION,
  execute,
  loadTable,
  openTable,
  playerView,
  replayRound,
  type TableOptions,
} from './table.ts';
export type * from './types.ts';
export {
  type HandView,
  handsAsText,
  type PublicEvent,
  roundCardsAsText,
  type TableView,
  visibleEvents,
} from './view.ts';
