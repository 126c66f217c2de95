/**
 * A Map used as a least-recently-used cache: a Map keeps insertion order, so setting a key anew
 * makes it the most recent, and the first key is the one to forget when the map is full.
 */
export function setMostRecent<K, V>(map: Map<K, V>, key: K, value: V, maxSize: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxSize) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
