// The game families the interpreter knows: a family is code, a variant of it is data (a pack).

import type { CompiledPack } from '../pack/compiled.ts';
import { andarBahar } from './andar-bahar.ts';
import { blackjack } from './blackjack/index.ts';
import type { Family } from './model.ts';

// A bundle made for one pack carries only its family's code: the bundler defines
// process.env.CROUPIER_FAMILY as the pack's family (infra/bundling.ts), esbuild folds the tests
// below to constants, and the other families' modules drop out of the bundle (their module-level
// values are marked /* @__PURE__ */ so that nothing of them stays). Unbundled (tests, `npm start`,
// the CLI) and in the simulator's bundles, it is unset and every family is here.
const families: Partial<Record<CompiledPack['family'], Family>> = {
  blackjack:
    process.env.CROUPIER_FAMILY === undefined || process.env.CROUPIER_FAMILY === 'blackjack' ? blackjack : undefined,
  'andar-bahar':
    process.env.CROUPIER_FAMILY === undefined || process.env.CROUPIER_FAMILY === 'andar-bahar' ? andarBahar : undefined,
};

export function familyOf(pack: CompiledPack): Family {
  const family = families[pack.family];
  if (!family) throw new Error(`this build carries the ${process.env.CROUPIER_FAMILY} family only, not ${pack.family}`);
  return family;
}
