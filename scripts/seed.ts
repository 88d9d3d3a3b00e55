// npm run seed: migrate, then reset the site to the demo store of shared/spec/demo-store.md.
import { seedDemoStore } from "../prisma/seed.ts";
import { readConfigOrExit } from "../server/config.ts";
import { createDb } from "../server/db/client.ts";
import { createRealtimeBus } from "../server/realtime/pubsub.ts";
import { migrateDatabase } from "./migrate.ts";

const config = readConfigOrExit();
migrateDatabase({ ...process.env, DATABASE_URL: config.databaseUrl });
const db = await createDb(config.databaseUrl);
await seedDemoStore(db, config.websiteId);
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
