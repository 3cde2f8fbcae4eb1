// The message catalogues, one per language, in one place.
import { type Catalogue, en } from './en.ts';
import { id } from './id.ts';
import { ms } from './ms.ts';

export const LANGS = ['en', 'id', 'ms'] as const;
export type Lang = (typeof LANGS)[number];

export const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { en, id, ms };

export const isLang = (x: unknown): x is Lang => typeof x === 'string' && (LANGS as readonly string[]).includes(x);

export type { Catalogue };
