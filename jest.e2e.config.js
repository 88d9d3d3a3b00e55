// Browser tests (npm run test:e2e): Debian's Chromium against a real `npm start`. Kept out of
// `npm test`, which must run on a fresh machine without a browser; .ci/run installs Chromium and
// runs both.
export default {
  displayName: "e2e",
  testEnvironment: "node",
  testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
  testTimeout: 90_000,
  maxWorkers: 1,
  transform: {
    "^.+\\.(t|j)sx?$": ["@swc/jest", { jsc: { parser: { syntax: "typescript", tsx: true }, target: "es2022" }, module: { type: "commonjs" } }],
  },
  moduleNameMapper: { "^@prisma/client/runtime/(.*)\\.mjs$": "@prisma/client/runtime/$1.js" },
};
