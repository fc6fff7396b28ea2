/** A Web Storage kept in a Map, for specs of code that keeps things in session storage. */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
