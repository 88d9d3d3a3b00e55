// npm start: check the configuration, check the database can be reached, migrate when a migration is
// pending, build what is stale (scripts/build.ts: nothing, when nothing changed), then run the server
// in this same process, so signals reach it directly. Each failure is one line and exit code 1.
import { readConfigOrExit } from "../server/config.ts";
import { pendingMigrations } from "../server/db/migrations.ts";
import { databaseProblem, isSqliteFileHeld } from "../server/db/preflight.ts";
import { isPostgresUrl } from "../server/db/urls.ts";
import { BuildNeededError, ensureBuilt } from "./build.ts";
import { migrateDatabase } from "./migrate.ts";

const fail = (line: string): never => {
  console.error(line);
  process.exit(1);
};

// A bad variable stops here, with one line, before anything is migrated or built.
const config = readConfigOrExit();
const url = config.databaseUrl;
const problem = await databaseProblem(url);
if (problem) fail(problem);
if ((await pendingMigrations(url)).length > 0) {
  if (!isPostgresUrl(url) && isSqliteFileHeld(url)) {
    fail(`Database: ${url.replace(/^file:/, "")} is held by another process (another Sitecart server?): stop it, or set DATABASE_URL to another file.`);
  }
  migrateDatabase({ ...process.env, DATABASE_URL: url });
}
try {
  ensureBuilt({ client: !config.skipClientBuild });
} catch (error) {
  if (error instanceof BuildNeededError) fail(error.message);
  throw error;
}
await import("../server/main.ts");
