// The owner's view of the waitlists: sign-ups in queue order and per-variant counts, a page at a
// time. Each read first brings the queues it shows up to date (lapsed places, purchases).
import type { Db, Prisma, Tx } from "../../db/client.ts";
import { InvalidInputError } from "../../domain/errors.ts";
import { checkoutMessages } from "../../domain/messages/checkout.ts";
import type { RestockStatus } from "../../domain/restock/restock.ts";
import { parseAttributes } from "../catalog/catalog.ts";
import { decodeCursor, groupCursor, signUpCursor, toId, toView, type Page, type RestockGroupView, type RestockSignUpView } from "./restock-views.ts";

export const RESTOCK_PAGE_SIZE = 20;
export const queueOrder = [{ createdAt: "asc" as const }, { id: "asc" as const }];

export interface SignUpFilter {
  productId?: unknown;
  variantId?: unknown;
  cursor?: unknown;
  first?: number;
}

export interface GroupFilter {
  cursor?: unknown;
  first?: number;
}

/** What the reports read with: the site's database and the queue's reconciliation. */
export interface ReportSource {
  db: Db;
  websiteId: string;
  reconcile(tx: Tx, variantIds: number[]): Promise<void>;
}

/**
 * GET .../restock: the sign-ups of a product (or one variant), in queue order, a page at a time.
 * With a variant, waiting places carry their queue position.
 */
export async function listSignUps(source: ReportSource, filter: SignUpFilter): Promise<Page<RestockSignUpView>> {
  const productId = filter.productId === undefined || filter.productId === null || filter.productId === "" ? null : toId(filter.productId);
  const variantId = filter.variantId === undefined || filter.variantId === null || filter.variantId === "" ? null : toId(filter.variantId);
  if ((filter.productId && productId === null) || (filter.variantId && variantId === null)) throw new InvalidInputError(checkoutMessages.invalidRequest);
  const cursor = decodeCursor(
    filter.cursor,
    (value): value is { c: number; i: number } =>
      !!value && typeof value === "object" && Number.isFinite((value as { c?: unknown }).c) && Number.isInteger((value as { i?: unknown }).i),
  );
  const take = Math.min(Math.max(filter.first ?? RESTOCK_PAGE_SIZE, 1), 100);
  const where: Prisma.RestockSignUpWhereInput = { websiteId: source.websiteId, ...(productId ? { productId } : {}), ...(variantId ? { variantId } : {}) };
  return source.db.$transaction(async (tx) => {
    const variants = variantId
      ? [variantId]
      : (await tx.restockSignUp.findMany({ where, distinct: ["variantId"], select: { variantId: true } })).map((row) => row.variantId);
    await source.reconcile(tx, variants);
    const rows = await tx.restockSignUp.findMany({
      where: {
        ...where,
        ...(cursor ? { OR: [{ createdAt: { gt: new Date(cursor.c) } }, { createdAt: new Date(cursor.c), id: { gt: cursor.i } }] } : {}),
      },
      orderBy: queueOrder,
      take: take + 1,
    });
    const page = rows.slice(0, take);
    let positions = new Map<number, number>();
    if (variantId) {
      const waiting = await tx.restockSignUp.findMany({ where: { variantId, status: "RECEIVED" }, orderBy: queueOrder, select: { id: true } });
      positions = new Map(waiting.map((place, index) => [place.id, index + 1]));
    }
    const last = page[page.length - 1];
    return {
      items: page.map((row) => toView(row, positions.get(row.id) ?? null)),
      hasNextPage: rows.length > take,
      nextPageCursor: rows.length > take && last ? signUpCursor(last) : null,
    };
  });
}

/** GET .../restock/groups: one entry per variant with sign-ups, with counts by status. */
export async function listGroups(source: ReportSource, filter: GroupFilter): Promise<Page<RestockGroupView>> {
  const cursor = decodeCursor(
    filter.cursor,
    (value): value is { v: number } => !!value && typeof value === "object" && Number.isInteger((value as { v?: unknown }).v),
  );
  const take = Math.min(Math.max(filter.first ?? RESTOCK_PAGE_SIZE, 1), 100);
  return source.db.$transaction(async (tx) => {
    const variantRows = await tx.restockSignUp.findMany({
      where: { websiteId: source.websiteId, ...(cursor ? { variantId: { gt: cursor.v } } : {}) },
      distinct: ["variantId"],
      orderBy: { variantId: "asc" },
      select: { variantId: true },
      take: take + 1,
    });
    const variantIds = variantRows.slice(0, take).map((row) => row.variantId);
    const items = await groupsOf(tx, source, variantIds);
    const last = variantIds[variantIds.length - 1];
    return { items, hasNextPage: variantRows.length > take, nextPageCursor: variantRows.length > take && last ? groupCursor({ variantId: last }) : null };
  });
}

/** The waitlists with the most people waiting (not yet notified), largest first (the owner's home). */
export async function biggestGroups(source: ReportSource, limit: number): Promise<RestockGroupView[]> {
  return source.db.$transaction(async (tx) => {
    const waiting = await tx.restockSignUp.findMany({
      where: { websiteId: source.websiteId, status: "RECEIVED" },
      distinct: ["variantId"],
      select: { variantId: true },
    });
    await source.reconcile(
      tx,
      waiting.map((row) => row.variantId),
    );
    const top = await tx.restockSignUp.groupBy({
      by: ["variantId"],
      where: { websiteId: source.websiteId, status: "RECEIVED" },
      _count: { variantId: true },
      orderBy: [{ _count: { variantId: "desc" } }, { variantId: "asc" }],
      take: limit,
    });
    // Reconciled above, before ranking: count without reconciling again.
    return countedGroups(
      tx,
      top.map((row) => row.variantId),
    );
  });
}

/** One variant's group (its counts by status), or null when it has no sign-ups on this site. */
export async function findGroup(source: ReportSource, productIdInput: unknown, variantIdInput: unknown): Promise<RestockGroupView | null> {
  const productId = toId(productIdInput);
  const variantId = toId(variantIdInput);
  if (productId === null || variantId === null) return null;
  return source.db.$transaction(async (tx) => {
    const any = await tx.restockSignUp.count({ where: { websiteId: source.websiteId, productId, variantId } });
    if (!any) return null;
    return (await groupsOf(tx, source, [variantId]))[0] ?? null;
  });
}

/** The groups of these variants (brought up to date first), in the order given. */
async function groupsOf(tx: Tx, source: ReportSource, variantIds: number[]): Promise<RestockGroupView[]> {
  await source.reconcile(tx, variantIds);
  return countedGroups(tx, variantIds);
}

/** The groups of these variants as the queue stands (already reconciled), in the order given. */
async function countedGroups(tx: Tx, variantIds: number[]): Promise<RestockGroupView[]> {
  const counts = await tx.restockSignUp.groupBy({ by: ["variantId", "status"], where: { variantId: { in: variantIds } }, _count: { _all: true } });
  const variants = await tx.variant.findMany({
    where: { id: { in: variantIds } },
    select: { id: true, productId: true, sku: true, attributes: true, unlimited: true, qtyInStock: true, product: { select: { name: true } } },
  });
  return variantIds.flatMap((id) => {
    const variant = variants.find((row) => row.id === id);
    if (!variant) return [];
    const count = (status: RestockStatus) => counts.find((row) => row.variantId === id && row.status === status)?._count._all ?? 0;
    const group = {
      productId: variant.productId,
      variantId: id,
      productName: variant.product.name,
      sku: variant.sku,
      attributes: parseAttributes(variant.attributes),
      unlimited: variant.unlimited,
      qtyInStock: variant.qtyInStock,
      received: count("RECEIVED"),
      notified: count("NOTIFIED"),
      purchased: count("PURCHASED"),
      expired: count("EXPIRED"),
    };
    return [{ ...group, total: group.received + group.notified + group.purchased + group.expired }];
  });
}
