// Stripe's own example API objects (shared/data/stripe/fixtures3.json, from stripe/openapi, MIT): the
// stand-in answers with their shapes. `fixture(type)` is a fresh copy of the example object of that type;
// the caller then sets every field the request or the object's state decides (ids, amounts, status...),
// and resets the example values that would otherwise claim something that did not happen.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { projectRoot } from "../../../server/db/urls.ts";

/**
 * The data lives beside the project (shared/), never copied into it (shared/data/stripe/README.md);
 * STRIPE_FIXTURES names the file when the checkout is somewhere else.
 */
export const FIXTURES_PATH = process.env.STRIPE_FIXTURES ?? join(projectRoot, "..", "shared", "data", "stripe", "fixtures3.json");

export type StripeObject = Record<string, any>;

let resources: Record<string, StripeObject> | null = null;

function loadResources(): Record<string, StripeObject> {
  if (resources) return resources;
  if (!existsSync(FIXTURES_PATH)) throw new Error(`Stripe stand-in: Stripe's fixtures are missing at ${FIXTURES_PATH} (shared/data/stripe/fixtures3.json)`);
  resources = (JSON.parse(readFileSync(FIXTURES_PATH, "utf8")) as { resources: Record<string, StripeObject> }).resources;
  return resources;
}

/** A fresh copy of Stripe's example object of this type (`payment_intent`, `charge`, `refund`...). */
export function fixture(type: string): StripeObject {
  const example = loadResources()[type];
  if (!example) throw new Error(`Stripe stand-in: no fixture for the object type ${type}`);
  return structuredClone(example);
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random letters and digits, as in Stripe's ids (`pi_3Mtw...`) and secrets. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = "";
  for (const byte of bytes) token += BASE62[byte % BASE62.length];
  return token;
}

/** An id with Stripe's prefix for the object type: `pi_`, `ch_`, `re_`, `evt_`... */
export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

/** Seconds since the epoch, as Stripe's `created` fields. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
