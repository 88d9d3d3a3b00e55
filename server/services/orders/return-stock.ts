// Units going back to their variants' stock (a cancelled order, a refund that restocks): only limited
// variants count stock, and a variant deleted since the sale has nothing to get back. The stock that
// arrives notifies the shoppers waiting for it (restock).
import type { Tx } from "../../db/client.ts";
import type { RestockService } from "../restock/restock.ts";

/** Returns `units` (variant id -> quantity); adds the products restocked to `restocked`; answers how many waiters were notified. */
export async function returnUnits(tx: Tx, restock: RestockService, units: Map<number, number>, restocked: Set<number>): Promise<number> {
  let notified = 0;
  for (const [variantId, quantity] of units) {
    const returned = await tx.variant.updateMany({ where: { id: variantId, unlimited: false }, data: { qtyInStock: { increment: quantity } } });
    if (returned.count !== 1) continue;
    const after = await tx.variant.findUniqueOrThrow({ where: { id: variantId }, select: { productId: true, unlimited: true, qtyInStock: true } });
    restocked.add(after.productId);
    notified += await restock.stockChanged(tx, variantId, { unlimited: false, qtyInStock: after.qtyInStock - quantity }, after);
  }
  return notified;
}

/** The units of these order items, summed per variant. */
export function unitsOf(items: { variantId: number | null; quantity: number }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const item of items) if (item.variantId !== null) units.set(item.variantId, (units.get(item.variantId) ?? 0) + item.quantity);
  return units;
}
