// The Relay storefront's built entry (Vite manifest), for the documents the server renders: the app
// mounts into #app. Until `vite build` has run there is nothing to load and pages stay server-rendered.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../db/urls.ts";

export const CLIENT_BUILD_DIR = join(projectRoot, "dist", "client");
const MANIFEST = join(CLIENT_BUILD_DIR, ".vite", "manifest.json");
/** The storefront's entry; the owner's admin (/config) is a second entry, so shoppers never load it. */
export const STOREFRONT_ENTRY = "client/storefront/main.tsx";
export const ADMIN_ENTRY = "client/admin/main.tsx";

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

let cached: { mtimeMs: number; manifest: Record<string, ManifestChunk> } | null = null;

function readManifest(): Record<string, ManifestChunk> | null {
  if (!existsSync(MANIFEST)) return null;
  const { mtimeMs } = statSync(MANIFEST); // a rebuild while the server runs is picked up
  if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, ManifestChunk> };
  return cached.manifest;
}

/** `<script>` and `<link>` tags that load a client entry, or "" when it has not been built. */
export function clientEntryTags(entryName: string = STOREFRONT_ENTRY): string {
  const entry = readManifest()?.[entryName];
  return entry
    ? [...(entry.css ?? []).map((href) => `<link rel="stylesheet" href="/${href}">`), `<script type="module" src="/${entry.file}"></script>`].join("\n")
    : "";
}
