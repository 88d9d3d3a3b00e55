// The product page's quantity: a number input from 1 to 9999 in steps of 1 (spec §5 Quantity). The
// text is kept as typed; parseQuantity checks it when the shopper adds.
import { MAX_QUANTITY, MIN_QUANTITY } from "../../../server/domain/cart/quantity.ts";
import { messages } from "../../../server/domain/messages/storefront.ts";

export function QuantityInput({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label className="product-quantity-input">
      <span className="quantity-label">{messages.quantity}</span>
      <input type="number" min={MIN_QUANTITY} max={MAX_QUANTITY} step={1} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
