// Prisma CLI configuration. The CLI does not read .env when this file exists; DATABASE_URL picks the
// schema (and with it the migrations folder) and the driver adapter, as the server does.
import { defineConfig } from "prisma/config";
import { createMigrationAdapterFactory } from "./server/db/adapters.ts";
import { isPostgresUrl, resolveDatabaseUrl } from "./server/db/urls.ts";

const url = resolveDatabaseUrl();

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: isPostgresUrl(url) ? "prisma/postgres/schema.prisma" : "prisma/schema.prisma",
  adapter: async () => createMigrationAdapterFactory(url),
});
