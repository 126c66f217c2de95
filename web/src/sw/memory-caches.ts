/**
 * CacheStorage in memory, for the tests of the worker's store and the outbox (keys are paths;
 * `keys()` answers requests on a made-up origin, as a real cache answers full URLs).
 */
export function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const pathOf = (key: string | Request) => (typeof key === 'string' ? key : new URL(key.url).pathname);
  const cacheFor = (name: string) => {
    const map = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, map);
    return {
      put: (key: string, response: Response) => Promise.resolve(void map.set(pathOf(key), response.clone())),
      match: (key: string) => Promise.resolve(map.get(pathOf(key))?.clone()),
      delete: (key: string) => Promise.resolve(map.delete(pathOf(key))),
      keys: () => Promise.resolve([...map.keys()].map((path) => new Request(`http://memory${path}`))),
    };
  };
  const caches = {
    open: (name: string) => Promise.resolve(cacheFor(name)),
    keys: () => Promise.resolve([...stores.keys()]),
    has: (name: string) => Promise.resolve(stores.has(name)),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
  };
  return { caches: caches as unknown as CacheStorage, stores };
}
