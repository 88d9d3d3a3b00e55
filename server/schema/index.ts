// The GraphQL schema: importing each module registers its types on the builder.
import { builder } from "./builder.ts";
import "./errors.ts";
import "./money.ts";
import "./catalog.ts";
import "./cart.ts";
import "./checkout.ts";
import "./checkout-subscriptions.ts";
import "./store.ts";
import "./members.ts";
import "./members-api-keys.ts";
import "./forms.ts";
import "./restock.ts";
import "./mail.ts";
import "./orders.ts";
import "./orders-home.ts";
import "./analytics.ts";
import "./site-owner.ts";
import "./store-owner.ts";
import "./site.ts";
import "./members-owner.ts";
import "./catalog-owner.ts";
import "./catalog-images.ts";
import "./templates.ts";
import "./templates-owner.ts";
import "./storefront.ts";
import "./analytics-settings.ts";

export const schema = builder.toSchema({ sortSchema: true });
