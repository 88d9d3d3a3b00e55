// The store's emails as HTML (issue 24): the layout carries the store's name, colour, logo and footer,
// is safe in dark mode, and says what the plain-text part says.
import { effectiveBranding, cleanBranding } from "../../../server/domain/emails/branding.ts";
import { orderConfirmationEmail } from "../../../server/domain/checkout/order-email.ts";
import { renderEmailHtml } from "../../../server/services/mail/templates/render.ts";

const order = orderConfirmationEmail(
  {
    orderNumber: 42,
    currency: "USD",
    items: [{ productName: "Linen shirt", attributes: { Size: "M" }, quantity: 2, unitPrice: 4500 }],
    subtotal: 9000,
    discountTotal: 0,
    taxTotal: 0,
    shippingTotal: 500,
    grandTotal: 9500,
    shippingOption: "Standard",
    shippingAddress: ["Alex Sample", "1 Sample Street"],
    billingAddress: null,
    link: "https://shop.test/order-confirmed/abc",
    testMode: false,
  },
  "en",
);

describe("an email's HTML part", () => {
  it("carries the store's name, accent colour and footer", async () => {
    const html = await renderEmailHtml(
      order,
      effectiveBranding(cleanBranding({ storeName: "Bean & Leaf", accentColor: "#B03A2E", footerText: "Bean & Leaf, 1 Main St." }), "Demo"),
    );
    expect(html).toContain("Bean &amp; Leaf</p>");
    expect(html).toContain("#b03a2e");
    expect(html).toContain("Bean &amp; Leaf, 1 Main St.");
    expect(html).toMatch(/^<!DOCTYPE html/);
  });

  it("says every sentence and amount of the text part, and links the order with a button", async () => {
    const html = await renderEmailHtml(order, effectiveBranding(null, "Demo Store"));
    expect(html).toContain("Thank you for your order! Order #42 is confirmed.");
    expect(html).toContain("2 × Linen shirt (M): $90.00");
    expect(html).toContain("Total: $95.00");
    expect(html).toContain("Alex Sample");
    expect(html).toMatch(/<a href="https:\/\/shop.test\/order-confirmed\/abc"[^>]*>.*See your order/s);
    // The default footer names the site when the owner wrote none.
    expect(html).toContain("You received this email from Demo Store.");
  });

  it("shows the logo instead of the name when there is one", async () => {
    const html = await renderEmailHtml(order, effectiveBranding(cleanBranding({ logoUrl: "https://cdn.test/logo.png" }), "Demo Store"));
    expect(html).toMatch(/<img alt="Demo Store"[^>]*src="https:\/\/cdn.test\/logo.png"/);
  });

  it("is dark-mode safe: declares both colour schemes and sets the background under every text", async () => {
    const html = await renderEmailHtml(order, effectiveBranding(null, "Demo Store"));
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain("background-color:#ffffff");
    expect(html).toContain("max-width:600px");
  });

  it("writes dark text on a pale accent's button and white on a dark one", async () => {
    const pale = await renderEmailHtml(order, effectiveBranding(cleanBranding({ accentColor: "#ffe066" }), "Demo"));
    expect(pale).toMatch(/background-color:#ffe066;color:#000000/);
    const dark = await renderEmailHtml(order, effectiveBranding(cleanBranding({ accentColor: "#1a237e" }), "Demo"));
    expect(dark).toMatch(/background-color:#1a237e;color:#ffffff/);
  });
});
