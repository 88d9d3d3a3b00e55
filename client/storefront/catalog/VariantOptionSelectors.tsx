// One selector per variant option, in the product's variantOptionOrdering, each starting with
// 'Select {variantName}' (spec §5 Variant selection). Shown only for products with variants. Each value
// shows its label (the owner's translation for the visitor's language); the choice keeps the value.
import { graphql, useFragment } from "react-relay";
import type { VariantOptionSelectors_product$key } from "../../__generated__/VariantOptionSelectors_product.graphql";

/** The shopper's choice so far: option name -> chosen value. */
export type VariantChoice = Record<string, string>;

export function VariantOptionSelectors(props: { product: VariantOptionSelectors_product$key; choice: VariantChoice; onChange(choice: VariantChoice): void }) {
  const product = useFragment(
    graphql`
      fragment VariantOptionSelectors_product on Product {
        variantOptions {
          name
          choices {
            value
            label
          }
          selectText
        }
      }
    `,
    props.product,
  );
  const { choice, onChange } = props;
  return (
    <>
      {product.variantOptions.map((option) => (
        <label key={option.name} className="variant-option">
          <span className="variant-option-title">{option.name}</span>
          <select value={choice[option.name] ?? ""} onChange={(event) => onChange({ ...choice, [option.name]: event.target.value })}>
            <option value="">{option.selectText}</option>
            {option.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      ))}
    </>
  );
}
