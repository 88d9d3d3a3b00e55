// The GraphQL schema: importing each module registers its types on the builder.
import { builder } from "./builder.ts";
import "./errors.ts";
import "./money.ts";
import "./product.ts";
import "./cart.ts";
import "./order.ts";
import "./store.ts";
import "./viewer.ts";
import "./form.ts";
import "./restock.ts";
import "./owner.ts";
import "./owner-products.ts";
import "./template.ts";
import "./template-owner.ts";

export const schema = builder.toSchema({ sortSchema: true });
