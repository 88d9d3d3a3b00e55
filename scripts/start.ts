// npm start: migrate the database (creating the SQLite file on first run), then run the server in
// this same process, so signals reach it directly.
import { migrateDatabase } from "./migrate.ts";

migrateDatabase();
await import("../server/main.ts");
