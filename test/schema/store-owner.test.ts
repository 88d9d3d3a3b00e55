// The owner's store settings over GraphQL (issue 10 §2, §3): settings with field errors, a currency
// change reaching every price (the public catalogue cache included), shipping zones, tax rules,
// coupons with validity dates and usage limits as the cart applies them, and store creation giving a
// storefront page that lists the store's products.
import { DEMO_WEBSITE_ID } from "../../server/config.ts";
import { addToCart, addCartEntryDocument, cartWriteDocument, ERROR, ERROR_FIELDS, NY_ADDRESS } from "../support/graphql.ts";
import { run } from "../support/app.ts";
import { ok, store, useOwnerStore } from "./owner-store-setup.ts";

useOwnerStore();

const SETTINGS = `storeSettings { currency checkoutMinimum { value } expressCheckout multipleQuantityAllowedForServices payLaterEnabled
  payLaterMinimum { value } payLaterMaximum { value } payLaterAccountCountry
  shippingZones { zoneId name kind country codes options { optionId name price { value currency } } }
  taxRules { taxRuleId name country region rateMillipercent }
  coupons { couponId code kind percentOffMillipercent amountOff { value } minimumSubtotal { value } startsAt expiresAt usageLimit timesUsed active } }`;

const WITH_FIELD_ERRORS = ["updateStoreSettings", "saveTaxRule", "saveCoupon"];
const mutation = (name: string) =>
  `mutation($input: ${name[0].toUpperCase()}${name.slice(1)}Input!) { ${name}(input: $input) { ${WITH_FIELD_ERRORS.includes(name) ? ERROR_FIELDS : ERROR} ... on ${name[0].toUpperCase()}${name.slice(1)}Success { ${SETTINGS} } } }`;

const save = async (name: string, input: Record<string, unknown>) => (await ok(mutation(name), { input }))[name];

const BASE = {
  currency: "USD",
  checkoutMinimum: 0,
  expressCheckout: false,
  multipleQuantityAllowedForServices: true,
  payLaterEnabled: true,
  payLaterMinimum: 3500,
  payLaterMaximum: 200000,
  payLaterAccountCountry: "US",
};

it("saves the settings, and answers each invalid field with its message", async () => {
  const saved = await save("updateStoreSettings", { ...BASE, checkoutMinimum: 2500, expressCheckout: true, payLaterAccountCountry: "PR" });
  expect(saved.storeSettings).toEqual(
    expect.objectContaining({ checkoutMinimum: { value: 2500 }, expressCheckout: true, payLaterAccountCountry: "PR", currency: "USD" }),
  );
  const bad = await save("updateStoreSettings", { ...BASE, currency: "XYZ", checkoutMinimum: -1, payLaterMaximum: 3000, payLaterAccountCountry: "DE" });
  expect(bad.__typename).toBe("FormInvalidError");
  expect(bad.fieldErrors).toEqual([
    { fieldId: "currency", message: "Choose one of the supported currencies." },
    { fieldId: "checkoutMinimum", message: "Enter an amount of 0 or more." },
    { fieldId: "payLaterMaximum", message: "The maximum must be above the minimum." },
    {
      fieldId: "payLaterAccountCountry",
      message:
        "Pay later is offered to stores in the United States and its territories, Canada, Australia, New Zealand and the United Kingdom: turn it off or choose one of them.",
    },
  ]);
  // The storefront sees the saved minimum at once (the cached settings were dropped).
  const visitor = store.visitor();
  const cart = (
    await addToCart(
      visitor,
      { itemId: String(await store.itemId("ceramic-mug")) },
      addCartEntryDocument("checkoutMinimum { formatted } checkoutMinimumMet", "id"),
    )
  ).cart;
  expect(cart).toEqual({ checkoutMinimum: { formatted: "$25.00" }, checkoutMinimumMet: false });
  // A store in a country pay-later does not serve saves with pay-later off; an unknown country never does.
  const german = await save("updateStoreSettings", { ...BASE, payLaterEnabled: false, payLaterAccountCountry: "DE" });
  expect(german.storeSettings).toEqual(expect.objectContaining({ payLaterAccountCountry: "DE" }));
  const unknown = await save("updateStoreSettings", { ...BASE, payLaterEnabled: false, payLaterAccountCountry: "XX" });
  expect(unknown.fieldErrors).toEqual([{ fieldId: "payLaterAccountCountry", message: "Choose one of the listed countries." }]);
  await save("updateStoreSettings", BASE);
});

it("re-expresses every price in a new currency, JPY without decimals, and the public catalogue follows", async () => {
  const PRICE = `query($slug: String!) { product(slug: $slug) { price { value currency formatted } } }`;
  const anonymous = store.visitor();
  const before = (await run(anonymous, PRICE, { slug: "ceramic-mug" })).product.price;
  expect(before.currency).toBe("USD");
  await run(anonymous, PRICE, { slug: "ceramic-mug" }); // now served from the response cache

  const saved = await save("updateStoreSettings", { ...BASE, currency: "JPY", checkoutMinimum: 1000, payLaterMinimum: 35, payLaterMaximum: 2000 });
  expect(saved.storeSettings.currency).toBe("JPY");
  const after = (await run(anonymous, PRICE, { slug: "ceramic-mug" })).product.price;
  expect(after).toEqual({ value: Math.round(before.value / 100), currency: "JPY", formatted: `¥${Math.round(before.value / 100).toLocaleString("en-US")}` });
  expect(after.formatted).not.toContain(".");
  const options = saved.storeSettings.shippingZones.flatMap((zone: { options: { price: { currency: string } }[] }) => zone.options);
  expect(options.every((option: { price: { currency: string } }) => option.price.currency === "JPY")).toBe(true);

  // And back: the figure is kept (20 JPY is 20.00 USD).
  await save("updateStoreSettings", BASE);
  const back = (await run(anonymous, PRICE, { slug: "ceramic-mug" })).product.price;
  expect(back).toEqual(expect.objectContaining({ value: after.value * 100, currency: "USD" }));
  // Put the demo price back for the other tests.
  await store.db.variant.updateMany({ where: { sku: "MUG-1" }, data: { price: before.value } });
  await store.db.product.updateMany({ where: { slug: "ceramic-mug" }, data: { sortPrice: before.value } });
  store.app.services.settings.invalidate();
  await save("updateStoreSettings", { ...BASE, checkoutMinimum: 1 });
  await save("updateStoreSettings", BASE);
});

it("creates, edits, orders and deletes shipping zones and their options", async () => {
  const created = await save("saveShippingZone", {
    name: "Canada",
    kind: "COUNTRIES",
    codes: ["ca"],
    options: [{ name: "Post", price: 900 }],
  });
  const zones = created.storeSettings.shippingZones;
  const canada = zones.find((zone: { name: string }) => zone.name === "Canada");
  expect(canada).toEqual(
    expect.objectContaining({ kind: "COUNTRIES", codes: ["CA"], options: [expect.objectContaining({ name: "Post", price: { value: 900, currency: "USD" } })] }),
  );

  const edited = await save("saveShippingZone", {
    zoneId: canada.zoneId,
    name: "Canada",
    kind: "COUNTRIES",
    codes: ["CA"],
    options: [
      { optionId: canada.options[0].optionId, name: "Post", price: 1000 },
      { name: "Express", price: 2500 },
    ],
  });
  const canadaAfter = edited.storeSettings.shippingZones.find((zone: { zoneId: number }) => zone.zoneId === canada.zoneId);
  expect(canadaAfter.options.map((option: { name: string; optionId: number }) => option.name)).toEqual(["Post", "Express"]);
  expect(canadaAfter.options[0].optionId).toBe(canada.options[0].optionId);

  const ids = edited.storeSettings.shippingZones.map((zone: { zoneId: number }) => zone.zoneId);
  const reordered = await save("reorderShippingZones", { zoneIds: [...ids].reverse() });
  expect(reordered.storeSettings.shippingZones.map((zone: { zoneId: number }) => zone.zoneId)).toEqual([...ids].reverse());
  const partial = await save("reorderShippingZones", { zoneIds: ids.slice(1) });
  expect(partial).toEqual(expect.objectContaining({ __typename: "InvalidInputError", message: "The list must name every shipping zone once." }));

  const deleted = await save("deleteShippingZone", { zoneId: canada.zoneId });
  expect(deleted.storeSettings.shippingZones.some((zone: { zoneId: number }) => zone.zoneId === canada.zoneId)).toBe(false);
  expect((await save("deleteShippingZone", { zoneId: canada.zoneId })).__typename).toBe("NotFoundError");
});

it("creates, edits and deletes tax rules, with field errors", async () => {
  const created = await save("saveTaxRule", { name: "Ontario HST", country: "ca", region: "on", rateMillipercent: 13000 });
  const rule = created.storeSettings.taxRules.find((candidate: { name: string }) => candidate.name === "Ontario HST");
  expect(rule).toEqual(expect.objectContaining({ country: "CA", region: "ON", rateMillipercent: 13000 }));
  const edited = await save("saveTaxRule", { taxRuleId: rule.taxRuleId, name: "Ontario HST", country: "CA", region: "", rateMillipercent: 5000 });
  expect(edited.storeSettings.taxRules.find((candidate: { taxRuleId: number }) => candidate.taxRuleId === rule.taxRuleId).rateMillipercent).toBe(5000);
  const bad = await save("saveTaxRule", { name: " ", country: "ZZ", rateMillipercent: 100001 });
  expect(bad.fieldErrors).toEqual([
    { fieldId: "name", message: "Required" },
    { fieldId: "country", message: "Choose one of the listed countries." },
    { fieldId: "rate", message: "Enter a percentage from 0 to 100." },
  ]);
  const deleted = await save("deleteTaxRule", { taxRuleId: rule.taxRuleId });
  expect(deleted.storeSettings.taxRules.some((candidate: { taxRuleId: number }) => candidate.taxRuleId === rule.taxRuleId)).toBe(false);
});

describe("coupons", () => {
  const APPLY = cartWriteDocument("applyCoupon", "discount { value } validCoupons");
  const mugCart = async () => {
    const visitor = store.visitor();
    await addToCart(visitor, { itemId: String(await store.itemId("ceramic-mug")) });
    return visitor;
  };

  it("saves percentage and fixed coupons with their fields, refuses a taken code and a bad input next to its field", async () => {
    const created = await save("saveCoupon", { code: "TENOFF", kind: "PERCENT", percentOffMillipercent: 10000, active: true });
    expect(created.storeSettings.coupons[0]).toEqual(
      expect.objectContaining({ code: "TENOFF", kind: "PERCENT", percentOffMillipercent: 10000, usageLimit: null, timesUsed: 0, active: true }),
    );
    const taken = await save("saveCoupon", { code: "TENOFF", kind: "AMOUNT", amountOff: 500, active: true });
    expect(taken.fieldErrors).toEqual([{ fieldId: "code", message: "Another coupon already uses that code." }]);
    const bad = await save("saveCoupon", {
      code: "no spaces",
      kind: "AMOUNT",
      amountOff: 0,
      startsAt: "2030-01-02T00:00:00Z",
      expiresAt: "2030-01-01T00:00:00Z",
      usageLimit: 0,
      active: true,
    });
    expect(bad.fieldErrors).toEqual([
      { fieldId: "code", message: "Use up to 50 letters, digits, dashes or underscores." },
      { fieldId: "amountOff", message: "Enter an amount of 0 or more." },
      { fieldId: "expiresAt", message: "The end must be after the start." },
      { fieldId: "usageLimit", message: "Enter a whole number of 1 or more, or leave it empty." },
    ]);
    const visitor = await mugCart();
    const applied = (await run(visitor, APPLY, { input: { code: "TENOFF" } })).applyCoupon;
    expect(applied.cart.validCoupons).toEqual(["TENOFF"]);
    expect(applied.cart.discount.value).toBeGreaterThan(0);
  });

  it("applies only between its validity dates, while active, and within its usage limit (checkout counts a use)", async () => {
    const future = await save("saveCoupon", { code: "LATER", kind: "AMOUNT", amountOff: 100, startsAt: "2999-01-01T00:00:00Z", active: true });
    expect(future.__typename).toBe("SaveCouponSuccess");
    const visitor = await mugCart();
    expect((await run(visitor, APPLY, { input: { code: "LATER" } })).applyCoupon).toEqual(
      expect.objectContaining({ __typename: "CouponError", message: "That coupon code is not valid." }),
    );
    const once = await save("saveCoupon", { code: "ONCE", kind: "AMOUNT", amountOff: 100, usageLimit: 1, active: true });
    const onceId = once.storeSettings.coupons.find((coupon: { code: string }) => coupon.code === "ONCE").couponId;
    await save("saveCoupon", { couponId: onceId, code: "ONCE", kind: "AMOUNT", amountOff: 100, usageLimit: 1, active: false });
    expect((await run(visitor, APPLY, { input: { code: "ONCE" } })).applyCoupon.__typename).toBe("CouponError");
    await save("saveCoupon", { couponId: onceId, code: "ONCE", kind: "AMOUNT", amountOff: 100, usageLimit: 1, active: true });
    expect((await run(visitor, APPLY, { input: { code: "ONCE" } })).applyCoupon.cart.validCoupons).toEqual(["ONCE"]);
    await run(visitor, cartWriteDocument("setShippingLocation"), { input: { country: "US", region: "NY", postalCode: "10001" } });
    const order = (
      await run(visitor, `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) { ${ERROR} ... on CheckoutSuccess { order { orderId } } } }`, {
        input: { email: "buyer@example.com", shippingAddress: NY_ADDRESS },
      })
    ).checkout;
    expect(order.__typename).toBe("CheckoutSuccess");
    expect((await store.db.order.findUniqueOrThrow({ where: { id: order.order.orderId } })).couponCodes).toBe('["ONCE"]');
    const used = await store.db.coupon.findFirstOrThrow({ where: { websiteId: DEMO_WEBSITE_ID, code: "ONCE" } });
    expect(used.timesUsed).toBe(1);
    const next = await mugCart();
    expect((await run(next, APPLY, { input: { code: "ONCE" } })).applyCoupon.__typename).toBe("CouponError");

    const deleted = await save("deleteCoupon", { couponId: onceId });
    expect(deleted.storeSettings.coupons.some((coupon: { code: string }) => coupon.code === "ONCE")).toBe(false);
  });
});

describe("store creation", () => {
  const CREATE = `mutation($input: CreateStoreInput!) { createStore(input: $input) { ${ERROR} ... on CreateStoreSuccess { collection { collectionId urlId title } addedToNavigation } } }`;

  it("gives the URL id from the title, the fallback under 3 characters, -1 on a collision", async () => {
    const first = (await ok(CREATE, { input: { title: "Winter Sale" } })).createStore.collection;
    expect(first.urlId).toBe("winter-sale");
    expect((await ok(CREATE, { input: { title: "Winter Sale" } })).createStore.collection.urlId).toBe("winter-sale-1");
    expect((await ok(CREATE, { input: { title: "Winter Sale" } })).createStore.collection.urlId).toBe("winter-sale-2");
    expect((await ok(CREATE, { input: { title: "AB" } })).createStore.collection.urlId).toBe("store");
  });

  it("gives the new store a page that answers 200 and lists its products (server-rendered and over GraphQL)", async () => {
    const created = (await ok(CREATE, { input: { title: "Garden Shop", addToMainNavigation: true } })).createStore;
    expect(created.addedToNavigation).toBe(true);
    const anonymous = store.visitor();
    const empty = await anonymous.request("GET", "/garden-shop");
    expect(empty.status).toBe(200);
    await store.db.product.updateMany({ where: { slug: "ceramic-mug" }, data: { collectionId: created.collection.collectionId } });
    const page = await anonymous.request("GET", "/garden-shop");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Ceramic Mug");
    expect(page.body).not.toContain("Canvas Tote");
    const json = await anonymous.request("GET", "/garden-shop?format=json");
    expect(json.body.items.map((item: { title: string }) => item.title)).toEqual(["Ceramic Mug"]);
    const query = await run(anonymous, `{ storePage(urlId: "garden-shop") { title } products(collection: "garden-shop") { edges { node { name } } } }`);
    expect(query).toEqual({ storePage: { title: "Garden Shop" }, products: { edges: [{ node: { name: "Ceramic Mug" } }] } });
    expect((await anonymous.request("GET", "/no-such-store")).status).toBe(404);
    expect((await run(anonymous, `{ storePage(urlId: "no-such-store") { title } }`)).storePage).toBeNull();
  });
});
