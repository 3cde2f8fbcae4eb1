// The saved form's door for every table: a dealer-fed table's commands go through its feed
// (feed.ts), which runs them on the interpreter as the dealer's cards come; any other table's
// commands run to their end at once (table.ts).

import { applyFed } from './feed.ts';
import type { Ctx } from './model.ts';
import { applyNow } from './table.ts';
import type { Command, Result, TableState } from './types.ts';

/**
 * Applies one command to a saved state. On an error the state is exactly as it was. The round's
 * record (log and events) is kept when the context collects events.
 */
export function apply(ctx: Ctx, state: TableState, cmd: Command, actor = 'system'): Result {
  return state.feed ? applyFed(ctx, state, cmd, actor) : applyNow(ctx, state, cmd, actor);
}
