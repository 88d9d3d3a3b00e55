// The owner's subscriptions, store-wide (issue 24 §6): every member subscription of the site with its
// customer, newest first, filtered by state; and the owner's moves (pause, resume, skip next, cancel,
// change the next billing date), each through the member's path (moveSubscriptionRow), so one
// transition table (domain/checkout/subscription-states.ts) decides for both.
import { NotFoundError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import { ownerActions, type OwnerSubscriptionAction, type SubscriptionState } from "../../domain/checkout/subscription-states.ts";
import type { Db, Prisma } from "../../db/client.ts";
import { moveSubscriptionRow, toSubscriptionView, type SubscriptionMove, type SubscriptionRow, type SubscriptionView } from "./subscriptions.ts";

export interface OwnerSubscriptionView extends SubscriptionView {
  /** The member's email; null when the account is gone. */
  customerEmail: string | null;
  createdAt: Date;
  /** What the owner may do now (the list's buttons). */
  ownerActions: OwnerSubscriptionAction[];
}

export const MAX_SUBSCRIPTION_PAGE = 100;

export class OwnerSubscriptionService {
  constructor(
    private readonly db: Db,
    private readonly websiteId: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of the site's subscriptions, newest first; `after` is the id of the last one of the previous page. */
  async list(filter: { state?: SubscriptionState | null; first?: number | null; after?: string | null }) {
    const take = Math.min(Math.max(filter.first ?? 20, 1), MAX_SUBSCRIPTION_PAGE);
    const where: Prisma.SubscriptionWhereInput = { websiteId: this.websiteId, ...(filter.state ? { state: filter.state } : {}) };
    if (filter.after && !(await this.db.subscription.count({ where: { AND: [where, { id: filter.after }] } })))
      throw new NotFoundError(checkoutMessages.subscriptionNotFound);
    const rows = await this.db.subscription.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...(filter.after ? { cursor: { id: filter.after }, skip: 1 } : {}),
      take: take + 1,
    });
    return { items: await this.#views(rows.slice(0, take)), hasNextPage: rows.length > take };
  }

  /** The owner's move of one of the site's subscriptions (another site's is not found). */
  async change(subscriptionId: string, move: SubscriptionMove): Promise<OwnerSubscriptionView> {
    const row = await moveSubscriptionRow(this.db, { id: subscriptionId, websiteId: this.websiteId }, move, this.now());
    const [view] = await this.#views([row]);
    return view;
  }

  /** The rows as the owner sees them, with their members' emails read in one query. */
  async #views(rows: readonly SubscriptionRow[]): Promise<OwnerSubscriptionView[]> {
    const accountIds = [...new Set(rows.map((row) => row.accountId))];
    const accounts = accountIds.length
      ? await this.db.account.findMany({ where: { id: { in: accountIds }, websiteId: this.websiteId }, select: { id: true, email: true } })
      : [];
    const emails = new Map(accounts.map((account) => [account.id, account.email]));
    return rows.map((row) => {
      const view = toSubscriptionView(row);
      return { ...view, customerEmail: emails.get(row.accountId) ?? null, createdAt: row.createdAt, ownerActions: ownerActions(view.state, view.skipNext) };
    });
  }
}
