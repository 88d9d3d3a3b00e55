// GraphiQL from the installed package, working offline. Yoga's own page loads its script, styles and
// editor workers from a CDN; @graphql-yoga/render-graphiql ships the same bundle (Yoga's GraphiQL,
// the same version as graphql-yoga) as strings. Its renderGraphiQL would inline all 9 MB into every
// page; we serve each part once as a same-origin file under /graphiql/ (cached by the browser) and a
// page that names only those. No inline script either, so a strict CSP would not stop it. Development
// only: production turns GraphiQL off (graphql.ts), and these files with it (app.ts).
import type { ServerResponse } from "node:http";
import type { GraphiQLOptions } from "graphql-yoga";

export const GRAPHIQL_ASSETS_PATH = "/graphiql/";

type Bundle = typeof import("@graphql-yoga/render-graphiql/graphiql");

// Loaded on first use: 9 MB of strings that production never needs.
let bundle: Promise<Bundle> | null = null;
const loadBundle = (): Promise<Bundle> => (bundle ??= import("@graphql-yoga/render-graphiql/graphiql"));

const JS = "text/javascript; charset=utf-8";

/** The start script: Monaco's workers from our files, then Yoga's GraphiQL with the page's options. */
const START_SCRIPT = `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (moduleId, label) {
    return "${GRAPHIQL_ASSETS_PATH}" + ({ json: "json.worker.js", graphql: "graphql.worker.js" }[label] || "editor.worker.js");
  },
};
YogaGraphiQL.renderYogaGraphiQL(document.getElementById("root"), JSON.parse(document.getElementById("graphiql-options").textContent));
`;

const ASSETS: Record<string, { type: string; body: (bundle: Bundle) => string | Buffer }> = {
  "graphiql.js": { type: JS, body: (b) => b.js },
  "graphiql.css": { type: "text/css; charset=utf-8", body: (b) => b.css },
  "editor.worker.js": { type: JS, body: (b) => b.editorWorkerService },
  "json.worker.js": { type: JS, body: (b) => b.jsonWorker },
  "graphql.worker.js": { type: JS, body: (b) => b.graphqlWorker },
  "favicon.ico": { type: "image/x-icon", body: (b) => Buffer.from(b.favicon.slice(b.favicon.indexOf(",") + 1), "base64") },
  "start.js": { type: JS, body: () => START_SCRIPT },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Yoga's `renderGraphiQL`: the page, naming only files this server serves. */
export function renderOfflineGraphiQL(options: GraphiQLOptions): string {
  // JSON inside a script element: "<" escaped so that no value can close the element.
  const json = JSON.stringify(options ?? {}).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(options?.title ?? "GraphiQL")}</title>
    <link rel="icon" href="${GRAPHIQL_ASSETS_PATH}favicon.ico" />
    <link rel="stylesheet" href="${GRAPHIQL_ASSETS_PATH}graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run GraphiQL.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${json}</script>
    <script src="${GRAPHIQL_ASSETS_PATH}graphiql.js"></script>
    <script src="${GRAPHIQL_ASSETS_PATH}start.js"></script>
  </body>
</html>
`;
}

/** Answers a GET or HEAD of one of GraphiQL's files; false when the path names none. */
export async function serveGraphiQLAsset(method: string | undefined, path: string, response: ServerResponse): Promise<boolean> {
  if (!path.startsWith(GRAPHIQL_ASSETS_PATH) || (method !== "GET" && method !== "HEAD")) return false;
  const asset = Object.hasOwn(ASSETS, path.slice(GRAPHIQL_ASSETS_PATH.length)) ? ASSETS[path.slice(GRAPHIQL_ASSETS_PATH.length)] : null;
  if (!asset) return false;
  const body = asset.body(await loadBundle());
  response.writeHead(200, {
    "content-type": asset.type,
    "content-length": Buffer.byteLength(body),
    // The files change only with the installed package; a development browser may keep them an hour.
    "cache-control": "public, max-age=3600",
    "x-content-type-options": "nosniff",
  });
  response.end(method === "HEAD" ? undefined : body);
  return true;
}
