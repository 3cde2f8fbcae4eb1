// The message catalogues: every language has every key English has, of the same kind, and none is
// empty. A missing translation fails here (and in the type check), never in front of a player.
import { describe, expect, test } from 'vitest';
import { CATALOGUES, LANGS } from '../../lambdas/describe/index.ts';

type Leaf = { kind: 'string'; value: string } | { kind: 'function'; arity: number };

/** Every leaf of a catalogue by its dotted path. */
function leaves(node: unknown, path = '', out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (typeof node === 'string') out.set(path, { kind: 'string', value: node });
  else if (typeof node === 'function') out.set(path, { kind: 'function', arity: node.length });
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, path ? `${path}.${k}` : k, out);
  return out;
}

const english = leaves(CATALOGUES.en);

describe('message catalogues', () => {
  test('English has words for every key it declares', () => {
    expect(english.size).toBeGreaterThan(200);
    for (const [path, leaf] of english) if (leaf.kind === 'string') expect(leaf.value.trim(), path).not.toBe('');
  });

  test.each(LANGS.filter((l) => l !== 'en'))('%s has every key of English, of the same kind, none empty', (lang) => {
    const other = leaves(CATALOGUES[lang]);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, leaf] of english) {
      const mine = other.get(path)!;
      expect(mine.kind, path).toBe(leaf.kind);
      if (mine.kind === 'function' && leaf.kind === 'function') expect(mine.arity, path).toBe(leaf.arity);
      if (mine.kind === 'string') expect(mine.value.trim(), `${lang} ${path}`).not.toBe('');
    }
  });

  test.each(LANGS.filter((l) => l !== 'en'))(
    '%s is a translation, not a copy: its sentences differ from English',
    (lang) => {
      const other = leaves(CATALOGUES[lang]);
      // Sentences (several words) must be translated; names may stay as they are (Blackjack, Andar, Lucky Ladies).
      const copied = [...english]
        .filter(([path, leaf]) => {
          const mine = other.get(path)!;
          return (
            leaf.kind === 'string' &&
            mine.kind === 'string' &&
            leaf.value.split(' ').length > 3 &&
            mine.value === leaf.value
          );
        })
        .map(([path]) => path);
      expect(copied).toEqual([]);
    },
  );
});
