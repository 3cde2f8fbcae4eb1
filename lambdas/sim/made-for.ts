// Code compiled for one context, and so for its pack. V8 compiles a function it has only ever seen as one
// closure with what that closure captured as known values, and so does it for a closure it inlines:
// a rule read through them (ctx.pack.blackjack.dealer.peekOn) is then a constant of the compiled
// code, where read from a parameter it is a load and a map check per object on the way, on every
// call. The simulator keeps one context per pack (batch.ts), and the round it plays is a closure
// made for it (as are blackjack's deal and advance, which the fast path makes: FastPath.deal).

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
