// Applies committed migrations with `prisma migrate deploy` (which records them), on the database of
// DATABASE_URL or the embedded SQLite file (created on first run).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot, resolveDatabaseUrl } from "../server/db/urls.ts";

export function migrateDatabase(env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(join(projectRoot, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: projectRoot,
    env: { ...env, DATABASE_URL: resolveDatabaseUrl(env) },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
