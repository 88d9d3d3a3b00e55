// Reads the configuration, opens the database, loads the demo store on first run, and listens.
import type { AddressInfo } from "node:net";
import { DEMO_SIGN_INS, ensureDemoStore } from "../prisma/seed.ts";
import { createApp } from "./app.ts";
import { readConfigOrExit } from "./config.ts";
import { createDb } from "./db/client.ts";
import { providerOf } from "./db/urls.ts";
import { createRealtimeBus } from "./realtime/pubsub.ts";

const config = readConfigOrExit();
const db = await createDb(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
if (await ensureDemoStore(db, config.websiteId)) console.log("Loaded the demo store.");
const bus = createRealtimeBus(config.redisUrl);
const app = createApp({ db, pubsub: bus.pubsub, config });

app.server.listen(config.port, () => {
  app.jobs.start();
  const { port } = app.server.address() as AddressInfo;
  const base = `http://localhost:${port}`;
  console.log(`Sitecart is serving on ${base} (${providerOf(config.databaseUrl)}${config.redisUrl ? ", events through Redis" : ""})`);
  console.log(`GraphQL: ${base}/graphql`);
  if (!config.redisUrl && providerOf(config.databaseUrl) === "postgresql") {
    console.log("Running several server processes? Set REDIS_URL so they share cart events and cache invalidations.");
  }
  console.log("Demo sign-ins:");
  for (const signIn of DEMO_SIGN_INS) console.log(`  ${signIn.label.padEnd(14)} ${signIn.email} / ${signIn.password}`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await app.close();
  await bus.close();
  await db.$disconnect();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
