/**
 * The script files a page preloads for its screen (docs/decisions/038-screen-chunks.md). Each
 * screen module (`app/screens/<name>.tsx`) is its own chunk, imported on demand; the build's
 * manifest (Vite's, kept as build/client-manifest.json by scripts/build.mjs) says which file it
 * is and what it imports. The page preloads those that React Router does not already preload
 * for the route, so the screen's code travels beside the rest instead of after it.
 */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function screenPreloadsFrom(
  manifest: ViteManifest,
  /** The hrefs the route's page preloads already (React Router's own manifest). */
  preloaded: ReadonlySet<string>,
  publicPath = '/',
): (screenModule: string) => string[] {
  const byScreen = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const name = /^app\/screens\/([a-z-]+)\.tsx$/.exec(key)?.[1];
    if (!name) continue;
    const hrefs: string[] = [];
    const seen = new Set<string>();
    const walk = (entry: ManifestChunk | undefined) => {
      if (!entry || seen.has(entry.file)) return;
      seen.add(entry.file);
      const href = publicPath + entry.file;
      if (!preloaded.has(href)) hrefs.push(href);
      for (const imported of entry.imports ?? []) walk(manifest[imported]);
    };
    walk(chunk);
    byScreen.set(name, hrefs);
  }
  return (screenModule) => byScreen.get(screenModule) ?? [];
}
