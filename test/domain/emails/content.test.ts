// An email's HTML blocks are cut from its plain text (issue 24): the two parts say the same thing.
import { contentFromText } from "../../../server/domain/emails/content.ts";

describe("email content from its text", () => {
  it("makes paragraphs, lists, link buttons and bare links", () => {
    const content = contentFromText(
      "Order #7 is confirmed",
      "Thank you for your order! Order #7 is confirmed.\n\nItems:\n- 1 × Hat: $3.00\n- 2 × Mug: $8.00\n\nShipping address:\nAlex\n1 Main St\n\nSee your order: https://shop.test/order-confirmed/abc\n\nhttps://shop.test/confirm?token=t\n",
    );
    expect(content).toEqual({
      preheader: "Thank you for your order! Order #7 is confirmed.",
      heading: "Order #7 is confirmed",
      blocks: [
        { kind: "paragraph", text: "Thank you for your order! Order #7 is confirmed." },
        { kind: "list", title: "Items:", items: ["1 × Hat: $3.00", "2 × Mug: $8.00"] },
        { kind: "list", title: "Shipping address:", items: ["Alex", "1 Main St"] },
        { kind: "button", label: "See your order", url: "https://shop.test/order-confirmed/abc" },
        { kind: "link", before: "", url: "https://shop.test/confirm?token=t" },
      ],
    });
  });

  it("makes only the first call to action a button: a later link line stays a line", () => {
    const content = contentFromText(
      "Please confirm your subscription",
      "Please confirm by opening this link:\n\nhttps://shop.test/confirm?token=t\n\nTo stop getting these emails, unsubscribe: https://shop.test/unsubscribe?token=u",
    );
    expect(content.blocks.slice(1)).toEqual([
      { kind: "link", before: "", url: "https://shop.test/confirm?token=t" },
      { kind: "link", before: "To stop getting these emails, unsubscribe: ", url: "https://shop.test/unsubscribe?token=u" },
    ]);
  });

  it("keeps a French label's space before the colon out of the button", () => {
    expect(contentFromText("s", "Voir votre commande\u00a0: https://shop.test/o/1").blocks).toEqual([
      { kind: "button", label: "Voir votre commande", url: "https://shop.test/o/1" },
    ]);
  });
});
