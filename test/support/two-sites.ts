// Two sites in one database, one process (issue 21): site A is the demo store, site B a second copy
// of it under another id (same products, forms, coupon codes and sign-ins), each with its own
// createServices on the same database and the same event bus, as one process serving both would.
// The isolation tests (test/services/isolation/) make a handle on A and hand it to B's services.
import { DEMO_SIGN_INS, seedDemoStore } from "../../prisma/seed.ts";
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { Db } from "../../server/db/client.ts";
import { createRealtimeBus, type RealtimeBus } from "../../server/realtime/pubsub.ts";
import { createServices, type ServiceOptions, type Services } from "../../server/services/index.ts";
import type { Visitor } from "../../server/services/cart/cart-transaction.ts";
import { signSiteUserInfo } from "../../server/services/members/site-user-info.ts";
import { newSecret } from "../../server/services/support/ids.ts";
import { createTestDb } from "./db.ts";

export const SITE_A = DEMO_WEBSITE_ID;
export const SITE_B = "sitecart-second-site";

export interface TwoSites {
  db: Db;
  bus: RealtimeBus;
  a: Services;
  b: Services;
  close(): Promise<void>;
}

export async function createTwoSites(options: ServiceOptions = {}): Promise<TwoSites> {
  const { db, close } = await createTestDb({ demoStore: true });
  await seedDemoStore(db, SITE_B);
  const bus = createRealtimeBus(null);
  const a = createServices({ db, pubsub: bus.pubsub, websiteId: SITE_A, options });
  const b = createServices({ db, pubsub: bus.pubsub, websiteId: SITE_B, options });
  return {
    db,
    bus,
    a,
    b,
    async close() {
      a.stop();
      b.stop();
      await bus.close();
      await close();
    },
  };
}

/** A visitor with a fresh crumb and no cart yet. */
export const newVisitor = (): Visitor => ({ cartToken: null, crumb: newSecret() });

/** The seeded owner (admin), signed in on both sites with the same address and password. */
export const OWNER = { email: DEMO_SIGN_INS[0].email, password: DEMO_SIGN_INS[0].password };

/** What a browser presents after signing in on `services`' site: the cookie, the signed info and the xsrf token. */
export async function signedIn(services: Services, who: { email: string; password: string }) {
  const result = await services.sessions.signIn({ cartToken: null, crumb: null }, who);
  const credentials = {
    token: result.session.token,
    info: signSiteUserInfo({ authenticated: true, siteUserId: result.session.siteUserId }, result.session.token),
    xsrfToken: result.xsrfToken,
  };
  return { result, credentials };
}

/** The variant a test buys or edits: the demo store's mug (limited stock), looked up on one site. */
export async function mugOf(db: Db, websiteId: string) {
  return db.variant.findFirstOrThrow({ where: { sku: "MUG-1", product: { websiteId } }, select: { id: true, productId: true, qtyInStock: true } });
}

/** The last email of a kind written to a site's outbox (where tokens travel). */
export async function lastEmail(db: Db, websiteId: string, kind: string) {
  return db.outboxEmail.findFirstOrThrow({ where: { websiteId, kind }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

/** The `token=` of the first link in an email's body. */
export function tokenIn(body: string): string {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match) throw new Error(`No token in: ${body}`);
  return decodeURIComponent(match[1]);
}

/** What a call answered, or how it failed (its error's class, code and message): two refusals compare equal. */
export async function outcome(run: () => Promise<unknown>): Promise<{ value: unknown } | { error: { name: string; code: unknown; message: string } }> {
  try {
    return { value: await run() };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { error: { name: error.name, code: (error as { code?: unknown }).code, message: error.message } };
  }
}
