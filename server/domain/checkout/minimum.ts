// Checkout rules shared by the checkout service and the cart page (spec storefront §3: the store's
// minimum order subtotal for checkout; 0 means none).
import { messages } from "../messages/storefront.ts";
import { formatMoney, type Money } from "../money.ts";

/** Whether the subtotal (minor units) reaches the store's checkout minimum (minor units). */
export function meetsCheckoutMinimum(subtotal: number, minimum: number): boolean {
  return subtotal >= minimum;
}

/** 'To check out, your order subtotal must be {minimum} or more.' when the subtotal is below the minimum, else null. */
export function checkoutMinimumProblem(subtotal: number, minimum: Money): string | null {
  return meetsCheckoutMinimum(subtotal, minimum.value) ? null : messages.minimumSubtotal(formatMoney(minimum));
}
