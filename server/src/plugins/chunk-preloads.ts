/**
 * The JavaScript chunks a page's route needs beyond the entry, named in its HTML as
 * `modulepreload` links so the browser fetches them with the entry instead of after it has run
 * (issue 7: on explore and a tip page those chunks were a second wave of requests, one more round
 * trip before the first card or photo could paint). Read from Vite's build manifest.
 */

/** One chunk of dist/web/.vite/manifest.json (the fields used here). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The keys of the chunks `keys` load, themselves included, following static imports. */
function withImports(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** URLs of the chunks the modules need that the entry does not already load, in import order. */
export function chunkUrls(manifest: Manifest, modules: readonly string[]): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = withImports(manifest, entries);
  return [...withImports(manifest, modules)].filter((key) => !loadedByEntry.has(key)).map((key) => `/${manifest[key]?.file}`);
}
