// A gift card's value: one of the owner's denominations, 'Select Value' until one is chosen
// (spec §5 Gift card).
import { graphql, useFragment } from "react-relay";
import { messages } from "../../../server/domain/messages/storefront.ts";
import type { GiftCardDenominationPicker_product$key } from "../../__generated__/GiftCardDenominationPicker_product.graphql";

export function GiftCardDenominationPicker(props: { product: GiftCardDenominationPicker_product$key; sku: string; onChange(sku: string): void }) {
  const product = useFragment(
    graphql`
      fragment GiftCardDenominationPicker_product on Product {
        giftCardDenominations {
          sku
          amount {
            formatted
          }
        }
      }
    `,
    props.product,
  );
  return (
    <label className="variant-option">
      <span className="variant-option-title">{messages.value}</span>
      <select value={props.sku} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{messages.selectValue}</option>
        {product.giftCardDenominations.map((option) => (
          <option key={option.sku} value={option.sku}>
            {option.amount.formatted}
          </option>
        ))}
      </select>
    </label>
  );
}
