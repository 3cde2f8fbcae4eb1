// Player hand compositions by card value (A, 2..9, T as 0..9): every multiset whose hard sum is
// at most 21, with its total, softness and the composition one more card of each value makes.
// Built once and shared by every analysis; ids are stable for a given process.
import { VALUES } from './dealer.ts';

export interface Comps {
  readonly count: number;
  readonly size: Uint8Array;
  /** Hard sum (aces as 1) and the best total (an ace as 11 when that does not bust). */
  readonly sum: Uint8Array;
  readonly total: Uint8Array;
  readonly soft: Uint8Array;
  /** counts[id * VALUES + v]: cards of value v in composition id. */
  readonly counts: Uint8Array;
  /** child[id * VALUES + v]: the composition after one more card of value v, or -1 when it busts. */
  readonly child: Int32Array;
  /** The id of a composition by its counts. */
  readonly idOf: (counts: ArrayLike<number>) => number;
}

let built: Comps | undefined;

const keyOf = (counts: ArrayLike<number>): number => {
  let k = 0;
  for (let v = VALUES - 1; v >= 0; v--) k = k * 22 + counts[v];
  return k;
};

export function playerComps(): Comps {
  if (built) return built;
  const list: number[][] = [];
  const ids = new Map<number, number>();
  const add = (c: number[]): number => {
    const k = keyOf(c);
    let id = ids.get(k);
    if (id === undefined) {
      id = list.length;
      ids.set(k, id);
      list.push(c);
    }
    return id;
  };
  add(new Array<number>(VALUES).fill(0));
  // Breadth first: children are created after their parent.
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    const sum = c.reduce((s, m, v) => s + m * (v + 1), 0);
    for (let v = 0; v < VALUES; v++) {
      if (sum + v + 1 > 21) continue;
      const next = [...c];
      next[v]++;
      add(next);
    }
  }
  const n = list.length;
  const comps = {
    count: n,
    size: new Uint8Array(n),
    sum: new Uint8Array(n),
    total: new Uint8Array(n),
    soft: new Uint8Array(n),
    counts: new Uint8Array(n * VALUES),
    child: new Int32Array(n * VALUES).fill(-1),
    idOf: (counts: ArrayLike<number>) => ids.get(keyOf(counts)) ?? -1,
  };
  list.forEach((c, id) => {
    const sum = c.reduce((s, m, v) => s + m * (v + 1), 0);
    comps.size[id] = c.reduce((s, m) => s + m, 0);
    comps.sum[id] = sum;
    comps.soft[id] = c[0] > 0 && sum + 10 <= 21 ? 1 : 0;
    comps.total[id] = comps.soft[id] ? sum + 10 : sum;
    c.forEach((m, v) => {
      comps.counts[id * VALUES + v] = m;
    });
    for (let v = 0; v < VALUES; v++) {
      if (sum + v + 1 > 21) continue;
      const next = [...c];
      next[v]++;
      comps.child[id * VALUES + v] = ids.get(keyOf(next))!;
    }
  });
  built = comps;
  return comps;
}
