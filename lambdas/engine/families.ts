// The game families the interpreter knows: a family is code, a variant of it is data (a pack).
import { andarBahar } from './andar-bahar.ts';
import { blackjack } from './blackjack/index.ts';
import type { CompiledPack } from '../pack/compiled.ts';
import type { Family } from './table.ts';

const families: Record<CompiledPack['family'], Family> = { blackjack, 'andar-bahar': andarBahar };

export const familyOf = (pack: CompiledPack): Family => families[pack.family];
