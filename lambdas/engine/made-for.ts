// Code compiled for one context, and so for its pack. V8 compiles a function it has only ever seen as one
// closure with what that closure captured as known values, and so does it for a closure it inlines:
// a rule read through them (ctx.pack.blackjack.dealer.peekOn, ctx.events) is then a constant of the
// compiled code, where read from a parameter it is a load and a map check per object on the way, on
// every call. The simulator keeps one context per pack (sim/batch.ts), and the functions a round is
// compiled into (the round in playRounds, the blackjack deal and advance) are closures made for it:
// 6-8% fewer instructions a simulated round (bench/instructions.ts), x1.08-1.15 on the clock
// (bench/compare.ts). Finding a closure costs about what a read or two does, so one made for a
// helper that reads the pack a few times a call gains nothing.
//
// Live play makes a closure per command's context (a new one each request), which V8 then compiles
// for no one context: the same code, without the constants.

/** What `make` made for the key asked for last: one key at a time is the usual case, and another key makes its own. */
export function madeFor<K extends object, F>(make: (key: K) => F): (key: K) => F {
  let last: K | null = null;
  let made: F;
  return (key) => {
    if (key !== last) {
      made = make(key);
      last = key;
    }
    return made;
  };
}
