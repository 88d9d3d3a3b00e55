// The owner operations over GraphQL (queries, mutations, the subscription), each with the permission
// docs/permissions.md gives it and the state it would change.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import type { StoreEvents } from "../../server/realtime/pubsub.ts";
import type { Caller } from "./principals.ts";
import { subscribe, wsClientFor } from "../support/ws.ts";
import {
  collections,
  currentVersion,
  forms,
  graphql,
  header,
  ids,
  languages,
  merchandising,
  navigations,
  next,
  type Operation,
  type Outcome,
  owner,
  pageLocks,
  preferences,
  products,
  queue,
  scarcity,
  store,
  templates,
  variants,
  website,
} from "./owner-operations-setup.ts";
import { nextPooled, people, roleTarget } from "./people-setup.ts";
import { altTexts, freshImage, imagesNotMadeForDelete, imageToDelete, newAltText, toteImageOrder } from "./product-images-setup.ts";

/** The store settings row's commerce fields, and the zones in order (what the store-settings operations change). */
const storeSettingsRow = () =>
  store.db.website.findUniqueOrThrow({ where: { id: DEMO_WEBSITE_ID }, select: { currency: true, checkoutMinimumSubtotal: true, expressCheckout: true } });
const zones = () => store.db.shippingZone.findMany({ where: { websiteId: DEMO_WEBSITE_ID }, orderBy: [{ position: "asc" }, { id: "asc" }] });

/** A new order of one mug in `state`, for an order move to act on; returns its id. */
async function placedOrder(state: "PLACED" | "FULFILLED"): Promise<string> {
  const number = 900_000 + next();
  const id = `authz-order-${number}`;
  await store.db.order.create({
    data: {
      id,
      orderNumber: number,
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: `authz-cart-${number}`,
      customerEmail: "buyer@example.com",
      currency: "USD",
      ...{ subtotal: 1800, discountTotal: 0, taxTotal: 0, shippingTotal: 0, grandTotal: 1800 },
      state,
      items: {
        create: [{ productId: ids.mug, variantId: ids.mugVariant, sku: "MUG-1", productName: "Ceramic Mug", productType: 1, quantity: 1, unitPrice: 1800 }],
      },
    },
  });
  return id;
}

/** What an order move changes: the orders in the state it moves to, and the stock a cancel gives back. */
const ordersIn = (state: string) => async () => [
  await store.db.order.findMany({ where: { state }, orderBy: { id: "asc" }, select: { id: true } }),
  await variants(),
];

export const graphqlOperations: Operation[] = [
  // ---- API keys and marketing hooks (issue 10 items 6 and 7) ----
  { name: "query apiKeys", permission: "apiKeys.manage", run: (c) => graphql(c, "{ apiKeys { id scopes } }") },
  { name: "query apiKeyGrantableScopes", permission: "apiKeys.manage", run: (c) => graphql(c, "{ apiKeyGrantableScopes }") },
  { name: "query marketingSettings", permission: "site.settings", run: (c) => graphql(c, "{ marketingSettings { pixelId feedXmlUrl } }") },
  {
    name: "mutation createApiKey",
    permission: "apiKeys.manage",
    run: (c) => graphql(c, 'mutation { createApiKey(input: { name: "authz", scopes: ["products.read"] }) { __typename } }'),
    probe: () => store.db.apiKey.count(),
  },
  {
    name: "mutation revokeApiKey",
    permission: "apiKeys.manage",
    run: (c) => graphql(c, 'mutation { revokeApiKey(input: { id: "no-such-key" }) { __typename } }'),
    probe: () => store.db.apiKey.count(),
  },
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
  // ---- Privacy & tracking settings (issue 11) ----
  {
    name: "query analyticsSettings",
    permission: "site.settings",
    run: (c) => graphql(c, "{ analyticsSettings { cookieBannerEnabled cookiePolicy retentionDays } }"),
  },
  {
    name: "mutation updateAnalyticsSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateAnalyticsSettings(input: { retentionDays: ${100 + (next() % 900)} }) { __typename } }`),
    probe: () => store.db.analyticsSettings.findMany(),
  },
  // ---- GraphQL queries ----
  { name: "query siteHeaderFooter", permission: "site.read", run: (c) => graphql(c, "{ siteHeaderFooter { header footer } }") },
  { name: "query multilingual", permission: "site.read", run: (c) => graphql(c, "{ multilingual { defaultLanguage connected languages { code } } }") },
  { name: "query siteLayout", permission: "site.read", run: (c) => graphql(c, "{ siteLayout { __typename } }") },
  { name: "query pageLocks", permission: "site.read", run: (c) => graphql(c, "{ pageLocks { siteLocked protectedPaths } }") },
  { name: "query siteNavigations", permission: "site.read", run: (c) => graphql(c, "{ siteNavigations { identifier links { title url } } }") },
  { name: "query contributors", permission: "people.read", run: (c) => graphql(c, "{ contributors { accountId email role roleName isViewer } }") },
  { name: "query contributorInvitations", permission: "people.read", run: (c) => graphql(c, "{ contributorInvitations { invitationId email role } }") },
  { name: "query siteMembers", permission: "people.read", run: (c) => graphql(c, "{ siteMembers(first: 5) { edges { node { accountId email } } } }") },
  { name: "query navigationCollections", permission: "site.read", run: (c) => graphql(c, "{ navigationCollections { collectionId title urlId } }") },
  { name: "query commercePreferences", permission: "commerce.read", run: (c) => graphql(c, '{ commercePreferences(namespace: "authz") { __typename } }') },
  {
    name: "query ownerDashboard",
    permission: "dashboard.read",
    run: (c) =>
      graphql(c, "{ ownerDashboard { orders { today { orderCount } } lowStock { totalCount } biggestWaitlists { total } recentSubmissions { id } } }"),
  },
  {
    name: "query ownerAnalytics",
    permission: "analytics.read",
    run: (c) =>
      graphql(
        c,
        "{ ownerAnalytics(range: { preset: LAST_7_DAYS }) { range { days } totals { visits uniqueVisitors } changes { visits } days { day } topProducts { productId } forms { formKey } waitlistDemand { total } activeVisitors } }",
      ),
  },
  { name: "query ownerProducts", permission: "products.read", run: (c) => graphql(c, "{ ownerProducts(first: 2) { edges { node { visible } } } }") },
  { name: "query ownerProduct", permission: "products.read", run: (c) => graphql(c, `{ ownerProduct(id: "${ids.mug}") { visible } }`) },
  { name: "query scarcitySettings", permission: "products.read", run: (c) => graphql(c, "{ scarcitySettings { threshold onProductPages } }") },
  { name: "query forms", permission: "forms.read", run: (c) => graphql(c, "{ forms(first: 2) { edges { node { key } } } }") },
  { name: "query formSubmissions", permission: "submissions.read", run: (c) => graphql(c, "{ formSubmissions(first: 2) { edges { node { id } } } }") },
  { name: "query mailingLists", permission: "mailingLists.read", run: (c) => graphql(c, "{ mailingLists { name } }") },
  {
    name: "query mailingListSignUps",
    permission: "mailingLists.read",
    run: (c) => graphql(c, "{ mailingListSignUps(first: 2) { edges { node { email } } } }"),
  },
  { name: "query restockSignUps", permission: "restock.read", run: (c) => graphql(c, "{ restockSignUps(first: 2) { edges { node { email status } } } }") },
  {
    name: "query restockSignUpGroups",
    permission: "restock.reports",
    run: (c) => graphql(c, "{ restockSignUpGroups(first: 2) { edges { node { total } } } }"),
  },
  {
    name: "query restockSignUpGroup",
    permission: "restock.reports",
    run: (c) => graphql(c, `{ restockSignUpGroup(productId: "${ids.tote}", variantId: "${ids.natural}") { total received } }`),
  },
  {
    name: "query outboxEmails",
    permission: "site.settings",
    run: (c) => graphql(c, "{ outboxEmails(first: 2, status: FAILED) { edges { node { toEmail lastError } } } }"),
  },
  {
    name: "mutation retryOutboxEmail",
    permission: "site.settings",
    run: (c) => graphql(c, 'mutation { retryOutboxEmail(input: { emailId: "authz-missing" }) { __typename } }'),
    probe: () => store.db.outboxEmail.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true, attempts: true } }),
  },
  {
    name: "query ownerOrders",
    permission: "orders.read",
    run: (c) => graphql(c, "{ ownerOrders(first: 2) { edges { node { orderNumber state customerEmail } } } }"),
  },
  {
    name: "query ownerOrder",
    permission: "orders.read",
    run: (c) => graphql(c, '{ ownerOrder(orderId: "authz-missing") { __typename ... on Order { state } } }'),
  },
  {
    name: "mutation fulfillOrder",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { fulfillOrder(input: { orderId: "${await placedOrder("PLACED")}" }) { __typename } }`),
    probe: ordersIn("FULFILLED"),
  },
  {
    name: "mutation cancelOrder",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { cancelOrder(input: { orderId: "${await placedOrder("PLACED")}" }) { __typename } }`),
    probe: ordersIn("CANCELLED"),
  },
  {
    name: "mutation refundOrder",
    permission: "orders.write",
    run: async (c) => graphql(c, `mutation { refundOrder(input: { orderId: "${await placedOrder("FULFILLED")}" }) { __typename } }`),
    probe: ordersIn("REFUNDED"),
  },
  { name: "query templates", permission: "templates.read", run: (c) => graphql(c, "{ templates { name usesDefault } }") },
  {
    name: "query template",
    permission: "templates.read",
    run: (c) => graphql(c, '{ template(name: "authz-rollback") { __typename ... on Template { versions { version source } } } }'),
  },
  {
    name: "query previewTemplate",
    permission: "templates.read",
    run: (c) =>
      graphql(
        c,
        '{ previewTemplate(name: "product", source: "<h1>{item.title}</h1>", path: "/shop/p/linen-shirt") { __typename ... on TemplatePreview { html } } }',
      ),
    probe: templates,
  },
  // ---- GraphQL mutations ----
  {
    name: "mutation updateProductImage",
    permission: "products.write",
    run: async (c) => graphql(c, `mutation { updateProductImage(input: { imageId: "${await freshImage()}", altText: "${newAltText()}" }) { __typename } }`),
    probe: altTexts,
  },
  {
    name: "mutation reorderProductImages",
    permission: "products.write",
    run: async (c) => {
      const order = (await toteImageOrder()).map(({ id }) => `"${id}"`).reverse();
      return graphql(c, `mutation { reorderProductImages(input: { productId: "${ids.tote}", imageIds: [${order}] }) { __typename } }`);
    },
    probe: toteImageOrder,
  },
  {
    name: "mutation deleteProductImage",
    permission: "products.write",
    run: async (c) => graphql(c, `mutation { deleteProductImage(input: { imageId: "${await imageToDelete()}" }) { __typename } }`),
    probe: imagesNotMadeForDelete,
  },
  {
    name: "mutation updateSiteHeaderFooter",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updateSiteHeaderFooter(input: { header: { n: ${next()} }, footer: {} }) { __typename } }`),
    probe: header,
  },
  {
    name: "mutation updateLanguages",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateLanguages(input: { languages: ["en-US", "${next() % 2 ? "fr-FR" : "de-DE"}"] }) { __typename } }`),
    probe: languages,
  },
  {
    name: "mutation updateMultilingualSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateMultilingualSettings(input: { transactionalEmailsEnabled: ${next() % 2 === 0} }) { __typename } }`),
    probe: website,
  },
  {
    name: "mutation disconnectMultilingual",
    permission: "site.settings",
    run: (c) => graphql(c, "mutation { disconnectMultilingual { __typename } }"),
    probe: async () => [await website(), await languages()],
  },
  {
    name: "mutation updateCaptchaSettings",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateCaptchaSettings(input: { siteKey: "k${next()}" }) { __typename } }`),
    probe: website,
  },
  {
    name: "mutation updateCommercePreferences",
    permission: "commerce.write",
    run: (c) => graphql(c, `mutation { updateCommercePreferences(input: { namespace: "authz", preferences: { n: ${next()} } }) { __typename } }`),
    probe: preferences,
  },
  {
    name: "mutation updateSitePassword",
    permission: "site.settings",
    run: (c) => graphql(c, `mutation { updateSitePassword(input: { password: "site password ${next()}" }) { __typename } }`),
    probe: pageLocks,
  },
  {
    name: "mutation updatePagePassword",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updatePagePassword(input: { path: "/authz-${next()}", password: "page password" }) { __typename } }`),
    probe: pageLocks,
  },
  {
    name: "mutation updateNavigation",
    permission: "site.design",
    run: (c) => graphql(c, `mutation { updateNavigation(input: { fieldName: "secondaryNav", items: [{ externalLink: "/n${next()}" }] }) { __typename } }`),
    probe: navigations,
  },
  {
    name: "mutation createStore",
    permission: "store.create",
    run: (c) => graphql(c, 'mutation { createStore(input: { title: "Authz Store" }) { __typename } }'),
    probe: collections,
  },
  // ---- store settings (issue 10 §2) ----
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
    name: "mutation createProduct",
    permission: "products.write",
    run: (c) =>
      graphql(c, `mutation { createProduct(input: { name: "Authz ${next()}", productType: PHYSICAL, variants: [{ sku: "A", price: 100 }] }) { __typename } }`),
    probe: products,
  },
  {
    name: "mutation updateProduct",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateProduct(input: { id: "${ids.mug}", name: "Mug ${next()}" }) { __typename } }`),
    probe: products,
  },
  {
    name: "mutation setProductTranslation",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { setProductTranslation(input: { productId: "${ids.mug}", locale: "fr-FR", name: "Tasse ${next()}" }) { __typename } }`),
    probe: () => store.db.productTranslation.findMany({ orderBy: { id: "asc" } }),
  },
  {
    name: "mutation deleteProduct",
    permission: "products.write",
    run: (c) => graphql(c, 'mutation { deleteProduct(input: { id: "999999" }) { __typename } }'),
    probe: products,
  },
  {
    name: "mutation createVariant",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { createVariant(input: { productId: "${ids.mug}", sku: "V${next()}", price: 100 }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation updateVariant",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateVariant(input: { id: "${ids.mugVariant}", price: ${1000 + next()} }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation setVariantStock",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { setVariantStock(input: { id: "${ids.mugVariant}", qtyInStock: ${next()} }) { __typename } }`),
    probe: variants,
  },
  {
    name: "mutation deleteVariant",
    permission: "products.write",
    run: (c) => graphql(c, 'mutation { deleteVariant(input: { id: "999999" }) { __typename } }'),
    probe: variants,
  },
  {
    name: "mutation updateMerchandising",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateMerchandising(input: { productId: "${ids.mug}", customSoldOutText: "Gone ${next()}" }) { __typename } }`),
    probe: merchandising,
  },
  {
    name: "mutation updateScarcitySettings",
    permission: "products.write",
    run: (c) => graphql(c, `mutation { updateScarcitySettings(input: { threshold: ${(next() % 900) + 2} }) { __typename } }`),
    probe: scarcity,
  },
  {
    name: "mutation createForm",
    permission: "forms.write",
    run: (c) => graphql(c, `mutation { createForm(input: { key: "authz-${next()}", name: "A", fields: [] }) { __typename } }`),
    probe: forms,
  },
  {
    name: "mutation updateForm",
    permission: "forms.write",
    run: (c) => graphql(c, `mutation { updateForm(input: { id: "${ids.contact}", name: "Contact ${next()}" }) { __typename } }`),
    probe: forms,
  },
  {
    name: "mutation deleteForm",
    permission: "forms.write",
    run: (c) => graphql(c, 'mutation { deleteForm(input: { id: "999999" }) { __typename } }'),
    probe: forms,
  },
  {
    name: "mutation sendRestockNotifications",
    permission: "restock.send",
    run: (c) => graphql(c, `mutation { sendRestockNotifications(input: { productId: "${ids.tote}", variantId: "${ids.natural}" }) { __typename } }`),
    probe: queue,
  },
  {
    name: "mutation sendAllRestockNotifications",
    permission: "restock.send",
    run: (c) =>
      graphql(
        c,
        `mutation { sendAllRestockNotifications(input: { sendRequests: [{ productId: "${ids.tote}", variantId: "${ids.natural}" }] }) { __typename } }`,
      ),
    probe: queue,
  },
  {
    name: "mutation saveTemplate",
    permission: "templates.write",
    run: (c) => graphql(c, `mutation { saveTemplate(input: { name: "authz-save", source: "<p>${next()}</p>" }) { __typename } }`),
    probe: templates,
  },
  {
    name: "mutation rollbackTemplate",
    permission: "templates.write",
    run: async (c) =>
      graphql(
        c,
        `mutation { rollbackTemplate(input: { name: "authz-rollback", version: ${(await currentVersion("authz-rollback")) === 1 ? 2 : 1} }) { __typename } }`,
      ),
    probe: templates,
  },
  {
    name: "mutation inviteContributor",
    permission: "people.manage",
    run: (c) => graphql(c, `mutation { inviteContributor(input: { email: "authz-invite-${next()}@example.com", role: 4 }) { __typename } }`),
    probe: people,
  },
  {
    name: "mutation changeContributorRole",
    permission: "people.manage",
    run: async (c) => {
      const target = await roleTarget();
      return graphql(c, `mutation { changeContributorRole(input: { accountId: ${target.id}, role: ${target.role === 4 ? 10 : 4} }) { __typename } }`);
    },
    probe: people,
  },
  {
    name: "mutation removeContributor",
    permission: "people.manage",
    run: async (c) => graphql(c, `mutation { removeContributor(input: { accountId: ${(await nextPooled()).accountId} }) { __typename } }`),
    probe: people,
  },
  {
    name: "mutation revokeContributorInvitation",
    permission: "people.manage",
    run: async (c) => graphql(c, `mutation { revokeContributorInvitation(input: { invitationId: "${(await nextPooled()).invitationId}" }) { __typename } }`),
    probe: people,
  },
  // ---- GraphQL subscriptions ----
  {
    name: "subscription commercePreferencesChanged",
    permission: "commerce.read",
    run: (c) =>
      subscriptionOutcome(c, "commercePreferencesChanged", 'subscription { commercePreferencesChanged(namespace: "live") { version } }', () =>
        owner.graphql(`mutation { updateCommercePreferences(input: { namespace: "live", preferences: { n: ${next()} } }) { __typename } }`),
      ),
  },
  {
    name: "subscription ownerOrderActivity",
    permission: "orders.read",
    run: (c) =>
      subscriptionOutcome(c, "orderChanged", "subscription { ownerOrderActivity { orderId placed order { state } } }", async () =>
        owner.graphql(`mutation { fulfillOrder(input: { orderId: "${await placedOrder("PLACED")}" }) { __typename } }`),
      ),
  },
  {
    name: "subscription ownerStockChanged",
    permission: "products.read",
    run: (c) =>
      subscriptionOutcome(c, "stockChanged", "subscription { ownerStockChanged { productIds variants { sku qtyInStock } } }", () =>
        owner.graphql(`mutation { setVariantStock(input: { id: "${ids.mugVariant}", qtyInStock: ${next()} }) { __typename } }`),
      ),
  },
  {
    name: "subscription ownerActiveVisitors",
    permission: "analytics.read",
    run: (c) => firstValueOutcome(c, "subscription { ownerActiveVisitors }"),
  },
];

/** The outcome of a subscription that answers at once on connect: allowed when a value arrives, else the refusal's code. */
async function firstValueOutcome(c: Caller, query: string): Promise<Outcome> {
  const client = wsClientFor(store.baseUrl, c.visitor, c.xsrfToken ? { xsrfToken: c.xsrfToken } : {});
  const subscription = subscribe(client, query);
  try {
    await Promise.race([subscription.next(), subscription.error]);
    if (subscription.values.length > 0) return "allowed";
    const [error] = (await subscription.error) as { message: string; extensions: { code: string } }[];
    return error.extensions.code === "UNAUTHENTICATED" ? "unauthenticated" : "forbidden";
  } finally {
    subscription.dispose();
    await client.dispose();
  }
}

/**
 * A subscription's outcome over a real graphql-ws client: allowed when an event arrives after `trigger`
 * (run once the server listens on `topic`), else the code of the error the server sent.
 */
async function subscriptionOutcome(c: Caller, topic: keyof StoreEvents, query: string, trigger: () => Promise<unknown>): Promise<Outcome> {
  const client = wsClientFor(store.baseUrl, c.visitor, c.xsrfToken ? { xsrfToken: c.xsrfToken } : {});
  const listening = store.listening(topic);
  const subscription = subscribe(client, query);
  try {
    // graphql-ws does not acknowledge a subscription: the server either starts listening or refuses.
    if ((await Promise.race([listening.then(() => "listening"), subscription.error])) === "listening") {
      await trigger();
      await Promise.race([subscription.next(), subscription.error]);
    }
    if (subscription.values.length > 0) return "allowed";
    const [error] = (await subscription.error) as { message: string; extensions: { code: string } }[];
    return error.extensions.code === "UNAUTHENTICATED" ? "unauthenticated" : "forbidden";
  } finally {
    subscription.dispose();
    await client.dispose();
  }
}
