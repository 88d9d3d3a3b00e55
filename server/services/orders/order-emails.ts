// The emails an order sends its shopper (confirmation, shipping, cancellation, refund): written to the
// outbox in the caller's transaction and, when the outbox took it (its dedupe key was new), recorded
// on the order's timeline as EMAIL_SENT. One path, so no order email goes unrecorded.
import type { Tx } from "../../db/client.ts";
import type { ComposedEmail } from "../../domain/orders/order-emails.ts";
import type { Mailer, OutgoingEmail } from "../mail/mailer.ts";
import { recordOrderEvent } from "./order-timeline.ts";

export interface OrderEmail {
  websiteId: string;
  orderId: string;
  kind: OutgoingEmail["kind"];
  dedupeKey: string;
  toEmail: string;
  email: Pick<ComposedEmail, "subject" | "textBody"> & { language?: string | null };
  at?: Date;
}

/** Queues the email and records it on the timeline; answers whether it was new. */
export async function sendOrderEmail(tx: Tx, mailer: Mailer, { websiteId, orderId, kind, dedupeKey, toEmail, email, at }: OrderEmail): Promise<boolean> {
  const written = await mailer.enqueue(tx, websiteId, [{ kind, dedupeKey, toEmail, ...email }]);
  if (written === 0) return false;
  await recordOrderEvent(tx, { websiteId, orderId, kind: "EMAIL_SENT", data: { emailKind: kind, to: toEmail }, actor: "system", at });
  return true;
}
