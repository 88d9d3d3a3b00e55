// ESLint (typescript-eslint's recommended rules) over the server, client, scripts and tests.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "client/__generated__/", "server/generated/", "prisma/postgres/", "dist/", ".swc/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // One data-access rule: SQL we write is a Kysely statement (server/db/sql.ts); raw SQL lives only in
    // server/db/. Tests may still inspect the database with it.
    files: ["server/**", "scripts/**"],
    ignores: ["server/db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^\\$(queryRaw|queryRawUnsafe|queryRawTyped|executeRaw|executeRawUnsafe)$/]",
          message: "Raw SQL only in server/db/: write a Kysely statement (sql(db) from server/db/sql.ts), or a server/db module.",
        },
        {
          selector: "Property[key.name=/^\\$(queryRaw|queryRawUnsafe|queryRawTyped|executeRaw|executeRawUnsafe)$/]",
          message: "Raw SQL only in server/db/: write a Kysely statement (sql(db) from server/db/sql.ts), or a server/db module.",
        },
      ],
    },
  },
  {
    // Tests poke at untyped JSON answers; `any` there reads better than casts at every step.
    files: ["test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly", __dirname: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
