/* global process */
// @swc/jest compiles TypeScript and rewrites import.meta.url, which the ESM Prisma client needs under
// jest's CommonJS runtime (docs/toolchain.md §5).
const swc = (extraJsc = {}) => [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
      ...extraJsc,
    },
    module: { type: "commonjs" },
  },
];

const relay = (eagerEsModules) => [
  "@swc/plugin-relay",
  { rootDir: process.cwd(), artifactDirectory: "client/__generated__", language: "typescript", eagerEsModules },
];

// intl-messageformat and its @formatjs parts ship ES modules only: compiled like our sources.
// @react-email/render's `render` loads react-dom/server with import(), which jest's CommonJS runtime
// refuses: compiled, the import() becomes a require (its build is .cjs, hence the .cjs transform).
const transformIgnorePatterns = ["/node_modules/(?!(intl-messageformat|@formatjs|@react-email/render)/)"];

// The run's SQLite database templates (test/support/database-templates.ts): built once, copied per test file.
const databaseTemplates = {
  globalSetup: "<rootDir>/test/support/database-templates.ts",
  globalTeardown: "<rootDir>/test/support/database-templates-teardown.ts",
};

const server = {
  ...databaseTemplates,
  testEnvironment: "node",
  transformIgnorePatterns,
  transform: { "^.+\\.(t|j)sx?$": swc(), "^.+\\.cjs$": swc() },
  moduleNameMapper: { "^@prisma/client/runtime/(.*)\\.mjs$": "@prisma/client/runtime/$1.js" },
};

// Three projects: the server (node), the client (jsdom), and `process`: the tests that spawn processes
// (`*.process.test.ts`: a real server, the template CLI). They do not depend on which database the
// run uses, so CI runs them once, on SQLite, and skips them on PostgreSQL with
// `npm test -- --ignoreProjects process`.
export default {
  // Starting a store (migrated database, server, sign-in) in a beforeAll takes 1–3 s on PostgreSQL and
  // more under CI's load on two cores: jest's 5 s default failed whole files there. A hung test still
  // fails, after 30 s. (Global: jest reads no testTimeout from a project.)
  testTimeout: 30_000,
  projects: [
    {
      ...server,
      displayName: "server",
      testMatch: ["<rootDir>/test/**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/client/", "<rootDir>/test/e2e/", "\\.process\\.test\\.ts$"],
    },
    {
      ...server,
      displayName: "process",
      testMatch: ["<rootDir>/test/**/*.process.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/e2e/"],
    },
    {
      displayName: "client",
      testEnvironment: "jsdom",
      transformIgnorePatterns,
      testMatch: ["<rootDir>/test/client/**/*.test.tsx"],
      transform: { "^.+\\.(t|j)sx?$": swc({ experimental: { plugins: [relay(false)] } }) },
      moduleNameMapper: { "^react-relay$": "react-relay/hooks", "\\.css$": "<rootDir>/test/client/support/style.cjs" },
    },
  ],
};
