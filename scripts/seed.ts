// npm run seed: migrate, then reset the site to the demo store of shared/spec/demo-store.md.
import { seedDemoStore } from "../prisma/seed.ts";
import { readConfig } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { migrateDatabase } from "./migrate.ts";

migrateDatabase();
const config = readConfig();
const db = await createDb(config.databaseUrl);
await seedDemoStore(db, config.websiteId);
await db.$disconnect();
console.log(`Reset ${config.websiteId} to the demo store.`);
