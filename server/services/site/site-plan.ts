// A site's plan as its shoppers and owners meet it (issue 21): the one refusal of every way to buy
// while the plan is closed, and the plan the admin's banner and plan screen show. The rules are
// domain/site/site-status.ts (what a status allows) and domain/site/billing-links.ts (which link).
import type { Db } from "../../db/client.ts";
import { StoreClosedError } from "../../domain/errors.ts";
import { billingContactHref, DEFAULT_BILLING_LINKS, upgradeLink, type BillingLinks } from "../../domain/site/billing-links.ts";
import { siteAccess, siteStatusName, type SiteNotice, type SitePlan, type SiteStatusName } from "../../domain/site/site-status.ts";

export interface SitePlanFacts extends SitePlan {
  id: string;
  slug: string | null;
}

/**
 * Reads the site's plan now; null when the site does not exist. The app passes the site directory's
 * (cached, dropped on `siteChanged`, read again after its TTL); without one the row is read each time.
 */
export type SitePlanReader = () => Promise<SitePlanFacts | null>;

export interface SitePlanView {
  /** null: a status outside the spec's list (treated as expired). */
  status: SiteStatusName | null;
  notice: SiteNotice | null;
  /** Whether the store takes orders now. */
  checkout: boolean;
  /** The trial upgrade link for a site on a trial, else the plan link (platform-support §2). */
  upgradeUrl: string;
  contact: { text: string; href: string } | null;
}

const planSelect = { id: true, slug: true, status: true, statusChangedAt: true, trialEndsAt: true } as const;

export class SitePlanService {
  readonly #read: SitePlanReader;

  constructor(
    db: Db,
    websiteId: string,
    private readonly links: BillingLinks = DEFAULT_BILLING_LINKS,
    private readonly now: () => Date = () => new Date(),
    read?: SitePlanReader,
  ) {
    this.#read = read ?? (() => db.website.findUnique({ where: { id: websiteId }, select: planSelect }));
  }

  /**
   * Throws StoreClosedError (siteMessages.checkoutClosed) while the plan takes no orders (a site that
   * does not exist takes none). Every way to buy calls it before writing anything: checkout and a
   * subscription checkout (gift cards are bought through checkout).
   */
  async requireCheckoutOpen(): Promise<void> {
    const plan = await this.#read();
    if (!plan || !siteAccess(plan, this.now()).checkout) throw new StoreClosedError();
  }

  /** The plan for the admin; null when the site does not exist. */
  async view(): Promise<SitePlanView | null> {
    const plan = await this.#read();
    if (!plan) return null;
    const access = siteAccess(plan, this.now());
    const contact = this.links.contact;
    return {
      status: siteStatusName(plan.status),
      notice: access.notice,
      checkout: access.checkout,
      upgradeUrl: upgradeLink(this.links, plan),
      contact: contact ? { text: contact, href: billingContactHref(contact) } : null,
    };
  }
}
