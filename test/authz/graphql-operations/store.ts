// The owner operations over GraphQL: store settings, commerce preferences, store creation, marketing
// hooks (issue 10 §2, item 7). Each with the permission docs/permissions.md gives it and the state it
// would change.
import { DEMO_WEBSITE_ID } from "../../../server/config.ts";
import { collections, graphql, next, type Operation, owner, preferences, store } from "../owner-operations-setup.ts";
import { subscriptionOutcome } from "./subscription-outcomes.ts";

/** The store settings row's commerce fields, and the zones in order (what the store-settings operations change). */
const storeSettingsRow = () =>
  store.db.website.findUniqueOrThrow({ where: { id: DEMO_WEBSITE_ID }, select: { currency: true, checkoutMinimumSubtotal: true, expressCheckout: true } });
const zones = () => store.db.shippingZone.findMany({ where: { websiteId: DEMO_WEBSITE_ID }, orderBy: [{ position: "asc" }, { id: "asc" }] });

export const storeOperations: Operation[] = [
  { name: "query marketingSettings", permission: "site.settings", run: (c) => graphql(c, "{ marketingSettings { pixelId feedXmlUrl } }") },
  {
    name: "mutation setPixelId",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { setPixelId(input: { pixelId: "${100000 + next()}" }) { __typename } }`),
    probe: () => store.db.marketingSettings.findMany(),
  },
  {
    name: "mutation regenerateFeedToken",
    permission: "site.settings",
    run: (c) => graphql(c, "mutation { regenerateFeedToken(input: { confirm: true }) { __typename } }"),
    probe: () => store.db.marketingSettings.findMany(),
  },
  { name: "query commercePreferences", permission: "commerce.read", run: (c) => graphql(c, '{ commercePreferences(namespace: "authz") { __typename } }') },
  {
    name: "mutation updateCommercePreferences",
    permission: "commerce.write",
    run: (c) => graphql(c, `mutation { updateCommercePreferences(input: { namespace: "authz", preferences: { n: ${next()} } }) { __typename } }`),
    probe: preferences,
  },
  {
    name: "mutation createStore",
    permission: "store.create",
    run: (c) => graphql(c, 'mutation { createStore(input: { title: "Authz Store" }) { __typename } }'),
    probe: collections,
  },
  {
    name: "query ownerStoreSettings",
    permission: "commerce.read",
    run: (c) => graphql(c, "{ ownerStoreSettings { currency coupons { code } shippingZones { name } } }"),
  },
  {
    name: "mutation updateStoreSettings",
    permission: "commerce.write",
    run: (c) =>
      graphql(
        c,
        `mutation { updateStoreSettings(input: { currency: "USD", checkoutMinimum: ${next()}, expressCheckout: false, multipleQuantityAllowedForServices: true,
          payLaterEnabled: true, payLaterMinimum: 3500, payLaterMaximum: 200000, payLaterAccountCountry: "US" }) { __typename } }`,
      ),
    probe: storeSettingsRow,
  },
  {
    name: "mutation saveShippingZone",
    permission: "commerce.write",
    run: (c) => graphql(c, `mutation { saveShippingZone(input: { name: "Z${next()}", kind: COUNTRIES, codes: ["CA"], options: [] }) { __typename } }`),
    probe: zones,
  },
  {
    name: "mutation deleteShippingZone",
    permission: "commerce.write",
    run: async (c) => {
      const zone = await store.db.shippingZone.create({ data: { websiteId: DEMO_WEBSITE_ID, name: `Doomed ${next()}`, kind: "REST_OF_WORLD", position: 99 } });
      return graphql(c, `mutation { deleteShippingZone(input: { zoneId: ${zone.id} }) { __typename } }`);
    },
    probe: async () => (await zones()).filter((zone) => !zone.name.startsWith("Doomed")),
  },
  {
    name: "mutation reorderShippingZones",
    permission: "commerce.write",
    run: async (c) => graphql(c, `mutation { reorderShippingZones(input: { zoneIds: [${(await zones()).map((zone) => zone.id).reverse()}] }) { __typename } }`),
    probe: zones,
  },
  {
    name: "mutation saveTaxRule",
    permission: "commerce.write",
    run: (c) => graphql(c, `mutation { saveTaxRule(input: { name: "T${next()}", country: "CA", rateMillipercent: 5000 }) { __typename } }`),
    probe: () => store.db.taxRule.findMany({ orderBy: { id: "asc" } }),
  },
  {
    name: "mutation deleteTaxRule",
    permission: "commerce.write",
    run: async (c) => {
      const rule = await store.db.taxRule.create({ data: { websiteId: DEMO_WEBSITE_ID, name: `Doomed ${next()}`, country: "CA", rateMillipercent: 1 } });
      return graphql(c, `mutation { deleteTaxRule(input: { taxRuleId: ${rule.id} }) { __typename } }`);
    },
    probe: () => store.db.taxRule.findMany({ where: { NOT: { name: { startsWith: "Doomed" } } }, orderBy: { id: "asc" } }),
  },
  {
    name: "mutation saveCoupon",
    permission: "commerce.write",
    run: (c) =>
      graphql(c, `mutation { saveCoupon(input: { code: "AUTHZ${next()}", kind: PERCENT, percentOffMillipercent: 5000, active: true }) { __typename } }`),
    probe: () => store.db.coupon.findMany({ orderBy: { id: "asc" } }),
  },
  {
    name: "mutation deleteCoupon",
    permission: "commerce.write",
    run: async (c) => {
      const coupon = await store.db.coupon.create({ data: { websiteId: DEMO_WEBSITE_ID, code: `DOOMED${next()}`, kind: "AMOUNT", amountOff: 1 } });
      return graphql(c, `mutation { deleteCoupon(input: { couponId: ${coupon.id} }) { __typename } }`);
    },
    probe: () => store.db.coupon.findMany({ where: { NOT: { code: { startsWith: "DOOMED" } } }, orderBy: { id: "asc" } }),
  },
  {
    name: "subscription commercePreferencesChanged",
    permission: "commerce.read",
    run: (c) =>
      subscriptionOutcome(c, "commercePreferencesChanged", 'subscription { commercePreferencesChanged(namespace: "live") { version } }', () =>
        owner.graphql(`mutation { updateCommercePreferences(input: { namespace: "live", preferences: { n: ${next()} } }) { __typename } }`),
      ),
  },
];
