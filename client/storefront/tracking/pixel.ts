// The owner's ads pixel: a purchase handed to the page's pixel script, in the currency's major units.
import { toDecimalValue } from "../../../server/domain/money.ts";
import type { OrderForAnalytics } from "../../shared/tracking/types.ts";

/** The pixel wants major units: the currency's own decimals (¥1,000 is 1000, $10.00 is 10), not a fixed /100. */
const majorUnits = (value: number, currency: string) => Number(toDecimalValue({ value, currency }));

/** The owner's ads pixel (docs/decisions.md "Tracking: the pixel"): the page's pixel script, if any, gets the purchase. */
export function reportToPixel(pixelId: string, order: OrderForAnalytics) {
  const detail = {
    pixelId,
    event: "Purchase",
    value: majorUnits(order.grandTotal, order.currency),
    currency: order.currency,
    contents: order.items.map((item) => ({
      id: item.sku ?? String(item.productId ?? ""),
      quantity: item.quantity,
      item_price: majorUnits(item.unitPrice, order.currency),
    })),
    orderId: order.id,
  };
  window.dispatchEvent(new CustomEvent("sitecart:pixel", { detail }));
  const fbq = (window as Window & { fbq?: (...args: unknown[]) => void }).fbq;
  if (typeof fbq === "function")
    fbq(
      "trackSingle",
      pixelId,
      "Purchase",
      { value: detail.value, currency: detail.currency, contents: detail.contents, content_type: "product" },
      { eventID: order.id },
    );
}
