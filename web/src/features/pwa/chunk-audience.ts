/** One entry of Vite's build manifest (`.vite/manifest.json`), as far as who loads the file goes. */
export interface BuildManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, BuildManifestChunk>;

/** The admin screens are the modules under src/features/admin/, each a lazy route of its own. */
const ADMIN_SOURCE = /^src\/features\/admin\//;

/** The manifest keys reachable from `roots` through static and lazy imports, never entering a key `enter` refuses. */
function reachable(manifest: BuildManifest, roots: string[], enter: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || !enter(key)) return;
    seen.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The built files (scripts and styles) that only the admin screens load: a shopper never needs them,
 * so the service worker does not fetch them into a shopper's phone either.
 */
export function adminOnlyFiles(manifest: BuildManifest): Set<string> {
  const keys = Object.keys(manifest);
  const isAdminScreen = (key: string) => ADMIN_SOURCE.test(manifest[key]?.src ?? '');
  const shoppers = reachable(
    manifest,
    keys.filter((key) => manifest[key].isEntry),
    (key) => !isAdminScreen(key),
  );
  const admins = reachable(manifest, keys.filter(isAdminScreen), () => true);
  const files = new Set<string>();
  for (const key of admins) {
    if (shoppers.has(key)) continue;
    files.add(manifest[key].file);
    manifest[key].css?.forEach((file) => files.add(file));
  }
  return files;
}
