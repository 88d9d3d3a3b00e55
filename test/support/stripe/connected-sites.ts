// Two sites' services (test/support/two-sites.ts) whose site A is connected to a fresh local stand-in
// of Stripe's API (test/support/stripe/, NOT Stripe; the real SDK talks to it): the set-up of the
// payment services' tests.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import { createTwoSiteServices, type TwoSiteServices } from "../two-sites.ts";
import { startStripeStandIn, type StripeStandIn } from "./stand-in.ts";

export interface ConnectedSites {
  standIn: StripeStandIn;
  sites: TwoSiteServices;
  /** An SDK client on the stand-in's account, to act as the shopper's browser and Stripe's dashboard do. */
  stripe: Stripe;
  close(): Promise<void>;
}

/** `secretKey` names the stand-in's account (one per test file keeps their objects apart). */
export async function connectedSites(options: { secretKey: string; webhookSecret: string; now?: () => Date }): Promise<ConnectedSites> {
  const standIn = await startStripeStandIn({ keys: [options.secretKey], webhookSecret: options.webhookSecret });
  const sites = await createTwoSiteServices({
    payments: { encryptionKey: randomBytes(32), stripeApi: standIn.sdkOptions },
    ...(options.now ? { now: options.now } : {}),
  });
  await sites.a.payments.connect({ publishableKey: standIn.publishableKey, secretKey: standIn.secretKey, webhookSecret: options.webhookSecret });
  return {
    standIn,
    sites,
    stripe: standIn.client(),
    close: async () => {
      await sites.close();
      await standIn.close();
    },
  };
}
