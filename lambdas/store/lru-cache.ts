// Stands in for `mnemonist/lru-cache` in the Lambda bundles only (an esbuild alias in
// infra/bundling.ts). The DynamoDB client keeps its discovered endpoints in one (the SDK's
// EndpointCache); our functions never turn endpoint discovery on, and a Map, which keeps insertion
// order, is all an LRU of a few entries needs, where mnemonist and its helpers weigh ~7 KB.
export default class LRUCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** The value, its recency unchanged. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
    return this;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  clear(): void {
    this.map.clear();
  }
}
