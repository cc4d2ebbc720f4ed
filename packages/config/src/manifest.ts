/** A chunk of Vite's build manifest (dist/.vite/manifest.json), as far as the tools here read it. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a module needs before it runs: its chunk, the chunks it imports statically (transitively, each
 * once) and their CSS. Dynamic imports are not followed.
 */
export function chunkFiles(manifest: Manifest, module: string): { js: string[]; css: string[] } {
  if (!manifest[module]) throw new Error(`${module} is not a chunk of the build`);
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const c of chunk.css ?? []) css.push(c);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(module);
  return { js, css };
}

/** The key of the app's entry chunk (index.html's script). */
export function entryChunk(manifest: Manifest): string {
  const entry =
    Object.entries(manifest).find(([key, c]) => c.isEntry && key.endsWith('index.html')) ??
    Object.entries(manifest).find(([, c]) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  return entry[0];
}
