// A payment the shopper's bank disputed (issue 22, `charge.dispute.created`): the order is marked
// disputed once (Order.disputedAt, the first dispute's moment) and the site's admins are emailed, since
// only they can answer it in Stripe's dashboard before Stripe's deadline.
import type { Db } from "../../db/client.ts";
import { Role } from "../../domain/members/permissions.ts";
import { orderRefundMessages } from "../../domain/messages/order-refunds.ts";
import { formatMoney } from "../../domain/money.ts";
import { stripeDashboardPaymentUrl } from "../../domain/payments/order-money.ts";
import type { StorePubSub } from "../../realtime/pubsub.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PaymentAccountService } from "../payments/payment-accounts.ts";

/** A dispute as Stripe reports it. */
export interface ProviderDispute {
  id: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  reason: string;
}

export class OrderDisputeService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly deps: { mailer: Mailer; pubsub: StorePubSub; accounts: Pick<PaymentAccountService, "view"> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Marks the paid order disputed and tells the admins; answers false when no order of this site was paid by it or it was marked already. */
  async record(dispute: ProviderDispute): Promise<boolean> {
    const account = await this.deps.accounts.view();
    const dashboardUrl = account ? stripeDashboardPaymentUrl(account.mode, dispute.paymentIntentId) : null;
    const orderId = await this.db.$transaction(async (tx) => {
      const order = await tx.order.findFirst({
        where: { websiteId: this.websiteId, paymentIntentId: dispute.paymentIntentId },
        select: { id: true, orderNumber: true },
      });
      if (!order) return null;
      // Conditional: a redelivered event, or a second dispute of the same payment, marks nothing again.
      const marked = await tx.order.updateMany({ where: { id: order.id, disputedAt: null }, data: { disputedAt: this.now() } });
      if (marked.count !== 1) return null;
      const admins = await tx.account.findMany({ where: { websiteId: this.websiteId, role: Role.ADMIN }, select: { email: true }, orderBy: { id: "asc" } });
      const amount = formatMoney({ value: dispute.amount, currency: dispute.currency.toUpperCase() });
      await this.deps.mailer.enqueue(
        tx,
        this.websiteId,
        admins.map(({ email }) => ({
          kind: "PAYMENT_DISPUTED" as const,
          dedupeKey: `payment-disputed:${dispute.id}:${email}`,
          toEmail: email,
          subject: orderRefundMessages.disputeEmailSubject(order.orderNumber),
          textBody: orderRefundMessages.disputeEmailBody(order.orderNumber, amount, dispute.reason.replaceAll("_", " "), dashboardUrl),
          language: null,
        })),
      );
      return order.id;
    });
    if (!orderId) return false;
    void this.deps.mailer.deliverPending();
    this.deps.pubsub.publish("orderChanged", { websiteId: this.websiteId, orderId });
    return true;
  }
}
