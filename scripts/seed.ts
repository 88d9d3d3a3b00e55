// npm run seed [-- --force]: migrate, then reset the site to the demo store of shared/spec/demo-store.md.
// A site with orders or contributors of its own (not the demo's accounts) is refused, one line and exit
// code 1, unless --force (prisma/seed.ts seedRefusal).
import { parseArgs } from "node:util";
import { seedDemoStore, seedRefusal } from "../prisma/seed.ts";
import { readConfigOrExit } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { pendingMigrations } from "../server/db/migrations.ts";
import { createRealtimeBus } from "../server/realtime/pubsub.ts";
import { migrateDatabase } from "./migrate.ts";

const { values } = (() => {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { force: { type: "boolean" } }, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: npm run seed [-- --force]`);
    return process.exit(2);
  }
})();

const config = readConfigOrExit();
// Migrated only when a migration is pending, as npm start does.
if ((await pendingMigrations(config.databaseUrl)).length > 0) migrateDatabase({ ...process.env, DATABASE_URL: config.databaseUrl });
const db = await createDb(config.databaseUrl);
const refusal = values.force ? null : await seedRefusal(db, config.websiteId);
if (refusal) {
  console.error(refusal);
  await db.$disconnect();
  process.exit(1);
}
// Outside production, the demo's sign-ins have the passwords the README prints; in production nobody is told theirs.
await seedDemoStore(db, config.websiteId, { knownPasswords: !config.production });
await db.$disconnect();
console.log(`Reset ${config.websiteId} to the demo store.`);

if (config.redisUrl) {
  // Running servers follow these events and drop what they cached of the old store.
  const bus = createRealtimeBus(config.redisUrl);
  bus.pubsub.publish("catalogChanged", { productIds: null });
  bus.pubsub.publish("settingsChanged", { websiteId: config.websiteId });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await bus.close();
} else {
  console.log("A server that is already running keeps what it cached of the old store: restart it.");
}
