// npm start: check the configuration, migrate the database (creating the SQLite file on first run),
// build the storefront (relay-compiler, then vite), then run the server in this same process, so
// signals reach it directly.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { readConfigOrExit } from "../server/config.ts";
import { projectRoot } from "../server/db/urls.ts";
import { migrateDatabase } from "./migrate.ts";

// A bad variable stops here, with one line, before anything is migrated or built.
const config = readConfigOrExit();
migrateDatabase({ ...process.env, DATABASE_URL: config.databaseUrl });
if (!config.skipClientBuild) {
  execFileSync(join(projectRoot, "node_modules/.bin/relay-compiler"), [], { cwd: projectRoot, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(process.execPath, [join(projectRoot, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: projectRoot, stdio: "inherit" });
}
await import("../server/main.ts");
