// The objects of each site the isolation tests aim at, made through the site's own API by its owner
// and its visitors: a product only this site sells, an open cart, an order, a gift card, a member
// with a subscription and a saved address, a waitlist place, form and newsletter sign-ups, an
// invitation, templates, preferences... Each carries marker text `mk<site>-…` (markers.ts), so an
// answer holding another site's row shows it; their ids and tokens fill the other site's calls.
import { hashPassword } from "../../server/services/members/passwords.ts";
import { newId, newSecret, sha256 } from "../../server/services/support/ids.ts";
import { browserOf, callAs, SITES, type Principal, type SiteKey, type TwoSites } from "../support/two-sites.ts";
import { testImage } from "../support/images.ts";

export interface SiteObjects {
  site: SiteKey;
  websiteId: string;
  /** The product only this site sells (visible), its in-stock and sold-out variants and its image. */
  productId: number;
  productSlug: string;
  variantId: number;
  soldOutVariantId: number;
  imageId: number;
  hiddenProductId: number;
  /** A visitor's open cart. */
  cartId: string;
  cartToken: string;
  entryId: string;
  orderId: string;
  giftCardCode: string;
  giftCardId: string;
  formId: number;
  formKey: string;
  newsletterFormId: number;
  mailingListId: number;
  couponId: number;
  couponCode: string;
  zoneId: number;
  shippingOptionId: number;
  taxRuleId: number;
  memberAccountId: number;
  editorAccountId: number;
  invitationId: string;
  invitationToken: string;
  /** A live first-owner setup link's token (issue 23), written as the service stores it (the sites have owners, so none is issued). */
  setupToken: string;
  resetToken: string;
  confirmToken: string;
  unsubscribeToken: string;
  /** The order's status page token (issue 24), from its confirmation email. */
  orderStatusToken: string;
  spareApiKeyId: string;
  templateName: string;
  namespace: string;
  lockedPath: string;
  outboxEmailId: string;
  subscriptionId: string;
  /** The member's address, saved at the subscription's checkout. */
  savedAddressId: number;
  collectionId: number;
  storeUrlId: string;
  feedToken: string;
}

/** The member only this site has: its email and password are sent in calls, so they are not marker text. */
export const memberEmail = (site: SiteKey) => `only-${site}-member@example.com`;
export const memberPassword = (site: SiteKey) => `member-${site}-password`;

export const ADDRESS = { line1: "350 5th Ave", city: "New York", region: "NY", postalCode: "10118", country: "US" };

/** Makes the site's objects; `owner` is the site's owner principal. */
export async function makeSiteObjects(sites: TwoSites, site: SiteKey, owner: Principal): Promise<SiteObjects> {
  const { host, websiteId } = SITES[site];
  const mk = (what: string) => `mk${site}-${what}`;
  const db = sites.db;
  const capitalized = (name: string) => name[0].toUpperCase() + name.slice(1);
  const owned = async (name: string, input: Record<string, unknown>) => {
    const answer = await callAs(
      sites,
      owner,
      host,
      `mutation($input: ${capitalized(name)}Input!) { ${name}(input: $input) { __typename ... on Error { message } } }`,
      { input },
    );
    if (!answer.data?.[name]?.__typename?.endsWith("Success")) throw new Error(`${site} ${name}: ${JSON.stringify(answer)}`);
  };

  await owned("createProduct", {
    name: mk("product"),
    slug: `only-${site}`,
    description: mk("product-description"),
    productType: "PHYSICAL",
    variantOptionOrdering: ["Size"],
    variants: [
      { sku: `ONLY-${site}-S`, price: 1234, qtyInStock: 50, attributes: { Size: "S" } },
      { sku: `ONLY-${site}-L`, price: 1234, qtyInStock: 0, attributes: { Size: "L" } },
    ],
  });
  await owned("createProduct", { name: mk("hidden-product"), productType: "PHYSICAL", visible: false, variants: [{ sku: `HIDDEN-${site}`, price: 999 }] });
  const product = await db.product.findFirstOrThrow({ where: { websiteId, slug: `only-${site}` }, include: { variants: { orderBy: { position: "asc" } } } });
  const hidden = await db.product.findFirstOrThrow({ where: { websiteId, name: mk("hidden-product") } });
  const [variant, soldOut] = product.variants;
  const upload = await sites
    .client()
    .request(host, "POST", `/api/content-service/product/1.1/websites/${websiteId}/products/${product.id}/images?altText=${mk("image-alt")}`, {
      rawBody: await testImage(40, 40),
      headers: { ...owner.headers, "content-type": "application/octet-stream" },
    });
  if (upload.status >= 300) throw new Error(`${site} image: ${upload.text}`);
  const image = await db.productImage.findFirstOrThrow({ where: { websiteId, productId: product.id } });

  await owned("saveCoupon", { code: `ONLY${site.toUpperCase()}`, kind: "PERCENT", percentOffMillipercent: 5000, active: true });
  await owned("saveShippingZone", { name: mk("zone"), kind: "COUNTRIES", codes: ["FR"], options: [{ name: mk("shipping-option"), price: 700 }] });
  await owned("saveTaxRule", { name: mk("tax"), country: "FR", rateMillipercent: 20000 });
  await owned("createForm", { key: `only-${site}-form`, name: mk("form-name"), fields: [{ id: "note", type: "text", title: mk("form-field") }] });
  await owned("saveTemplate", { name: `only-${site}-template`, source: `<p>${mk("template-v1")}</p>` });
  await owned("saveTemplate", { name: `only-${site}-template`, source: `<p>${mk("template-v2")}</p>` });
  await owned("updateCommercePreferences", { namespace: `only-${site}-prefs`, preferences: { note: mk("preference") } });
  await owned("updatePagePassword", { path: `/only-${site}-locked`, password: `secret-${site}` });
  await owned("createStore", { title: `only-${site}-store`, navigationTitle: mk("store-nav"), description: mk("store-description") });
  await owned("updateSiteHeaderFooter", { header: { text: mk("header") }, footer: { text: mk("footer") } });
  await owned("updateNavigation", { fieldName: "secondaryNav", items: [{ title: mk("nav"), externalLink: `/${mk("nav-link")}` }] });
  await owned("inviteContributor", { email: `${mk("invitee")}@example.com`, role: 4 });
  await owned("createApiKey", { name: mk("spare-key"), scopes: ["products.read"] });
  await owned("regenerateFeedToken", { confirm: true });
  await db.account.create({
    data: { websiteId, email: `${mk("editor")}@example.com`, passwordHash: await hashPassword("editor-password"), role: 4, displayName: mk("editor") },
  });

  const visitor = await browserOf(sites, site, "anonymous", { itemId: product.id, sku: variant.sku });
  const cart = await db.cart.findFirstOrThrow({ where: { websiteId, token: visitor.client.jar(host).get("sc_cart") } });
  const entry = await db.cartEntry.findFirstOrThrow({ where: { cartId: cart.id } });
  const orderId = await buy(sites, site, { itemId: product.id, sku: variant.sku }, { email: `${mk("buyer")}@example.com`, fullName: mk("buyer") });
  const giftCard = await db.product.findFirstOrThrow({ where: { websiteId, slug: "gift-card" } });
  await buy(
    sites,
    site,
    { itemId: giftCard.id, sku: "GIFT-2500", giftDelivery: { recipientEmail: `${mk("giftee")}@example.com`, message: mk("gift-message") } },
    { email: `${mk("gift-buyer")}@example.com`, fullName: mk("gift-buyer") },
  );

  const member = await signUp(sites, site, memberEmail(site));
  const subscriptionId = await subscribe(sites, site, member);
  await member.client.graphql(host, `mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename } }`, {
    input: { email: memberEmail(site) },
  });
  await visitor.client.graphql(host, `mutation($input: SignUpForRestockInput!) { signUpForRestock(input: $input) { __typename } }`, {
    input: { productId: String(product.id), variantId: String(soldOut.id), siteVisitorEmail: `${mk("waiter")}@example.com` },
  });
  const form = await db.form.findFirstOrThrow({ where: { websiteId, key: `only-${site}-form` } });
  const newsletter = await db.form.findFirstOrThrow({ where: { websiteId, key: "newsletter" } });
  await submit(sites, site, form.id, { note: mk("submission") });
  await submit(sites, site, newsletter.id, { email: `${mk("pending")}@example.com` });
  await submit(sites, site, newsletter.id, { email: `${mk("subscriber")}@example.com` });

  const outbox = (to: string, kind?: string) =>
    db.outboxEmail.findFirstOrThrow({ where: { websiteId, toEmail: to, ...(kind ? { kind } : {}) }, orderBy: { createdAt: "desc" } });
  const tokenIn = (text: string, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)![1];
  const invitation = await db.contributorInvitation.findFirstOrThrow({ where: { websiteId } });
  const setupToken = newSecret();
  const now = new Date();
  await db.siteSetupToken.create({
    data: { id: newId(), websiteId, tokenHash: sha256(setupToken), email: null, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) },
  });
  const failed = await outbox(`${mk("buyer")}@example.com`);
  await db.outboxEmail.update({ where: { id: failed.id }, data: { status: "FAILED", lastError: mk("smtp-error") } });
  const list = await db.mailingList.findFirstOrThrow({ where: { websiteId } });
  const subscriber = await db.mailingListSignUp.findFirstOrThrow({ where: { mailingListId: list.id, email: `${mk("subscriber")}@example.com` } });
  const zone = await db.shippingZone.findFirstOrThrow({ where: { websiteId, name: mk("zone") }, include: { options: true } });
  const collection = await db.collection.findFirstOrThrow({ where: { websiteId, title: `only-${site}-store` } });
  return {
    site,
    websiteId,
    productId: product.id,
    productSlug: product.slug,
    variantId: variant.id,
    soldOutVariantId: soldOut.id,
    imageId: image.id,
    hiddenProductId: hidden.id,
    cartId: cart.id,
    cartToken: cart.token,
    entryId: entry.id,
    orderId,
    giftCardCode: (await db.giftCard.findFirstOrThrow({ where: { websiteId } })).code,
    giftCardId: (await db.giftCard.findFirstOrThrow({ where: { websiteId } })).id,
    formId: form.id,
    formKey: form.key,
    newsletterFormId: newsletter.id,
    mailingListId: list.id,
    couponId: (await db.coupon.findFirstOrThrow({ where: { websiteId, code: `ONLY${site.toUpperCase()}` } })).id,
    couponCode: `ONLY${site.toUpperCase()}`,
    zoneId: zone.id,
    shippingOptionId: zone.options[0].id,
    taxRuleId: (await db.taxRule.findFirstOrThrow({ where: { websiteId, name: mk("tax") } })).id,
    memberAccountId: member.accountId,
    editorAccountId: (await db.account.findFirstOrThrow({ where: { websiteId, email: `${mk("editor")}@example.com` } })).id,
    invitationId: invitation.id,
    setupToken,
    invitationToken: new URL(
      /(http\S+\/config\/accept-invitation\?token=\S+)/.exec((await outbox(invitation.email, "CONTRIBUTOR_INVITATION")).textBody)![1],
    ).searchParams.get("token")!,
    resetToken: tokenIn((await outbox(memberEmail(site), "PASSWORD_RESET")).textBody, "/account/reset-password"),
    confirmToken: tokenIn((await outbox(`${mk("pending")}@example.com`)).textBody, "[a-z/-]*"),
    unsubscribeToken: subscriber.unsubscribeToken!,
    orderStatusToken: /\/order-status\/([A-Za-z0-9_-]+)/.exec((await outbox(`${mk("buyer")}@example.com`, "ORDER_CONFIRMATION")).textBody)![1]!,
    spareApiKeyId: (await db.apiKey.findFirstOrThrow({ where: { websiteId, name: mk("spare-key") } })).id,
    templateName: `only-${site}-template`,
    namespace: `only-${site}-prefs`,
    lockedPath: `/only-${site}-locked`,
    outboxEmailId: failed.id,
    subscriptionId,
    savedAddressId: (await db.memberAddress.findFirstOrThrow({ where: { accountId: member.accountId } })).id,
    collectionId: collection.id,
    storeUrlId: collection.urlId,
    feedToken: (await db.marketingSettings.findUniqueOrThrow({ where: { websiteId } })).feedToken,
  };
}

const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { __typename ... on CheckoutSuccess { order { orderId } } ... on Error { message } } }`;

/** A visitor of the site buys one item; answers the order's raw id. */
export async function buy(sites: TwoSites, site: SiteKey, item: Record<string, unknown>, buyer: { email: string; fullName: string }): Promise<string> {
  const { client, host } = await browserOf(sites, site, "anonymous");
  const added = await client.graphql(host, `mutation($input: AddCartEntryInput!) { addCartEntry(input: $input) { __typename ... on Error { message } } }`, {
    input: { ...item, itemId: String(item.itemId) },
  });
  if (added.data?.addCartEntry.__typename !== "AddCartEntrySuccess") throw new Error(`${site} add: ${JSON.stringify(added)}`);
  const done = await client.graphql(host, CHECKOUT, { input: { email: buyer.email, shippingAddress: { ...ADDRESS, fullName: buyer.fullName } } });
  if (done.data?.checkout.__typename !== "CheckoutSuccess") throw new Error(`${site} checkout: ${JSON.stringify(done)}`);
  return done.data.checkout.order.orderId;
}

/** A new member of the site, signed in. */
async function signUp(sites: TwoSites, site: SiteKey, email: string) {
  const { client, host } = await browserOf(sites, site, "anonymous");
  const answer = await client.graphql(
    host,
    `mutation($input: SignUpInput!) { signUp(input: $input) { __typename ... on SignUpSuccess { xsrfToken } ... on Error { message } } }`,
    {
      input: { email, password: memberPassword(site) },
    },
  );
  if (answer.data?.signUp.__typename !== "SignUpSuccess") throw new Error(`${site} sign-up: ${JSON.stringify(answer)}`);
  const account = await sites.db.account.findFirstOrThrow({ where: { websiteId: SITES[site].websiteId, email } });
  return { client, host, xsrf: { "x-siteuser-xsrf-token": answer.data.signUp.xsrfToken as string }, accountId: account.id };
}

/** The member subscribes to the coffee club, saving their address; answers the subscription's id. */
async function subscribe(sites: TwoSites, site: SiteKey, member: Awaited<ReturnType<typeof signUp>>): Promise<string> {
  const { client, host, xsrf } = member;
  const coffee = await sites.db.product.findFirstOrThrow({ where: { websiteId: SITES[site].websiteId, slug: "coffee-club" } });
  const started = await client.graphql(
    host,
    `mutation($input: StartSubscriptionCheckoutInput!) { startSubscriptionCheckout(input: $input) { __typename ... on StartSubscriptionCheckoutSuccess { cartToken } } }`,
    { input: { itemId: String(coffee.id), sku: "COFFEE-CLUB" } },
    xsrf,
  );
  const cartToken = started.data.startSubscriptionCheckout.cartToken;
  const shippingAddress = { ...ADDRESS, fullName: `mk${site}-member-name`, line1: `mk${site}-saved-street` };
  const done = await client.graphql(host, CHECKOUT, { input: { email: `mk${site}-member@example.com`, cartToken, shippingAddress, saveAddress: true } }, xsrf);
  if (done.data?.checkout.__typename !== "CheckoutSuccess") throw new Error(`${site} subscription: ${JSON.stringify(done)}`);
  return (await sites.db.subscription.findFirstOrThrow({ where: { websiteId: SITES[site].websiteId } })).id;
}

/** A visitor submits a form with these answers. */
async function submit(sites: TwoSites, site: SiteKey, formId: number, answers: Record<string, unknown>): Promise<void> {
  const { client, host } = await browserOf(sites, site, "anonymous");
  const key = (await client.graphql(host, "mutation { requestFormSubmissionKey { ... on RequestFormSubmissionKeySuccess { key } } }")).data
    .requestFormSubmissionKey.key;
  const answer = await client.graphql(host, `mutation($input: SubmitFormInput!) { submitForm(input: $input) { __typename ... on Error { message } } }`, {
    input: { formId: String(formId), key, form: answers },
  });
  if (answer.data?.submitForm.__typename !== "SubmitFormSuccess") throw new Error(`${site} form ${formId}: ${JSON.stringify(answer)}`);
}
