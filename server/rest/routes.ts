// The REST route table (spec §7 and platform-support §7): every documented path, in one place.
import { analyticsRoutes } from "./analytics.ts";
import { commerceRoutes } from "./cart.ts";
import { exportRoutes } from "./exports.ts";
import { formRoutes } from "./forms.ts";
import { siteUserRoutes } from "./members.ts";
import { productImageRoutes } from "./product-images.ts";
import { digitalFileRoutes } from "./digital-files.ts";
import { restockRoutes } from "./restock.ts";
import type { Route } from "./route.ts";
import { siteRoutes } from "./site.ts";
import { storeRoutes } from "./store.ts";

export const restRoutes: readonly Route[] = [
  ...commerceRoutes,
  ...formRoutes,
  ...siteUserRoutes,
  ...restockRoutes,
  ...siteRoutes,
  ...storeRoutes,
  ...productImageRoutes,
  ...digitalFileRoutes,
  ...exportRoutes,
  ...analyticsRoutes,
];
