/* global process */
// Two projects: the server (node) and the client (jsdom). @swc/jest compiles TypeScript and rewrites
// import.meta.url, which the ESM Prisma client needs under jest's CommonJS runtime (toolchain.md item 5).
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

export default {
  projects: [
    {
      displayName: "server",
      testEnvironment: "node",
      testMatch: ["<rootDir>/test/**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", "<rootDir>/test/client/", "<rootDir>/test/e2e/"],
      transform: { "^.+\\.(t|j)sx?$": swc() },
      moduleNameMapper: { "^@prisma/client/runtime/(.*)\\.mjs$": "@prisma/client/runtime/$1.js" },
    },
    {
      displayName: "client",
      testEnvironment: "jsdom",
      testMatch: ["<rootDir>/test/client/**/*.test.tsx"],
      transform: { "^.+\\.(t|j)sx?$": swc({ experimental: { plugins: [relay(false)] } }) },
      moduleNameMapper: { "^react-relay$": "react-relay/hooks", "\\.css$": "<rootDir>/test/client/support/style.cjs" },
    },
  ],
};
