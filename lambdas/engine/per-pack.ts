// Functions made for one pack, its rules captured as constants. V8 inlines a callee it has only
// ever seen as one closure, and then reads what that closure captured as known values: a rule
// compiled into the round's code, where reading it from the pack (ctx.pack.blackjack.actions.double)
// is a load and a map check per object on the way, on every call. Worth it for a function that
// reads many rules per call: handMask (~15 reads a call) so made cut a simulated blackjack round by
// 109-131 instructions (bench/instructions.ts). A function of few reads gains nothing: finding the
// pack's closure costs about what a read or two does.
import type { CompiledPack } from '../pack/compiled.ts';

/**
 * `make` for the pack given, kept for the last pack asked for: one pack at a time is the usual case
 * (a simulator worker, a Lambda function), and another pack makes its own again.
 */
export function perPack<F>(make: (pack: CompiledPack) => F): (pack: CompiledPack) => F {
  let last: CompiledPack | null = null;
  let made: F;
  return (pack) => {
    if (pack !== last) {
      made = make(pack);
      last = pack;
    }
    return made;
  };
}
