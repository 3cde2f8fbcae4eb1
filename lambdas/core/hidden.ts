// Caches kept on state objects under symbol keys and not enumerable, so they stay out of the
// JSON that is saved, out of structuredClone copies and out of deep-equality checks.

/** Sets `obj[key]`, defining it (not enumerable) the first time; a frozen object keeps no cache. */
export function setHidden<V>(obj: object, key: symbol, value: V): V {
  if (Object.hasOwn(obj, key)) {
    if (!Object.isFrozen(obj)) (obj as Record<symbol, V>)[key] = value;
  } else if (Object.isExtensible(obj)) Object.defineProperty(obj, key, { value, writable: true });
  return value;
}
