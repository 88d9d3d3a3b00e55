// The services of one site, wired to one database and one event bus.
import type { Db } from "../db/client.ts";
import type { StorePubSub } from "../realtime/pubsub.ts";
import { CartWriter } from "./cart-transaction.ts";
import { CartViewCache } from "./cart-view-cache.ts";
import { CartService } from "./cart.ts";
import { CatalogService } from "./catalog.ts";
import { CheckoutService } from "./checkout.ts";
import { ProductDefinitions } from "./product-definitions.ts";
import { StoreSettingsService } from "./store-settings.ts";

export interface Services {
  /** Stops following store events. */
  stop(): void;
  db: Db;
  websiteId: string;
  settings: StoreSettingsService;
  catalog: CatalogService;
  carts: CartService;
  checkout: CheckoutService;
}

export function createServices({ db, pubsub, websiteId }: { db: Db; pubsub: StorePubSub; websiteId: string }): Services {
  const settings = new StoreSettingsService(db, websiteId);
  settings.follow(pubsub);
  const definitions = new ProductDefinitions(db);
  definitions.follow(pubsub);
  const viewCache = new CartViewCache();
  viewCache.follow(pubsub);
  const writer = new CartWriter(db, settings, pubsub, viewCache);
  return {
    stop: () => {
      settings.stop();
      definitions.stop();
      viewCache.stop();
    },
    db,
    websiteId,
    settings,
    catalog: new CatalogService(db, websiteId),
    carts: new CartService(db, settings, definitions, writer, viewCache),
    checkout: new CheckoutService(db, settings, definitions, writer, pubsub),
  };
}
