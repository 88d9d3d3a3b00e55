// The services on the demo store, for the service tests: a fresh database holding the demo store, an in-process event bus (no Redis), and createServices on them.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { createRealtimeBus, type RealtimeBus } from "../../server/realtime/pubsub.ts";
import { createServices, type ServiceOptions, type Services } from "../../server/services/index.ts";
import { createTestDb } from "./db.ts";

export interface DemoStoreServices {
  db: Db;
  bus: RealtimeBus;
  services: Services;
  /** Stops the services, closes the bus and drops the database. */
  close(): Promise<void>;
}

export async function createDemoStoreServices(options: ServiceOptions = {}): Promise<DemoStoreServices> {
  const { db, close } = await createTestDb({ demoStore: true });
  const bus = createRealtimeBus(null);
  const services = createServices({ db, pubsub: bus.pubsub, websiteId: DEMO_WEBSITE_ID, options });
  return {
    db,
    bus,
    services,
    async close() {
      services.stop();
      await bus.close();
      await close();
    },
  };
}
