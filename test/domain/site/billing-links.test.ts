// The upgrade links of platform-support §2: a trial's upgrade goes to the billing upgrade path, any
// other plan's to the website subscriptions path; {site} stands for the site; what an operator may set.
import {
  BILLING_PATHS,
  billingContactHref,
  DEFAULT_BILLING_LINKS,
  isBillingContact,
  isBillingLink,
  upgradeLink,
} from "../../../server/domain/site/billing-links.ts";
import { SITE_STATUS } from "../../../server/domain/site/site-status.ts";

const site = (status: number, slug: string | null = "shop") => ({ id: "site-1", slug, status });

it("sends a trial to the billing upgrade path and every other status to the website subscriptions path", () => {
  expect(upgradeLink(DEFAULT_BILLING_LINKS, site(SITE_STATUS.trial))).toBe("/config/settings/billing/upgrade");
  for (const status of [SITE_STATUS.expired, SITE_STATUS.pastDue, SITE_STATUS.paid, SITE_STATUS.comped, SITE_STATUS.internal, SITE_STATUS.beta, 9]) {
    expect(upgradeLink(DEFAULT_BILLING_LINKS, site(status))).toBe("/config/settings/billing/subscriptions");
  }
  expect(Object.values(BILLING_PATHS)).toEqual(["/config/settings/billing/upgrade", "/config/settings/billing/subscriptions"]);
});

it("puts the site's slug, else its id, where {site} stands (escaped)", () => {
  const links = { upgradeUrl: "https://billing.example/{site}/upgrade", subscriptionsUrl: "https://billing.example/plans?site={site}", contact: null };
  expect(upgradeLink(links, site(SITE_STATUS.trial))).toBe("https://billing.example/shop/upgrade");
  expect(upgradeLink(links, site(SITE_STATUS.pastDue, null))).toBe("https://billing.example/plans?site=site-1");
  expect(upgradeLink(links, { id: "a b/c", slug: null, status: SITE_STATUS.paid })).toBe("https://billing.example/plans?site=a%20b%2Fc");
});

it.each([
  ["/config/settings/billing/upgrade", true],
  ["/billing/{site}", true],
  ["https://billing.example/{site}/upgrade", true],
  ["http://billing.example", true],
  ["//evil.example/upgrade", false],
  ["javascript:alert(1)", false],
  ["billing/upgrade", false],
  ["https://", false],
  ["/with space", false],
])("a billing link %p is %p", (text, valid) => {
  expect(isBillingLink(text)).toBe(valid);
});

it("takes an email address or an http(s) URL as the operator's contact, an email as a mailto: link", () => {
  expect(isBillingContact("billing@host.com")).toBe(true);
  expect(isBillingContact("https://host.example/support")).toBe(true);
  expect(isBillingContact("call us")).toBe(false);
  expect(billingContactHref("billing@host.com")).toBe("mailto:billing@host.com");
  expect(billingContactHref("https://host.example/support")).toBe("https://host.example/support");
});
