// The preview of the store's emails (page type 301, "commerce email preview"): each email the store
// sends, composed by the same functions as the real one over sample data, drawn with the store's
// branding; and "Send me a test", which writes it to the signed-in owner through the outbox.
import type { Db } from "../../db/client.ts";
import { productPath } from "../../domain/catalog/product-path.ts";
import { orderConfirmationEmail } from "../../domain/checkout/order-email.ts";
import { abandonedCheckoutEmail, CART_RECOVERY_PATH, CART_REMINDER_UNSUBSCRIBE_PATH } from "../../domain/checkout/abandoned-checkout.ts";
import { PREVIEW_EMAIL_KINDS, type PreviewEmailKind } from "../../domain/emails/branding.ts";
import { orderStatusLinkEmail, orderStatusPath } from "../../domain/orders/order-status-page.ts";
import { InvalidInputError } from "../../domain/errors.ts";
import { trackingUrlFor } from "../../domain/orders/carriers.ts";
import { orderCancellationEmail, orderRefundEmail, shippingConfirmationEmail } from "../../domain/orders/order-emails.ts";
import { formatMoney } from "../../domain/money.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { emailMessages } from "../../domain/messages/emails.ts";
import { messagesFor } from "../../domain/messages/localized.ts";
import { memberMessages } from "../../domain/messages/members.ts";
import { variantText } from "../../domain/restock/restock.ts";
import { newsletterConfirmText, NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from "../forms/newsletter.ts";
import { PASSWORD_RESET_PATH } from "../members/accounts.ts";
import { newId } from "../support/ids.ts";
import { loadEffectiveBranding } from "./branding.ts";
import type { Mailer } from "./mailer.ts";
import { renderEmailHtml } from "./templates/render.ts";

export interface EmailPreview {
  kind: PreviewEmailKind;
  name: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

const SAMPLE_TOKEN = "sample-token";

/** Each previewable email's subject and text, as its composer writes it, over sample data. */
function sampleEmail(kind: PreviewEmailKind, store: { title: string; currency: string; publicUrl: string }): { subject: string; textBody: string } {
  const text = messagesFor(null);
  switch (kind) {
    case "ORDER_CONFIRMATION":
      return orderConfirmationEmail(
        {
          orderNumber: 1001,
          currency: store.currency,
          items: [
            { productName: "Linen shirt", attributes: { Size: "M", Color: "Blue" }, quantity: 1, unitPrice: 4500 },
            { productName: "Canvas tote", attributes: {}, quantity: 2, unitPrice: 1800 },
          ],
          subtotal: 8100,
          discountTotal: 0,
          taxTotal: 650,
          shippingTotal: 500,
          grandTotal: 9250,
          shippingOption: "Standard",
          shippingAddress: ["Alex Sample", "1 Sample Street", "Springfield 12345"],
          billingAddress: null,
          link: `${store.publicUrl}${orderStatusPath(SAMPLE_TOKEN)}`,
          testMode: false,
        },
        "en",
      );
    case "SHIPPING_CONFIRMATION":
      return shippingConfirmationEmail(
        {
          storeName: store.title,
          orderNumber: 1001,
          lines: [{ productName: "Linen shirt", quantity: 1, attributes: { Size: "M", Color: "Blue" } }],
          carrier: "UPS",
          trackingNumber: "1Z999AA10123456784",
          trackingUrl: trackingUrlFor("UPS", "1Z999AA10123456784"),
          complete: false,
          link: `${store.publicUrl}/order-confirmed/${SAMPLE_TOKEN}`,
        },
        "en",
      );
    case "ORDER_CANCELLED":
      return orderCancellationEmail({ storeName: store.title, orderNumber: 1001, paid: true }, "en");
    case "ORDER_REFUNDED":
      return orderRefundEmail(
        {
          storeName: store.title,
          orderNumber: 1001,
          amount: { value: 4500, currency: store.currency },
          lines: [{ productName: "Linen shirt", quantity: 1 }],
          reason: "requested_by_customer",
          full: false,
        },
        "en",
      );
    case "PASSWORD_RESET":
      return {
        subject: memberMessages.passwordResetSubject,
        textBody: memberMessages.passwordResetBody(`${store.publicUrl}${PASSWORD_RESET_PATH}?token=${SAMPLE_TOKEN}`),
      };
    case "NEWSLETTER_CONFIRM":
      return {
        subject: text.newsletterConfirmSubject,
        textBody: newsletterConfirmText(
          text,
          "Newsletter",
          `${store.publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${SAMPLE_TOKEN}`,
          `${store.publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${SAMPLE_TOKEN}`,
        ),
      };
    case "RESTOCK":
      return {
        subject: text.restockSubject("Linen shirt"),
        textBody: text.restockBody("Linen shirt", variantText({ Size: "M" }), `${store.publicUrl}${productPath("linen-shirt")}`),
      };
    case "GIFT_CARD":
      return {
        subject: checkoutMessages.giftCardEmailSubject(store.title),
        textBody: checkoutMessages.giftCardEmailBody(formatMoney({ value: 5000, currency: store.currency }), "SAMPLE-CODE-1234", "Happy birthday!"),
      };
    case "ORDER_STATUS_LINK":
      return orderStatusLinkEmail(1001, `${store.publicUrl}${orderStatusPath(SAMPLE_TOKEN)}`);
    case "ABANDONED_CHECKOUT":
      return abandonedCheckoutEmail(
        {
          storeName: store.title,
          currency: store.currency,
          items: [
            { productName: "Linen shirt", attributes: { Size: "M", Color: "Blue" }, quantity: 1, unitPrice: 4500 },
            { productName: "Canvas tote", attributes: {}, quantity: 2, unitPrice: 1800 },
          ],
          subtotal: 8100,
          link: `${store.publicUrl}${CART_RECOVERY_PATH}${SAMPLE_TOKEN}`,
          unsubscribeLink: `${store.publicUrl}${CART_REMINDER_UNSUBSCRIBE_PATH}${SAMPLE_TOKEN}`,
        },
        null,
      );
  }
}

export class EmailPreviewService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  async #store() {
    const website = await this.db.website.findUniqueOrThrow({ where: { id: this.websiteId }, select: { title: true, currency: true } });
    return { ...website, publicUrl: this.publicUrl };
  }

  /** Every previewable email, drawn with the store's branding of now. */
  async list(): Promise<EmailPreview[]> {
    const [store, branding] = await Promise.all([this.#store(), loadEffectiveBranding(this.db, this.websiteId)]);
    return Promise.all(
      PREVIEW_EMAIL_KINDS.map(async (kind) => {
        const email = sampleEmail(kind, store);
        return { kind, name: emailMessages.kindNames[kind], ...email, htmlBody: await renderEmailHtml(email, branding) };
      }),
    );
  }

  /** Writes the sample email to `toEmail` (the signed-in owner) through the outbox; its subject says it is a test. */
  async sendTest(kind: PreviewEmailKind, toEmail: string | null): Promise<{ toEmail: string }> {
    if (!toEmail) throw new InvalidInputError(emailMessages.ownerEmailMissing);
    const email = sampleEmail(kind, await this.#store());
    await this.db.$transaction((tx) =>
      this.mailer.enqueue(tx, this.websiteId, [
        { kind, dedupeKey: `email-test:${kind}:${newId()}`, toEmail, subject: emailMessages.testSubject(email.subject), textBody: email.textBody },
      ]),
    );
    await this.mailer.deliverPending();
    return { toEmail };
  }
}
