// Every page the store serves carries the right page type (platform-support §3, the 26 values of
// server/domain/storefront/page-types.ts): each served type is reached by an address here, over the
// document's `?format=json` context, and the storefront script's `storefrontPage` query agrees.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { PageType, SERVED_PAGE_TYPES, type PageTypeNumber } from "../../server/domain/storefront/page-types.ts";
import { ProductType } from "../../server/domain/catalog/product-state.ts";
import { Caller, signedIn } from "../authz/principals.ts";
import { run, startTestStore, type TestStore } from "../support/app.ts";

let store: TestStore;
let owner: Caller;
beforeAll(async () => {
  store = await startTestStore();
  owner = await signedIn(store, "owner", "owner@sitecart.test", "owner-password", 1);
}, 60_000);
afterAll(() => store.close());

const PAGE = `query Page($path: String!) { storefrontPage(path: $path) { pageType status } }`;
const SITE_PASSWORD = `mutation Site($input: UpdateSitePasswordInput) { updateSitePassword(input: $input) { __typename } }`;
const NAVIGATION = `mutation Nav($input: UpdateNavigationInput!) { updateNavigation(input: $input) { __typename } }`;
const PAGE_PASSWORD = `mutation Page($input: UpdatePagePasswordInput!) { updatePagePassword(input: $input) { __typename } }`;

/** The page type and status of the document at `path`, and of the storefront script's query for it. */
async function pageTypeOf(path: string): Promise<{ document: [number, number]; query: [number, number] }> {
  const visitor = await store.visitor().arrive();
  const document = await visitor.request("GET", `${path}${path.includes("?") ? "&" : "?"}format=json`);
  const query = (await run(visitor, PAGE, { path })).storefrontPage;
  return { document: [document.body.pageType, document.status], query: [query.pageType, query.status] };
}

/** An order of one item of `productType`, made directly (the checkout's own tests cover making it). */
async function makeOrder(productType: number, slug: string): Promise<string> {
  const product = await store.db.product.findFirstOrThrow({ where: { slug }, include: { variants: true } });
  const id = `ord_${Math.random().toString(36).slice(2)}`;
  await store.db.order.create({
    data: {
      id,
      orderNumber: 5000 + (await store.db.order.count()),
      websiteId: DEMO_WEBSITE_ID,
      purchasedCartId: `cart_${id}`,
      currency: "USD",
      subtotal: 2000,
      discountTotal: 0,
      taxTotal: 0,
      shippingTotal: 0,
      grandTotal: 2000,
      items: {
        create: [
          {
            productId: product.id,
            variantId: product.variants[0]?.id ?? null,
            sku: "SKU",
            productName: product.name,
            productType,
            quantity: 1,
            unitPrice: 2000,
          },
        ],
      },
    },
  });
  return id;
}

const expectPage = async (path: string, pageType: PageTypeNumber, status = 200) =>
  expect(await pageTypeOf(path)).toEqual({ document: [pageType, status], query: [pageType, status] });

const reached = new Set<number>();
const check = async (path: string, pageType: PageTypeNumber, status = 200) => {
  await expectPage(path, pageType, status);
  reached.add(pageType);
};

describe("page types of the pages the store serves", () => {
  it.each([
    ["/", PageType.MAIN_CONTENT],
    ["/shop", PageType.MAIN_CONTENT],
    ["/contact", PageType.PAGE],
    ["/account/sign-in", PageType.PAGE],
    ["/account", PageType.PAGE],
    ["/shop/p/ceramic-mug", PageType.CONTENT_ITEM],
    ["/gift-card/gift-card", PageType.CONTENT_ITEM],
    ["/search?q=mug", PageType.SEARCH],
    ["/cart", PageType.SHOW_CART],
    ["/checkout", PageType.CHECKOUT],
    ["/account/orders/ord_any", PageType.ORDER_STATUS],
    ["/newsletter/unsubscribe", PageType.NEWSLETTER_UNSUBSCRIBE],
  ] as const)("%s is page type %i", (path, pageType) => check(path, pageType));

  it.each(["/nope", "/shop/p/nothing", "/gift-card/ceramic-mug", "/order-confirmed/ord_missing"])("%s is not found (100, status 404)", (path) =>
    check(path, PageType.NOT_FOUND, 404),
  );

  it("an order's confirmation is 202; a subscription checkout's is 206; a members-area (paywall) order's is 208", async () => {
    await check(`/order-confirmed/${await makeOrder(ProductType.PHYSICAL, "ceramic-mug")}`, PageType.ORDER_CONFIRMED);

    const subscribed = await makeOrder(ProductType.PHYSICAL, "coffee-club");
    const club = await store.db.product.findFirstOrThrow({ where: { slug: "coffee-club" } });
    const account = await store.db.account.findFirstOrThrow({ where: { email: "member@sitecart.test" } });
    await store.db.subscription.create({
      data: {
        id: `sub_${subscribed}`,
        websiteId: DEMO_WEBSITE_ID,
        accountId: account.id,
        orderId: subscribed,
        productId: club.id,
        productName: club.name,
        quantity: 1,
        unitPrice: 2000,
        currency: "USD",
        billingPeriodValue: 1,
        billingPeriodUnit: "MONTH",
        nextBillingAt: new Date(Date.now() + 30 * 86_400_000),
      },
    });
    await check(`/order-confirmed/${subscribed}`, PageType.SUBSCRIPTION_CONFIRMED);

    await check(`/order-confirmed/${await makeOrder(ProductType.PAYWALL, "recipe-ebook")}`, PageType.MEMBERSHIP_CONFIRMED);
  });

  it("a members-only page is member area access denied (106, status 403) to a visitor who is not a member", async () => {
    const saved = await owner.graphql(NAVIGATION, {
      input: { fieldName: "_memberareas", items: [{ title: "Club", memberAreaId: "club", items: [{ title: "Ebook", externalLink: "/shop/p/recipe-ebook" }] }] },
    });
    expect(saved.data.updateNavigation.__typename).toBe("UpdateNavigationSuccess");
    try {
      await check("/shop/p/recipe-ebook", PageType.MEMBER_AREA_ACCESS_DENIED, 403);
    } finally {
      await owner.graphql(NAVIGATION, { input: { fieldName: "_memberareas", items: [] } });
    }
    // The member areas are kept in memory: the owner's save is seen at once, both ways.
    await expectPage("/shop/p/recipe-ebook", PageType.CONTENT_ITEM);
  });

  it("a page with a password is protected content (105, status 401); a locked site is the lock screen (103, status 401)", async () => {
    expect((await owner.graphql(PAGE_PASSWORD, { input: { path: "/shop/p/city-poster", password: "poster pass" } })).errors).toBeUndefined();
    try {
      await check("/shop/p/city-poster", PageType.PROTECTED_CONTENT, 401);
    } finally {
      await owner.graphql(PAGE_PASSWORD, { input: { path: "/shop/p/city-poster" } });
    }
    expect((await owner.graphql(SITE_PASSWORD, { input: { password: "site password" } })).errors).toBeUndefined();
    try {
      await check("/cart", PageType.LOCK_SCREEN, 401);
    } finally {
      await owner.graphql(SITE_PASSWORD, {});
    }
  });

  it("a page the store fails to build is the error page (101): status 500, with no detail of the failure", async () => {
    const page = jest.spyOn(store.app.services.storefront, "page").mockRejectedValue(new Error("template store exploded"));
    try {
      const visitor = store.visitor();
      const json = await visitor.request("GET", "/shop/p/ceramic-mug?format=json");
      expect(json.status).toBe(500);
      expect(json.body).toEqual({ pageType: 101, pageTitle: "Something went wrong", pageDescription: "Something went wrong on our side. Please try again." });
      const html = await visitor.request<string>("GET", "/shop/p/ceramic-mug");
      expect(html.status).toBe(500);
      expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(html.body).toContain("<title>Something went wrong</title>");
      expect(html.body).toContain('data-page-type="101"');
      expect(html.body).not.toContain("exploded");
      reached.add(PageType.ERROR);
    } finally {
      page.mockRestore();
    }
  });

  it("every page type the store serves was reached above, and the spec's list is complete", () => {
    expect([...reached].sort((a, b) => a - b)).toEqual([...SERVED_PAGE_TYPES].sort((a, b) => a - b));
    // Issue 12 says 25; platform-support §3 lists 26 (1, 2, 3, 50, 100-106, 200-211, 300, 301, 400).
    expect(Object.values(PageType)).toHaveLength(26);
  });
});
