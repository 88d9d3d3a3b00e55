// Builds the Relay storefront (client/storefront/main.tsx) and the owner's admin (client/admin/main.tsx) into dist/client with a manifest; the server renders
// each page's document and loads the entry through server/pages/client-assets.ts. `graphql` tags are
// compiled away by @swc/plugin-relay (pinned with @swc/core, docs/toolchain.md §4).
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react-swc";
import { defineConfig } from "vite";

const root = dirname(fileURLToPath(import.meta.url));
const api = `http://127.0.0.1:${process.env.API_PORT ?? 4000}`;

export default defineConfig({
  root,
  publicDir: "client/public",
  plugins: [
    react({
      plugins: [["@swc/plugin-relay", { rootDir: root, artifactDirectory: "client/__generated__", language: "typescript", eagerEsModules: true }]],
    }),
  ],
  // react-relay's main entry also carries the legacy container APIs (CommonJS, so never tree-shaken);
  // the client uses hooks only.
  resolve: { alias: [{ find: /^react-relay$/, replacement: "react-relay/hooks" }] },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    // Two entries: the storefront and the owner's admin (/config), so shoppers never load admin code.
    rollupOptions: { input: ["client/storefront/main.tsx", "client/admin/main.tsx"] },
  },
  server: { proxy: { "/graphql": { target: api, ws: true }, "/api": api } },
});
