// relay-compiler require()s this file; under "type": "module" a default export reaches it as
// { __esModule, default } and it panics, so every option is a named export (docs/toolchain.md §4).
export const src = "./client";
export const schema = "./schema.graphql";
export const language = "typescript";
export const artifactDirectory = "./client/__generated__";
export const eagerEsModules = true;
export const excludes = ["**/node_modules/**", "**/__generated__/**"];
