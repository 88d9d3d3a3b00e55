// npm start: migrate the database (creating the SQLite file on first run), build the storefront
// (relay-compiler, then vite), then
// run the server in this same process, so signals reach it directly.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../server/db/urls.ts";
import { migrateDatabase } from "./migrate.ts";

migrateDatabase();
if (process.env.SITECART_SKIP_CLIENT_BUILD !== "1") {
  execFileSync(join(projectRoot, "node_modules/.bin/relay-compiler"), [], { cwd: projectRoot, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(process.execPath, [join(projectRoot, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { cwd: projectRoot, stdio: "inherit" });
}
await import("../server/main.ts");
