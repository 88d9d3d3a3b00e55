// The catalogue over GraphQL: subscription plans, merchandising and additional-field forms through
// Query.product (spec storefront-and-commerce.md §3, §4).
import { DEMO_PRODUCT_SLUGS } from "../support/app.ts";
import { product, useCatalogStore } from "./catalog-setup.ts";

useCatalogStore();

describe("subscriptions, merchandising and forms", () => {
  it("coffee-club is subscribable, billed every 1 MONTH indefinitely: '{price} every month', button 'Subscribe'", async () => {
    const p = await product("coffee-club");
    expect(p.isSubscribable).toBe(true);
    expect(p.subscriptionPlan).toEqual({ billingPeriod: { value: 1, unit: "MONTH" }, numBillingCycles: 0 });
    expect(p.subscriptionPriceText).toBe("{price} every month");
    expect(p.addButtonText).toBe("Subscribe");
  });

  it("gives no subscription wording to products that are not subscribable", async () => {
    for (const slug of DEMO_PRODUCT_SLUGS.filter((slug) => slug !== "coffee-club")) {
      const p = await product(slug);
      expect({ slug, isSubscribable: p.isSubscribable, subscriptionPlan: p.subscriptionPlan, text: p.subscriptionPriceText }).toEqual({
        slug,
        isSubscribable: false,
        subscriptionPlan: null,
        text: null,
      });
    }
  });

  it("canvas-tote is sold out with the custom sold-out text 'Back soon', waitlist and mailing-list sign-up on", async () => {
    const p = await product("canvas-tote");
    expect(p.soldOut).toBe(true);
    expect(p.merchandising).toMatchObject({
      customSoldOutText: "Back soon",
      restockNotificationsEnabled: true,
      mailingListSignUpEnabled: true,
    });
  });

  it("linen-shirt has scarcity on with 'Only {qty} left!'", async () => {
    const p = await product("linen-shirt");
    expect(p.merchandising).toMatchObject({ scarcityEnabled: true, scarcityText: "Only {qty} left!" });
  });

  it("engraved-pen carries its additional-fields form: 'Engraving' text, required, maxLength 20", async () => {
    const p = await product("engraved-pen");
    expect(p.additionalFieldsForm).toEqual({
      name: "Engraving",
      fields: [{ fieldId: "engraving", type: "text", title: "Engraving", required: true, maxLength: 20 }],
    });
    expect((await product("ceramic-mug")).additionalFieldsForm).toBeNull();
  });
});
