// The order confirmation email (issue 14): the shopper's language when the site has several, the
// store's money format in English, every total and both addresses, the link to the order's page.
import { orderConfirmationEmail, orderEmailLanguage, type OrderEmailFacts } from "../../../server/domain/checkout/order-email.ts";

describe("orderEmailLanguage", () => {
  it.each([
    ["a one-language site writes in its language", "fr-FR", ["en-US"], "en-US", "en-US"],
    ["a site with several writes in the shopper's", "fr-CA", ["en-US", "fr-FR"], "en-US", "fr-FR"],
    ["a shopper's language the site does not have gets the default", "de-DE", ["en-US", "fr-FR"], "en-US", "en-US"],
    ["no shopper language: the default", null, ["en-US", "fr-FR"], "fr-FR", "fr-FR"],
  ] as const)("%s", (_case, shopper, site, fallback, expected) => {
    expect(orderEmailLanguage(shopper, site, fallback)).toBe(expected);
  });
});

const facts: OrderEmailFacts = {
  orderNumber: 42,
  currency: "USD",
  items: [{ productName: "Linen Shirt", attributes: { Size: "M", Color: "Blue" }, quantity: 2, unitPrice: 4500 }],
  subtotal: 9000,
  discountTotal: 900,
  taxTotal: 719,
  shippingTotal: 1500,
  grandTotal: 10319,
  shippingOption: "Express",
  shippingAddress: ["Ada Lovelace", "350 5th Ave", "New York, NY 10118", "United States of America"],
  billingAddress: ["Charles Babbage", "1 Dorset Street", "London", "W1U 4EG", "United Kingdom"],
  link: "https://shop.example/order-confirmed/abc",
  testMode: true,
};

describe("orderConfirmationEmail", () => {
  it("lists items with options, the totals (grand total = subtotal - discount + tax + shipping), both addresses and the link", () => {
    expect(facts.subtotal - facts.discountTotal + facts.taxTotal + facts.shippingTotal).toBe(facts.grandTotal);
    const email = orderConfirmationEmail(facts, "en-US");
    expect(email.subject).toBe("Order #42 is confirmed");
    expect(email.language).toBe("en-US");
    expect(email.textBody).toBe(
      [
        "Thank you for your order! Order #42 is confirmed.",
        "",
        "Items:",
        "- 2 × Linen Shirt (M / Blue): $90.00",
        "",
        "Subtotal: $90.00",
        "Discount: -$9.00",
        "Shipping (Express): $15.00",
        "Tax: $7.19",
        "Total: $103.19",
        "",
        "Shipping address:",
        ...facts.shippingAddress!,
        "",
        "Billing address:",
        ...facts.billingAddress!,
        "",
        "See your order: https://shop.example/order-confirmed/abc",
        "",
        "This order was placed in test mode: no payment was taken.",
        "",
      ].join("\n"),
    );
  });

  it("leaves out the discount, tax, shipping and addresses an order does not have", () => {
    const body = orderConfirmationEmail(
      { ...facts, discountTotal: 0, taxTotal: 0, shippingTotal: 0, shippingOption: null, shippingAddress: null, billingAddress: null, grandTotal: 9000 },
      "en",
    ).textBody;
    expect(body).not.toMatch(/Discount|Tax|Shipping|Billing/);
    expect(body).toContain("Total: $90.00");
  });

  it("says no payment was taken only of a test-mode order (issue 22: a paid order was paid)", () => {
    expect(orderConfirmationEmail(facts, "en").textBody).toContain("no payment was taken");
    expect(orderConfirmationEmail({ ...facts, testMode: false }, "en").textBody).not.toMatch(/test mode|no payment/);
  });

  it("writes French with Intl's amounts and falls back to English for a language it has no texts in", () => {
    const french = orderConfirmationEmail(facts, "fr-FR");
    expect(french.subject).toBe("Commande n° 42 confirmée");
    expect(french.textBody.replace(/[\u00a0\u202f]/g, " ")).toContain("Total : 103,19 $US\n");
    const german = orderConfirmationEmail(facts, "de-DE");
    expect(german).toMatchObject({ subject: "Order #42 is confirmed", language: "en" });
  });
});

describe("digital downloads (issue 23)", () => {
  const downloads = { items: [{ name: "Recipes.pdf", url: "https://shop.example/downloads/abc.def" }], expiryHours: 24, downloadLimit: 5 };
  it("lists each download link with how long and how often it works, before the order's link", () => {
    const { textBody } = orderConfirmationEmail({ ...facts, downloads }, "en-US");
    expect(textBody).toContain(
      "Your downloads (each link works for 24 hours and 5 downloads):\n- Recipes.pdf: https://shop.example/downloads/abc.def\n\nSee your order: https://shop.example/order-confirmed/abc",
    );
  });
  it("writes them in French too", () => {
    expect(orderConfirmationEmail({ ...facts, downloads }, "fr-FR").textBody).toContain(
      "Vos téléchargements (chaque lien est valable 24\u00a0heures et 5\u00a0téléchargements)\u00a0:\n- Recipes.pdf\u00a0: https://shop.example/downloads/abc.def",
    );
  });
  it("says nothing of downloads for an order without any", () => {
    expect(orderConfirmationEmail({ ...facts, downloads: { items: [], expiryHours: 24, downloadLimit: 5 } }, "en-US").textBody).not.toContain("downloads");
  });
});
