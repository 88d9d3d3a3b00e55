// The Relay storefront's built entry (Vite manifest), for the documents the server renders: the app
// mounts into #app. Until `vite build` has run there is nothing to load and pages stay server-rendered.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../db/urls.ts";

export const CLIENT_BUILD_DIR = join(projectRoot, "dist", "client");
const MANIFEST = join(CLIENT_BUILD_DIR, ".vite", "manifest.json");
const ENTRY = "client/main.tsx";

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

let cached: { mtimeMs: number; tags: string } | null = null;

/** `<script>` and `<link>` tags that load the client, or "" when it has not been built. */
export function clientEntryTags(): string {
  if (!existsSync(MANIFEST)) return "";
  const { mtimeMs } = statSync(MANIFEST); // a rebuild while the server runs is picked up
  if (cached && cached.mtimeMs === mtimeMs) return cached.tags;
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  const tags = entry
    ? [...(entry.css ?? []).map((href) => `<link rel="stylesheet" href="/${href}">`), `<script type="module" src="/${entry.file}"></script>`].join("\n")
    : "";
  cached = { mtimeMs, tags };
  return tags;
}
